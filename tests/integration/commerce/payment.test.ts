/**
 * The fake payment provider: paying, cancelling, paying twice, and who may pay or read the status.
 */
import { describe, expect, it } from 'vitest';
import { PAYMENT_RETURN_PATHS } from '../../../src/lib/api/contract-checkout.ts';
import { ONLINE_PAY_CHANNELS } from '../../../src/lib/constants.ts';
import {
  addToCart,
  type App,
  call,
  checkoutEnv,
  type Env,
  expectFailure,
  expectSuccess,
  order,
  PICKUP,
  shopper,
  type Shopper,
  state,
} from '../../fixtures/commerce-app.ts';

describe('the fake payment provider', () => {
  async function onlineOrder(env: Env, me: Shopper, payChannel: (typeof ONLINE_PAY_CHANNELS)[number]) {
    await addToCart(env, me, 1, 1);
    const placed = expectSuccess('orderCreate', await order(env, me, { ...PICKUP, paymentMethod: 'ONLINE', payChannel }));
    expect(placed.status).toBe('UNPAID');
    return placed;
  }
  const formPost = (app: App, payUrl: string, fields: Record<string, string>) =>
    app.request(new URL(payUrl, 'http://store.invalid').pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  const tokenOf = (payUrl: string) => new URL(payUrl, 'http://store.invalid').searchParams.get('token')!;

  it("pays: the page shows the amount, paying marks the order WAIT_SHIP and returns to the channel's fixed page", async () => {
    const env = checkoutEnv();
    const me = await shopper(env, []);
    for (const channel of ONLINE_PAY_CHANNELS) {
      const placed = await onlineOrder(env, me, channel);
      const page = await env.app.request(placed.payUrl!);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(`Pay NT$${placed.total}`);
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
      '/payment/return/wallet.html',
      '/payment/return/bank-a.html',
      '/payment/return/bank-b.html',
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
