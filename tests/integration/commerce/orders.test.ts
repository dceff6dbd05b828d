/**
 * The member's orders: the list (newest first, by status or keyword, with each status's count), the
 * whole order, cancelling and confirming receipt through the state machine (a refused action
 * changes nothing; of 20 at once exactly one wins), and the SYSTEM's deadlines applied lazily on
 * the injected clock.
 */
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../../src/lib/api/contract.ts';
import { AUTO_CONFIRM_DAYS, PICKUP_DAYS, UNPAID_PAY_HOURS } from '../../../src/lib/constants.ts';
import { MACHINES, type MachineName, type Transition } from '../../../src/lib/orders/state-machine.ts';
import { DEADLINES } from '../../../scripts/local-commerce/deadlines.ts';
import {
  call,
  DAY,
  expectFailure,
  expectSuccess,
  login,
  NOW,
  orderLineOf,
  OTHER,
  sampleCatalogue,
  sampleEnv,
  SEEDED,
  state,
  stockOf,
  storedRecord,
  toAnswer,
} from '../../fixtures/commerce-app.ts';

const HOUR = 3_600_000;
/** The demo member's seeded orders, newest first. */
const NEWEST_FIRST = ['01', '11', '02', '10', '03', '04', '05', '12', '06', '07', '15', '16', '08', '09', '13', '17', '14'].map(
  (n) => `O20260000${n}`,
);
const countsWith = (counts: Record<string, number>) => ({ ...Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])), ...counts });
const ONE_EACH = countsWith({ ...Object.fromEntries(ORDER_STATUSES.map((s) => [s, 1])), FINISHED: 5 });

async function signedIn() {
  // The session outlives the days the deadline tests move the clock by.
  const env = sampleEnv({ accessTokenTtlSeconds: 30 * 86_400 });
  const { token } = await login(env.app);
  const detail = async (orderCode: string) => expectSuccess('orderDetail', await call(env.app, 'orderDetail', { orderCode }, { token }));
  return { ...env, token, detail };
}

describe('the order list', () => {
  it('is newest first, counts every status (17 orders, 5 finished), pages add up, and the status filter keeps the counts', async () => {
    const { app, token } = await signedIn();
    const all = expectSuccess('orderList', await call(app, 'orderList', { pageSize: 100 }, { token }));
    expect(all.list.map((o) => o.orderCode)).toEqual(NEWEST_FIRST);
    expect(all.total).toBe(17);
    expect(all.counts).toEqual(ONE_EACH);

    const paged: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const resp = expectSuccess('orderList', await call(app, 'orderList', { page, pageSize: 5 }, { token }));
      expect(resp.total).toBe(17);
      paged.push(...resp.list.map((o) => o.orderCode));
    }
    expect(paged).toEqual(NEWEST_FIRST);
    expect(expectSuccess('orderList', await call(app, 'orderList', {}, { token })).list).toHaveLength(10);

    const finished = expectSuccess('orderList', await call(app, 'orderList', { pageSize: 100, status: 'FINISHED' }, { token }));
    expect(finished.list.map((o) => o.orderCode)).toEqual(['O2026000006', 'O2026000015', 'O2026000016', 'O2026000017', 'O2026000014']);
    expect(finished.total).toBe(5);
    expect(finished.counts).toEqual(ONE_EACH);
    for (const order of all.list)
      expect(expectSuccess('orderDetail', await call(app, 'orderDetail', { orderCode: order.orderCode }, { token }))).toEqual(order);
    expectFailure(await call(app, 'orderList', { status: 'LOST' }, { token }), 'INVALID_FIELD', { field: 'status' });
    expectFailure(await call(app, 'orderList', { page: 1, pageSize: 101 }, { token }), 'INVALID_FIELD', { field: 'pageSize' });
  });

  it('finds by order code (any case) or by a product name in the request language; the counts follow the keyword', async () => {
    const { app, token, db } = await signedIn();
    const find = async (keyword: string, language = 'zh-TW', status?: string) =>
      expectSuccess(
        'orderList',
        await call(app, 'orderList', { pageSize: 100, keyword, ...(status ? { status } : {}) }, { token, language }),
      );

    const byCode = await find('o2026000004');
    expect(byCode.list.map((o) => o.orderCode)).toEqual([SEEDED.shipped]);
    expect(byCode.counts).toEqual(countsWith({ SHIPPED: 1 }));
    // A part of the code: O2026000001 and O2026000010–17, newest first.
    expect((await find('00001')).list.map((o) => o.orderCode.slice(-2))).toEqual(['01', '11', '10', '12', '15', '16', '13', '17', '14']);

    // O2026000004's jacket, named per language in the catalogue.
    const product = sampleCatalogue().products.find((p) => p.productCode === orderLineOf(db, SEEDED.shipped, 0).productCode)!;
    expect(product.names).toMatchObject({ 'zh-TW': '修身西裝外套', 'en-GB': 'Tailored Jacket' });
    expect((await find('西裝外套')).list.map((o) => o.orderCode)).toEqual([SEEDED.shipped]);
    const english = await find('tailored', 'en-GB');
    expect(english.list.map((o) => o.orderCode)).toEqual([SEEDED.shipped]);
    // The lines are named in the page's language too, whatever language the order was placed in.
    expect(english.list[0]!.products[0]!.productDetailInfo.skuName).toBe('Tailored Jacket');
    expect(byCode.list[0]!.products[0]!.productDetailInfo.skuName).toBe('修身西裝外套');
    // A name in another language than the request's does not match.
    expect(await find('Tailored', 'zh-TW')).toEqual({ list: [], total: 0, counts: countsWith({}) });
    // The status filter narrows the list; the counts still cover every status the keyword finds.
    const narrowed = await find('o20260000', 'zh-TW', 'FINISHED');
    expect(narrowed.total).toBe(5);
    expect(narrowed.counts).toEqual(ONE_EACH);
    expect((await find('nothing like this')).total).toBe(0);
  });

  it("another member sees none of them, and another's order is not found", async () => {
    const { app } = await signedIn();
    const other = await login(app, OTHER.email, OTHER.password);
    expect(expectSuccess('orderList', await call(app, 'orderList', {}, { token: other.token }))).toEqual({
      list: [],
      total: 0,
      counts: countsWith({}),
    });
    expectFailure(await call(app, 'orderDetail', { orderCode: SEEDED.unpaid }, { token: other.token }), 'ORDER_NOT_FOUND', {
      field: 'orderCode',
    });
    expectFailure(await call(app, 'orderCancel', { orderCode: SEEDED.unpaid }, { token: other.token }), 'ORDER_NOT_FOUND', {
      field: 'orderCode',
    });
  });
});

describe('the order detail', () => {
  it('has each line with its picture, return rule, units left and evaluation, the address, invoice, payment and parcels', async () => {
    const { detail, db } = await signedIn();
    const order = await detail(SEEDED.finished);
    const catalogue = sampleCatalogue();
    const lines = [0, 1, 2].map((i) => orderLineOf(db, SEEDED.finished, i));
    expect(order.products.map((l) => [l.productId, l.noReasonToReturnFlag, l.returnableQty, l.evaluated])).toEqual([
      [lines[0]!.productId, 'Y', 1, 'N'],
      [lines[1]!.productId, 'N', 1, 'N'],
      [lines[2]!.productId, 'ONLY_EXCHANGE_NOT_RETREAT', 1, 'N'],
    ]);
    for (const line of order.products) {
      const product = catalogue.products.find((p) => p.productCode === line.productCode)!;
      const sku = product.skus.find((s) => s.skuCode === line.skuCode)!;
      expect(line.imageUrl).toBe(product.colours.find((c) => c.colorNo === sku.colorNo)!.images[0]);
      expect(line.productId).toBe(sku.productId);
    }
    expect(order).toMatchObject({
      status: 'FINISHED',
      orderType: 'DEFAULT',
      deliveryType: 'EXPRESS_HOME',
      shippingType: 'EXPRESS',
      address: { receiver: '林小美', city: '台北市', zipCode: '106' },
      storeCode: null,
      invoice: { type: 'DONATION', target: '919' },
      invoiceNo: 'AB10000004',
      payment: { method: 'ONLINE', channel: 'BANK_A', paidAt: NOW - 8 * DAY + 5 * 60_000 },
      presale: null,
      payBy: null,
      finishedAt: NOW - 2 * DAY,
      cases: { refunds: [], exchanges: [], afterSales: [] },
    });
    expect(order.payment.goods).toBe(order.products.reduce((n, l) => n + l.productDetailInfo.unitPrice * l.quantity, 0));
    expect(order.shipments).toEqual([
      {
        shipmentCode: 'O2026000006-1',
        status: 'FINISHED',
        carrier: 'BLACKCAT',
        trackingCode: 'BC20260000061',
        productIds: [lines[0]!.productId],
        events: [
          { subStatus: 'X_PACKAGED', at: NOW - 6 * DAY },
          { subStatus: 'X_OUT_WAREHOUSE', at: NOW - 6 * DAY },
        ],
      },
      {
        shipmentCode: 'O2026000006-2',
        status: 'FINISHED',
        carrier: 'BLACKCAT',
        trackingCode: 'BC20260000062',
        productIds: [lines[1]!.productId, lines[2]!.productId],
        events: [
          { subStatus: 'X_PACKAGED', at: NOW - 5 * DAY },
          { subStatus: 'X_OUT_WAREHOUSE', at: NOW - 5 * DAY },
        ],
      },
    ]);
  });

  it('shows the cases of an order and what they leave to return, a partial shipment, a presale and a void invoice', async () => {
    const { detail } = await signedIn();
    const withCases = await detail('O2026000015');
    expect(withCases.orderType).toBe('REFUNDAF');
    expect(withCases.products.map((l) => l.returnableQty)).toEqual([0, 0, 1]);
    expect(withCases.cases.refunds.map((r) => [r.code, r.status, r.refundType])).toEqual([
      ['R2026000003', 'WAIT_SEND_STORE', 'REFUND_RETURN'],
      ['R2026000008', 'REFUND_UNAPPROVED', 'REFUND_SHIPPED'],
      ['R2026000018', 'WAIT_BUYER_RETURN_GOODS', 'REFUND_RETURN'],
      ['R2026000001', 'RETURN_UNAPPROVED', 'REFUND_RETURN'],
    ]);
    expect(withCases.cases.exchanges.map((e) => [e.code, e.status])).toEqual([
      ['E2026000002', 'UNUPLOAD_EXPR'],
      ['E2026000001', 'EXCHANGE_UNAPPROVED'],
    ]);
    expect(withCases.cases.afterSales.map((a) => [a.code, a.status, a.serviceType])).toEqual([
      ['S2026000002', 'WAIT_BUYER_RETURN_GOODS', 'ALTERATION'],
      ['S2026000001', 'RETURN_UNAPPROVED', 'QUALITY_ISSUE'],
    ]);
    expect((await detail(SEEDED.partialShip)).shipments.map((s) => [s.status, s.trackingCode])).toEqual([
      ['SHIPPED', 'BC20260000031'],
      ['WAIT_SHIP', null],
    ]);
    const presale = await detail(SEEDED.waitRest);
    expect(presale.presale).toEqual({
      deposit: 480,
      rest: 1110,
      depositPaidAt: NOW - 6 * DAY + HOUR,
      restPaidAt: null,
      restStartAt: NOW - DAY,
      restEndAt: NOW + 2 * DAY,
    });
    expect(presale.total).toBe(1590);
    expect(await detail(SEEDED.cancelled)).toMatchObject({ status: 'CANCELLED', orderType: 'REFUND', invoiceNo: 'AB10000005' });
    expect(await detail(SEEDED.waitBack)).toMatchObject({
      orderType: 'NOTDELIVERREFUSED',
      deliveryType: 'STORE_PICKUP',
      storeCode: 'TPE01',
    });
  });
});

describe('cancelling and confirming receipt', () => {
  it('cancels an unpaid order: CANCELLED, its units back on sale, its coupon usable again, the step in its history', async () => {
    const { app, token, db, detail } = await signedIn();
    const lines = [0, 1].map((i) => orderLineOf(db, SEEDED.unpaid, i));
    const stock = lines.map((l) => stockOf(db, l.skuCode));
    const coupon = () => storedRecord<{ used: string }>(db, 'coupon', 'C0003').used;
    expect(coupon()).toBe('Y');
    const cancelled = expectSuccess('orderCancel', await call(app, 'orderCancel', { orderCode: SEEDED.unpaid }, { token }));
    expect(cancelled).toMatchObject({ status: 'CANCELLED', payBy: null, couponId: 'C0003' });
    expect(cancelled).toEqual(await detail(SEEDED.unpaid));
    expect(lines.map((l) => stockOf(db, l.skuCode))).toEqual(stock.map((n) => n + 1));
    expect(coupon()).toBe('N');
    expect(storedRecord<{ history: unknown[] }>(db, 'order', SEEDED.unpaid).history).toEqual([
      { status: 'UNPAID', at: NOW - 5 * 60_000, by: 'MEMBER' },
      { status: 'CANCELLED', at: NOW, by: 'MEMBER' },
    ]);
    // A presale before its deposit too.
    const presaleSku = orderLineOf(db, SEEDED.waitDeposit, 0).skuCode;
    const before = stockOf(db, presaleSku);
    expect(expectSuccess('orderCancel', await call(app, 'orderCancel', { orderCode: SEEDED.waitDeposit }, { token })).status).toBe(
      'CANCELLED',
    );
    expect(stockOf(db, presaleSku)).toBe(before + 1);
  });

  it('confirms receipt of a shipped order: FINISHED now, its parcels finished', async () => {
    const { app, token } = await signedIn();
    const done = expectSuccess('orderConfirmReceipt', await call(app, 'orderConfirmReceipt', { orderCode: SEEDED.shipped }, { token }));
    expect(done).toMatchObject({ status: 'FINISHED', finishedAt: NOW });
    expect(done.shipments.map((s) => s.status)).toEqual(['FINISHED']);
  });

  it('an action the table does not allow from the status answers ORDER_STATE_CHANGED and changes nothing', async () => {
    const { app, token, db } = await signedIn();
    const before = state(db);
    for (const [name, orderCode] of [
      ['orderCancel', SEEDED.waitShip],
      ['orderCancel', SEEDED.waitRest],
      ['orderCancel', SEEDED.finished],
      ['orderConfirmReceipt', SEEDED.unpaid],
      ['orderConfirmReceipt', SEEDED.waitPick],
    ] as const)
      expectFailure(await call(app, name, { orderCode }, { token }), 'ORDER_STATE_CHANGED', { field: null });
    expect(state(db)).toEqual(before);
  });

  it('of 20 cancels of one order at once, exactly one wins; the units go back once', async () => {
    const { app, token, db } = await signedIn();
    const skuCode = orderLineOf(db, SEEDED.unpaid, 0).skuCode;
    const stock = stockOf(db, skuCode);
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () =>
        toAnswer(
          await app.request('/api/order/cancel', {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ orderCode: SEEDED.unpaid }),
          }),
        ),
      ),
    );
    const won = answers.filter((a) => (a.json as { success: boolean }).success);
    expect(won).toHaveLength(1);
    expectSuccess('orderCancel', won[0]!);
    for (const answer of answers.filter((a) => a !== won[0])) expectFailure(answer, 'ORDER_STATE_CHANGED');
    expect(stockOf(db, skuCode)).toBe(stock + 1);
    expect(storedRecord<{ history: Array<{ status: string }> }>(db, 'order', SEEDED.unpaid).history.map((h) => h.status)).toEqual([
      'UNPAID',
      'CANCELLED',
    ]);
  });
});

describe('deadlines, applied when the member next reads or acts', () => {
  it('every SYSTEM transition of the tables has a deadline', () => {
    const system = (Object.keys(MACHINES) as MachineName[]).flatMap((machine) =>
      (MACHINES[machine] as readonly Transition[]).filter((r) => r.by === 'SYSTEM').map((r) => `${machine} ${r.from} ${r.action}`),
    );
    expect(DEADLINES.map((d) => `${d.machine} ${d.status} ${d.action}`).sort()).toEqual(system.sort());
  });

  it('an unpaid order closes when its pay-by time passes: CLOSED by the SYSTEM at that time, its units back', async () => {
    const { detail, db, clock } = await signedIn();
    const payBy = NOW - 5 * 60_000 + UNPAID_PAY_HOURS * HOUR;
    expect((await detail(SEEDED.unpaid)).payBy).toBe(payBy);
    const skuCode = orderLineOf(db, SEEDED.unpaid, 0).skuCode;
    const stock = stockOf(db, skuCode);
    clock.now = payBy - 1;
    expect((await detail(SEEDED.unpaid)).status).toBe('UNPAID');
    clock.now = payBy;
    expect(await detail(SEEDED.unpaid)).toMatchObject({ status: 'CLOSED', payBy: null });
    expect(storedRecord<{ history: unknown[] }>(db, 'order', SEEDED.unpaid).history.at(-1)).toEqual({
      status: 'CLOSED',
      at: payBy,
      by: 'SYSTEM',
    });
    expect(stockOf(db, skuCode)).toBe(stock + 1);
    expect(storedRecord<{ used: string }>(db, 'coupon', 'C0003').used).toBe('N');
  });

  it('a presale whose rest window ends unpaid is REST_PAY_CANCELLED, one whose deposit is not paid in time CLOSED; their units back', async () => {
    const { detail, db, clock } = await signedIn();
    // Both presale orders are of the same SKU.
    const skuCode = orderLineOf(db, SEEDED.waitRest, 0).skuCode;
    expect(orderLineOf(db, SEEDED.waitDeposit, 0).skuCode).toBe(skuCode);
    const stock = stockOf(db, skuCode);
    clock.now = NOW + 2 * DAY - 1;
    expect((await detail(SEEDED.waitRest)).status).toBe('WAIT_REST_PAY');
    // The deposit of the other was due within a day of its order.
    expect((await detail(SEEDED.waitDeposit)).status).toBe('CLOSED');
    expect(stockOf(db, skuCode)).toBe(stock + 1);
    clock.now = NOW + 2 * DAY;
    expect((await detail(SEEDED.waitRest)).status).toBe('REST_PAY_CANCELLED');
    expect(storedRecord<{ history: unknown[] }>(db, 'order', SEEDED.waitRest).history.at(-1)).toEqual({
      status: 'REST_PAY_CANCELLED',
      at: NOW + 2 * DAY,
      by: 'SYSTEM',
    });
    expect(stockOf(db, skuCode)).toBe(stock + 2);
  });

  it(`a shipped order finishes by itself ${AUTO_CONFIRM_DAYS} days after shipping; a parcel not collected in ${PICKUP_DAYS} days goes back`, async () => {
    const { app, token, detail, clock } = await signedIn();
    const finishesAt = NOW - DAY + AUTO_CONFIRM_DAYS * DAY;
    clock.now = finishesAt - 1;
    expect((await detail(SEEDED.shipped)).status).toBe('SHIPPED');
    clock.now = finishesAt;
    // Any read of the member's orders applies it: here the list.
    const list = expectSuccess('orderList', await call(app, 'orderList', { pageSize: 100 }, { token })).list;
    expect(list.find((o) => o.orderCode === SEEDED.shipped)).toMatchObject({ status: 'FINISHED', finishedAt: finishesAt });
    expect(list.find((o) => o.orderCode === SEEDED.waitPick)).toMatchObject({ status: 'WAIT_BACK', orderType: 'NOTDELIVERREFUSED' });
  });
});
