/**
 * The member's saved addresses: create, update, one default at a time, delete.
 */
import { describe, expect, it } from 'vitest';
import { call, expectFailure, expectSuccess, login, OTHER, sampleEnv } from '../../fixtures/commerce-app.ts';

describe('the seeded account records', () => {
  it('addresses: save creates and updates, one default at a time; delete removes', async () => {
    const { app } = sampleEnv();
    const { token } = await login(app);
    const seeded = expectSuccess('addressList', await call(app, 'addressList', {}, { token }));
    expect(seeded.length).toBeGreaterThan(0);
    expect(seeded.filter((a) => a.isDefault === 'Y')).toHaveLength(1);

    const created = expectSuccess(
      'addressSave',
      await call(
        app,
        'addressSave',
        { receiver: '陳大文', mobile: '91234567', region: 'HK', city: '香港', detail: '中環皇后大道中 1 號', isDefault: 'Y' },
        { token },
      ),
    );
    expect(created.addressId).toBeTruthy();
    expect(created.zipCode).toBe('0');
    let list = expectSuccess('addressList', await call(app, 'addressList', {}, { token }));
    expect(list).toHaveLength(seeded.length + 1);
    expect(list.filter((a) => a.isDefault === 'Y').map((a) => a.addressId)).toEqual([created.addressId]);

    const updated = expectSuccess('addressSave', await call(app, 'addressSave', { ...created, city: '九龍' }, { token }));
    expect(updated).toEqual({ ...created, city: '九龍' });
    list = expectSuccess('addressList', await call(app, 'addressList', {}, { token }));
    expect(list).toHaveLength(seeded.length + 1);
    expect(list.find((a) => a.addressId === created.addressId)?.city).toBe('九龍');

    expectFailure(await call(app, 'addressSave', { ...created, addressId: 'A-NOPE' }, { token }), 'ADDRESS_NOT_FOUND', {
      field: 'addressId',
    });
    expectFailure(await call(app, 'addressSave', { ...created, receiver: '' }, { token }), 'AD_RECEIVER_REQUIRED', { field: 'receiver' });
    // A Taiwan address needs a Taiwan mobile number (09 and 8 digits); Hong Kong's are not checked.
    expectFailure(
      await call(app, 'addressSave', { ...created, addressId: undefined, region: 'TW', mobile: '91234567' }, { token }),
      'AD_MOBILE_TW',
      { field: 'mobile' },
    );
    const taiwan = expectSuccess(
      'addressSave',
      await call(app, 'addressSave', { ...created, addressId: undefined, region: 'TW', mobile: '0912345678', isDefault: 'N' }, { token }),
    );
    expectSuccess('addressDelete', await call(app, 'addressDelete', { addressId: taiwan.addressId }, { token }));
    const other = await login(app, OTHER.email, OTHER.password);
    expectFailure(await call(app, 'addressSave', { ...created, city: '澳門' }, { token: other.token }), 'ADDRESS_NOT_FOUND');

    expect(expectSuccess('addressDelete', await call(app, 'addressDelete', { addressId: created.addressId }, { token }))).toEqual({});
    expect(
      expectSuccess('addressList', await call(app, 'addressList', {}, { token }))
        .map((a) => a.addressId)
        .sort(),
    ).toEqual(seeded.map((a) => a.addressId).sort());
  });
});
