/**
 * The member's saved addresses: create, update, delete and make default. While a member has
 * any address exactly one is the default, every change answers the address and the list
 * (default first, then newest), at most 20 are kept, and each region has its phone rule.
 */
import { describe, expect, it } from 'vitest';
import type { RequestOf } from '../../../src/lib/api/contract.ts';
import {
  call,
  type Env,
  expectFailure,
  expectSuccess,
  login,
  memberState,
  OTHER,
  sampleEnv,
  shopper,
} from '../../fixtures/commerce-app.ts';

const HK = {
  receiver: '陳大文',
  mobile: '91234567',
  region: 'HK',
  city: '香港',
  detail: '中環皇后大道中 1 號',
  isDefault: 'N',
} as const satisfies RequestOf<'addressSave'>;

/** Saves an address a second after the last one, so "newest" is well defined. */
async function save(env: Env, token: string, body: RequestOf<'addressSave'>) {
  env.clock.now += 1000;
  return expectSuccess('addressSave', await call(env.app, 'addressSave', body, { token }));
}
const defaults = (list: Array<{ addressId: string; isDefault: string }>) => list.filter((a) => a.isDefault === 'Y').map((a) => a.addressId);

describe('addresses', () => {
  it('save creates and updates, one default at a time, and answers the address and the list', async () => {
    const env = sampleEnv();
    const { app } = env;
    const { token } = await login(app);
    const seeded = expectSuccess('addressList', await call(app, 'addressList', {}, { token }));
    expect(seeded.map((a) => a.addressId)).toEqual(['A0001', 'A0002']);
    expect(defaults(seeded)).toEqual(['A0001']);

    const created = await save(env, token, { ...HK, isDefault: 'Y' });
    const address = created.address!;
    expect(address).toMatchObject({ ...HK, isDefault: 'Y', zipCode: '0' });
    expect(created.addresses.map((a) => a.addressId)).toEqual([address.addressId, 'A0002', 'A0001']);
    expect(defaults(created.addresses)).toEqual([address.addressId]);
    expect(expectSuccess('addressList', await call(app, 'addressList', {}, { token }))).toEqual(created.addresses);

    const updated = await save(env, token, { ...address, city: '九龍' });
    expect(updated.address).toEqual({ ...address, city: '九龍' });
    // An update keeps the address's place among the newest.
    expect(updated.addresses.map((a) => a.addressId)).toEqual(created.addresses.map((a) => a.addressId));

    const other = await login(app, OTHER.email, OTHER.password);
    const before = memberState(env.db);
    expectFailure(await call(app, 'addressSave', { ...address, addressId: 'A-NOPE' }, { token }), 'ADDRESS_NOT_FOUND', {
      field: 'addressId',
    });
    expectFailure(await call(app, 'addressSave', { ...address, receiver: '' }, { token }), 'AD_RECEIVER_REQUIRED', { field: 'receiver' });
    expectFailure(await call(app, 'addressSave', { ...address, city: '澳門' }, { token: other.token }), 'ADDRESS_NOT_FOUND', {
      field: 'addressId',
    });
    expect(memberState(env.db)).toEqual(before);
  });

  it('strips emoji, #, & and ! from every text field before its checks, so labels print what is saved', async () => {
    const env = sampleEnv();
    const { token } = await login(env.app);
    const typed = {
      ...HK,
      region: 'TW' as const,
      receiver: '陳大文😀',
      mobile: '0912345678📱',
      city: '大安區🇹🇼',
      detail: '忠孝東路😀一段1號🏠 #5&!',
      zipCode: '106#',
    };
    const saved = (await save(env, token, typed)).address!;
    expect(saved).toMatchObject({ receiver: '陳大文', mobile: '0912345678', city: '大安區', detail: '忠孝東路一段1號 5', zipCode: '106' });
    expect(
      expectSuccess('addressList', await call(env.app, 'addressList', {}, { token })).find((a) => a.addressId === saved.addressId),
    ).toEqual(saved);
    // A field of emoji alone is empty once stripped: refused as missing, changing nothing.
    const before = memberState(env.db);
    expectFailure(await call(env.app, 'addressSave', { ...HK, detail: '🏠🏠' }, { token }), 'AD_DETAIL_REQUIRED', { field: 'detail' });
    expectFailure(await call(env.app, 'addressSave', { ...HK, receiver: '😀' }, { token }), 'AD_RECEIVER_REQUIRED', { field: 'receiver' });
    expect(memberState(env.db)).toEqual(before);
  });

  it('each region has its own mobile rule', async () => {
    const env = sampleEnv();
    const { token } = await login(env.app);
    for (const [region, wrong, right] of [
      ['TW', '91234567', '0912345678'],
      ['HK', '21234567', '51234567'],
      ['MO', '28123456', '66123456'],
      ['CN', '12345678901', '13812345678'],
    ] as const) {
      const before = memberState(env.db);
      expectFailure(await call(env.app, 'addressSave', { ...HK, region, mobile: wrong }, { token }), `AD_MOBILE_${region}`, {
        field: 'mobile',
      });
      expect(memberState(env.db)).toEqual(before);
      const zipCode = region === 'CN' ? '200120' : '0';
      expect((await save(env, token, { ...HK, region, mobile: right, zipCode })).address).toMatchObject({ region, mobile: right });
    }
  });

  it('each region has its own postcode rule: none in Hong Kong and Macao, 3, 5 or 6 digits in Taiwan, 6 required on the mainland', async () => {
    const env = sampleEnv();
    const { token } = await login(env.app);
    const mobiles = { TW: '0912345678', HK: '51234567', MO: '66123456', CN: '13812345678' } as const;
    const cases: Array<[region: keyof typeof mobiles, zipCode: string, problem: string | null]> = [
      ['TW', '106', null],
      ['TW', '10617', null],
      ['TW', '106017', null],
      ['TW', '0', null],
      ['TW', '1061', 'AD_ZIP_TW'],
      ['CN', '200120', null],
      ['CN', '0', 'AD_ZIP_REQUIRED'],
      ['CN', '20012', 'AD_ZIP_CN'],
      ['HK', '0', null],
      ['HK', '999077', 'AD_ZIP_NONE'],
      ['MO', '999078', 'AD_ZIP_NONE'],
    ];
    for (const [region, zipCode, problem] of cases) {
      const body = { ...HK, region, mobile: mobiles[region], zipCode };
      if (problem) expectFailure(await call(env.app, 'addressSave', body, { token }), problem, { field: 'zipCode' });
      else expect((await save(env, token, body)).address).toMatchObject({ region, zipCode });
    }
  });

  it("a member's first address is the default whatever the form says, and the default cannot be un-defaulted", async () => {
    const env = sampleEnv();
    const me = await shopper(env, []);
    expect(expectSuccess('addressList', await call(env.app, 'addressList', {}, { token: me.token }))).toEqual([]);
    const first = (await save(env, me.token, HK)).address!;
    expect(first.isDefault).toBe('Y');
    const unDefaulted = await save(env, me.token, { ...first, isDefault: 'N' });
    expect(unDefaulted.address!.isDefault).toBe('Y');
    const second = await save(env, me.token, { ...HK, detail: '銅鑼灣軒尼詩道 500 號' });
    expect(second.address!.isDefault).toBe('N');
    expect(defaults(second.addresses)).toEqual([first.addressId]);
    // The default first, then the newest.
    expect(second.addresses.map((a) => a.addressId)).toEqual([first.addressId, second.address!.addressId]);
  });

  it('make default moves the default; an unknown or foreign address is refused, changing nothing', async () => {
    const env = sampleEnv();
    const { token } = await login(env.app);
    const moved = expectSuccess('addressSetDefault', await call(env.app, 'addressSetDefault', { addressId: 'A0002' }, { token }));
    expect(moved.address).toMatchObject({ addressId: 'A0002', isDefault: 'Y' });
    expect(moved.addresses.map((a) => [a.addressId, a.isDefault])).toEqual([
      ['A0002', 'Y'],
      ['A0001', 'N'],
    ]);
    const other = await login(env.app, OTHER.email, OTHER.password);
    const before = memberState(env.db);
    expectFailure(await call(env.app, 'addressSetDefault', { addressId: 'A0101' }, { token }), 'ADDRESS_NOT_FOUND', {
      field: 'addressId',
    });
    expectFailure(await call(env.app, 'addressSetDefault', { addressId: 'A0001' }, { token: other.token }), 'ADDRESS_NOT_FOUND', {
      field: 'addressId',
    });
    expect(memberState(env.db)).toEqual(before);
  });

  it('delete: the newest of the rest becomes the default, the last one may go, unknown ones are refused', async () => {
    const env = sampleEnv();
    const me = await shopper(env, []);
    const a = (await save(env, me.token, HK)).address!;
    const b = (await save(env, me.token, { ...HK, detail: '灣仔告士打道 1 號' })).address!;
    const c = (await save(env, me.token, { ...HK, detail: '尖沙咀彌敦道 2 號' })).address!;
    const afterA = expectSuccess('addressDelete', await call(env.app, 'addressDelete', { addressId: a.addressId }, { token: me.token }));
    expect(afterA.address).toBeNull();
    expect(afterA.addresses.map((x) => [x.addressId, x.isDefault])).toEqual([
      [c.addressId, 'Y'],
      [b.addressId, 'N'],
    ]);
    const before = memberState(env.db);
    expectFailure(await call(env.app, 'addressDelete', { addressId: a.addressId }, { token: me.token }), 'ADDRESS_NOT_FOUND', {
      field: 'addressId',
    });
    expectFailure(await call(env.app, 'addressDelete', { addressId: 'A0001' }, { token: me.token }), 'ADDRESS_NOT_FOUND', {
      field: 'addressId',
    });
    expect(memberState(env.db)).toEqual(before);
    // Deleting one that is not the default leaves the default alone.
    const afterB = expectSuccess('addressDelete', await call(env.app, 'addressDelete', { addressId: b.addressId }, { token: me.token }));
    expect(defaults(afterB.addresses)).toEqual([c.addressId]);
    const afterC = expectSuccess('addressDelete', await call(env.app, 'addressDelete', { addressId: c.addressId }, { token: me.token }));
    expect(afterC).toEqual({ address: null, addresses: [] });
    // The next first address is the default again.
    expect((await save(env, me.token, HK)).address!.isDefault).toBe('Y');
  });

  it('keeps at most 20 addresses (AD_TOO_MANY), yet one of them can still be updated', async () => {
    const env = sampleEnv();
    const me = await shopper(env, []);
    for (let i = 0; i < 20; i++) await save(env, me.token, { ...HK, detail: `中環皇后大道中 ${i + 1} 號` });
    const before = memberState(env.db);
    expectFailure(await call(env.app, 'addressSave', HK, { token: me.token }), 'AD_TOO_MANY', { field: null });
    expect(memberState(env.db)).toEqual(before);
    const list = expectSuccess('addressList', await call(env.app, 'addressList', {}, { token: me.token }));
    expect(list).toHaveLength(20);
    expect((await save(env, me.token, { ...list[5]!, city: '九龍' })).address!.city).toBe('九龍');
  });
});
