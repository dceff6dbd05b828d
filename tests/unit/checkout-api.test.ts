/**
 * The checkout part of the local commerce API (scripts/local-commerce/checkout.ts) against
 * its contract (src/lib/api/contract-checkout.ts): the cart page, invoices, delivery and
 * payment rules, stock reservation (in-process, and 20 members at once over real HTTP), the
 * fake payment provider and coupons. Answers are parsed with the contract, as in
 * commerce-api.test.ts. The catalogue is the mini one with one product that can be hemmed
 * (L000002) and one that cannot be gift-wrapped (L000003); its prices are NT$490 a unit.
 */
import type { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PAYMENT_RETURN_PATHS } from '../../src/lib/api/contract-checkout.ts';
import { ENDPOINTS, envelopeSchema, failureEnvelopeSchema, type EndpointName, type RequestOf, type ResponseOf } from '../../src/lib/api/contract.ts';
import { DELIVERY_TYPES, DONATION_INVOICE_TARGETS, DONATION_TARGET_OMITTED_ON_SETTLEMENT, ONLINE_PAY_CHANNELS, PAYMENT_METHODS, PAYMENT_METHODS_BY_DELIVERY } from '../../src/lib/constants.ts';
import { level2ProductId } from '../../src/lib/product/product-id.ts';
import { createCommerceApp } from '../../scripts/local-commerce/app.ts';
import { openDatabase } from '../../scripts/local-commerce/db.ts';
import { DEMO_MEMBERS, seedDatabase } from '../../scripts/local-commerce/seed.ts';
import type { Catalogue } from '../../scripts/sample-data/catalogue-schema.ts';
import { startLocalApi } from '../fixtures/local-api.ts';
import { miniCatalogue } from '../fixtures/mini-catalogue.ts';

const DAY = 86_400_000;
const UNIT = 490;

function checkoutCatalogue(): Catalogue {
  const catalogue = miniCatalogue();
  const tuned = catalogue.products.map((p) => (p.productCode === 'L000002' ? { ...p, makePantsLengthFlag: 'Y' as const } : p.productCode === 'L000003' ? { ...p, caseFlag: 'N' as const } : p));
  return { ...catalogue, products: tuned };
}
const CATALOGUE = checkoutCatalogue();
const T0 = CATALOGUE.generatedAt;
/** SKU (size S) of mini-catalogue product n. */
const sku = (n: number) => ({ productCode: `L00000${n}`, skuCode: `L00000${n}01002` });

// ---------------------------------------------------------------------------------------
// Harness

type App = ReturnType<typeof createCommerceApp>;
interface Env {
  db: DatabaseSync;
  app: App;
  clock: { now: number };
}
function fresh(): Env {
  const db = openDatabase(':memory:');
  seedDatabase(db, CATALOGUE);
  const clock = { now: T0 };
  // Tests move the clock by days (coupon windows): access tokens must outlive that.
  return { db, clock, app: createCommerceApp({ db, now: () => clock.now, accessTokenTtlSeconds: 365 * 86_400 }) };
}

interface Answer {
  status: number;
  text: string;
  json: unknown;
}
async function call<N extends EndpointName>(app: App, name: N, body: RequestOf<N> | Record<string, unknown>, token?: string): Promise<Answer> {
  const definition = ENDPOINTS[name];
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const init: RequestInit = { method: definition.method, headers };
  if (definition.method === 'POST') {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const res = await app.request(`/api${definition.path}`, init);
  const text = await res.text();
  return { status: res.status, text, json: JSON.parse(text) };
}

/** A success, parsed by the contract; the API may answer no field the contract lacks. */
function expectSuccess<N extends EndpointName>(name: N, answer: Answer): ResponseOf<N> {
  expect(answer.status, `${name} → ${answer.text}`).toBe(200);
  const parsed = envelopeSchema(ENDPOINTS[name].resp).safeParse(answer.json);
  if (!parsed.success) throw new Error(`${name}: the answer does not match the contract\n${z.prettifyError(parsed.error)}\n${answer.text.slice(0, 2000)}`);
  expect(parsed.data, `${name}: fields the contract does not describe`).toEqual(answer.json);
  expect(parsed.data.success, `${name} → ${answer.text}`).toBe(true);
  return parsed.data.resp as ResponseOf<N>;
}
function expectFailure(answer: Answer, msgCode: string, field: string | null = null) {
  expect(answer.status, answer.text).toBe(200);
  const envelope = failureEnvelopeSchema.parse(answer.json);
  expect(envelope.msgCode, answer.text).toBe(msgCode);
  expect(envelope.resp?.field ?? null, answer.text).toBe(field);
  return envelope;
}

/** Everything an order touches, to show that a refused one changes nothing. */
function state(db: DatabaseSync) {
  const rows = (sql: string) => db.prepare(sql).all();
  return { cart: rows('SELECT * FROM cart_lines ORDER BY cart_id'), skus: rows('SELECT sku_code, stock FROM skus ORDER BY sku_code'), records: rows('SELECT * FROM records ORDER BY kind, id'), checkout: rows('SELECT * FROM order_checkout ORDER BY seq') };
}
const stockOf = (db: DatabaseSync, skuCode: string) => (db.prepare('SELECT stock FROM skus WHERE sku_code = ?').get(skuCode) as { stock: number }).stock;
const setStock = (db: DatabaseSync, skuCode: string, stock: number) => db.prepare('UPDATE skus SET stock = ? WHERE sku_code = ?').run(stock, skuCode);

interface Shopper {
  token: string;
  memberId: string;
}
let shoppers = 0;
/** A newly registered member with these lines in the cart: [product number, quantity]. */
async function shopper(env: Env, lines: Array<[number, number]> = [[1, 1]]): Promise<Shopper> {
  const email = `shopper${++shoppers}@linea.example`;
  const session = expectSuccess('register', await call(env.app, 'register', { name: 'Shopper', email, password: 'Shop2026x', agreeTerms: true }));
  const me = { token: session.accessToken, memberId: session.member.userId };
  for (const [n, quantity] of lines) await addToCart(env, me, n, quantity);
  return me;
}
const addToCart = async (env: Env, me: Shopper, n: number, quantity: number) => expectSuccess('cartAdd', await call(env.app, 'cartAdd', { ...sku(n), quantity }, me.token));
async function addressOf(env: Env, me: Shopper, zipCode = '106') {
  return expectSuccess('addressSave', await call(env.app, 'addressSave', { receiver: '王小明', mobile: '0912000111', region: 'TW', city: '台北市', detail: '信義路五段 7 號', zipCode, isDefault: 'Y' }, me.token)).addressId;
}
const cartOf = async (env: Env, me: Shopper) => expectSuccess('cartDetail', await call(env.app, 'cartDetail', {}, me.token));

const PICKUP = { deliveryType: 'STORE_PICKUP', storeCode: 'TPE001', invoice: { type: 'CLOUD', vehicle: 'MEMBER' }, paymentMethod: 'PAY_IN_STORE', from: 'cart' } as const satisfies RequestOf<'orderCreate'>;
const order = (env: Env, me: Shopper, body: RequestOf<'orderCreate'> | Record<string, unknown>) => call(env.app, 'orderCreate', body, me.token);

// ---------------------------------------------------------------------------------------

describe('the cart page', () => {
  it('lists every line, flags the ones that cannot be ordered, and sums only the valid ones', async () => {
    const env = fresh();
    const me = await shopper(env, [[1, 3], [2, 1], [3, 2], [4, 2]]);
    setStock(env.db, sku(2).skuCode, 0);
    setStock(env.db, sku(3).skuCode, 1);
    env.db.prepare("UPDATE products SET json = json_set(json, '$.approval', 'UNLIST') WHERE product_code = ?").run('L000004');

    const cart = await cartOf(env, me);
    const reason = Object.fromEntries(cart.lines.map((l) => [l.productCode, l.invalidReason]));
    expect(reason).toEqual({ L000001: null, L000002: 'SOLD_OUT', L000003: 'STOCK_SHORT', L000004: 'OFF_SALE' });
    for (const line of cart.lines) expect(line.invalid).toBe(line.invalidReason !== null);
    expect(cart.currency).toBe('TWD');
    expect(cart.summary).toEqual({ itemCount: 3, subtotal: 3 * UNIT, discount: 0, couponId: null, freight: 0, total: 3 * UNIT });

    const line = cart.lines.find((l) => l.productCode === 'L000001')!;
    const catalogueSku = CATALOGUE.products[0]!.skus.find((s) => s.skuCode === line.skuCode)!;
    expect(line.productId).toBe(level2ProductId(catalogueSku.omsSkuCode, catalogueSku.colorNo, catalogueSku.sizeNo));
    expect(line).toMatchObject({ quantity: 3, lineTotal: 3 * UNIT, caseFlag: 'N', giftFlag: 'N', alterMode: null, finalInseam: null, serviceFlags: { makePantsLengthFlag: 'N', caseFlag: 'Y' } });
  });

  it("applies the member's best usable coupon to the summary", async () => {
    const env = fresh();
    const me = await shopper(env, [[1, 3]]);
    expectSuccess('couponCollect', await call(env.app, 'couponCollect', { couponId: 'CC001' }, me.token));
    expectSuccess('couponCollect', await call(env.app, 'couponCollect', { couponId: 'CC002' }, me.token));
    // 1,470: CC001 (150 from 1,000) applies; CC002 (500 from 3,000) does not yet.
    expect((await cartOf(env, me)).summary).toMatchObject({ subtotal: 1470, discount: 150, couponId: 'CC001', total: 1320 });
    await addToCart(env, me, 1, 4);
    expect((await cartOf(env, me)).summary).toMatchObject({ subtotal: 3430, discount: 500, couponId: 'CC002', total: 2930 });
  });

  it('sets and clears the hem only on a product that can be hemmed, and wrapping only on one that can be wrapped', async () => {
    const env = fresh();
    const me = await shopper(env, [[1, 1], [2, 1], [3, 1]]);
    const ids = Object.fromEntries((await cartOf(env, me)).lines.map((l) => [l.productCode, l.cartId]));
    const options = (body: RequestOf<'cartOptions'>) => call(env.app, 'cartOptions', body, me.token);

    const hemmed = expectSuccess('cartOptions', await options({ cartId: ids.L000002!, alterMode: 'HEM', finalInseam: 72.5, caseFlag: 'Y' }));
    expect(hemmed.lines.find((l) => l.cartId === ids.L000002)).toMatchObject({ alterMode: 'HEM', finalInseam: 72.5, caseFlag: 'Y' });
    // Leaving the hem out leaves it as it is.
    const wrappedOff = expectSuccess('cartOptions', await options({ cartId: ids.L000002!, caseFlag: 'N' }));
    expect(wrappedOff.lines.find((l) => l.cartId === ids.L000002)).toMatchObject({ alterMode: 'HEM', finalInseam: 72.5, caseFlag: 'N' });
    const cleared = expectSuccess('cartOptions', await options({ cartId: ids.L000002!, alterMode: null, finalInseam: null }));
    expect(cleared.lines.find((l) => l.cartId === ids.L000002)).toMatchObject({ alterMode: null, finalInseam: null });

    const before = state(env.db);
    expectFailure(await options({ cartId: ids.L000001!, alterMode: 'HEM', finalInseam: 70 }), 'CART_HEM_NOT_AVAILABLE', 'alterMode');
    expectFailure(await options({ cartId: ids.L000003!, caseFlag: 'Y' }), 'CART_CASE_NOT_AVAILABLE', 'caseFlag');
    expectFailure(await options({ cartId: ids.L000002!, alterMode: 'HEM' }), 'CART_HEM_INSEAM_REQUIRED', 'finalInseam');
    expectFailure(await options({ cartId: ids.L000002!, finalInseam: 70 }), 'CART_HEM_MODE_REQUIRED', 'alterMode');
    expectFailure(await options({ cartId: ids.L000002!, alterMode: 'HEM', finalInseam: 20 }), 'CART_HEM_INSEAM_RANGE', 'finalInseam');
    expectFailure(await options({ cartId: ids.L000002!, alterMode: 'hem', finalInseam: 70 }), 'CART_HEM_MODE_FORMAT', 'alterMode');
    const other = await shopper(env, []);
    expectFailure(await call(env.app, 'cartOptions', { cartId: ids.L000002!, caseFlag: 'N' }, other.token), 'CART_LINE_NOT_FOUND', 'cartId');
    expect(state(env.db).cart).toEqual(before.cart);
  });
});

describe('invoices', () => {
  const valid: Array<RequestOf<'orderCreate'>['invoice']> = [
    { type: 'CLOUD', vehicle: 'MEMBER' },
    { type: 'CLOUD', vehicle: 'PHONE', vehicleCode: '/AB+9.-Z' },
    { type: 'CLOUD', vehicle: 'CERTIFICATE', vehicleCode: 'AB12345678901234' },
    { type: 'COMPANY', taxId: '12345678', title: '線上服飾股份有限公司' },
    ...DONATION_INVOICE_TARGETS.map((target) => ({ type: 'DONATION' as const, target })),
  ];

  it('accepts every kind of invoice, and every donation target from the cart', async () => {
    const env = fresh();
    const me = await shopper(env, []);
    for (const invoice of valid) {
      await addToCart(env, me, 1, 1);
      expectSuccess('orderCreate', await order(env, me, { ...PICKUP, invoice }));
      const stored = env.db.prepare('SELECT invoice_json FROM order_checkout ORDER BY seq DESC LIMIT 1').get() as { invoice_json: string };
      expect(JSON.parse(stored.invoice_json)).toEqual(invoice);
    }
  });

  it(`refuses donation target ${DONATION_TARGET_OMITTED_ON_SETTLEMENT} from the settlement page only`, async () => {
    const env = fresh();
    const me = await shopper(env, [[1, 1]]);
    const before = state(env.db);
    expectFailure(await order(env, me, { ...PICKUP, from: 'settlement', invoice: { type: 'DONATION', target: DONATION_TARGET_OMITTED_ON_SETTLEMENT } }), 'OD_INVOICE_DONATION_TARGET', 'invoice.target');
    expect(state(env.db)).toEqual(before);
    for (const target of DONATION_INVOICE_TARGETS.filter((t) => t !== DONATION_TARGET_OMITTED_ON_SETTLEMENT)) {
      expectSuccess('orderCreate', await order(env, me, { ...PICKUP, from: 'settlement', invoice: { type: 'DONATION', target } }));
      await addToCart(env, me, 1, 1);
    }
  });

  it('rejects each malformed invoice, naming its field, and changes nothing', async () => {
    const env = fresh();
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
    for (const [invoice, msgCode, field] of cases) expectFailure(await order(env, me, { ...PICKUP, invoice }), msgCode, field);
    expect(state(env.db)).toEqual(before);
  });
});

describe('delivery and payment', () => {
  const addressTypes = ['EXPRESS_HOME', 'DIRECT_SITE'] as const;
  const storeTypes = ['CVS_711', 'CVS_FAMILY', 'STORE_PICKUP'] as const;

  it('every delivery type needs its address or its store, and is stored with it', async () => {
    expect([...addressTypes, ...storeTypes].sort()).toEqual([...DELIVERY_TYPES].sort());
    const env = fresh();
    const me = await shopper(env, []);
    const addressId = await addressOf(env, me, '110');
    const base = { invoice: { type: 'CLOUD', vehicle: 'MEMBER' }, paymentMethod: 'ONLINE', payChannel: 'CARD', from: 'cart' } as const;
    for (const deliveryType of DELIVERY_TYPES) {
      await addToCart(env, me, 1, 1);
      const before = state(env.db);
      const byAddress = (addressTypes as readonly string[]).includes(deliveryType);
      expectFailure(await order(env, me, { ...base, deliveryType }), byAddress ? 'OD_ADDRESS_REQUIRED' : 'OD_STORE_REQUIRED', byAddress ? 'addressId' : 'storeCode');
      // The other one does not stand in for it.
      expectFailure(await order(env, me, { ...base, deliveryType, ...(byAddress ? { storeCode: 'TPE001' } : { addressId }) }), byAddress ? 'OD_ADDRESS_REQUIRED' : 'OD_STORE_REQUIRED', byAddress ? 'addressId' : 'storeCode');
      expect(state(env.db)).toEqual(before);

      const placed = expectSuccess('orderCreate', await order(env, me, { ...base, deliveryType, ...(byAddress ? { addressId } : { storeCode: 'TPE001' }) }));
      expect(placed.tracking).toMatchObject({ shippingMethod: deliveryType, shippingType: deliveryType === 'STORE_PICKUP' ? 'PICKUP' : 'EXPRESS', shippingZipCode: byAddress ? '110' : '0' });
      const stored = env.db.prepare('SELECT delivery_type, store_code, address_json FROM order_checkout WHERE order_code = ?').get(placed.orderCode) as { delivery_type: string; store_code: string | null; address_json: string | null };
      expect(stored.delivery_type).toBe(deliveryType);
      expect(stored.store_code).toBe(byAddress ? null : 'TPE001');
      expect(stored.address_json === null ? null : (JSON.parse(stored.address_json) as { addressId: string }).addressId).toBe(byAddress ? addressId : null);
    }
  });

  it("refuses an unknown address, another member's address and a malformed store code", async () => {
    const env = fresh();
    const me = await shopper(env, [[1, 1]]);
    const other = await shopper(env, []);
    const theirs = await addressOf(env, other);
    const base = { ...PICKUP, deliveryType: 'EXPRESS_HOME', paymentMethod: 'COD', storeCode: undefined } as const;
    const before = state(env.db);
    expectFailure(await order(env, me, { ...base, addressId: 'A-NOPE' }), 'OD_ADDRESS_NOT_FOUND', 'addressId');
    expectFailure(await order(env, me, { ...base, addressId: theirs }), 'OD_ADDRESS_NOT_FOUND', 'addressId');
    expectFailure(await order(env, me, { ...PICKUP, storeCode: 'TPE 001' }), 'OD_STORE_CODE_FORMAT', 'storeCode');
    expect(state(env.db)).toEqual(before);
  });

  it('takes each payment method only with the delivery types it goes with', async () => {
    const env = fresh();
    const me = await shopper(env, []);
    const addressId = await addressOf(env, me);
    const where = (deliveryType: (typeof DELIVERY_TYPES)[number]) => ((addressTypes as readonly string[]).includes(deliveryType) ? { addressId } : { storeCode: 'TPE001' });
    // The rule as the table says it: COD never with a store pickup, PAY_IN_STORE only with one.
    expect(PAYMENT_METHODS_BY_DELIVERY.STORE_PICKUP).not.toContain('COD');
    for (const d of DELIVERY_TYPES) expect(PAYMENT_METHODS_BY_DELIVERY[d].includes('PAY_IN_STORE')).toBe(d === 'STORE_PICKUP');

    for (const deliveryType of DELIVERY_TYPES) {
      for (const paymentMethod of PAYMENT_METHODS) {
        await addToCart(env, me, 1, 1);
        const body = { deliveryType, ...where(deliveryType), invoice: { type: 'CLOUD', vehicle: 'MEMBER' }, paymentMethod, ...(paymentMethod === 'ONLINE' ? { payChannel: 'WALLET' } : {}), from: 'cart' } as const;
        const answer = await order(env, me, body);
        if (PAYMENT_METHODS_BY_DELIVERY[deliveryType].includes(paymentMethod)) {
          const placed = expectSuccess('orderCreate', answer);
          expect(placed.status).toBe(paymentMethod === 'ONLINE' ? 'UNPAID' : 'WAIT_SHIP');
          expect(placed.payUrl === null).toBe(paymentMethod !== 'ONLINE');
        } else {
          expectFailure(answer, 'OD_PAYMENT_NOT_FOR_DELIVERY', 'paymentMethod');
        }
      }
    }
    await addToCart(env, me, 1, 1);
    expectFailure(await order(env, me, { ...PICKUP, paymentMethod: 'ONLINE' }), 'OD_PAY_CHANNEL_REQUIRED', 'payChannel');
    expectFailure(await order(env, me, { ...PICKUP, paymentMethod: 'ONLINE', payChannel: 'CASH' }), 'OD_PAY_CHANNEL', 'payChannel');
    expectFailure(await order(env, me, { ...PICKUP, payChannel: 'CARD' }), 'OD_PAY_CHANNEL_UNEXPECTED', 'payChannel');
    expectFailure(await order(env, me, { ...PICKUP, paymentMethod: 'CHEQUE' }), 'OD_PAYMENT_METHOD', 'paymentMethod');
    expectFailure(await order(env, me, { ...PICKUP, deliveryType: 'DRONE' }), 'OD_DELIVERY_TYPE', 'deliveryType');
  });

  it('freight: by delivery type, free from a subtotal after discount', async () => {
    const env = fresh();
    const me = await shopper(env, [[1, 1]]);
    const preview = async (deliveryType: (typeof DELIVERY_TYPES)[number]) => expectSuccess('checkoutPreview', await call(env.app, 'checkoutPreview', { deliveryType, couponId: null }, me.token));
    const small = Object.fromEntries(await Promise.all(DELIVERY_TYPES.map(async (d) => [d, (await preview(d)).summary.freight])));
    expect(small).toEqual({ EXPRESS_HOME: 100, CVS_711: 60, CVS_FAMILY: 60, STORE_PICKUP: 0, DIRECT_SITE: 150 });
    const home = await preview('EXPRESS_HOME');
    expect(home.freeFreightFrom).toBe(1500);
    expect(home.summary.total).toBe(UNIT + 100);
    expect((await preview('STORE_PICKUP')).freeFreightFrom).toBeNull();

    await addToCart(env, me, 1, 3); // 1,960
    expect((await preview('EXPRESS_HOME')).summary.freight).toBe(0);
    expect((await preview('DIRECT_SITE')).summary.freight).toBe(150);
    // Discounted below the line, the freight is back.
    expectSuccess('couponCollect', await call(env.app, 'couponCollect', { couponId: 'CC002' }, me.token));
    await addToCart(env, me, 2, 3); // 3,430 − 500 = 2,930
    const discounted = expectSuccess('checkoutPreview', await call(env.app, 'checkoutPreview', { deliveryType: 'DIRECT_SITE', couponId: 'CC002' }, me.token));
    expect(discounted.summary).toMatchObject({ subtotal: 3430, discount: 500, freight: 150, total: 3080 });
  });
});

describe('placing an order', () => {
  it('reserves stock, removes the ordered lines and leaves the rest; orderList and orderDetail show it with level-2 ids; the tracking payload is spec §3', async () => {
    const env = fresh();
    const me = await shopper(env, [[1, 2], [2, 1], [3, 1]]);
    const addressId = await addressOf(env, me, '220');
    env.db.prepare("UPDATE products SET json = json_set(json, '$.enabledFlag', 'N') WHERE product_code = ?").run('L000003');
    const ids = Object.fromEntries((await cartOf(env, me)).lines.map((l) => [l.productCode, l.cartId]));
    expectSuccess('cartOptions', await call(env.app, 'cartOptions', { cartId: ids.L000002!, alterMode: 'HEM', finalInseam: 70, caseFlag: 'Y' }, me.token));
    const stockBefore = [1, 2, 3].map((n) => stockOf(env.db, sku(n).skuCode));

    const placed = expectSuccess('orderCreate', await order(env, me, { deliveryType: 'EXPRESS_HOME', addressId, invoice: { type: 'CLOUD', vehicle: 'MEMBER' }, paymentMethod: 'COD', from: 'cart' }));
    // 1,470 is under the free-freight line of a home delivery.
    expect(placed).toMatchObject({ status: 'WAIT_SHIP', total: 3 * UNIT + 100, payUrl: null });
    expect([1, 2, 3].map((n) => stockOf(env.db, sku(n).skuCode))).toEqual([stockBefore[0]! - 2, stockBefore[1]! - 1, stockBefore[2]]);
    expect((await cartOf(env, me)).lines.map((l) => l.productCode)).toEqual(['L000003']);

    const list = expectSuccess('orderList', await call(env.app, 'orderList', { page: 1, pageSize: 10 }, me.token));
    expect(list.total).toBe(1);
    const detail = expectSuccess('orderDetail', await call(env.app, 'orderDetail', { orderCode: placed.orderCode }, me.token));
    expect(list.list[0]).toEqual(detail);
    expect(detail).toMatchObject({ orderCode: placed.orderCode, status: 'WAIT_SHIP', orderType: 'DEFAULT', shippingType: 'EXPRESS', discount: 0, freight: 100, total: 3 * UNIT + 100, couponId: null, createdAt: T0 });
    for (const line of detail.products) {
      const catalogueSku = CATALOGUE.products.flatMap((p) => p.skus).find((s) => s.skuCode === line.skuCode)!;
      expect(line.productId).toBe(level2ProductId(catalogueSku.omsSkuCode, catalogueSku.colorNo, catalogueSku.sizeNo));
      expect(line.productDetailInfo.omsSkuCode).toBe(catalogueSku.omsSkuCode);
    }
    expect(detail.products.map((l) => [l.productCode, l.quantity, l.giftFlag])).toEqual([['L000002', 1, 'N'], ['L000001', 2, 'N']]);

    const { tracking } = placed;
    expect(Object.keys(tracking).sort()).toEqual(['actionField', 'giftFlag', 'giftOrder', 'orTempId', 'products', 'shippingMethod', 'shippingType', 'shippingZipCode'].sort());
    expect(tracking).toMatchObject({ orTempId: placed.orderCode, shippingType: 'EXPRESS', shippingMethod: 'EXPRESS_HOME', shippingZipCode: '220', giftOrder: 'Y', giftFlag: 'N' });
    expect(tracking.actionField).toEqual({ account: 3 * UNIT, discount: 0, total: 3 * UNIT + 100, freight: 100, couponId: null });
    expect(tracking.products.map(({ summaryInfo: _, ...line }) => line)).toEqual(detail.products);
    expect(tracking.products[0]!.summaryInfo).toEqual({ categoryNames: ['WOMEN', 'W01', 'W0101'], originPrice: 590, fullName: '圓領T恤 2', omsProductCodeSix: '000002', minPrice: UNIT, maxPrice: UNIT });
    const services = JSON.parse((env.db.prepare('SELECT services_json FROM order_checkout WHERE order_code = ?').get(placed.orderCode) as { services_json: string }).services_json);
    expect(services).toContainEqual({ skuCode: sku(2).skuCode, alterMode: 'HEM', finalInseam: 70, caseFlag: 'Y' });
  });

  it('orders only the lines asked for when cartIds are given', async () => {
    const env = fresh();
    const me = await shopper(env, [[1, 1], [2, 1]]);
    const ids = Object.fromEntries((await cartOf(env, me)).lines.map((l) => [l.productCode, l.cartId]));
    const before = state(env.db);
    expectFailure(await order(env, me, { ...PICKUP, cartIds: [ids.L000001!, '999999'] }), 'OD_CART_LINE_NOT_FOUND', 'cartIds');
    expect(state(env.db)).toEqual(before);
    const placed = expectSuccess('orderCreate', await order(env, me, { ...PICKUP, cartIds: [ids.L000002!] }));
    expect(placed.tracking.products.map((p) => p.productCode)).toEqual(['L000002']);
    expect((await cartOf(env, me)).lines.map((l) => l.cartId)).toEqual([ids.L000001]);
  });

  it('a short line fails the whole order with OD_STOCK_SHORTAGE naming its SKU, and nothing changes', async () => {
    const env = fresh();
    const me = await shopper(env, [[1, 1], [2, 3], [4, 2]]);
    expectSuccess('couponCollect', await call(env.app, 'couponCollect', { couponId: 'CC001' }, me.token));
    setStock(env.db, sku(2).skuCode, 2);
    setStock(env.db, sku(4).skuCode, 0);
    const before = state(env.db);
    const failure = expectFailure(await order(env, me, { ...PICKUP, couponId: 'CC001' }), 'OD_STOCK_SHORTAGE');
    expect(failure.msg).toContain(sku(2).skuCode);
    expect(failure.msg).toContain(sku(4).skuCode);
    expect(failure.msg).not.toContain(sku(1).skuCode);
    expect(state(env.db)).toEqual(before);
  });

  it('an empty cart, or one with nothing on sale, is OD_CART_EMPTY', async () => {
    const env = fresh();
    const me = await shopper(env, []);
    expectFailure(await order(env, me, PICKUP), 'OD_CART_EMPTY');
    expectFailure(await call(env.app, 'checkoutPreview', { deliveryType: 'STORE_PICKUP' }, me.token), 'OD_CART_EMPTY');
    await addToCart(env, me, 1, 1);
    env.db.prepare("UPDATE products SET json = json_set(json, '$.enabledFlag', 'N') WHERE product_code = ?").run('L000001');
    expectFailure(await order(env, me, PICKUP), 'OD_CART_EMPTY');
  });

  it('20 members ordering the last 5 units at once over real HTTP: exactly 5 orders, stock 0, never negative', async () => {
    const api = await startLocalApi({ catalogue: CATALOGUE });
    try {
      const post = async (path: string, body: unknown, token?: string) => {
        const res = await fetch(`${api.apiBase}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
        return (await res.json()) as { success: boolean; msgCode: string | null; resp: unknown };
      };
      const tokens = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const registered = await post('/auth/register', { name: `Racer ${i}`, email: `racer${i}@linea.example`, password: 'Race2026x', agreeTerms: true });
          const token = (registered.resp as { accessToken: string }).accessToken;
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
      expect((api.db.prepare('SELECT COUNT(*) AS n FROM cart_lines WHERE sku_code = ?').get(sku(1).skuCode) as { n: number }).n).toBe(15 + 1);
    } finally {
      await api.close();
    }
  });
});

describe('the fake payment provider', () => {
  async function onlineOrder(env: Env, me: Shopper, payChannel: (typeof ONLINE_PAY_CHANNELS)[number]) {
    await addToCart(env, me, 1, 1);
    const placed = expectSuccess('orderCreate', await order(env, me, { ...PICKUP, paymentMethod: 'ONLINE', payChannel }));
    expect(placed.status).toBe('UNPAID');
    return placed;
  }
  const formPost = (app: App, payUrl: string, fields: Record<string, string>) =>
    app.request(new URL(payUrl, 'http://store.invalid').pathname, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
  const tokenOf = (payUrl: string) => new URL(payUrl, 'http://store.invalid').searchParams.get('token')!;

  it("pays: the page shows the amount, paying marks the order WAIT_SHIP and returns to the channel's fixed page", async () => {
    const env = fresh();
    const me = await shopper(env, []);
    for (const channel of ONLINE_PAY_CHANNELS) {
      const placed = await onlineOrder(env, me, channel);
      const page = await env.app.request(placed.payUrl!);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(`Pay NT$${placed.total}`);
      expect(html).toContain('Cancel');
      expect(expectSuccess('orderPayStatus', await call(env.app, 'orderPayStatus', { orderCode: placed.orderCode }, me.token))).toEqual({ orderCode: placed.orderCode, status: 'UNPAID', paid: false });

      // A return address in the request is never followed.
      const res = await formPost(env.app, placed.payUrl!, { token: tokenOf(placed.payUrl!), action: 'pay', return_url: 'https://evil.example/x', redirect_url: '//evil.example' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`${PAYMENT_RETURN_PATHS[channel]}?orderCode=${placed.orderCode}&result=success`);
      expect(expectSuccess('orderPayStatus', await call(env.app, 'orderPayStatus', { orderCode: placed.orderCode }, me.token))).toEqual({ orderCode: placed.orderCode, status: 'WAIT_SHIP', paid: true });
      expect(expectSuccess('orderDetail', await call(env.app, 'orderDetail', { orderCode: placed.orderCode }, me.token)).status).toBe('WAIT_SHIP');
      expect(expectSuccess('orderList', await call(env.app, 'orderList', { status: 'WAIT_SHIP' }, me.token)).list.map((o) => o.orderCode)).toContain(placed.orderCode);
    }
    expect(Object.values(PAYMENT_RETURN_PATHS)).toEqual(['/payment/return/card.html', '/payment/return/union-card.html', '/payment/return/wallet.html', '/payment/return/bank-a.html', '/payment/return/bank-b.html']);
  });

  it('cancel cancels the order: its stock goes back on sale and its items back into the cart; it cannot be paid after', async () => {
    const env = fresh();
    const me = await shopper(env, []);
    const placed = await onlineOrder(env, me, 'BANK_A');
    const line = expectSuccess('orderDetail', await call(env.app, 'orderDetail', { orderCode: placed.orderCode }, me.token)).products[0]!;
    const stockOf = () => (env.db.prepare('SELECT stock FROM skus WHERE sku_code = ?').get(line.skuCode) as { stock: number }).stock;
    const held = stockOf();
    const cancelled = await formPost(env.app, placed.payUrl!, { token: tokenOf(placed.payUrl!), action: 'cancel' });
    expect(cancelled.status).toBe(302);
    expect(cancelled.headers.get('location')).toBe(`/payment/return/bank-a.html?orderCode=${placed.orderCode}&result=failed`);
    expect(expectSuccess('orderPayStatus', await call(env.app, 'orderPayStatus', { orderCode: placed.orderCode }, me.token))).toEqual({ orderCode: placed.orderCode, status: 'CANCELLED', paid: false });
    expect(stockOf()).toBe(held + line.quantity);
    const cart = expectSuccess('cartDetail', await call(env.app, 'cartDetail', {}, me.token));
    expect(cart.lines.find((l) => l.skuCode === line.skuCode)?.quantity).toBe(line.quantity);
    // The provider's page cannot pay a cancelled order, and a second cancel changes nothing.
    const late = await formPost(env.app, placed.payUrl!, { token: tokenOf(placed.payUrl!), action: 'pay' });
    expect(late.headers.get('location')).toContain('result=failed');
    await formPost(env.app, placed.payUrl!, { token: tokenOf(placed.payUrl!), action: 'cancel' });
    expect(stockOf()).toBe(held + line.quantity);
  });

  it('paying twice is still a success, and cancelling a paid order changes nothing', async () => {
    const env = fresh();
    const me = await shopper(env, []);
    const placed = await onlineOrder(env, me, 'BANK_B');
    for (let i = 0; i < 2; i++) {
      const paid = await formPost(env.app, placed.payUrl!, { token: tokenOf(placed.payUrl!), action: 'pay' });
      expect(paid.headers.get('location')).toContain('result=success');
    }
    const late = await formPost(env.app, placed.payUrl!, { token: tokenOf(placed.payUrl!), action: 'cancel' });
    expect(late.headers.get('location')).toContain('result=failed');
    expect(expectSuccess('orderPayStatus', await call(env.app, 'orderPayStatus', { orderCode: placed.orderCode }, me.token))).toMatchObject({ status: 'WAIT_SHIP', paid: true });
  });

  it('needs the payment token and the channel of the order; another member cannot read the status', async () => {
    const env = fresh();
    const me = await shopper(env, []);
    const placed = await onlineOrder(env, me, 'CARD');
    const url = new URL(placed.payUrl!, 'http://store.invalid');
    expect((await env.app.request(`${url.pathname}?channel=CARD&token=wrong`)).status).toBe(404);
    expect((await env.app.request(`${url.pathname}?channel=WALLET&token=${tokenOf(placed.payUrl!)}`)).status).toBe(404);
    const before = state(env.db);
    expect((await formPost(env.app, placed.payUrl!, { token: 'wrong', action: 'pay' })).status).toBe(404);
    expect(state(env.db)).toEqual(before);

    const other = await shopper(env, []);
    expectFailure(await call(env.app, 'orderPayStatus', { orderCode: placed.orderCode }, other.token), 'ORDER_NOT_FOUND', 'orderCode');
    expectFailure(await call(env.app, 'orderPayStatus', { orderCode: 'O-NOPE' }, me.token), 'ORDER_NOT_FOUND', 'orderCode');
    // An order paid on delivery or in store has no online payment.
    await addToCart(env, me, 1, 1);
    const inStore = expectSuccess('orderCreate', await order(env, me, PICKUP));
    expect(expectSuccess('orderPayStatus', await call(env.app, 'orderPayStatus', { orderCode: inStore.orderCode }, me.token))).toEqual({ orderCode: inStore.orderCode, status: 'WAIT_SHIP', paid: false });
  });
});

describe('coupons', () => {
  it('lists the collectable coupons that have not ended, or one by id', async () => {
    const env = fresh();
    const list = expectSuccess('couponCollectable', await call(env.app, 'couponCollectable', {}));
    expect(list.map((c) => c.couponId)).toEqual(['CC001', 'CC002', 'CC003']);
    for (const coupon of list) {
      expect(coupon.title.length * coupon.description.length).toBeGreaterThan(0);
      expect(coupon.startDate).toBeLessThan(coupon.endDate);
    }
    env.clock.now = T0 + 20 * DAY;
    expect(expectSuccess('couponCollectable', await call(env.app, 'couponCollectable', {})).map((c) => c.couponId)).toEqual(['CC001', 'CC003']);
    expect(expectSuccess('couponCollectable', await call(env.app, 'couponCollectable', { couponId: 'CC002' }))).toEqual([list[1]]);
    expectFailure(await call(env.app, 'couponCollectable', { couponId: 'NOPE' }), 'COUPON_NOT_FOUND', 'couponId');
  });

  it('collects once; unknown and ended coupons are refused', async () => {
    const env = fresh();
    const me = await shopper(env, []);
    const coupon = expectSuccess('couponCollect', await call(env.app, 'couponCollect', { couponId: 'CC001' }, me.token));
    expect(coupon).toMatchObject({ couponId: 'CC001', discount: 150, threshold: 1000, used: 'N' });
    expectFailure(await call(env.app, 'couponCollect', { couponId: 'CC001' }, me.token), 'COUPON_ALREADY_COLLECTED', 'couponId');
    expect(expectSuccess('couponList', await call(env.app, 'couponList', { page: 1, pageSize: 10 }, me.token)).list).toEqual([coupon]);
    expectFailure(await call(env.app, 'couponCollect', { couponId: 'NOPE' }, me.token), 'COUPON_NOT_FOUND', 'couponId');
    env.clock.now = T0 + 15 * DAY;
    expectFailure(await call(env.app, 'couponCollect', { couponId: 'CC002' }, me.token), 'COUPON_EXPIRED', 'couponId');
    // Another member collects the same coupon for themselves.
    const other = await shopper(env, []);
    expectSuccess('couponCollect', await call(env.app, 'couponCollect', { couponId: 'CC001' }, other.token));
    // The demo member already holds seeded coupons; collecting a new one adds to them.
    const demo = expectSuccess('login', await call(env.app, 'login', { account: DEMO_MEMBERS[0].email, password: DEMO_MEMBERS[0].password }));
    const held = expectSuccess('couponList', await call(env.app, 'couponList', { page: 1, pageSize: 50 }, demo.accessToken)).total;
    expectSuccess('couponCollect', await call(env.app, 'couponCollect', { couponId: 'CC001' }, demo.accessToken));
    expect(expectSuccess('couponList', await call(env.app, 'couponList', { page: 1, pageSize: 50 }, demo.accessToken)).total).toBe(held + 1);
  });

  it('a collected coupon discounts the preview and the order from its threshold, once', async () => {
    const env = fresh();
    const me = await shopper(env, [[1, 3]]); // 1,470
    expectSuccess('couponCollect', await call(env.app, 'couponCollect', { couponId: 'CC001' }, me.token));
    const preview = expectSuccess('checkoutPreview', await call(env.app, 'checkoutPreview', { deliveryType: 'EXPRESS_HOME', couponId: 'CC001' }, me.token));
    expect(preview.summary).toEqual({ itemCount: 3, subtotal: 1470, discount: 150, couponId: 'CC001', freight: 100, total: 1420 });
    expect(preview.coupons.map((c) => c.couponId)).toEqual(['CC001']);
    // Omitted: the best usable one; null: none.
    expect(expectSuccess('checkoutPreview', await call(env.app, 'checkoutPreview', { deliveryType: 'EXPRESS_HOME' }, me.token)).summary.couponId).toBe('CC001');
    expect(expectSuccess('checkoutPreview', await call(env.app, 'checkoutPreview', { deliveryType: 'EXPRESS_HOME', couponId: null }, me.token)).summary).toMatchObject({ discount: 0, couponId: null, total: 1570 });

    const addressId = await addressOf(env, me);
    const placed = expectSuccess('orderCreate', await order(env, me, { deliveryType: 'EXPRESS_HOME', addressId, invoice: { type: 'CLOUD', vehicle: 'MEMBER' }, paymentMethod: 'COD', couponId: 'CC001', from: 'cart' }));
    expect(placed.total).toBe(1420);
    expect(placed.tracking.actionField).toEqual({ account: 1470, discount: 150, total: 1420, freight: 100, couponId: 'CC001' });
    expect(expectSuccess('orderDetail', await call(env.app, 'orderDetail', { orderCode: placed.orderCode }, me.token))).toMatchObject({ discount: 150, freight: 100, total: 1420, couponId: 'CC001' });
    expect(expectSuccess('couponList', await call(env.app, 'couponList', { page: 1, pageSize: 10 }, me.token)).list[0]!.used).toBe('Y');

    await addToCart(env, me, 1, 3);
    expectFailure(await order(env, me, { ...PICKUP, couponId: 'CC001' }), 'COUPON_USED', 'couponId');
    expect(expectSuccess('checkoutPreview', await call(env.app, 'checkoutPreview', { deliveryType: 'STORE_PICKUP' }, me.token)).summary.couponId).toBeNull();
  });

  it('is refused below its threshold, before it starts and when it is not the member\'s, changing nothing', async () => {
    const env = fresh();
    const me = await shopper(env, [[1, 2]]); // 980
    expectSuccess('couponCollect', await call(env.app, 'couponCollect', { couponId: 'CC001' }, me.token));
    expectSuccess('couponCollect', await call(env.app, 'couponCollect', { couponId: 'CC003' }, me.token));
    const before = state(env.db);
    expectFailure(await call(env.app, 'checkoutPreview', { deliveryType: 'STORE_PICKUP', couponId: 'CC001' }, me.token), 'COUPON_THRESHOLD_NOT_MET', 'couponId');
    expectFailure(await order(env, me, { ...PICKUP, couponId: 'CC001' }), 'COUPON_THRESHOLD_NOT_MET', 'couponId');
    expect(expectSuccess('checkoutPreview', await call(env.app, 'checkoutPreview', { deliveryType: 'STORE_PICKUP' }, me.token)).coupons).toEqual([]);
    await addToCart(env, me, 1, 2); // 1,960: CC003 (from 1,500) has not started yet
    const afterAdd = state(env.db);
    expectFailure(await order(env, me, { ...PICKUP, couponId: 'CC003' }), 'COUPON_NOT_STARTED', 'couponId');
    expectFailure(await order(env, me, { ...PICKUP, couponId: 'C0001' }), 'COUPON_NOT_FOUND', 'couponId');
    expect(state(env.db)).toEqual(afterAdd);
    expect(before.skus).toEqual(afterAdd.skus);
    env.clock.now = T0 + 11 * DAY;
    expect(expectSuccess('orderCreate', await order(env, me, { ...PICKUP, couponId: 'CC003' })).tracking.actionField).toMatchObject({ discount: 200, couponId: 'CC003' });
  });
});
