/**
 * The wishlist: count, list with validity, insert and delete.
 */
import { describe, expect, it } from 'vitest';
import { WISH_VALID_APPROVALS } from '../../../src/lib/api/contract.ts';
import {
  call,
  DEMO,
  expectFailure,
  expectSuccess,
  isSellable,
  login,
  memberState,
  sampleCatalogue,
  sampleEnv,
  wishCodesOf,
} from '../../fixtures/commerce-app.ts';

const catalogue = sampleCatalogue();

describe('wishlist', () => {
  it('count is resp[0]; the seeded list has valid entries and an invalid one for a switched-off product', async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    const count = expectSuccess('wishCount', await call(app, 'wishCount', {}, { token }));
    expect(count).toHaveLength(1);
    expect(count[0]).toBe(wishCodesOf(db, DEMO.id).length);
    const list = expectSuccess('wishList', await call(app, 'wishList', { page: 1 }, { token }));
    expect(list.total).toBe(count[0]);
    expect(list.list).toHaveLength(count[0]!);
    const invalid = list.list.filter((e) => e.status !== 'CHECK_SUCCESS');
    expect(invalid.length).toBeGreaterThan(0);
    expect(invalid.some((e) => e.spuInfo.enabledFlag === 'N')).toBe(true);
    for (const entry of list.list) {
      const valid = entry.spuInfo.enabledFlag === 'Y' && (WISH_VALID_APPROVALS as readonly string[]).includes(entry.spuInfo.approval);
      expect(entry.status === 'CHECK_SUCCESS', entry.spuInfo.productCode).toBe(valid);
    }
    expect(expectSuccess('wishList', await call(app, 'wishList', { page: 2 }, { token })).list).toEqual([]);
  });

  it('insert and delete change the total; an unknown product inserts nothing', async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    const [initial] = expectSuccess('wishCount', await call(app, 'wishCount', {}, { token }));
    const wished = new Set(wishCodesOf(db, DEMO.id));
    const [p1, p2] = catalogue.products.filter((p) => isSellable(p) && !wished.has(p.productCode));

    expect(
      expectSuccess('wishInsert', await call(app, 'wishInsert', { productList: [{ productCode: p1!.productCode }] }, { token })).total,
    ).toBe(initial! + 1);
    expect(
      expectSuccess(
        'wishInsert',
        await call(app, 'wishInsert', { productList: [{ productCode: p1!.productCode, skuCode: p1!.skus[0]!.skuCode }] }, { token }),
      ).total,
    ).toBe(initial! + 1);
    expect(expectSuccess('wishCount', await call(app, 'wishCount', {}, { token }))).toEqual([initial! + 1]);

    const before = memberState(db);
    expectFailure(
      await call(app, 'wishInsert', { productList: [{ productCode: p2!.productCode }, { productCode: 'L999999' }] }, { token }),
      'WISH_PRODUCT_NOT_FOUND',
    );
    expect(memberState(db), 'a failed insert must be all-or-nothing').toEqual(before);

    expect(
      expectSuccess('wishDelete', await call(app, 'wishDelete', { productList: [{ productCode: p1!.productCode }] }, { token })).total,
    ).toBe(initial);
    expect(
      expectSuccess('wishDelete', await call(app, 'wishDelete', { productList: [{ productCode: p1!.productCode }] }, { token })).total,
    ).toBe(initial);
    const list = expectSuccess('wishList', await call(app, 'wishList', { page: 1 }, { token }));
    expect(list.list.map((e) => e.spuInfo.productCode)).not.toContain(p1!.productCode);
    expectFailure(await call(app, 'wishInsert', { productList: [] }, { token }), 'INVALID_FIELD', { field: 'productList' });
  });
});
