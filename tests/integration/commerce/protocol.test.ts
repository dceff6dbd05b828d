/**
 * What every endpoint shares: the envelope for bad JSON, wrong shapes and unknown paths, and
 * the request's language (Accept-Language) for names and prices.
 */
import { describe, expect, it } from 'vitest';
import { call, expectFailure, expectUnauthorized, login, sampleCatalogue, sampleEnv, toAnswer } from '../../fixtures/commerce-app.ts';

const catalogue = sampleCatalogue();

describe('protocol', () => {
  it('a malformed JSON body is 400 BAD_JSON (after the auth check for member calls)', async () => {
    const { app } = sampleEnv();
    const { token } = await login(app);
    expectFailure(await call(app, 'login', {}, { rawBody: '{"account": "demo@' }), 'BAD_JSON', { status: 400, field: null });
    expectFailure(await call(app, 'cartAdd', {}, { token, rawBody: '{nope' }), 'BAD_JSON', { status: 400, field: null });
    expectUnauthorized(await call(app, 'cartAdd', {}, { rawBody: '{nope' }));
  });

  it('a body of the wrong shape is a field error, not a crash', async () => {
    const { app } = sampleEnv();
    expectFailure(await call(app, 'login', {}, { rawBody: 'null' }), 'INVALID_FIELD', { field: '' });
    expectFailure(await call(app, 'login', {}, { rawBody: '[1,2]' }), 'INVALID_FIELD');
    expectFailure(await call(app, 'refresh', { extra: 1 }), 'INVALID_FIELD');
  });

  it('an unknown path or a wrong method is a 404 envelope', async () => {
    const { app } = sampleEnv();
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/order/nope'],
      ['GET', '/api/auth/login'],
      ['POST', '/api/cart/count'],
    ] as const) {
      const answer = await toAnswer(await app.request(url, { method }));
      expectFailure(answer, 'NOT_FOUND', { status: 404, field: null });
    }
  });
});

describe('the language of a request', () => {
  it('names products and colours in the Accept-Language the page sends, and prices the wishlist in its region', async () => {
    const { app } = sampleEnv();
    const { token } = await login(app);
    const en = (await (
      await app.request('/api/cart/mini', { headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-GB' } })
    ).json()) as { resp: Array<{ cartList: Array<{ productCode: string; productDetail: { productDetailInfo: { skuName: string } } }> }> };
    const line = en.resp[0]!.cartList[0]!;
    const product = catalogue.products.find((p) => p.productCode === line.productCode)!;
    expect(line.productDetail.productDetailInfo.skuName).toBe(product.names['en-GB']);
    const tw = (await (await app.request('/api/cart/mini', { headers: { authorization: `Bearer ${token}` } })).json()) as typeof en;
    expect(tw.resp[0]!.cartList[0]!.productDetail.productDetailInfo.skuName).toBe(product.names['zh-TW']);
    const wish = (await (
      await app.request('/api/wish/list', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-GB, zh;q=0.5', 'content-type': 'application/json' },
        body: JSON.stringify({ page: 1 }),
      })
    ).json()) as { resp: { list: Array<{ spuInfo: { productCode: string; name: string; priceInfo: { minPrice: number } } }> } };
    const entry = wish.resp.list[0]!.spuInfo;
    const wished = catalogue.products.find((p) => p.productCode === entry.productCode)!;
    expect(entry.name).toBe(wished.names['en-GB']);
    expect(entry.priceInfo.minPrice).toBe(Math.min(...wished.skus.map((s) => s.prices.HKD!.sale)));
  });
});
