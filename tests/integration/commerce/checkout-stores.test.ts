/**
 * Where an order is collected: a store pickup at one of its region's own shops (the sample CMS's
 * list, the one the checkout page offers), a convenience store as the chain's map returned it;
 * the order keeps the store and its detail names it.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/lib/i18n/languages.ts';
import { sampleShops } from '../../../scripts/local-cms/press-and-shops.ts';
import { addToCart, call, checkoutEnv, expectFailure, expectSuccess, order, PICKUP, shopper, state } from '../../fixtures/commerce-app.ts';

const shopsOf = (language: string) => sampleShops(LANGUAGES.find((l) => l.code === language)!.sampleCopy, (path) => path);
const detailIn = async (env: ReturnType<typeof checkoutEnv>, token: string, orderCode: string, language: string) =>
  expectSuccess('orderDetail', await call(env.app, 'orderDetail', { orderCode }, { token, language }));

describe('store pickup', () => {
  it("takes the region's own shops only: an unknown code and another region's shop are refused, and nothing changes", async () => {
    const env = checkoutEnv();
    const me = await shopper(env, [[1, 1]]);
    const before = state(env.db);
    expectFailure(await order(env, me, { ...PICKUP, storeCode: 'ZZZ99' }), 'OD_STORE_NOT_FOUND', { field: 'storeCode' });
    expectFailure(await order(env, me, { ...PICKUP, storeCode: 'HKG01' }), 'OD_STORE_OTHER_REGION', { field: 'storeCode' });
    expect(state(env.db)).toEqual(before);

    // Every Taiwan shop of the CMS's list is taken, and none of another region's.
    const taiwan = shopsOf('zh-TW').filter((s) => s.salesRegion === 'TW');
    expect(taiwan.length).toBeGreaterThan(1);
    for (const shop of taiwan) {
      expectSuccess('orderCreate', await order(env, me, { ...PICKUP, storeCode: shop.code }));
      await addToCart(env, me, 1, 1);
    }
    for (const shop of shopsOf('zh-TW').filter((s) => s.salesRegion !== 'TW'))
      expectFailure(await order(env, me, { ...PICKUP, storeCode: shop.code }), 'OD_STORE_OTHER_REGION', { field: 'storeCode' });
  });

  it("from Hong Kong's pages, Hong Kong's shops: a Taiwan shop is another region's", async () => {
    const env = checkoutEnv();
    const me = await shopper(env, [[1, 1]]);
    const hk = { ...PICKUP, invoice: { type: 'RECEIPT' }, currency: 'HKD' } as const;
    const send = (body: unknown) => call(env.app, 'orderCreate', body, { token: me.token, language: 'zh-HK' });
    expectFailure(await send({ ...hk, storeCode: 'TPE01' }), 'OD_STORE_OTHER_REGION', { field: 'storeCode' });
    const placed = expectSuccess('orderCreate', await send({ ...hk, storeCode: 'HKG01' }));
    expect((await detailIn(env, me.token, placed.orderCode, 'zh-HK')).store).toEqual({
      code: 'HKG01',
      name: '銅鑼灣店',
      address: '香港銅鑼灣怡和街 68 號地舖',
    });
  });

  it("keeps the shop on the order, named in the reader's language", async () => {
    const env = checkoutEnv();
    const me = await shopper(env, [[1, 1]]);
    const placed = expectSuccess('orderCreate', await order(env, me, { ...PICKUP, storeCode: 'TPE02' }));
    const named = (language: string) => shopsOf(language).find((s) => s.code === 'TPE02')!;
    for (const language of ['zh-TW', 'en-GB', 'zh-CN']) {
      const detail = await detailIn(env, me.token, placed.orderCode, language);
      expect(detail.storeCode).toBe('TPE02');
      expect(detail.store, language).toEqual({ code: 'TPE02', name: named(language).name, address: named(language).address });
    }
    expect((await detailIn(env, me.token, placed.orderCode, 'en-GB')).store?.name).toBe('Taipei Zhongshan');
  });
});

describe('convenience-store pickup', () => {
  it("keeps the store's name and address as the chain's map returned them, without emoji as every address; a code typed by hand is kept alone", async () => {
    const env = checkoutEnv();
    const me = await shopper(env, [[1, 1]]);
    const cvs = { ...PICKUP, deliveryType: 'CVS_FAMILY', paymentMethod: 'COD' } as const;
    const picked = expectSuccess(
      'orderCreate',
      await order(env, me, {
        ...cvs,
        storeCode: 'F013847',
        storeName: '全家板橋文化店🏪',
        storeAddress: '新北市板橋區文化路一段😀 188 號',
      }),
    );
    expect((await detailIn(env, me.token, picked.orderCode, 'en-GB')).store).toEqual({
      code: 'F013847',
      name: '全家板橋文化店',
      address: '新北市板橋區文化路一段 188 號',
    });
    await addToCart(env, me, 1, 1);
    const typed = expectSuccess('orderCreate', await order(env, me, { ...cvs, storeCode: 'F006532' }));
    expect((await detailIn(env, me.token, typed.orderCode, 'zh-TW')).store).toEqual({ code: 'F006532', name: null, address: null });
  });
});
