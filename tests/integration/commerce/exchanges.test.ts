/**
 * Exchanges: one unit of a finished order's line for another SKU of the same product, in stock.
 * The replacement unit is held at once and let go when the exchange is refused, withdrawn or never
 * sent back; the journey to CLOSED with the store acting through the admin endpoint.
 */
import { describe, expect, it } from 'vitest';
import { AUTO_CONFIRM_DAYS, RETURN_SEND_DAYS } from '../../../src/lib/constants.ts';
import {
  adminAct,
  call,
  DAY,
  expectFailure,
  expectSuccess,
  login,
  NOW,
  orderLineOf,
  OTHER,
  otherSkuOf,
  sampleCatalogue,
  sampleEnv,
  SEEDED,
  setStock,
  state,
  stockOf,
} from '../../fixtures/commerce-app.ts';

async function signedIn() {
  const env = sampleEnv({ accessTokenTtlSeconds: 30 * 86_400 });
  const { token } = await login(env.app);
  const ask = (body: Record<string, unknown>) =>
    call(env.app, 'exchangeCreate', { orderCode: SEEDED.finished, reason: 'SIZE', description: '', ...body }, { token });
  const exchange = async (exchangeCode: string) =>
    expectSuccess('exchangeDetail', await call(env.app, 'exchangeDetail', { exchangeCode }, { token }));
  const member = (name: 'exchangeCancel' | 'exchangeConfirmReceipt', exchangeCode: string) =>
    call(env.app, name, { exchangeCode }, { token });
  return { ...env, token, ask, exchange, member };
}

describe('asking for an exchange', () => {
  it('holds one unit of the replacement at once; the line has no unit left to return', async () => {
    const { app, token, db, ask } = await signedIn();
    const item = orderLineOf(db, SEEDED.finished, 0);
    const toSkuCode = otherSkuOf(item);
    const stock = stockOf(db, toSkuCode);
    const product = sampleCatalogue().products.find((p) => p.productCode === item.productCode)!;
    const to = product.skus.find((s) => s.skuCode === toSkuCode)!;
    const created = expectSuccess('exchangeCreate', await ask({ productId: item.productId, toSkuCode, description: '想換小一號' }));
    expect(created).toMatchObject({
      exchangeCode: 'E2026000009',
      orderCode: SEEDED.finished,
      status: 'EXCHANGE_UNAPPROVED',
      reason: 'SIZE',
      description: '想換小一號',
      toSkuCode,
      toColorAlias: product.colours.find((c) => c.colorNo === to.colorNo)!.names['zh-TW'],
      toSizeAlias: product.sizes.find((s) => s.sizeNo === to.sizeNo)!.alias,
      logistics: null,
      history: [{ status: 'EXCHANGE_UNAPPROVED', at: NOW, by: 'MEMBER' }],
    });
    expect(created.line).toMatchObject({ productId: item.productId, quantity: 1, amount: 0 });
    expect(stockOf(db, toSkuCode)).toBe(stock - 1);
    const order = expectSuccess('orderDetail', await call(app, 'orderDetail', { orderCode: SEEDED.finished }, { token }));
    // An exchange leaves the order's type as it was.
    expect(order).toMatchObject({
      orderType: 'DEFAULT',
      cases: { exchanges: [{ code: 'E2026000009', status: 'EXCHANGE_UNAPPROVED', createdAt: NOW }] },
    });
    expect(order.products[0]!.returnableQty).toBe(0);
  });

  it('refuses what cannot be exchanged, each on its field, and changes nothing', async () => {
    const { db, ask, app } = await signedIn();
    const [plain, faultOnly, exchangeOnly] = [0, 1, 2].map((i) => orderLineOf(db, SEEDED.finished, i));
    const otherProduct = orderLineOf(db, SEEDED.waitShip, 0);
    setStock(db, otherSkuOf(exchangeOnly!), 0);
    const before = state(db);
    const refused: Array<[Record<string, unknown>, string, string]> = [
      [{ productId: plain!.productId, toSkuCode: plain!.skuCode }, 'OD_EXCHANGE_SKU_INVALID', 'toSkuCode'],
      [{ productId: plain!.productId, toSkuCode: otherProduct.skuCode }, 'OD_EXCHANGE_SKU_INVALID', 'toSkuCode'],
      [{ productId: plain!.productId, toSkuCode: 'NOPE' }, 'OD_EXCHANGE_SKU_INVALID', 'toSkuCode'],
      [{ productId: plain!.productId, toSkuCode: '' }, 'OD_EXCHANGE_SKU_REQUIRED', 'toSkuCode'],
      [{ productId: exchangeOnly!.productId, toSkuCode: otherSkuOf(exchangeOnly!) }, 'OD_EXCHANGE_OUT_OF_STOCK', 'toSkuCode'],
      [{ productId: faultOnly!.productId, toSkuCode: otherSkuOf(faultOnly!), reason: 'SIZE' }, 'OD_REFUND_REASON_NOT_ALLOWED', 'reason'],
      [{ productId: plain!.productId, toSkuCode: otherSkuOf(plain!), description: '換大一號!' }, 'OD_REFUND_EMOJI', 'description'],
      [{ productId: 'NOT-A-LINE', toSkuCode: otherSkuOf(plain!) }, 'OD_EXCHANGE_NOT_ALLOWED', 'productId'],
      [
        { orderCode: SEEDED.waitShip, productId: otherProduct.productId, toSkuCode: otherSkuOf(otherProduct) },
        'OD_EXCHANGE_NOT_ALLOWED',
        'productId',
      ],
    ];
    // Closed window; a line whose units are all in cases.
    const old = orderLineOf(db, SEEDED.finishedLongAgo, 0);
    refused.push([
      { orderCode: SEEDED.finishedLongAgo, productId: old.productId, toSkuCode: otherSkuOf(old) },
      'OD_EXCHANGE_NOT_ALLOWED',
      'productId',
    ]);
    const used = orderLineOf(db, 'O2026000015', 1);
    refused.push([
      { orderCode: 'O2026000015', productId: used.productId, toSkuCode: otherSkuOf(used) },
      'OD_EXCHANGE_NOT_ALLOWED',
      'productId',
    ]);
    for (const [body, code, field] of refused) expectFailure(await ask(body), code, { field });
    expect(state(db)).toEqual(before);
    // An exchange-only product may be exchanged (when the other SKU is in stock), and an 'N' one for a fault.
    setStock(db, otherSkuOf(exchangeOnly!), 3);
    expectSuccess('exchangeCreate', await ask({ productId: exchangeOnly!.productId, toSkuCode: otherSkuOf(exchangeOnly!) }));
    expectSuccess('exchangeCreate', await ask({ productId: faultOnly!.productId, toSkuCode: otherSkuOf(faultOnly!), reason: 'QUALITY' }));

    const { token } = await login(app, OTHER.email, OTHER.password);
    expectFailure(await call(app, 'exchangeDetail', { exchangeCode: 'E2026000001' }, { token }), 'EXCHANGE_NOT_FOUND', {
      field: 'exchangeCode',
    });
  });
});

describe('the replacement unit', () => {
  it('is let go when the member withdraws, the store refuses, or the item is never sent back', async () => {
    const { app, db, ask, member, exchange, clock } = await signedIn();
    const [a, b, c] = [0, 1, 2].map((i) => orderLineOf(db, SEEDED.finished, i));
    const open = async (item: typeof a) => {
      const toSkuCode = otherSkuOf(item!);
      const stock = stockOf(db, toSkuCode);
      const { exchangeCode } = expectSuccess('exchangeCreate', await ask({ productId: item!.productId, toSkuCode, reason: 'QUALITY' }));
      expect(stockOf(db, toSkuCode)).toBe(stock - 1);
      return { exchangeCode, toSkuCode, stock };
    };
    const withdrawn = await open(a);
    expect(expectSuccess('exchangeCancel', await member('exchangeCancel', withdrawn.exchangeCode)).status).toBe('CANCELLED');
    expect(stockOf(db, withdrawn.toSkuCode)).toBe(withdrawn.stock);
    expectFailure(await member('exchangeCancel', withdrawn.exchangeCode), 'EXCHANGE_STATE_CHANGED');
    expect(stockOf(db, withdrawn.toSkuCode)).toBe(withdrawn.stock);

    const refused = await open(b);
    expect((await adminAct(app, { machine: 'exchange', code: refused.exchangeCode, action: 'refuse' })).resp).toEqual({
      status: 'REFUSED',
    });
    expect(stockOf(db, refused.toSkuCode)).toBe(refused.stock);

    const forgotten = await open(c);
    await adminAct(app, { machine: 'exchange', code: forgotten.exchangeCode, action: 'approve' });
    clock.now = NOW + RETURN_SEND_DAYS * DAY;
    expect((await exchange(forgotten.exchangeCode)).history.at(-1)).toEqual({
      status: 'CLOSED',
      at: NOW + RETURN_SEND_DAYS * DAY,
      by: 'SYSTEM',
    });
    expect(stockOf(db, forgotten.toSkuCode)).toBe(forgotten.stock);
  });
});

describe('an exchange, all the way', () => {
  it('approved, sent back, received (the unit back on sale), the replacement shipped and received: CLOSED', async () => {
    const { app, token, db, ask, member, exchange, clock } = await signedIn();
    const item = orderLineOf(db, SEEDED.finished, 0);
    const { exchangeCode } = expectSuccess('exchangeCreate', await ask({ productId: item.productId, toSkuCode: otherSkuOf(item) }));
    const store = (action: string) => adminAct(app, { machine: 'exchange', code: exchangeCode, action });
    expectFailure(await member('exchangeConfirmReceipt', exchangeCode), 'EXCHANGE_STATE_CHANGED', { field: null });
    clock.now = NOW + DAY;
    expect((await store('approve')).resp).toEqual({ status: 'UNUPLOAD_EXPR' });
    clock.now = NOW + 2 * DAY;
    expect(
      expectSuccess(
        'exchangeReturn',
        await call(app, 'exchangeReturn', { exchangeCode, expressCode: 'BLACKCAT', logisticsCode: 'TW00000000000042' }, { token }),
      ),
    ).toMatchObject({
      status: 'UNCONFIRM_RCV',
      logistics: { expressCode: 'BLACKCAT', logisticsCode: 'TW00000000000042', sentAt: NOW + 2 * DAY },
    });
    expectFailure(await member('exchangeCancel', exchangeCode), 'EXCHANGE_STATE_CHANGED');
    const returned = stockOf(db, item.skuCode);
    clock.now = NOW + 3 * DAY;
    expect((await store('warehouseReceive')).resp).toEqual({ status: 'INBOUND' });
    expect(stockOf(db, item.skuCode)).toBe(returned + 1);
    expect((await store('shipReplacement')).resp).toEqual({ status: 'REPLACEMENT_SHIPPED' });
    clock.now = NOW + 4 * DAY;
    expect(expectSuccess('exchangeConfirmReceipt', await member('exchangeConfirmReceipt', exchangeCode)).status).toBe('CLOSED');
    expect((await exchange(exchangeCode)).history).toEqual([
      { status: 'EXCHANGE_UNAPPROVED', at: NOW, by: 'MEMBER' },
      { status: 'UNUPLOAD_EXPR', at: NOW + DAY, by: 'STORE' },
      { status: 'UNCONFIRM_RCV', at: NOW + 2 * DAY, by: 'MEMBER' },
      { status: 'INBOUND', at: NOW + 3 * DAY, by: 'WAREHOUSE' },
      { status: 'REPLACEMENT_SHIPPED', at: NOW + 3 * DAY, by: 'WAREHOUSE' },
      { status: 'CLOSED', at: NOW + 4 * DAY, by: 'MEMBER' },
    ]);
  });

  it(`a replacement not confirmed counts as received ${AUTO_CONFIRM_DAYS} days after it shipped`, async () => {
    const { exchange, clock } = await signedIn();
    // E2026000006's replacement shipped two days before the seed's clock.
    clock.now = NOW + 5 * DAY - 1;
    expect((await exchange('E2026000006')).status).toBe('REPLACEMENT_SHIPPED');
    clock.now = NOW + 5 * DAY;
    expect((await exchange('E2026000006')).history.at(-1)).toEqual({ status: 'CLOSED', at: NOW + 5 * DAY, by: 'SYSTEM' });
  });
});
