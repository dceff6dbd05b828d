/**
 * The fake payment provider: paying, cancelling, paying twice, and who may pay or read the status;
 * paying later (an unpaid order, a presale's deposit and rest in its window), each a PAYMENT
 * transition of the order; an online order not paid in time closing by itself.
 */
import { describe, expect, it } from 'vitest';
import type { CatalogueProduct } from '../../../scripts/sample-data/catalogue-schema.ts';
import { PAYMENT_RETURN_PATHS } from '../../../src/lib/routing/payment-returns.ts';
import { ONLINE_PAY_CHANNELS, UNPAID_PAY_HOURS } from '../../../src/lib/constants.ts';
import { CHECKOUT_OFFERS } from '../../../src/lib/checkout/offers.ts';
import {
  addToCart,
  call,
  cartOf,
  checkoutEnv,
  DAY,
  type Env,
  expectFailure,
  expectSuccess,
  login,
  NOW,
  order,
  orderLineOf,
  PICKUP,
  sampleCatalogue,
  sampleEnv,
  SEEDED,
  shopper,
  type Shopper,
  state,
  formPost,
  provider,
  stockOf,
  T0,
  tokenOf,
} from '../../fixtures/commerce-app.ts';

describe('the fake payment provider', () => {
  async function onlineOrder(env: Env, me: Shopper, payChannel: (typeof ONLINE_PAY_CHANNELS)[number]) {
    await addToCart(env, me, 1, 1);
    const placed = expectSuccess('orderCreate', await order(env, me, { ...PICKUP, paymentMethod: 'ONLINE', payChannel }));
    expect(placed.status).toBe('UNPAID');
    return placed;
  }

  it("pays: the page shows the amount, paying marks the order WAIT_SHIP and returns to the channel's fixed page", async () => {
    const env = checkoutEnv();
    const me = await shopper(env, []);
    for (const channel of CHECKOUT_OFFERS.TW.payChannels) {
      const placed = await onlineOrder(env, me, channel);
      const page = await env.app.request(placed.payUrl!);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(`Pay NT$${placed.total} (TWD)`);
      expect(html).toContain('Cancel');
      expect(
        expectSuccess('orderPayStatus', await call(env.app, 'orderPayStatus', { orderCode: placed.orderCode }, { token: me.token })),
      ).toEqual({ orderCode: placed.orderCode, status: 'UNPAID', paid: false });

      // A return address in the request is never followed.
      const res = await formPost(env.app, placed.payUrl!, {
        token: tokenOf(placed.payUrl!),
        action: 'pay',
        return_url: 'https://evil.example/x',
        redirect_url: '//evil.example',
      });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`${PAYMENT_RETURN_PATHS[channel]}?orderCode=${placed.orderCode}&result=success`);
      expect(
        expectSuccess('orderPayStatus', await call(env.app, 'orderPayStatus', { orderCode: placed.orderCode }, { token: me.token })),
      ).toEqual({ orderCode: placed.orderCode, status: 'WAIT_SHIP', paid: true });
      expect(
        expectSuccess('orderDetail', await call(env.app, 'orderDetail', { orderCode: placed.orderCode }, { token: me.token })).status,
      ).toBe('WAIT_SHIP');
      expect(
        expectSuccess('orderList', await call(env.app, 'orderList', { status: 'WAIT_SHIP' }, { token: me.token })).list.map(
          (o) => o.orderCode,
        ),
      ).toContain(placed.orderCode);
    }
    expect(Object.values(PAYMENT_RETURN_PATHS)).toEqual([
      '/payment/return/card.html',
      '/payment/return/union-card.html',
      '/ali.html',
      '/payment/return/bank-a.html',
      '/payment/return/bank-b.html',
      '/payment/return/alipay.html',
      '/payment/return/wechat-pay.html',
      '/payment/return/alipay-hk.html',
      '/payment/return/payme.html',
      '/payment/return/mpay.html',
    ]);
  });

  it('cancel cancels the order: its stock goes back on sale and its items back into the cart; it cannot be paid after', async () => {
    const env = checkoutEnv();
    const me = await shopper(env, []);
    const placed = await onlineOrder(env, me, 'BANK_A');
    const line = expectSuccess('orderDetail', await call(env.app, 'orderDetail', { orderCode: placed.orderCode }, { token: me.token }))
      .products[0]!;
    const stockOf = () => (env.db.prepare('SELECT stock FROM skus WHERE sku_code = ?').get(line.skuCode) as { stock: number }).stock;
    const held = stockOf();
    const cancelled = await formPost(env.app, placed.payUrl!, { token: tokenOf(placed.payUrl!), action: 'cancel' });
    expect(cancelled.status).toBe(302);
    expect(cancelled.headers.get('location')).toBe(`/payment/return/bank-a.html?orderCode=${placed.orderCode}&result=failed`);
    expect(
      expectSuccess('orderPayStatus', await call(env.app, 'orderPayStatus', { orderCode: placed.orderCode }, { token: me.token })),
    ).toEqual({ orderCode: placed.orderCode, status: 'CANCELLED', paid: false });
    expect(stockOf()).toBe(held + line.quantity);
    const cart = expectSuccess('cartDetail', await call(env.app, 'cartDetail', {}, { token: me.token }));
    expect(cart.lines.find((l) => l.skuCode === line.skuCode)?.quantity).toBe(line.quantity);
    // The provider's page cannot pay a cancelled order, and a second cancel changes nothing.
    const late = await formPost(env.app, placed.payUrl!, { token: tokenOf(placed.payUrl!), action: 'pay' });
    expect(late.headers.get('location')).toContain('result=failed');
    await formPost(env.app, placed.payUrl!, { token: tokenOf(placed.payUrl!), action: 'cancel' });
    expect(stockOf()).toBe(held + line.quantity);
  });

  it("an order keeps each line's hem, gift wrapping and made-to-order choices, and a cancelled payment puts them back in the cart", async () => {
    const env = sampleEnv();
    const me = await shopper(env, []);
    const as = <N extends 'cartAdd' | 'cartOptions' | 'cartDetail' | 'orderDetail' | 'orderCreate'>(name: N, body: object) =>
      call(env.app, name, body as never, { token: me.token });
    const inStock = (p: CatalogueProduct) => p.enabledFlag === 'Y' && p.presaleFlag === 'N' && p.skus.some((s) => s.stock > 2);
    const products = sampleCatalogue().products.filter(inStock);
    const shirt = products.find((p) => p.customMadeFlag === 'Y' && p.semiOptions.length > 0)!;
    const trousers = products.find((p) => p.customMadeFlag === 'N' && p.makePantsLengthFlag === 'Y')!;
    const gift = products.find((p) => p.customMadeFlag === 'N' && p.makePantsLengthFlag === 'N' && p.caseFlag === 'Y')!;
    const choices = shirt.semiOptions.map((o) => ({ semiName: o.key, semiValue: o.values.at(-1)!.key }));
    const named = shirt.semiOptions.map((o) => ({ semiName: o.names['zh-TW'], semiValue: o.values.at(-1)!.names['zh-TW'] }));
    const skuOf = (p: CatalogueProduct) => p.skus.find((s) => s.stock > 2)!.skuCode;
    expectSuccess(
      'cartAdd',
      await as('cartAdd', { productCode: shirt.productCode, skuCode: skuOf(shirt), quantity: 1, semiValues: choices }),
    );
    for (const p of [trousers, gift])
      expectSuccess('cartAdd', await as('cartAdd', { productCode: p.productCode, skuCode: skuOf(p), quantity: 1 }));
    const cartIdOf = async (p: CatalogueProduct) =>
      expectSuccess('cartDetail', await as('cartDetail', {})).lines.find((l) => l.productCode === p.productCode)!.cartId;
    expectSuccess('cartOptions', await as('cartOptions', { cartId: await cartIdOf(trousers), alterMode: 'HEM', finalInseam: 72.5 }));
    expectSuccess('cartOptions', await as('cartOptions', { cartId: await cartIdOf(gift), caseFlag: 'Y' }));
    const placed = expectSuccess('orderCreate', await order(env, me, { ...PICKUP, paymentMethod: 'ONLINE', payChannel: 'CARD' }));

    const lines = expectSuccess('orderDetail', await as('orderDetail', { orderCode: placed.orderCode })).products;
    const lineOf = (p: CatalogueProduct) => lines.find((l) => l.productCode === p.productCode)!;
    expect(lineOf(shirt)).toMatchObject({ alterMode: null, finalInseam: null, caseFlag: 'N', productDetailInfo: { semiValues: named } });
    expect(lineOf(trousers)).toMatchObject({ alterMode: 'HEM', finalInseam: 72.5, caseFlag: 'N', productDetailInfo: { semiValues: [] } });
    expect(lineOf(gift)).toMatchObject({ alterMode: null, finalInseam: null, caseFlag: 'Y' });

    expect(await provider(env.app, placed.payUrl!, 'cancel')).toContain('result=failed');
    const cart = expectSuccess('cartDetail', await as('cartDetail', {})).lines;
    const cartLineOf = (p: CatalogueProduct) => cart.find((l) => l.productCode === p.productCode)!;
    expect(cartLineOf(shirt).productDetail.productDetailInfo.semiValues).toEqual(named);
    expect(cartLineOf(trousers)).toMatchObject({ alterMode: 'HEM', finalInseam: 72.5, caseFlag: 'N' });
    expect(cartLineOf(gift)).toMatchObject({ alterMode: null, finalInseam: null, caseFlag: 'Y' });
  });

  it('paying twice is still a success, and cancelling a paid order changes nothing', async () => {
    const env = checkoutEnv();
    const me = await shopper(env, []);
    const placed = await onlineOrder(env, me, 'BANK_B');
    for (let i = 0; i < 2; i++) {
      const paid = await formPost(env.app, placed.payUrl!, { token: tokenOf(placed.payUrl!), action: 'pay' });
      expect(paid.headers.get('location')).toContain('result=success');
    }
    const late = await formPost(env.app, placed.payUrl!, { token: tokenOf(placed.payUrl!), action: 'cancel' });
    expect(late.headers.get('location')).toContain('result=failed');
    expect(
      expectSuccess('orderPayStatus', await call(env.app, 'orderPayStatus', { orderCode: placed.orderCode }, { token: me.token })),
    ).toMatchObject({ status: 'WAIT_SHIP', paid: true });
  });

  it('needs the payment token and the channel of the order; another member cannot read the status', async () => {
    const env = checkoutEnv();
    const me = await shopper(env, []);
    const placed = await onlineOrder(env, me, 'CARD');
    const url = new URL(placed.payUrl!, 'http://store.invalid');
    expect((await env.app.request(`${url.pathname}?channel=CARD&token=wrong`)).status).toBe(404);
    expect((await env.app.request(`${url.pathname}?channel=WALLET&token=${tokenOf(placed.payUrl!)}`)).status).toBe(404);
    const before = state(env.db);
    expect((await formPost(env.app, placed.payUrl!, { token: 'wrong', action: 'pay' })).status).toBe(404);
    expect(state(env.db)).toEqual(before);

    const other = await shopper(env, []);
    expectFailure(await call(env.app, 'orderPayStatus', { orderCode: placed.orderCode }, { token: other.token }), 'ORDER_NOT_FOUND', {
      field: 'orderCode',
    });
    expectFailure(await call(env.app, 'orderPayStatus', { orderCode: 'O-NOPE' }, { token: me.token }), 'ORDER_NOT_FOUND', {
      field: 'orderCode',
    });
    // An order paid on delivery or in store has no online payment.
    await addToCart(env, me, 1, 1);
    const inStore = expectSuccess('orderCreate', await order(env, me, PICKUP));
    expect(
      expectSuccess('orderPayStatus', await call(env.app, 'orderPayStatus', { orderCode: inStore.orderCode }, { token: me.token })),
    ).toEqual({ orderCode: inStore.orderCode, status: 'WAIT_SHIP', paid: false });
  });
});

describe('paying later', () => {
  async function demo() {
    // The session outlives the days the presale tests move the clock by.
    const env = sampleEnv({ accessTokenTtlSeconds: 30 * 86_400 });
    const { token } = await login(env.app);
    const act = async <N extends 'orderPay' | 'orderDetail' | 'orderPayStatus'>(name: N, body: Record<string, unknown>) =>
      call(env.app, name, body, { token });
    return { ...env, token, act };
  }

  it('an unpaid order: a cancelled payment leaves it UNPAID and its stock held; a paid one is WAIT_SHIP with the channel chosen', async () => {
    const { app, db, act } = await demo();
    const skuCode = orderLineOf(db, SEEDED.unpaid, 0).skuCode;
    const stock = stockOf(db, skuCode);
    const first = expectSuccess('orderPay', await act('orderPay', { orderCode: SEEDED.unpaid, payChannel: 'WALLET' }));
    expect(first).toEqual({
      payUrl: expect.stringMatching(/^\/api\/pay\/provider\/O2026000001\?channel=WALLET&token=/),
      amount: 3380,
      currency: 'TWD',
    });
    expect(await (await app.request(first.payUrl)).text()).toContain('Pay NT$3,380');
    expect(await provider(app, first.payUrl, 'cancel')).toBe('/ali.html?orderCode=O2026000001&result=failed');
    expect(expectSuccess('orderDetail', await act('orderDetail', { orderCode: SEEDED.unpaid }))).toMatchObject({
      status: 'UNPAID',
      payBy: NOW - 5 * 60_000 + UNPAID_PAY_HOURS * 3_600_000,
    });
    expect(stockOf(db, skuCode)).toBe(stock);
    // The cancelled session is over: its page cannot pay any more. The member tries again.
    expect(await provider(app, first.payUrl, 'pay')).toContain('result=failed');
    const second = expectSuccess('orderPay', await act('orderPay', { orderCode: SEEDED.unpaid, payChannel: 'BANK_B' }));
    expect(await provider(app, second.payUrl, 'pay')).toBe('/payment/return/bank-b.html?orderCode=O2026000001&result=success');
    expect(expectSuccess('orderDetail', await act('orderDetail', { orderCode: SEEDED.unpaid }))).toMatchObject({
      status: 'WAIT_SHIP',
      payBy: null,
      payment: { method: 'ONLINE', channel: 'BANK_B', paidAt: NOW },
    });
    expect(expectSuccess('orderPayStatus', await act('orderPayStatus', { orderCode: SEEDED.unpaid }))).toEqual({
      orderCode: SEEDED.unpaid,
      status: 'WAIT_SHIP',
      paid: true,
    });
    expectFailure(await act('orderPay', { orderCode: SEEDED.unpaid, payChannel: 'CARD' }), 'ORDER_NOT_PAYABLE', { field: 'orderCode' });
    expectFailure(await act('orderPay', { orderCode: SEEDED.finished, payChannel: 'CARD' }), 'ORDER_NOT_PAYABLE', { field: 'orderCode' });
    expectFailure(await act('orderPay', { orderCode: SEEDED.unpaid }), 'OD_PAY_CHANNEL_REQUIRED', { field: 'payChannel' });
  });

  it('a presale: the deposit, then the rest only within its window; each step is paid once', async () => {
    const { app, act, clock } = await demo();
    const deposit = expectSuccess('orderPay', await act('orderPay', { orderCode: SEEDED.waitDeposit, payChannel: 'CARD' }));
    expect(deposit.amount).toBe(480);
    expect(await (await app.request(deposit.payUrl)).text()).toContain('Pay the deposit NT$480');
    expect(await provider(app, deposit.payUrl, 'pay')).toContain('result=success');
    expect(expectSuccess('orderDetail', await act('orderDetail', { orderCode: SEEDED.waitDeposit }))).toMatchObject({
      status: 'WAIT_REST_PAY',
      payBy: null,
      presale: { deposit: 480, rest: 1110, depositPaidAt: NOW, restPaidAt: null, restStartAt: NOW + 5 * DAY },
      payment: { paidAt: null },
    });
    expect(expectSuccess('orderPayStatus', await act('orderPayStatus', { orderCode: SEEDED.waitDeposit })).paid).toBe(true);
    // Paying the deposit again through the same page is still a success, and changes nothing.
    expect(await provider(app, deposit.payUrl, 'pay')).toContain('result=success');
    // The rest window opens five days on.
    expectFailure(await act('orderPay', { orderCode: SEEDED.waitDeposit, payChannel: 'CARD' }), 'ORDER_NOT_PAYABLE', {
      field: 'orderCode',
    });
    clock.now = NOW + 5 * DAY;
    // A cancelled rest payment is not paid, though the deposit is: the member comes back to the failed page.
    const cancelled = expectSuccess('orderPay', await act('orderPay', { orderCode: SEEDED.waitDeposit, payChannel: 'CARD' }));
    expect(await provider(app, cancelled.payUrl, 'cancel')).toContain('result=failed');
    expect(expectSuccess('orderPayStatus', await act('orderPayStatus', { orderCode: SEEDED.waitDeposit }))).toEqual({
      orderCode: SEEDED.waitDeposit,
      status: 'WAIT_REST_PAY',
      paid: false,
    });
    const rest = expectSuccess('orderPay', await act('orderPay', { orderCode: SEEDED.waitDeposit, payChannel: 'UNION_CARD' }));
    expect(rest.amount).toBe(1110);
    expect(await provider(app, rest.payUrl, 'pay')).toBe('/payment/return/union-card.html?orderCode=O2026000011&result=success');
    expect(expectSuccess('orderDetail', await act('orderDetail', { orderCode: SEEDED.waitDeposit }))).toMatchObject({
      status: 'WAIT_SHIP',
      presale: { depositPaidAt: NOW, restPaidAt: NOW + 5 * DAY },
      payment: { channel: 'UNION_CARD' },
    });
    expect(expectSuccess('orderPayStatus', await act('orderPayStatus', { orderCode: SEEDED.waitDeposit })).paid).toBe(true);
  });

  it('a rest payment started in its window but completed after it fails, and the order is REST_PAY_CANCELLED', async () => {
    const { app, act, clock } = await demo();
    const rest = expectSuccess('orderPay', await act('orderPay', { orderCode: SEEDED.waitRest, payChannel: 'CARD' }));
    expect(rest.amount).toBe(1110);
    clock.now = NOW + 2 * DAY;
    expect(await provider(app, rest.payUrl, 'pay')).toContain('result=failed');
    expect(expectSuccess('orderDetail', await act('orderDetail', { orderCode: SEEDED.waitRest })).status).toBe('REST_PAY_CANCELLED');
    // Its deposit was paid, but the payment the member comes back from was not.
    expect(expectSuccess('orderPayStatus', await act('orderPayStatus', { orderCode: SEEDED.waitRest })).paid).toBe(false);
    expectFailure(await act('orderPay', { orderCode: SEEDED.waitRest, payChannel: 'CARD' }), 'ORDER_NOT_PAYABLE', { field: 'orderCode' });
  });

  it(`an online order from checkout not paid in ${UNPAID_PAY_HOURS} hours closes: its stock back, its payment page no longer pays`, async () => {
    const env = checkoutEnv();
    const me = await shopper(env, []);
    await addToCart(env, me, 1, 2);
    const placed = expectSuccess('orderCreate', await order(env, me, { ...PICKUP, paymentMethod: 'ONLINE', payChannel: 'CARD' }));
    const held = stockOf(env.db, 'L00000101002');
    const detail = () => call(env.app, 'orderDetail', { orderCode: placed.orderCode }, { token: me.token });
    expect(expectSuccess('orderDetail', await detail()).payBy).toBe(T0 + UNPAID_PAY_HOURS * 3_600_000);
    env.clock.now = T0 + UNPAID_PAY_HOURS * 3_600_000;
    expect(await provider(env.app, placed.payUrl!, 'pay')).toContain('result=failed');
    expect(expectSuccess('orderDetail', await detail())).toMatchObject({ status: 'CLOSED', payment: { paidAt: null } });
    expect(stockOf(env.db, 'L00000101002')).toBe(held + 2);
    // Closed by the clock, not cancelled by the shopper: the items stay out of the cart.
    expect((await cartOf(env, me)).lines).toEqual([]);
  });
});
