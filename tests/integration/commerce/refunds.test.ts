/**
 * Refunds: what may be asked (each refusal coded on its field, changing nothing), the whole return
 * journey with the store acting through the admin endpoint, the partial path, the cancellation of
 * an unshipped order moving the order with it both ways, and the send-by deadline.
 */
import { describe, expect, it } from 'vitest';
import { RETURN_SEND_DAYS } from '../../../src/lib/constants.ts';
import {
  adminAct,
  call,
  checkoutEnv,
  DAY,
  expectFailure,
  expectSuccess,
  login,
  NOW,
  orderLineOf,
  order,
  OTHER,
  PICKUP,
  sampleEnv,
  SEEDED,
  shopper,
  state,
  stockOf,
} from '../../fixtures/commerce-app.ts';

async function signedIn() {
  const env = sampleEnv({ accessTokenTtlSeconds: 30 * 86_400 });
  const { token } = await login(env.app);
  const ask = (body: Record<string, unknown>) => call(env.app, 'refundCreate', { reason: 'SIZE', description: '', ...body }, { token });
  const order = async (orderCode: string) => expectSuccess('orderDetail', await call(env.app, 'orderDetail', { orderCode }, { token }));
  const refund = async (refundCode: string) =>
    expectSuccess('refundDetail', await call(env.app, 'refundDetail', { refundCode }, { token }));
  return { ...env, token, ask, order, refund };
}
const line = (productId: string, quantity = 1) => ({ productId, quantity });

describe('what a return gives back', () => {
  it("is each line's price less its share of the order's coupon, so returning everything gives back what the goods cost", async () => {
    const env = checkoutEnv();
    const me = await shopper(env, [
      [1, 4],
      [2, 3],
    ]);
    expectSuccess('couponCollect', await call(env.app, 'couponCollect', { couponId: 'CC002' }, { token: me.token }));
    const placed = expectSuccess('orderCreate', await order(env, me, { ...PICKUP, couponId: 'CC002' }));
    expect((await adminAct(env.app, { machine: 'order', code: placed.orderCode, action: 'shipAll' })).success).toBe(true);
    expectSuccess('orderConfirmReceipt', await call(env.app, 'orderConfirmReceipt', { orderCode: placed.orderCode }, { token: me.token }));
    const detail = expectSuccess('orderDetail', await call(env.app, 'orderDetail', { orderCode: placed.orderCode }, { token: me.token }));
    // 7 units of 490: 3,430 of goods, 500 off; 2,930 paid for them.
    expect(detail).toMatchObject({ discount: 500, payment: { goods: 3430 }, freight: 0, total: 2930 });
    const lineOf = (productCode: string) => detail.products.find((l) => l.productCode === productCode)!;
    const [first, second] = [lineOf('L000001'), lineOf('L000002')]; // 4 and 3 units
    const ask = (lines: Array<{ productId: string; quantity: number }>) =>
      call(
        env.app,
        'refundCreate',
        { orderCode: placed.orderCode, refundType: 'REFUND_RETURN', lines, reason: 'SIZE', description: '' },
        { token: me.token },
      );
    // One unit: 490 × 2,930 / 3,430 = 418.57…, rounded down.
    const one = expectSuccess('refundCreate', await ask([{ productId: first.productId, quantity: 1 }]));
    expect(one.amount).toBe(418);
    const rest = expectSuccess(
      'refundCreate',
      await ask([
        { productId: first.productId, quantity: 3 },
        { productId: second.productId, quantity: 3 },
      ]),
    );
    expect(rest.lines.map((l) => l.amount)).toEqual([1255, 1255]);
    // Never more than was paid for the goods (the rounding keeps back 2 of 2,930).
    expect(one.amount + rest.amount).toBe(2928);
  });
});

describe('asking for a refund', () => {
  it('refuses what the order cannot take, each on its field, and changes nothing', async () => {
    const { db, ask } = await signedIn();
    const [plain, faultOnly, exchangeOnly] = [0, 1, 2].map((i) => orderLineOf(db, SEEDED.finished, i).productId) as [
      string,
      string,
      string,
    ];
    const before = state(db);
    const refused: Array<[Record<string, unknown>, string, string]> = [
      [{ orderCode: SEEDED.waitShip, refundType: 'REFUND_RETURN', lines: [line(plain)] }, 'OD_REFUND_NOT_ALLOWED', 'refundType'],
      [{ orderCode: SEEDED.unpaid, refundType: 'REFUND_UNSHIPPED' }, 'OD_REFUND_NOT_ALLOWED', 'refundType'],
      [{ orderCode: SEEDED.finished, refundType: 'REFUND_UNSHIPPED' }, 'OD_REFUND_NOT_ALLOWED', 'refundType'],
      [{ orderCode: SEEDED.shipped, refundType: 'REFUND_SHIPPED', lines: [line(plain)] }, 'OD_REFUND_NOT_ALLOWED', 'refundType'],
      // Finished 35 days ago: the return window has closed.
      [
        {
          orderCode: SEEDED.finishedLongAgo,
          refundType: 'REFUND_SHIPPED',
          lines: [line(orderLineOf(db, SEEDED.finishedLongAgo, 0).productId)],
        },
        'OD_REFUND_NOT_ALLOWED',
        'refundType',
      ],
      [{ orderCode: SEEDED.finished, refundType: 'REFUND_RETURN', lines: [] }, 'OD_REFUND_LINES_REQUIRED', 'lines'],
      [{ orderCode: SEEDED.finished, refundType: 'REFUND_RETURN', lines: [line(plain, 2)] }, 'OD_REFUND_QTY', 'lines'],
      [{ orderCode: SEEDED.finished, refundType: 'REFUND_RETURN', lines: [line(plain), line(plain)] }, 'OD_REFUND_QTY', 'lines'],
      [{ orderCode: SEEDED.finished, refundType: 'REFUND_RETURN', lines: [line('NOT-A-LINE')] }, 'OD_REFUND_QTY', 'lines'],
      [
        { orderCode: SEEDED.finished, refundType: 'REFUND_SHIPPED', lines: [line(plain), line(exchangeOnly)] },
        'OD_REFUND_EXCHANGE_ONLY',
        'lines',
      ],
      [
        { orderCode: SEEDED.finished, refundType: 'REFUND_RETURN', lines: [line(faultOnly)], reason: 'CHANGED_MIND' },
        'OD_REFUND_REASON_NOT_ALLOWED',
        'reason',
      ],
      [
        { orderCode: SEEDED.finished, refundType: 'REFUND_RETURN', lines: [line(plain)], description: '太大了!' },
        'OD_REFUND_EMOJI',
        'description',
      ],
      [
        { orderCode: SEEDED.finished, refundType: 'REFUND_RETURN', lines: [line(plain)], description: '太大了😀' },
        'OD_REFUND_EMOJI',
        'description',
      ],
      [
        { orderCode: SEEDED.finished, refundType: 'REFUND_RETURN', lines: [line(plain)], reason: 'BORED' },
        'OD_REFUND_REASON_REQUIRED',
        'reason',
      ],
      [
        { orderCode: SEEDED.finished, refundType: 'REFUND_RETURN', lines: [line(plain)], description: '長'.repeat(201) },
        'VALUE_TOO_LONG',
        'description',
      ],
      [{ orderCode: SEEDED.finished, refundType: 'REFUND_LATER', lines: [line(plain)] }, 'OD_REFUND_TYPE', 'refundType'],
      // Every unit of this line is in a case already.
      [
        { orderCode: 'O2026000015', refundType: 'REFUND_RETURN', lines: [line(orderLineOf(db, 'O2026000015', 0).productId)] },
        'OD_REFUND_QTY',
        'lines',
      ],
    ];
    for (const [body, code, field] of refused) expectFailure(await ask(body), code, { field });
    expect(state(db)).toEqual(before);
    // A fault of the goods is a reason the 'N' product takes.
    expectSuccess(
      'refundCreate',
      await ask({ orderCode: SEEDED.finished, refundType: 'REFUND_RETURN', lines: [line(faultOnly)], reason: 'QUALITY' }),
    );
  });

  it("another member's order and refunds answer as unknown", async () => {
    const { app } = await signedIn();
    const { token } = await login(app, OTHER.email, OTHER.password);
    expectFailure(
      await call(
        app,
        'refundCreate',
        { orderCode: SEEDED.finished, refundType: 'REFUND_RETURN', lines: [], reason: 'SIZE', description: '' },
        { token },
      ),
      'ORDER_NOT_FOUND',
      { field: 'orderCode' },
    );
    expectFailure(await call(app, 'refundDetail', { refundCode: 'R2026000001' }, { token }), 'REFUND_NOT_FOUND', { field: 'refundCode' });
    expectFailure(await call(app, 'refundCancel', { refundCode: 'R2026000001' }, { token }), 'REFUND_NOT_FOUND', { field: 'refundCode' });
    expect(expectSuccess('refundList', await call(app, 'refundList', {}, { token }))).toEqual({ list: [], total: 0 });
  });
});

describe('a return, all the way', () => {
  it('asked, approved, sent back by courier, received (units back on sale), inspected and paid back: SUCCESS, every step in its history', async () => {
    const { app, token, db, ask, order, refund, clock } = await signedIn();
    const item = orderLineOf(db, SEEDED.finished, 0);
    const stock = stockOf(db, item.skuCode);
    const created = expectSuccess(
      'refundCreate',
      await ask({
        orderCode: SEEDED.finished,
        refundType: 'REFUND_RETURN',
        lines: [line(item.productId)],
        reason: 'SIZE',
        description: '尺寸太大',
      }),
    );
    expect(created).toMatchObject({
      refundCode: 'R2026000022',
      orderCode: SEEDED.finished,
      refundType: 'REFUND_RETURN',
      status: 'RETURN_UNAPPROVED',
      amount: item.productDetailInfo.unitPrice,
      proposedAmount: null,
      reason: 'SIZE',
      description: '尺寸太大',
      logistics: null,
      dropStoreCode: null,
      createdAt: NOW,
    });
    expect(created.lines).toEqual([
      expect.objectContaining({
        productId: item.productId,
        productCode: item.productCode,
        quantity: 1,
        amount: item.productDetailInfo.unitPrice,
      }),
    ]);
    const after = await order(SEEDED.finished);
    expect(after.orderType).toBe('REFUND');
    expect(after.products.map((l) => l.returnableQty)).toEqual([0, 1, 1]);
    expect(after.cases.refunds).toEqual([
      { code: 'R2026000022', status: 'RETURN_UNAPPROVED', createdAt: NOW, refundType: 'REFUND_RETURN' },
    ]);

    const store = (action: string) => adminAct(app, { machine: 'refund', code: created.refundCode, action });
    clock.now = NOW + DAY;
    expect((await store('approve')).resp).toEqual({ status: 'WAIT_BUYER_RETURN_GOODS' });
    // Only the courier's code format is taken.
    expectFailure(
      await call(
        app,
        'refundReturn',
        { refundCode: created.refundCode, route: { way: 'COURIER', expressCode: 'BLACKCAT', logisticsCode: '123' } },
        { token },
      ),
      'OD_LOGISTICS_CODE',
      { field: 'route.logisticsCode' },
    );
    clock.now = NOW + 2 * DAY;
    const sent = expectSuccess(
      'refundReturn',
      await call(
        app,
        'refundReturn',
        { refundCode: created.refundCode, route: { way: 'COURIER', expressCode: 'BLACKCAT', logisticsCode: 'TW12345678901234' } },
        { token },
      ),
    );
    expect(sent).toMatchObject({
      status: 'WAIT_SEND_WH',
      logistics: { expressCode: 'BLACKCAT', logisticsCode: 'TW12345678901234', sentAt: NOW + 2 * DAY },
    });
    // Goods on their way cannot be withdrawn.
    expectFailure(await call(app, 'refundCancel', { refundCode: created.refundCode }, { token }), 'REFUND_STATE_CHANGED', { field: null });
    clock.now = NOW + 4 * DAY;
    expect((await store('warehouseReceive')).resp).toEqual({ status: 'WAIT_CONFIRM' });
    expect(stockOf(db, item.skuCode)).toBe(stock + 1);
    expect((await store('inspectPass')).resp).toEqual({ status: 'WAIT_REFUND_TO_BUYER' });
    clock.now = NOW + 5 * DAY;
    expect((await store('paidBack')).resp).toEqual({ status: 'SUCCESS' });
    expect((await refund(created.refundCode)).history).toEqual([
      { status: 'RETURN_UNAPPROVED', at: NOW, by: 'MEMBER' },
      { status: 'WAIT_BUYER_RETURN_GOODS', at: NOW + DAY, by: 'STORE' },
      { status: 'WAIT_SEND_WH', at: NOW + 2 * DAY, by: 'MEMBER' },
      { status: 'WAIT_CONFIRM', at: NOW + 4 * DAY, by: 'WAREHOUSE' },
      { status: 'WAIT_REFUND_TO_BUYER', at: NOW + 4 * DAY, by: 'WAREHOUSE' },
      { status: 'SUCCESS', at: NOW + 5 * DAY, by: 'PAYMENT' },
    ]);
    // Still out of the return window's reach: the line's unit is refunded for good.
    expect((await order(SEEDED.finished)).products[0]!.returnableQty).toBe(0);
    const list = expectSuccess('refundList', await call(app, 'refundList', { status: 'SUCCESS' }, { token }));
    expect(list.list.map((r) => r.refundCode)).toEqual(['R2026000022', 'R2026000021', 'R2026000010']);
  });

  it('the partial path: handed in at a shop, an offer the member refuses, settled by the store; an offer accepted becomes the amount', async () => {
    const { app, token, db, ask, refund } = await signedIn();
    const item = orderLineOf(db, SEEDED.finished, 0);
    const { refundCode, amount } = expectSuccess(
      'refundCreate',
      await ask({ orderCode: SEEDED.finished, refundType: 'REFUND_RETURN', lines: [line(item.productId)] }),
    );
    const store = (action: string, extra: { amount?: number } = {}) =>
      adminAct(app, { machine: 'refund', code: refundCode, action, ...extra });
    await store('approve');
    // No shop chosen: the drop-off shop is what is missing.
    expectFailure(
      await call(app, 'refundReturn', { refundCode, route: { way: 'STORE', storeCode: ' ' } }, { token }),
      'OD_DROP_STORE_REQUIRED',
      { field: 'route.storeCode' },
    );
    expectFailure(
      await call(app, 'refundReturn', { refundCode, route: { way: 'STORE', storeCode: 'TPE 01' } }, { token }),
      'OD_STORE_CODE_FORMAT',
      { field: 'route.storeCode' },
    );
    expect(
      expectSuccess(
        'refundReturn',
        await call(app, 'refundReturn', { refundCode, route: { way: 'STORE', storeCode: 'TPE001' } }, { token }),
      ),
    ).toMatchObject({
      status: 'WAIT_SEND_STORE',
      dropStoreCode: 'TPE001',
      logistics: null,
    });
    for (const action of ['storeReceive', 'forwardToWarehouse', 'warehouseReceive']) expect((await store(action)).success).toBe(true);
    expect(await store('inspectPartial')).toMatchObject({ success: false, msgCode: 'ADMIN_AMOUNT', resp: { field: 'amount' } });
    expect(await store('inspectPartial', { amount })).toMatchObject({ success: false, msgCode: 'ADMIN_AMOUNT' });
    expect((await store('inspectPartial', { amount: 500 })).resp).toEqual({ status: 'WAIT_BUYER_CONFIRM' });
    expect(await refund(refundCode)).toMatchObject({ status: 'WAIT_BUYER_CONFIRM', amount, proposedAmount: 500 });
    expect(expectSuccess('refundRespond', await call(app, 'refundRespond', { refundCode, accept: false }, { token }))).toMatchObject({
      status: 'BUYER_UNCONFIRMED',
      amount,
    });
    expectFailure(await call(app, 'refundRespond', { refundCode, accept: true }, { token }), 'REFUND_STATE_CHANGED');
    for (const [action, status] of [
      ['sellerConfirm', 'SELLER_CONFIRMED'],
      ['settle', 'WAIT_REFUND_TO_BUYER'],
      ['payPartFail', 'PART_REFUND_FAILURE'],
      ['offlineRefund', 'OFFLINE_SUCCESS'],
    ] as const)
      expect((await store(action)).resp).toEqual({ status });

    // The seeded offer (R2026000006: 60% of the line) accepted.
    const offered = await refund('R2026000006');
    expect(offered.proposedAmount).toBe(Math.round(offered.lines[0]!.amount * 0.6));
    expect(
      expectSuccess('refundRespond', await call(app, 'refundRespond', { refundCode: 'R2026000006', accept: true }, { token })),
    ).toMatchObject({
      status: 'WAIT_REFUND_TO_BUYER',
      amount: offered.proposedAmount,
    });
  });

  it(`goods not sent back within ${RETURN_SEND_DAYS} days of approval close the case (TIME_CLOSED) and free the units`, async () => {
    const { order, refund, clock } = await signedIn();
    // R2026000018 was approved a day before the seed's clock; R2026000003 two days before, and is to be handed in at a shop.
    expect((await order('O2026000015')).products.map((l) => l.returnableQty)).toEqual([0, 0, 1]);
    clock.now = NOW + 5 * DAY;
    expect((await refund('R2026000003')).status).toBe('TIME_CLOSED');
    expect((await refund('R2026000018')).status).toBe('WAIT_BUYER_RETURN_GOODS');
    clock.now = NOW + 6 * DAY;
    const closed = await refund('R2026000018');
    expect(closed.history.at(-1)).toEqual({ status: 'TIME_CLOSED', at: NOW - DAY + RETURN_SEND_DAYS * DAY, by: 'SYSTEM' });
    // Their units can be returned again (the exchange E2026000002, never sent back either, closed at the same time).
    expect((await order('O2026000015')).products.map((l) => l.returnableQty)).toEqual([1, 2, 1]);
  });
});

describe('cancelling an unshipped order', () => {
  it('takes every line and the order total, and moves the order: withdrawn, refused or approved (units back)', async () => {
    const { app, token, db, ask, order, refund } = await signedIn();
    const item = orderLineOf(db, SEEDED.waitShip, 0);
    const total = (await order(SEEDED.waitShip)).total;
    const cancel = async () =>
      expectSuccess('refundCreate', await ask({ orderCode: SEEDED.waitShip, refundType: 'REFUND_UNSHIPPED', reason: 'CHANGED_MIND' }));

    const first = await cancel();
    expect(first).toMatchObject({ status: 'SELLER_REFUND_AUDIT', amount: total, refundType: 'REFUND_UNSHIPPED' });
    expect(first.lines.map((l) => [l.productId, l.quantity])).toEqual([[item.productId, 2]]);
    expect(await order(SEEDED.waitShip)).toMatchObject({ status: 'WAIT_CONFIRM', orderType: 'REFUND' });
    expectFailure(await ask({ orderCode: SEEDED.waitShip, refundType: 'REFUND_UNSHIPPED' }), 'OD_REFUND_NOT_ALLOWED', {
      field: 'refundType',
    });
    // The member withdraws it: the order waits for shipment again.
    expect(expectSuccess('refundCancel', await call(app, 'refundCancel', { refundCode: first.refundCode }, { token })).status).toBe(
      'CLOSED',
    );
    expect((await order(SEEDED.waitShip)).status).toBe('WAIT_SHIP');

    // The store refuses: the order ships after all.
    const second = await cancel();
    expect((await adminAct(app, { machine: 'refund', code: second.refundCode, action: 'refuse' })).resp).toEqual({ status: 'REFUSED' });
    expect((await order(SEEDED.waitShip)).status).toBe('WAIT_SHIP');

    // The store approves: the order is cancelled and its units are on sale again.
    const stock = stockOf(db, item.skuCode);
    const third = await cancel();
    expect((await adminAct(app, { machine: 'refund', code: third.refundCode, action: 'auditPass' })).resp).toEqual({
      status: 'WAIT_REFUND_TO_BUYER',
    });
    const cancelled = await order(SEEDED.waitShip);
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.cases.refunds.map((r) => r.status)).toEqual(['CLOSED', 'REFUSED', 'WAIT_REFUND_TO_BUYER']);
    expect(stockOf(db, item.skuCode)).toBe(stock + 2);
    expect((await refund(third.refundCode)).history.map((h) => [h.status, h.by])).toEqual([
      ['SELLER_REFUND_AUDIT', 'MEMBER'],
      ['WAIT_REFUND_TO_BUYER', 'STORE'],
    ]);
  });

  it("the store's answer on the order is the answer to its refund too", async () => {
    const { app, order, refund } = await signedIn();
    expect((await refund('R2026000020')).status).toBe('SELLER_REFUND_AUDIT');
    expect((await adminAct(app, { machine: 'order', code: SEEDED.waitConfirm, action: 'refuseCancel' })).resp).toEqual({
      status: 'WAIT_SHIP',
    });
    expect((await refund('R2026000020')).status).toBe('REFUSED');
    expect((await order(SEEDED.waitConfirm)).status).toBe('WAIT_SHIP');
  });

  it('approved on the order, the refund goes on to be paid back, and the units come back once', async () => {
    const { app, db, order, refund } = await signedIn();
    const skus = [0, 1].map((i) => orderLineOf(db, SEEDED.waitConfirm, i).skuCode);
    const stock = skus.map((sku) => stockOf(db, sku));
    expect((await adminAct(app, { machine: 'order', code: SEEDED.waitConfirm, action: 'approveCancel' })).resp).toEqual({
      status: 'CANCELLED',
    });
    expect((await refund('R2026000020')).history.slice(-1)).toEqual([{ status: 'WAIT_REFUND_TO_BUYER', at: NOW, by: 'STORE' }]);
    expect((await order(SEEDED.waitConfirm)).status).toBe('CANCELLED');
    expect(skus.map((sku) => stockOf(db, sku))).toEqual(stock.map((n) => n + 1));
  });
});

describe('the lists by status', () => {
  it('take several statuses at once (one filter entry for the statuses that read alike): a refund and an after-sales case list', async () => {
    const { app, token } = await signedIn();
    const list = async (endpoint: 'refundList' | 'afterSaleList', body: Record<string, unknown>) =>
      expectSuccess(endpoint, await call(app, endpoint, { pageSize: 100, ...body }, { token }));
    const waiting = ['RETURN_UNAPPROVED', 'REFUND_UNAPPROVED'] as const;
    const each = await Promise.all(waiting.map((status) => list('refundList', { status })));
    expect(each.map((page) => page.total)).toEqual([expect.any(Number), expect.any(Number)]);
    expect(each.every((page) => page.total > 0)).toBe(true);
    const both = await list('refundList', { statuses: waiting });
    expect(both.total).toBe(each[0]!.total + each[1]!.total);
    expect(new Set(both.list.map((r) => r.status))).toEqual(new Set(waiting));
    const services = await list('afterSaleList', { statuses: ['WAIT_CONFIRM', 'SUCCESS'] });
    expect(services.list.every((a) => ['WAIT_CONFIRM', 'SUCCESS'].includes(a.status))).toBe(true);
    expect(services.total).toBe(
      (await list('afterSaleList', { status: 'WAIT_CONFIRM' })).total + (await list('afterSaleList', { status: 'SUCCESS' })).total,
    );
    // No statuses is every status; an unknown one is refused.
    expect((await list('refundList', { statuses: [] })).total).toBe((await list('refundList', {})).total);
    expectFailure(await call(app, 'refundList', { statuses: ['PAID'] }, { token }), 'INVALID_FIELD', { field: 'statuses.0' });
  });
});
