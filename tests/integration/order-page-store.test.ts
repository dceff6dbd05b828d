/**
 * The order pages' store (stores/order-page.ts, order-page-pay.ts) as the islands use it,
 * without a browser: over the real local API with the demo member's seeded orders (one in every
 * status), the page's navigation injected. What an order offers in its state and where each
 * button leads, the actions confirmed first and what they say (done, refused, no answer, a
 * stale tab's reload), buying again, and the detail page as shown: the deadline to pay, the
 * address and the pickup store, the payment line of cash on delivery and paying in store, the
 * shipments and the cases opened on the order with their own labels.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_MEMBERS } from '../../scripts/local-commerce/seed.ts';
import type { Order } from '../../src/stores/orders.ts';
import { storeFixture } from './store-fixture.ts';

const fixture = storeFixture();
const demo = DEMO_MEMBERS[0];
const DAY = 86_400_000;
const PLAIN = { desensitizeSwitch: 'N', mobileMaskLeadingDigits: 3 } as const;

/** A page of the demo member in `language`, its stores, and its order `orderCode` loaded as the page loads it. */
async function orderPage(orderCode: string, language = 'en-GB') {
  const platform = await fixture.openPage({ url: `/account/detail.html?orderCode=${orderCode}`, language });
  const session = await import('../../src/stores/session.ts');
  expect((await session.signIn(demo.email, demo.password)).ok).toBe(true);
  const orders = await import('../../src/stores/orders.ts');
  const page = await import('../../src/stores/order-page.ts');
  const pay = await import('../../src/stores/order-page-pay.ts');
  await orders.loadOrder(orderCode);
  return { platform, orders, page, pay, order: () => loaded(orders.$order.get()) };
}

function loaded(state: { status: string; order?: Order }): Order {
  if (state.status !== 'ready' || !state.order) throw new Error(`the order is ${state.status}`);
  return state.order;
}

describe('what an order offers', () => {
  it('an unpaid order: paying (a link to the provider’s page, in the page’s language) and cancelling (confirmed first)', async () => {
    const { page, order } = await orderPage('O2026000001');
    expect(page.orderButtonViews(order(), Date.now())).toEqual([
      { button: 'pay', kind: 'link', href: '/en-gb/payment/third-party-pay.html?orderCode=O2026000001', primary: true },
      { button: 'cancel', kind: 'confirm', primary: false },
    ]);
    // Past its deadline, it can no longer be paid.
    expect(page.orderButtonViews(order(), order().payBy! + 1).map((b) => b.button)).toEqual(['cancel']);
  });

  it('a finished order within its returns window: refund, exchange, after-sales, review and buying again; then only after-sales and buying again; the page itself is where tracking shows', async () => {
    const { page, order } = await orderPage('O2026000015');
    const now = Date.now();
    expect(page.orderButtonViews(order(), now)).toEqual([
      { button: 'track', kind: 'link', href: '/en-gb/account/detail.html?orderCode=O2026000015#shipments', primary: false },
      { button: 'refund', kind: 'link', href: '/en-gb/account/apply-refund.html?orderCode=O2026000015', primary: false },
      { button: 'exchange', kind: 'link', href: '/en-gb/account/replace.html?orderCode=O2026000015', primary: false },
      { button: 'afterSale', kind: 'link', href: '/en-gb/account/apply-aftermarket.html?orderCode=O2026000015', primary: false },
      { button: 'evaluate', kind: 'link', href: '/en-gb/account/order/evaluate.html?orderCode=O2026000015', primary: false },
      { button: 'buyAgain', kind: 'buyAgain' },
    ]);
    expect(page.orderDetailView(order(), now, PLAIN).buttons.map((b) => b.button)).not.toContain('track');
    const later = order().finishedAt! + 8 * DAY;
    expect(page.orderDetailView(order(), later, PLAIN).buttons.map((b) => b.button)).toEqual(['afterSale', 'evaluate', 'buyAgain']);
  });

  it('a paid order waiting to ship asks to be cancelled on its refund page; one waiting for the store’s answer can take the request back', async () => {
    const waiting = await orderPage('O2026000002', 'zh-TW');
    expect(waiting.page.orderButtonViews(waiting.order(), Date.now())).toEqual([
      { button: 'requestCancel', kind: 'link', href: '/account/apply-refund.html?orderCode=O2026000002', primary: false },
    ]);
    const asked = await orderPage('O2026000010');
    expect(asked.page.orderButtonViews(asked.order(), Date.now())).toEqual([{ button: 'withdrawCancel', kind: 'confirm', primary: true }]);
  });
});

describe('the order’s page as shown', () => {
  it('cash on delivery is paid on handing over: to be paid until then, paid when the order finished; an online payment when the provider took it', async () => {
    const cod = await orderPage('O2026000003');
    expect(cod.page.orderDetailView(cod.order(), Date.now(), PLAIN).paid).toEqual({ kind: 'onHandover', method: 'COD' });
    const finished = await orderPage('O2026000016');
    expect(finished.page.orderDetailView(finished.order(), Date.now(), PLAIN).paid).toEqual({
      kind: 'paidOnHandover',
      method: 'COD',
      at: finished.order().finishedAt,
    });
    // Paying in store for a parcel never collected: never paid.
    const uncollected = await orderPage('O2026000009');
    expect(uncollected.page.orderDetailView(uncollected.order(), Date.now(), PLAIN).paid).toEqual({ kind: 'notPaid' });
    const online = await orderPage('O2026000002');
    expect(online.page.orderDetailView(online.order(), Date.now(), PLAIN).paid).toEqual({
      kind: 'paid',
      at: online.order().payment.paidAt,
    });
  });

  it('the deadline to pay shows while a payment is due; the address with the mobile masked as the switches say; a pickup store by name, code and address', async () => {
    const unpaid = await orderPage('O2026000001');
    const view = unpaid.page.orderDetailView(unpaid.order(), Date.now(), { desensitizeSwitch: 'Y', mobileMaskLeadingDigits: 3 });
    expect(view.payByShown).toBe(true);
    expect(view.address).toMatchObject({ receiver: '林小美', mobile: '091****78', zipCode: '106', city: '台北市' });
    expect(unpaid.page.orderDetailView(unpaid.order(), Date.now(), PLAIN).address?.mobile).toBe('0912345678');
    expect(view.typeShown).toBe(false);
    expect(view.store).toBeNull();
    // The zip code '0' stands for none: not shown.
    const noZip = { ...unpaid.order(), address: { ...unpaid.order().address!, zipCode: '0' } };
    expect(unpaid.page.orderDetailView(noZip, Date.now(), PLAIN).address?.zipCode).toBeNull();

    const pickup = await orderPage('O2026000005');
    const atStore = pickup.page.orderDetailView(pickup.order(), Date.now(), PLAIN);
    expect(atStore.payByShown).toBe(false);
    expect(atStore.store).toEqual({ code: expect.any(String), name: expect.any(String), address: expect.any(String) });
    expect(atStore.store!.name).not.toBe('');
    expect(atStore.paid).toEqual({ kind: 'onHandover', method: 'PAY_IN_STORE' });
  });

  it('each shipment with its lines and its steps newest first; the cases opened on the order, each with its page and its own labels', async () => {
    const { page, order } = await orderPage('O2026000015');
    const view = page.orderDetailView(order(), Date.now(), PLAIN);
    expect(view.shipments).toHaveLength(1);
    const [shipment] = view.shipments;
    expect(shipment!.lines).toEqual(order().products.map((p) => `${p.productDetailInfo.skuName} × ${p.quantity}`));
    // The warehouse's steps, newest first: out of the warehouse after being packed.
    expect(shipment!.events.map((e) => e.subStatus)).toEqual(['X_OUT_WAREHOUSE', 'X_PACKAGED']);

    const { refunds, exchanges, afterSales } = order().cases;
    expect(refunds.length + exchanges.length + afterSales.length).toBeGreaterThan(0);
    expect(view.cases).toHaveLength(refunds.length + exchanges.length + afterSales.length);
    for (const a of afterSales)
      expect(view.cases).toContainEqual({
        kind: 'afterSales',
        code: a.code,
        href: `/en-gb/account/view-refund.html?afterSaleCode=${a.code}`,
        status: a.status,
        typeKey: `afterSales.services.${a.serviceType}`,
        service: a.serviceType,
      });
    for (const r of refunds)
      expect(view.cases).toContainEqual(
        expect.objectContaining({
          kind: 'refunds',
          href: `/en-gb/account/view-refund.html?refundCode=${r.code}`,
          typeKey: `refunds.types.${r.refundType}`,
        }),
      );
    for (const e of exchanges)
      expect(view.cases).toContainEqual(
        expect.objectContaining({ kind: 'exchanges', href: `/en-gb/account/replace-list.html#${e.code}`, typeKey: 'exchanges.one' }),
      );
    expect(view.typeShown).toBe(true);
  });
});

describe('paying later', () => {
  it('an unpaid order is paid on its own page through its region’s channels before its deadline; the prepay pages are a presale’s', async () => {
    const { pay, order } = await orderPage('O2026000001');
    const now = Date.now();
    expect(pay.payLaterView(order(), 'order', now)).toMatchObject({
      page: 'order',
      backHref: '/en-gb/account/detail.html?orderCode=O2026000001',
      pay: { step: 'pay', amount: order().total, channels: ['CARD', 'UNION_CARD', 'WALLET', 'BANK_A', 'BANK_B'], payBy: order().payBy },
      nothingToPay: false,
      scheduleStep: null,
    });
    expect(pay.payLaterView(order(), 'order', order().payBy! + 1)).toMatchObject({ pay: null, nothingToPay: true });
    expect(pay.payLaterView(order(), 'prepay', now)).toEqual({
      page: 'notPresale',
      backHref: '/en-gb/account/detail.html?orderCode=O2026000001',
    });
  });

  it('a presale: its deposit on the prepay page, its rest within the window; the schedule leads to the step due', async () => {
    const deposit = await orderPage('O2026000011');
    const now = Date.now();
    expect(deposit.pay.payLaterView(deposit.order(), 'prepay', now)).toMatchObject({
      pay: { step: 'payDeposit', amount: deposit.order().presale!.deposit, payBy: deposit.order().payBy },
    });
    expect(deposit.pay.payLaterView(deposit.order(), 'order', now)).toMatchObject({ pay: null, nothingToPay: true });
    const rest = await orderPage('O2026000012');
    expect(rest.pay.payLaterView(rest.order(), 'prepay', now)).toMatchObject({
      pay: { step: 'payRest', amount: rest.order().presale!.rest, payBy: null },
    });
    expect(rest.pay.payLaterView(rest.order(), 'schedule', now)).toMatchObject({
      pay: null,
      nothingToPay: false,
      scheduleStep: { step: 'payRest', href: '/en-gb/account/apply-prepay.html?orderCode=O2026000012' },
    });
    // The rest has its window, never the order's deadline.
    expect(rest.pay.payLaterView({ ...rest.order(), payBy: now + 86_400_000 }, 'prepay', now)).toMatchObject({ pay: { payBy: null } });
    // After the rest window closes, nothing to pay.
    expect(rest.pay.payLaterView(rest.order(), 'prepay', rest.order().presale!.restEndAt)).toMatchObject({ pay: null, nothingToPay: true });
  });

  it('paying goes to the provider’s page', async () => {
    const { pay } = await orderPage('O2026000001');
    expect((await pay.payOrder('O2026000001', 'CARD')).ok).toBe(true);
    expect(fixture.navigations).toHaveLength(1);
  });
});

// These change the seeded orders the tests above read: they run last.
describe('the actions of an order', () => {
  it('nothing happens until the member confirms; cancelled, the order stands cancelled and the page says so', async () => {
    const { page, order, orders } = await orderPage('O2026000001');
    const actions = page.createOrderActions();
    const since = fixture.browser.requests.length;
    await actions.confirm(order());
    expect(fixture.browser.requests.slice(since)).toEqual([]);
    actions.ask('cancel');
    expect(actions.$confirming.get()).toBe('cancel');
    actions.dismiss();
    expect(actions.$confirming.get()).toBeNull();
    actions.ask('cancel');
    await actions.confirm(order());
    expect(actions.$outcome.get()).toEqual({ kind: 'done', action: 'cancel' });
    expect(orders.$order.get()).toMatchObject({ status: 'ready', order: { orderCode: 'O2026000001', status: 'CANCELLED' } });
    expect(page.orderButtonViews(order(), Date.now()).map((b) => b.button)).toEqual(['buyAgain']);
  });

  it('with no answer the page says so, and the order is as it was; asked again, receipt is confirmed', async () => {
    const { page, order } = await orderPage('O2026000004');
    const actions = page.createOrderActions();
    actions.ask('confirmReceipt');
    await fixture.offline(() => actions.confirm(order()));
    expect(actions.$outcome.get()).toEqual({ kind: 'network' });
    expect(order().status).toBe('SHIPPED');
    await actions.confirm(order());
    expect(actions.$outcome.get()).toEqual({ kind: 'done', action: 'confirmReceipt' });
    expect(order().status).toBe('FINISHED');
  });

  it('a stale tab: taking back a cancel request the store approved meanwhile is refused with the reason, and the page shows the order cancelled', async () => {
    const { page, order } = await orderPage('O2026000010');
    expect(order().status).toBe('WAIT_CONFIRM');
    await fixture.actAsStore('order', 'O2026000010', 'approveCancel');
    const actions = page.createOrderActions();
    actions.ask('withdrawCancel');
    await actions.confirm(order());
    expect(actions.$outcome.get()).toEqual({ kind: 'refused', msgCode: 'REFUND_STATE_CHANGED', msg: expect.any(String) });
    expect(order().status).toBe('CANCELLED');
    // What it said stays beside an order that offers nothing it could do.
    expect(page.orderButtonViews(order(), Date.now()).map((b) => b.button)).toEqual(['buyAgain']);
  });

  it('buying again puts the lines in the cart and goes there; when every line is sold out, the page says so and stays', async () => {
    const { page, order } = await orderPage('O2026000017');
    const actions = page.createOrderActions();
    await actions.buyAgain(order());
    expect(fixture.navigations).toEqual(['/en-gb/cart.html']);
    expect(actions.$noneAdded.get()).toBe(false);

    const soldOut = await orderPage('O2026000014');
    const setStock = fixture.api.db.prepare('UPDATE skus SET stock = 0 WHERE sku_code = ?');
    for (const line of soldOut.order().products) setStock.run(line.skuCode);
    const again = soldOut.page.createOrderActions();
    const busy: boolean[] = [];
    again.$buyingAgain.listen((b) => busy.push(b));
    await again.buyAgain(soldOut.order());
    expect(busy).toEqual([true, false]);
    expect(again.$noneAdded.get()).toBe(true);
    expect(fixture.navigations).toEqual([]);
  });
});
