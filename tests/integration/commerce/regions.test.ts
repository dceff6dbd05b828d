/**
 * Checkout per region over the local API: the request's language (its Accept-Language, the
 * page's) picks the region, whose currency prices the cart and the order, and whose offers
 * (checkout/offers.ts) and freight the API holds an order to. Taiwan's own rules are
 * checkout.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import type { RequestOf } from '../../../src/lib/api/contract.ts';
import { PAYMENT_RETURN_PATHS } from '../../../src/lib/routing/payment-returns.ts';
import { CHECKOUT_OFFERS, offerProblem } from '../../../src/lib/checkout/offers.ts';
import {
  addressOf,
  addToCart,
  call,
  checkoutEnv,
  expectFailure,
  expectSuccess,
  provider,
  shopper,
  sku,
  state,
  type Env,
  type Shopper,
} from '../../fixtures/commerce-app.ts';

const CN = 'zh-CN';
const MO = 'zh-MO';

const as = (env: Env, me: Shopper, language: string) => ({
  call: <N extends Parameters<typeof call>[1]>(name: N, body: unknown = {}) => call(env.app, name, body, { token: me.token, language }),
});

async function addressIn(env: Env, me: Shopper, region: 'CN' | 'MO') {
  const address =
    region === 'CN'
      ? { receiver: '王小明', mobile: '13812345678', region, city: '上海市浦东新区', detail: '世纪大道 100 号', zipCode: '200120' }
      : { receiver: '何嘉欣', mobile: '66123456', region, city: '澳門', detail: '新馬路 10 號', zipCode: '' };
  return expectSuccess('addressSave', await call(env.app, 'addressSave', { ...address, isDefault: 'N' }, { token: me.token })).address!
    .addressId;
}

const mainlandOrder = (addressId: string): RequestOf<'orderCreate'> => ({
  deliveryType: 'EXPRESS_HOME',
  addressId,
  invoice: { type: 'TITLE_COMPANY', title: '上海林线服饰有限公司', taxNumber: '91310115MA1K4B2C3D' },
  currency: 'CNY',
  paymentMethod: 'ONLINE',
  payChannel: 'ALIPAY',
  from: 'cart',
});

describe('a cart and an order carry the currency of their region', () => {
  it("prices the same cart in each region's currency, and leaves out a SKU the region does not price", async () => {
    const env = checkoutEnv();
    const me = await shopper(env, [[1, 2]]);
    const expected = { 'zh-TW': ['TWD', 490], 'zh-HK': ['HKD', 119], 'zh-MO': ['MOP', 123], 'zh-CN': ['CNY', 109] } as const;
    for (const [language, [currency, sale]] of Object.entries(expected)) {
      const cart = expectSuccess('cartDetail', await as(env, me, language).call('cartDetail'));
      expect(cart.currency).toBe(currency);
      expect(cart.lines[0]!.lineTotal).toBe(sale * 2);
      expect(cart.summary.total).toBe(sale * 2);
      const [mini] = expectSuccess('miniCart', await as(env, me, language).call('miniCart'));
      expect(mini!.currency).toBe(currency);
      expect(mini!.cartList[0]!.productDetail.productDetailInfo.unitPrice).toBe(sale);
    }

    // A catalogue without a mainland price: not sold there (said so on the page, out of the mini cart).
    env.db.prepare("UPDATE skus SET json = json_remove(json, '$.prices.CNY')").run();
    env.db
      .prepare("UPDATE products SET json = json_remove(json, '$.skus[0].prices.CNY', '$.skus[1].prices.CNY', '$.skus[2].prices.CNY')")
      .run();
    const cart = expectSuccess('cartDetail', await as(env, me, CN).call('cartDetail'));
    expect(cart.lines[0]).toMatchObject({ invalid: true, invalidReason: 'NOT_SOLD_HERE' });
    expect(cart.summary.total).toBe(0);
    expect(expectSuccess('miniCart', await as(env, me, CN).call('miniCart'))[0]!.cartList).toEqual([]);
    // Nor can it be ordered there, at the 0 it is priced at: named, or left out of the whole cart.
    const address = await addressIn(env, me, 'CN');
    expectFailure(
      await as(env, me, CN).call('orderCreate', { ...mainlandOrder(address), cartIds: [cart.lines[0]!.cartId] }),
      'OD_PRODUCT_UNAVAILABLE',
      { field: 'cartIds' },
    );
    expectFailure(await as(env, me, CN).call('orderCreate', mainlandOrder(address)), 'OD_CART_EMPTY');
    // Nor added there again: the cart would hold it at 0.
    expectFailure(await as(env, me, CN).call('cartAdd', { ...sku(1), quantity: 1 }), 'CART_NOT_SOLD_HERE', { field: 'skuCode' });
    expect(expectSuccess('cartDetail', await as(env, me, CN).call('cartDetail')).lines[0]!.quantity).toBe(2);
    // In Taiwan it is priced, and sold.
    expect(expectSuccess('cartDetail', await as(env, me, 'zh-TW').call('cartDetail')).lines[0]).toMatchObject({ invalid: false });
    expectSuccess('cartAdd', await as(env, me, 'zh-TW').call('cartAdd', { ...sku(1), quantity: 1 }));
  });

  it('a mainland order: express home, CNY, freight ¥12 under ¥299, Alipay through the provider, back to the zh-CN page', async () => {
    const env = checkoutEnv();
    const me = await shopper(env, [[1, 1]]);
    const cn = as(env, me, CN);
    const preview = expectSuccess('checkoutPreview', await cn.call('checkoutPreview', { deliveryType: 'EXPRESS_HOME', couponId: null }));
    expect(preview).toMatchObject({ currency: 'CNY', freeFreightFrom: 299, summary: { subtotal: 109, freight: 12, total: 121 } });
    await addToCart(env, me, 2, 2); // 109 × 3 = 327: free
    expect(
      expectSuccess('checkoutPreview', await cn.call('checkoutPreview', { deliveryType: 'EXPRESS_HOME', couponId: null })).summary,
    ).toMatchObject({ subtotal: 327, freight: 0, total: 327 });

    const placed = expectSuccess('orderCreate', await cn.call('orderCreate', mainlandOrder(await addressIn(env, me, 'CN'))));
    expect(placed).toMatchObject({ status: 'UNPAID', currency: 'CNY', total: 327 });
    // The purchase event says what its amounts are in.
    expect(placed.tracking).toMatchObject({ currency: 'CNY', actionField: { total: 327 } });
    const detail = expectSuccess('orderDetail', await cn.call('orderDetail', { orderCode: placed.orderCode }));
    expect(detail).toMatchObject({ currency: 'CNY', total: 327, payment: { channel: 'ALIPAY' } });
    expect(detail.invoice).toEqual({ type: 'TITLE_COMPANY', title: '上海林线服饰有限公司', taxNumber: '91310115MA1K4B2C3D' });
    // The order keeps its currency on a page of another region.
    expect(expectSuccess('orderDetail', await as(env, me, 'zh-TW').call('orderDetail', { orderCode: placed.orderCode })).currency).toBe(
      'CNY',
    );

    const page = await (await env.app.request(placed.payUrl!)).text();
    expect(page).toContain('Pay ¥327 (CNY)');
    expect(await provider(env.app, placed.payUrl!, 'pay')).toBe(
      `/zh-cn${PAYMENT_RETURN_PATHS.ALIPAY}?orderCode=${placed.orderCode}&result=success`,
    );
    expect(expectSuccess('orderDetail', await cn.call('orderDetail', { orderCode: placed.orderCode })).status).toBe('WAIT_SHIP');
  });

  it('a Macao order: a locker, MOP, freight MOP$20 under MOP$300, MPay, a receipt', async () => {
    const env = checkoutEnv();
    const me = await shopper(env, [[1, 1]]);
    const mo = as(env, me, MO);
    expect(expectSuccess('checkoutPreview', await mo.call('checkoutPreview', { deliveryType: 'LOCKER', couponId: null }))).toMatchObject({
      currency: 'MOP',
      freeFreightFrom: 300,
      summary: { subtotal: 123, freight: 20, total: 143 },
    });
    const placed = expectSuccess(
      'orderCreate',
      await mo.call('orderCreate', {
        deliveryType: 'LOCKER',
        storeCode: 'MO-LK-0031',
        invoice: { type: 'RECEIPT' },
        currency: 'MOP',
        paymentMethod: 'ONLINE',
        payChannel: 'MPAY',
        from: 'cart',
      }),
    );
    expect(placed).toMatchObject({ currency: 'MOP', total: 143, status: 'UNPAID' });
    expect(await (await env.app.request(placed.payUrl!)).text()).toContain('Pay MOP$143 (MOP)');
    // A Macao home address is accepted with its own phone rule (6 and 7 digits).
    const addressId = await addressIn(env, me, 'MO');
    await addToCart(env, me, 1, 1);
    expectSuccess(
      'orderCreate',
      await mo.call('orderCreate', {
        deliveryType: 'EXPRESS_HOME',
        addressId,
        invoice: { type: 'RECEIPT' },
        currency: 'MOP',
        paymentMethod: 'ONLINE',
        payChannel: 'CARD',
        from: 'cart',
      }),
    );
  });
});

describe('the API holds an order to what its region offers', () => {
  it('refuses, changing nothing: a Taiwan delivery, cash on delivery, a Taiwan channel or e-invoice, an address of another region, a currency not seen', async () => {
    const env = checkoutEnv();
    const me = await shopper(env, [[1, 1]]);
    const cn = as(env, me, CN);
    const good = mainlandOrder(await addressIn(env, me, 'CN'));
    const taiwanAddress = await addressOf(env, me);
    const before = state(env.db);
    const refused: Array<[Partial<RequestOf<'orderCreate'>>, string, string]> = [
      [{ deliveryType: 'CVS_711', addressId: null, storeCode: '711-0001' }, 'OD_DELIVERY_NOT_OFFERED', 'deliveryType'],
      [{ paymentMethod: 'COD', payChannel: null }, 'OD_PAYMENT_NOT_FOR_DELIVERY', 'paymentMethod'],
      [{ payChannel: 'CARD' }, 'OD_PAY_CHANNEL_NOT_OFFERED', 'payChannel'],
      [{ invoice: { type: 'CLOUD', vehicle: 'MEMBER' } }, 'OD_INVOICE_NOT_OFFERED', 'invoice'],
      [{ invoice: { type: 'RECEIPT' } }, 'OD_INVOICE_NOT_OFFERED', 'invoice'],
      [{ addressId: taiwanAddress }, 'OD_ADDRESS_OTHER_REGION', 'addressId'],
      [{ currency: 'TWD' }, 'OD_CURRENCY_CHANGED', 'currency'],
      [{ invoice: { type: 'TITLE_COMPANY', title: '公司', taxNumber: '12345678' } }, 'OD_INVOICE_TAX_NUMBER', 'invoice.taxNumber'],
      [{ invoice: { type: 'TITLE_PERSONAL', title: '  ' } }, 'OD_INVOICE_TITLE_REQUIRED', 'invoice.title'],
    ];
    for (const [change, code, field] of refused) expectFailure(await cn.call('orderCreate', { ...good, ...change }), code, { field });
    expect(state(env.db)).toEqual(before);
    expectFailure(await cn.call('checkoutPreview', { deliveryType: 'STORE_PICKUP' }), 'OD_DELIVERY_NOT_OFFERED', {
      field: 'deliveryType',
    });
    // Taiwan does not take the mainland's wallets or invoice title.
    expect(offerProblem('TW', { deliveryType: 'EXPRESS_HOME', payChannel: 'WECHAT_PAY' })?.code).toBe('OD_PAY_CHANNEL_NOT_OFFERED');
    expect(offerProblem('TW', { deliveryType: 'LOCKER' })?.code).toBe('OD_DELIVERY_NOT_OFFERED');
    expect(offerProblem('HK', { deliveryType: 'LOCKER', paymentMethod: 'COD' })?.code).toBe('OD_PAYMENT_NOT_FOR_DELIVERY');
    expect(offerProblem('HK', { deliveryType: 'STORE_PICKUP', paymentMethod: 'PAY_IN_STORE', payChannel: null })).toBeNull();
  });

  it('the region tables: what each region offers', () => {
    expect(CHECKOUT_OFFERS.TW).toEqual({
      deliveries: ['EXPRESS_HOME', 'CVS_711', 'CVS_FAMILY', 'STORE_PICKUP', 'DIRECT_SITE'],
      payments: {
        EXPRESS_HOME: ['COD', 'ONLINE'],
        CVS_711: ['COD', 'ONLINE'],
        CVS_FAMILY: ['COD', 'ONLINE'],
        STORE_PICKUP: ['PAY_IN_STORE', 'ONLINE'],
        DIRECT_SITE: ['COD', 'ONLINE'],
      },
      payChannels: ['CARD', 'UNION_CARD', 'WALLET', 'BANK_A', 'BANK_B'],
      invoices: ['CLOUD', 'COMPANY', 'DONATION'],
    });
    for (const region of ['HK', 'MO'] as const) {
      expect(CHECKOUT_OFFERS[region].deliveries).toEqual(['EXPRESS_HOME', 'STORE_PICKUP', 'LOCKER']);
      expect(CHECKOUT_OFFERS[region].invoices).toEqual(['RECEIPT']);
      expect(CHECKOUT_OFFERS[region].payChannels[0]).toBe('CARD');
    }
    expect(CHECKOUT_OFFERS.HK.payChannels).toEqual(['CARD', 'ALIPAY_HK', 'PAYME']);
    expect(CHECKOUT_OFFERS.MO.payChannels).toEqual(['CARD', 'MPAY']);
    expect(CHECKOUT_OFFERS.CN).toEqual({
      deliveries: ['EXPRESS_HOME'],
      payments: { EXPRESS_HOME: ['ONLINE'] },
      payChannels: ['ALIPAY', 'WECHAT_PAY', 'UNION_CARD'],
      invoices: ['TITLE_PERSONAL', 'TITLE_COMPANY'],
    });
  });
});

describe('paying later', () => {
  it("offers and takes the channels of the order's region, from a page of any region", async () => {
    const env = checkoutEnv();
    const me = await shopper(env, [[1, 1]]);
    const cn = as(env, me, CN);
    const placed = expectSuccess('orderCreate', await cn.call('orderCreate', mainlandOrder(await addressIn(env, me, 'CN'))));
    // The member leaves the provider's page and pays later, from a Taiwan page.
    const tw = as(env, me, 'zh-TW');
    for (const payChannel of ['BANK_A', 'CARD', 'MPAY'] as const)
      expectFailure(await tw.call('orderPay', { orderCode: placed.orderCode, payChannel }), 'OD_PAY_CHANNEL_NOT_OFFERED', {
        field: 'payChannel',
      });
    const later = expectSuccess('orderPay', await tw.call('orderPay', { orderCode: placed.orderCode, payChannel: 'WECHAT_PAY' }));
    expect(later).toMatchObject({ amount: placed.total, currency: 'CNY' });
    expect(await (await env.app.request(later.payUrl)).text()).toContain(`Pay ¥${placed.total} (CNY)`);
    // Back to the page it was paid from.
    expect(await provider(env.app, later.payUrl, 'pay')).toBe(
      `${PAYMENT_RETURN_PATHS.WECHAT_PAY}?orderCode=${placed.orderCode}&result=success`,
    );
  });
});

describe('coupons are in one currency', () => {
  it('a region lists its own offers, and a coupon takes off only orders in its currency', async () => {
    const env = checkoutEnv();
    const me = await shopper(env, [[1, 3]]);
    const offers = async (language: string) =>
      expectSuccess('couponCollectable', await as(env, me, language).call('couponCollectable')).map((o) => [o.couponId, o.currency]);
    expect(await offers(CN)).toEqual([['CC201', 'CNY']]);
    expect(await offers(MO)).toEqual([['CC301', 'MOP']]);
    expect((await offers('zh-TW')).every(([, currency]) => currency === 'TWD')).toBe(true);

    // A Taiwan coupon, held, is not offered at a mainland checkout, nor taken if asked for.
    expectSuccess('couponCollect', await call(env.app, 'couponCollect', { couponId: 'CC001' }, { token: me.token }));
    // Each is collected on its own region's pages (another region's offer is not offered there).
    expectSuccess('couponCollect', await as(env, me, CN).call('couponCollect', { couponId: 'CC201' }));
    const cn = as(env, me, CN);
    const preview = expectSuccess('checkoutPreview', await cn.call('checkoutPreview', { deliveryType: 'EXPRESS_HOME' }));
    expect(preview.coupons.map((c) => c.couponId)).toEqual(['CC201']);
    expect(preview.summary).toMatchObject({ subtotal: 327, discount: 30, couponId: 'CC201' });
    expectFailure(await cn.call('checkoutPreview', { deliveryType: 'EXPRESS_HOME', couponId: 'CC001' }), 'COUPON_OTHER_CURRENCY', {
      field: 'couponId',
    });
    // In Taiwan the other way round.
    const tw = expectSuccess('checkoutPreview', await as(env, me, 'zh-TW').call('checkoutPreview', { deliveryType: 'STORE_PICKUP' }));
    expect(tw.coupons.map((c) => c.couponId)).toEqual(['CC001']);
  });
});
