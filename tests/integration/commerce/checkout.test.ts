/**
 * Checkout on the checkout catalogue: invoices, delivery and payment rules, freight, and placing
 * an order (stock reservation in-process, and 20 members at once over real HTTP).
 */
import { describe, expect, it } from 'vitest';
import type { RequestOf } from '../../../src/lib/api/contract.ts';
import {
  DELIVERY_TYPES,
  DONATION_INVOICE_TARGETS,
  DONATION_TARGET_OMITTED_ON_SETTLEMENT,
  PAYMENT_METHODS,
} from '../../../src/lib/constants.ts';
import { CHECKOUT_OFFERS } from '../../../src/lib/checkout/offers.ts';
import { level2ProductId } from '../../../src/lib/product/product-id.ts';
import {
  addressOf,
  addToCart,
  call,
  cartOf,
  CHECKOUT_CATALOGUE,
  checkoutEnv,
  expectFailure,
  expectSuccess,
  order,
  PICKUP,
  registrationTokenOf,
  setStock,
  shopper,
  sku,
  state,
  stockOf,
  T0,
  UNIT,
} from '../../fixtures/commerce-app.ts';
import { startLocalApi } from '../../fixtures/local-api.ts';

describe('invoices', () => {
  const valid: Array<RequestOf<'orderCreate'>['invoice']> = [
    { type: 'CLOUD', vehicle: 'MEMBER' },
    { type: 'CLOUD', vehicle: 'PHONE', vehicleCode: '/AB+9.-Z' },
    { type: 'CLOUD', vehicle: 'CERTIFICATE', vehicleCode: 'AB12345678901234' },
    { type: 'COMPANY', taxId: '12345678', title: '線上服飾股份有限公司' },
    ...DONATION_INVOICE_TARGETS.map((target) => ({ type: 'DONATION' as const, target })),
  ];

  it('accepts every kind of invoice, and every donation target from the cart', async () => {
    const env = checkoutEnv();
    const me = await shopper(env, []);
    for (const invoice of valid) {
      await addToCart(env, me, 1, 1);
      expectSuccess('orderCreate', await order(env, me, { ...PICKUP, invoice }));
      const stored = env.db.prepare('SELECT invoice_json FROM order_checkout ORDER BY seq DESC LIMIT 1').get() as { invoice_json: string };
      expect(JSON.parse(stored.invoice_json)).toEqual(invoice);
    }
  });

  it(`refuses donation target ${DONATION_TARGET_OMITTED_ON_SETTLEMENT} from the settlement page only`, async () => {
    const env = checkoutEnv();
    const me = await shopper(env, [[1, 1]]);
    const before = state(env.db);
    expectFailure(
      await order(env, me, { ...PICKUP, from: 'settlement', invoice: { type: 'DONATION', target: DONATION_TARGET_OMITTED_ON_SETTLEMENT } }),
      'OD_INVOICE_DONATION_TARGET',
      { field: 'invoice.target' },
    );
    expect(state(env.db)).toEqual(before);
    for (const target of DONATION_INVOICE_TARGETS.filter((t) => t !== DONATION_TARGET_OMITTED_ON_SETTLEMENT)) {
      expectSuccess('orderCreate', await order(env, me, { ...PICKUP, from: 'settlement', invoice: { type: 'DONATION', target } }));
      await addToCart(env, me, 1, 1);
    }
  });

  it('rejects each malformed invoice, naming its field, and changes nothing', async () => {
    const env = checkoutEnv();
    const me = await shopper(env, [[1, 1]]);
    const cases: Array<[unknown, string, string]> = [
      [{ type: 'CLOUD', vehicle: 'PHONE', vehicleCode: '/ab+9.-z' }, 'OD_INVOICE_PHONE_CODE', 'invoice.vehicleCode'],
      [{ type: 'CLOUD', vehicle: 'PHONE', vehicleCode: 'AB+9.-Z1' }, 'OD_INVOICE_PHONE_CODE', 'invoice.vehicleCode'],
      [{ type: 'CLOUD', vehicle: 'PHONE', vehicleCode: '/AB+9.-Z1' }, 'OD_INVOICE_PHONE_CODE', 'invoice.vehicleCode'],
      [{ type: 'CLOUD', vehicle: 'PHONE', vehicleCode: '/AB_9.-Z' }, 'OD_INVOICE_PHONE_CODE', 'invoice.vehicleCode'],
      [{ type: 'CLOUD', vehicle: 'PHONE' }, 'OD_INVOICE_PHONE_CODE', 'invoice.vehicleCode'],
      [{ type: 'CLOUD', vehicle: 'CERTIFICATE', vehicleCode: 'A123456789012345' }, 'OD_INVOICE_CERTIFICATE_CODE', 'invoice.vehicleCode'],
      [{ type: 'CLOUD', vehicle: 'CERTIFICATE', vehicleCode: 'AB1234567890123' }, 'OD_INVOICE_CERTIFICATE_CODE', 'invoice.vehicleCode'],
      [{ type: 'CLOUD', vehicle: 'CERTIFICATE', vehicleCode: 'ab12345678901234' }, 'OD_INVOICE_CERTIFICATE_CODE', 'invoice.vehicleCode'],
      [{ type: 'CLOUD', vehicle: 'EMAIL' }, 'OD_INVOICE_VEHICLE', 'invoice.vehicle'],
      [{ type: 'COMPANY', taxId: '1234567', title: '公司' }, 'OD_INVOICE_TAX_ID', 'invoice.taxId'],
      [{ type: 'COMPANY', taxId: '1234567a', title: '公司' }, 'OD_INVOICE_TAX_ID', 'invoice.taxId'],
      [{ type: 'COMPANY', taxId: '123456789', title: '公司' }, 'OD_INVOICE_TAX_ID', 'invoice.taxId'],
      [{ type: 'COMPANY', taxId: '12345678', title: '  ' }, 'OD_INVOICE_TITLE_REQUIRED', 'invoice.title'],
      [{ type: 'DONATION', target: '12345' }, 'OD_INVOICE_DONATION_TARGET', 'invoice.target'],
      [{ type: 'DONATION' }, 'OD_INVOICE_DONATION_TARGET', 'invoice.target'],
      [{ type: 'PAPER' }, 'OD_INVOICE_TYPE', 'invoice.type'],
    ];
    const before = state(env.db);
    for (const [invoice, msgCode, field] of cases) expectFailure(await order(env, me, { ...PICKUP, invoice }), msgCode, { field });
    expect(state(env.db)).toEqual(before);
  });
});

describe('delivery and payment', () => {
  const addressTypes = ['EXPRESS_HOME', 'DIRECT_SITE'] as const;
  const storeTypes = ['CVS_711', 'CVS_FAMILY', 'STORE_PICKUP', 'LOCKER'] as const;

  it('every delivery type needs its address or its store, and is stored with it', async () => {
    expect([...addressTypes, ...storeTypes].sort()).toEqual([...DELIVERY_TYPES].sort());
    const env = checkoutEnv();
    const me = await shopper(env, []);
    const addressId = await addressOf(env, me, '110');
    const base = {
      invoice: { type: 'CLOUD', vehicle: 'MEMBER' },
      currency: 'TWD',
      paymentMethod: 'ONLINE',
      payChannel: 'CARD',
      from: 'cart',
    } as const;
    for (const deliveryType of CHECKOUT_OFFERS.TW.deliveries) {
      await addToCart(env, me, 1, 1);
      const before = state(env.db);
      const byAddress = (addressTypes as readonly string[]).includes(deliveryType);
      expectFailure(await order(env, me, { ...base, deliveryType }), byAddress ? 'OD_ADDRESS_REQUIRED' : 'OD_STORE_REQUIRED', {
        field: byAddress ? 'addressId' : 'storeCode',
      });
      // The other one does not stand in for it.
      expectFailure(
        await order(env, me, { ...base, deliveryType, ...(byAddress ? { storeCode: 'TPE01' } : { addressId }) }),
        byAddress ? 'OD_ADDRESS_REQUIRED' : 'OD_STORE_REQUIRED',
        { field: byAddress ? 'addressId' : 'storeCode' },
      );
      expect(state(env.db)).toEqual(before);

      const placed = expectSuccess(
        'orderCreate',
        await order(env, me, { ...base, deliveryType, ...(byAddress ? { addressId } : { storeCode: 'TPE01' }) }),
      );
      expect(placed.tracking).toMatchObject({
        shippingMethod: deliveryType,
        shippingType: deliveryType === 'STORE_PICKUP' ? 'PICKUP' : 'EXPRESS',
        shippingZipCode: byAddress ? '110' : '0',
      });
      const stored = env.db
        .prepare('SELECT delivery_type, store_code, address_json FROM order_checkout WHERE order_code = ?')
        .get(placed.orderCode) as { delivery_type: string; store_code: string | null; address_json: string | null };
      expect(stored.delivery_type).toBe(deliveryType);
      expect(stored.store_code).toBe(byAddress ? null : 'TPE01');
      expect(stored.address_json === null ? null : (JSON.parse(stored.address_json) as { addressId: string }).addressId).toBe(
        byAddress ? addressId : null,
      );
    }
  });

  it("refuses an unknown address, another member's address and a malformed store code", async () => {
    const env = checkoutEnv();
    const me = await shopper(env, [[1, 1]]);
    const other = await shopper(env, []);
    const theirs = await addressOf(env, other);
    const base = { ...PICKUP, deliveryType: 'EXPRESS_HOME', paymentMethod: 'COD', storeCode: undefined } as const;
    const before = state(env.db);
    expectFailure(await order(env, me, { ...base, addressId: 'A-NOPE' }), 'OD_ADDRESS_NOT_FOUND', { field: 'addressId' });
    expectFailure(await order(env, me, { ...base, addressId: theirs }), 'OD_ADDRESS_NOT_FOUND', { field: 'addressId' });
    expectFailure(await order(env, me, { ...PICKUP, storeCode: 'TPE 001' }), 'OD_STORE_CODE_FORMAT', { field: 'storeCode' });
    expect(state(env.db)).toEqual(before);
  });

  it('takes each payment method only with the delivery types it goes with', async () => {
    const env = checkoutEnv();
    const me = await shopper(env, []);
    const addressId = await addressOf(env, me);
    const where = (deliveryType: (typeof DELIVERY_TYPES)[number]) =>
      (addressTypes as readonly string[]).includes(deliveryType) ? { addressId } : { storeCode: 'TPE01' };
    // Taiwan's rule as the table says it: COD never with a store pickup, PAY_IN_STORE only with one.
    const taiwan = CHECKOUT_OFFERS.TW.payments;
    expect(taiwan.STORE_PICKUP).not.toContain('COD');
    for (const d of CHECKOUT_OFFERS.TW.deliveries) expect(taiwan[d]!.includes('PAY_IN_STORE')).toBe(d === 'STORE_PICKUP');

    for (const deliveryType of CHECKOUT_OFFERS.TW.deliveries) {
      for (const paymentMethod of PAYMENT_METHODS) {
        await addToCart(env, me, 1, 1);
        const body = {
          deliveryType,
          ...where(deliveryType),
          invoice: { type: 'CLOUD', vehicle: 'MEMBER' },
          currency: 'TWD',
          paymentMethod,
          ...(paymentMethod === 'ONLINE' ? { payChannel: 'WALLET' } : {}),
          from: 'cart',
        } as const;
        const answer = await order(env, me, body);
        if (taiwan[deliveryType]!.includes(paymentMethod)) {
          const placed = expectSuccess('orderCreate', answer);
          expect(placed.status).toBe(paymentMethod === 'ONLINE' ? 'UNPAID' : 'WAIT_SHIP');
          expect(placed.payUrl === null).toBe(paymentMethod !== 'ONLINE');
        } else {
          expectFailure(answer, 'OD_PAYMENT_NOT_FOR_DELIVERY', { field: 'paymentMethod' });
        }
      }
    }
    await addToCart(env, me, 1, 1);
    expectFailure(await order(env, me, { ...PICKUP, paymentMethod: 'ONLINE' }), 'OD_PAY_CHANNEL_REQUIRED', { field: 'payChannel' });
    expectFailure(await order(env, me, { ...PICKUP, paymentMethod: 'ONLINE', payChannel: 'CASH' }), 'OD_PAY_CHANNEL', {
      field: 'payChannel',
    });
    expectFailure(await order(env, me, { ...PICKUP, payChannel: 'CARD' }), 'OD_PAY_CHANNEL_UNEXPECTED', { field: 'payChannel' });
    expectFailure(await order(env, me, { ...PICKUP, paymentMethod: 'CHEQUE' }), 'OD_PAYMENT_METHOD', { field: 'paymentMethod' });
    expectFailure(await order(env, me, { ...PICKUP, deliveryType: 'DRONE' }), 'OD_DELIVERY_TYPE', { field: 'deliveryType' });
  });

  it('freight: by delivery type, free from a subtotal after discount', async () => {
    const env = checkoutEnv();
    const me = await shopper(env, [[1, 1]]);
    const preview = async (deliveryType: (typeof DELIVERY_TYPES)[number]) =>
      expectSuccess('checkoutPreview', await call(env.app, 'checkoutPreview', { deliveryType, couponId: null }, { token: me.token }));
    const small = Object.fromEntries(
      await Promise.all(CHECKOUT_OFFERS.TW.deliveries.map(async (d) => [d, (await preview(d)).summary.freight])),
    );
    expect(small).toEqual({ EXPRESS_HOME: 100, CVS_711: 60, CVS_FAMILY: 60, STORE_PICKUP: 0, DIRECT_SITE: 150 });
    const home = await preview('EXPRESS_HOME');
    expect(home.freeFreightFrom).toBe(1500);
    expect(home.summary.total).toBe(UNIT + 100);
    expect((await preview('STORE_PICKUP')).freeFreightFrom).toBeNull();

    await addToCart(env, me, 1, 3); // 1,960
    expect((await preview('EXPRESS_HOME')).summary.freight).toBe(0);
    expect((await preview('DIRECT_SITE')).summary.freight).toBe(150);
    // Discounted below the line, the freight is back.
    expectSuccess('couponCollect', await call(env.app, 'couponCollect', { couponId: 'CC002' }, { token: me.token }));
    await addToCart(env, me, 2, 3); // 3,430 − 500 = 2,930
    const discounted = expectSuccess(
      'checkoutPreview',
      await call(env.app, 'checkoutPreview', { deliveryType: 'DIRECT_SITE', couponId: 'CC002' }, { token: me.token }),
    );
    expect(discounted.summary).toMatchObject({ subtotal: 3430, discount: 500, freight: 150, total: 3080 });
  });
});

describe('placing an order', () => {
  it('reserves stock, removes the ordered lines and leaves the rest; orderList and orderDetail show it with level-2 ids; the tracking payload has every field of the purchase event', async () => {
    const env = checkoutEnv();
    const me = await shopper(env, [
      [1, 2],
      [2, 1],
      [3, 1],
    ]);
    const addressId = await addressOf(env, me, '220');
    env.db.prepare("UPDATE products SET json = json_set(json, '$.enabledFlag', 'N') WHERE product_code = ?").run('L000003');
    const ids = Object.fromEntries((await cartOf(env, me)).lines.map((l) => [l.productCode, l.cartId]));
    expectSuccess(
      'cartOptions',
      await call(env.app, 'cartOptions', { cartId: ids.L000002!, alterMode: 'HEM', finalInseam: 70, caseFlag: 'Y' }, { token: me.token }),
    );
    const stockBefore = [1, 2, 3].map((n) => stockOf(env.db, sku(n).skuCode));

    const placed = expectSuccess(
      'orderCreate',
      await order(env, me, {
        deliveryType: 'EXPRESS_HOME',
        addressId,
        invoice: { type: 'CLOUD', vehicle: 'MEMBER' },
        currency: 'TWD',
        paymentMethod: 'COD',
        from: 'cart',
      }),
    );
    // 1,470 is under the free-freight line of a home delivery.
    expect(placed).toMatchObject({ status: 'WAIT_SHIP', total: 3 * UNIT + 100, payUrl: null });
    expect([1, 2, 3].map((n) => stockOf(env.db, sku(n).skuCode))).toEqual([stockBefore[0]! - 2, stockBefore[1]! - 1, stockBefore[2]]);
    expect((await cartOf(env, me)).lines.map((l) => l.productCode)).toEqual(['L000003']);

    const list = expectSuccess('orderList', await call(env.app, 'orderList', { page: 1, pageSize: 10 }, { token: me.token }));
    expect(list.total).toBe(1);
    const detail = expectSuccess('orderDetail', await call(env.app, 'orderDetail', { orderCode: placed.orderCode }, { token: me.token }));
    expect(list.list[0]).toEqual(detail);
    expect(detail).toMatchObject({
      orderCode: placed.orderCode,
      status: 'WAIT_SHIP',
      orderType: 'DEFAULT',
      shippingType: 'EXPRESS',
      discount: 0,
      freight: 100,
      total: 3 * UNIT + 100,
      couponId: null,
      createdAt: T0,
    });
    for (const line of detail.products) {
      const catalogueSku = CHECKOUT_CATALOGUE.products.flatMap((p) => p.skus).find((s) => s.skuCode === line.skuCode)!;
      expect(line.productId).toBe(level2ProductId(catalogueSku.omsSkuCode, catalogueSku.colorNo, catalogueSku.sizeNo));
      expect(line.productDetailInfo.omsSkuCode).toBe(catalogueSku.omsSkuCode);
    }
    expect(detail.products.map((l) => [l.productCode, l.quantity, l.giftFlag])).toEqual([
      ['L000002', 1, 'N'],
      ['L000001', 2, 'N'],
    ]);

    const { tracking } = placed;
    expect(Object.keys(tracking).sort()).toEqual(
      [
        'actionField',
        'currency',
        'giftFlag',
        'giftOrder',
        'orTempId',
        'products',
        'shippingMethod',
        'shippingType',
        'shippingZipCode',
      ].sort(),
    );
    expect(tracking).toMatchObject({
      orTempId: placed.orderCode,
      currency: 'TWD',
      shippingType: 'EXPRESS',
      shippingMethod: 'EXPRESS_HOME',
      shippingZipCode: '220',
      giftOrder: 'Y',
      giftFlag: 'N',
    });
    expect(tracking.actionField).toEqual({ account: 3 * UNIT, discount: 0, total: 3 * UNIT + 100, freight: 100, couponId: null });
    // The tracking lines are the placed lines; the order page adds each line's picture, return rule and what is left to return.
    expect(tracking.products.map(({ summaryInfo: _, ...line }) => line)).toEqual(
      detail.products.map(({ imageUrl: _i, noReasonToReturnFlag: _n, returnableQty: _r, evaluated: _e, ...line }) => line),
    );
    expect(detail.products.map((l) => [l.imageUrl, l.noReasonToReturnFlag, l.returnableQty, l.evaluated])).toEqual([
      ['/media/products/L000002-01.jpg', 'Y', 1, 'N'],
      ['/media/products/L000001-01.jpg', 'Y', 2, 'N'],
    ]);
    expect(detail).toMatchObject({
      deliveryType: 'EXPRESS_HOME',
      address: { receiver: '王小明', mobile: '0912000111', region: 'TW', city: '台北市', detail: '信義路五段 7 號', zipCode: '220' },
      storeCode: null,
      store: null,
      invoice: { type: 'CLOUD', vehicle: 'MEMBER' },
      invoiceNo: null,
      payment: { method: 'COD', channel: null, paidAt: null, goods: 3 * UNIT },
      shipments: [],
      presale: null,
      payBy: null,
      finishedAt: null,
      cases: { refunds: [], exchanges: [], afterSales: [] },
    });
    expect(tracking.products[0]!.summaryInfo).toEqual({
      categoryNames: ['WOMEN', 'W01', 'W0101'],
      originPrice: 590,
      fullName: '圓領T恤 2',
      omsProductCodeSix: '000002',
      minPrice: UNIT,
      maxPrice: UNIT,
    });
    const services = JSON.parse(
      (env.db.prepare('SELECT services_json FROM order_checkout WHERE order_code = ?').get(placed.orderCode) as { services_json: string })
        .services_json,
    );
    expect(services).toContainEqual({ skuCode: sku(2).skuCode, alterMode: 'HEM', finalInseam: 70, caseFlag: 'Y' });
  });

  it('orders only the lines asked for when cartIds are given', async () => {
    const env = checkoutEnv();
    const me = await shopper(env, [
      [1, 1],
      [2, 1],
    ]);
    const ids = Object.fromEntries((await cartOf(env, me)).lines.map((l) => [l.productCode, l.cartId]));
    const before = state(env.db);
    expectFailure(await order(env, me, { ...PICKUP, cartIds: [ids.L000001!, '999999'] }), 'OD_CART_LINE_NOT_FOUND', { field: 'cartIds' });
    expect(state(env.db)).toEqual(before);
    const placed = expectSuccess('orderCreate', await order(env, me, { ...PICKUP, cartIds: [ids.L000002!] }));
    expect(placed.tracking.products.map((p) => p.productCode)).toEqual(['L000002']);
    expect((await cartOf(env, me)).lines.map((l) => l.cartId)).toEqual([ids.L000001]);
  });

  it('a short line fails the whole order with OD_STOCK_SHORTAGE naming its SKU, and nothing changes', async () => {
    const env = checkoutEnv();
    const me = await shopper(env, [
      [1, 1],
      [2, 3],
      [4, 2],
    ]);
    expectSuccess('couponCollect', await call(env.app, 'couponCollect', { couponId: 'CC001' }, { token: me.token }));
    setStock(env.db, sku(2).skuCode, 2);
    setStock(env.db, sku(4).skuCode, 0);
    const before = state(env.db);
    const failure = expectFailure(await order(env, me, { ...PICKUP, couponId: 'CC001' }), 'OD_STOCK_SHORTAGE', { field: null });
    expect(failure.msg).toContain(sku(2).skuCode);
    expect(failure.msg).toContain(sku(4).skuCode);
    expect(failure.msg).not.toContain(sku(1).skuCode);
    expect(state(env.db)).toEqual(before);
  });

  it('an empty cart, or one with nothing on sale, is OD_CART_EMPTY', async () => {
    const env = checkoutEnv();
    const me = await shopper(env, []);
    expectFailure(await order(env, me, PICKUP), 'OD_CART_EMPTY', { field: null });
    expectFailure(await call(env.app, 'checkoutPreview', { deliveryType: 'STORE_PICKUP' }, { token: me.token }), 'OD_CART_EMPTY', {
      field: null,
    });
    await addToCart(env, me, 1, 1);
    env.db.prepare("UPDATE products SET json = json_set(json, '$.enabledFlag', 'N') WHERE product_code = ?").run('L000001');
    expectFailure(await order(env, me, PICKUP), 'OD_CART_EMPTY', { field: null });
  });

  it('20 members ordering the last 5 units at once over real HTTP: exactly 5 orders, stock 0, never negative', async () => {
    const api = await startLocalApi({ catalogue: CHECKOUT_CATALOGUE });
    try {
      const post = async (path: string, body: unknown, token?: string) => {
        const res = await fetch(`${api.apiBase}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        });
        return (await res.json()) as { success: boolean; msgCode: string | null; resp: unknown };
      };
      const tokens = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const email = `racer${i}@linea.example`;
          const registered = await post('/auth/register', {
            name: `Racer ${String.fromCharCode(65 + i)}`,
            email,
            password: 'Race2026x',
            agreeTerms: true,
          });
          expect(registered.success).toBe(true);
          const confirmed = await post('/auth/register/confirm', { token: registrationTokenOf(api.db, email) });
          const token = (confirmed.resp as { accessToken: string }).accessToken;
          expect((await post('/cart/add', { ...sku(1), quantity: 1 }, token)).success).toBe(true);
          return token;
        }),
      );
      setStock(api.db, sku(1).skuCode, 5);
      const answers = await Promise.all(tokens.map((token) => post('/order/create', PICKUP, token)));
      expect(answers.filter((a) => a.success)).toHaveLength(5);
      expect(answers.filter((a) => !a.success).map((a) => a.msgCode)).toEqual(Array(15).fill('OD_STOCK_SHORTAGE'));
      expect(stockOf(api.db, sku(1).skuCode)).toBe(0);
      expect((api.db.prepare('SELECT COUNT(*) AS n FROM order_checkout').get() as { n: number }).n).toBe(5);
      expect((api.db.prepare('SELECT COUNT(*) AS n FROM cart_lines WHERE sku_code = ?').get(sku(1).skuCode) as { n: number }).n).toBe(
        15 + 1,
      );
    } finally {
      await api.close();
    }
  });
});
