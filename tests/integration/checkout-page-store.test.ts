/**
 * The checkout page's store (stores/checkout-page.ts, checkout-page-order.ts) as the island uses
 * it, without a browser: over the real local API, with the page's navigation injected. A visitor
 * is sent to sign in; each region's deliveries and the payment methods each takes; store pickup's
 * shops and the API's refusal of another region's; the address chosen; coupons applied, removed
 * and refused; the summary's hem and gift wrapping, and a delivery that refuses them; what an
 * order sends; placing it, its refusals and failures, and where the shopper goes to pay.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sampleShops } from '../../scripts/local-cms/press-and-shops.ts';
import { checkoutFields } from '../../src/lib/checkout/checkout-fields.ts';
import { keepCode, TAX_ID_LENGTH } from '../../src/lib/checkout/invoice-formats.ts';
import type { PickupShop } from '../../src/lib/checkout/pickup-shops.ts';
import { runSubmit, type FormValues } from '../../src/lib/forms/form.ts';
import type { InvoiceRequest } from '../../src/lib/api/contract-checkout.ts';
import { getLanguage } from '../../src/lib/i18n/languages.ts';
import type { Region } from '../../src/lib/i18n/regions.ts';
import type { CaseSwitches, HemSwitches } from '../../src/lib/product/rules.ts';
import { memoryStorage } from '../../src/stores/platform.ts';
import { registrationTokenOf, TAIPEI_ADDRESS } from '../fixtures/commerce-app.ts';
import { API_SETTLED, browserLikeFetch, startLocalApi, unreachableOrigin, type LocalApi } from '../fixtures/local-api.ts';
import { miniCatalogue } from '../fixtures/mini-catalogue.ts';

/** Hemming and gift wrapping for express delivery only, as the CMS switches may say. */
const EXPRESS_ONLY: HemSwitches & CaseSwitches = {
  tailorServiceSwitch: 'Y',
  hemDeliveryType: ['EXPRESS_HEM'],
  caseServiceSwitch: 'Y',
  caseDeliveryType: ['EXPRESS'],
};
const LANGUAGE_OF: Record<Region, string> = { TW: 'zh-TW', HK: 'zh-HK', MO: 'zh-MO', CN: 'zh-CN' };
const CLOUD: InvoiceRequest = { type: 'CLOUD', vehicle: 'MEMBER' };

/** The region's own shops as the page hands them to the island (AppPageView.astro). */
const shopsOf = (region: Region): PickupShop[] =>
  sampleShops(getLanguage(LANGUAGE_OF[region]).sampleCopy, (path) => path)
    .filter((s) => s.salesRegion === region)
    .map(({ code, name, region: heading, address, openingHours }) => ({ code, name, region: heading, address, openingHours }));

let api: LocalApi;
let closedOrigin: string;
let target: string;
const browser = browserLikeFetch(() => target);
let navigations: string[] = [];

async function newPage(region: Region = 'TW') {
  vi.resetModules();
  browser.jar.clear();
  navigations = [];
  const language = region === 'HK' ? 'en-GB' : LANGUAGE_OF[region];
  const platform = await import('../../src/stores/platform.ts');
  platform.setPlatform({
    fetch: browser.fetch,
    navigate: (url) => navigations.push(url),
    currentUrl: () => `${platform.languagePrefix()}/payment/payment.html`,
    language: () => getLanguage(language),
    cookie: browser.cookieHeader,
    localStorage: memoryStorage(),
    sessionStorage: memoryStorage(),
  });
  const page = await import('../../src/stores/checkout-page.ts');
  const open = (pickupShops = shopsOf(region)) => page.openCheckoutPage({ region, from: 'cart', switches: EXPRESS_ONLY, pickupShops });
  return {
    region,
    open,
    session: await import('../../src/stores/session.ts'),
    cart: await import('../../src/stores/cart.ts'),
    addresses: await import('../../src/stores/addresses.ts'),
    page,
    order: await import('../../src/stores/checkout-page-order.ts'),
  };
}
type Page = Awaited<ReturnType<typeof newPage>>;

let signedUp = 0;
/** Signs the page in as a member registered just now, with `items` (SKU code → quantity) in the cart. */
async function memberWith(page: Page, items: Record<string, number>): Promise<string> {
  const email = `checkout${++signedUp}@linea.example`;
  expect((await page.session.register({ name: '新會員', email, password: 'Fresh2026', agreeTerms: true })).ok).toBe(true);
  expect((await page.session.confirmRegistration(registrationTokenOf(api.db, email)!)).ok).toBe(true);
  for (const [skuCode, quantity] of Object.entries(items))
    expect((await page.cart.addToCart({ productCode: skuCode.slice(0, 7), skuCode, quantity }))?.ok).toBe(true);
  return email;
}

function ready(page: Page) {
  const view = page.page.$checkoutView.get();
  if (view.status !== 'ready') throw new Error(`the checkout page is ${view.status}`);
  return view;
}
const choices = (page: Page) => page.page.$checkoutChoices.get();

/** Submits as the form does (lib/forms runSubmit): the ordered check, the hold, what is sent, the store action. */
function submit(page: Page, values: FormValues, invoice: InvoiceRequest = CLOUD) {
  return runSubmit({
    fields: checkoutFields(values, []),
    values,
    process: (checked) => page.order.orderRequest(checked, invoice),
    hook: () => page.order.orderHold() === null,
    send: page.order.submitOrder,
  });
}

async function offline<T>(action: () => Promise<T>): Promise<T> {
  target = closedOrigin;
  try {
    return await action();
  } finally {
    target = api.origin;
  }
}

const setStock = (skuCode: string, stock: number) => api.db.prepare('UPDATE skus SET stock = ? WHERE sku_code = ?').run(stock, skuCode);

beforeAll(async () => {
  // A page without third-party scripts configured: no risk fingerprint, no store map.
  vi.stubGlobal('document', { querySelector: () => null });
  vi.stubGlobal('window', { addEventListener: () => undefined });
  api = await startLocalApi({ catalogue: miniCatalogue() });
  target = api.origin;
  closedOrigin = await unreachableOrigin();
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await api.close();
});

describe('opening checkout', () => {
  it('a visitor is sent to sign in, and the page stays on its loading line', async () => {
    const page = await newPage('HK');
    await page.open();
    expect(navigations).toEqual([`/en-gb/login.html?redirect_url=${encodeURIComponent('/en-gb/payment/payment.html')}`]);
    expect(page.page.$checkoutView.get()).toEqual({ status: 'loading' });
  });

  it('an empty cart is empty; a failed first preview is an error to retry, then the preview', async () => {
    const empty = await newPage();
    await memberWith(empty, {});
    await empty.open();
    expect(empty.page.$checkoutView.get()).toEqual({ status: 'empty' });
    const page = await newPage();
    await memberWith(page, { L00000101002: 1 });
    await offline(() => page.open());
    expect(page.page.$checkoutView.get()).toEqual({ status: 'error', msgCode: null });
    await page.page.retryCheckoutPreview();
    expect(ready(page)).toMatchObject({ pending: false, error: null, canPlace: true });
  });
});

describe("the region's choices", () => {
  it("Taiwan: its five deliveries, each with the payment methods it takes; a method another delivery does not take moves to that one's first", async () => {
    const page = await newPage('TW');
    await memberWith(page, { L00000101002: 1 });
    const invoices = await import('../../src/stores/invoices.ts');
    expect((await invoices.saveInvoiceCarrier({ type: 'CLOUD', vehicle: 'PHONE', vehicleCode: '/ABC1234' })).ok).toBe(true);
    invoices.$invoiceCarrier.set({ status: 'loading', data: null });
    await page.open();
    // Taiwan's e-invoice starts from the member's default carrier, once loaded.
    await vi.waitFor(
      () => expect(choices(page)).toMatchObject({ carrierLoading: false, carrier: { vehicle: 'PHONE', vehicleCode: '/ABC1234' } }),
      API_SETTLED,
    );
    expect(choices(page)).toMatchObject({
      deliveries: ['EXPRESS_HOME', 'CVS_711', 'CVS_FAMILY', 'STORE_PICKUP', 'DIRECT_SITE'],
      delivery: 'EXPRESS_HOME',
      needsAddress: true,
      methods: ['COD', 'ONLINE'],
      paymentMethod: 'COD',
      invoices: ['CLOUD', 'COMPANY', 'DONATION'],
      storeCodeLabel: null,
    });
    // Express freight on a small order, with where it becomes free.
    expect(ready(page).preview.summary.freight).toBe(100);
    expect(ready(page).freeFreightFrom).not.toBeNull();
    page.page.choosePaymentMethod('ONLINE');
    await page.page.chooseDelivery('STORE_PICKUP');
    expect(choices(page)).toMatchObject({
      pickup: true,
      needsAddress: false,
      methods: ['PAY_IN_STORE', 'ONLINE'],
      paymentMethod: 'ONLINE',
    });
    // Priced again for the pickup: no freight, and no threshold to show.
    expect(ready(page).preview.summary.freight).toBe(0);
    expect(ready(page).freeFreightFrom).toBeNull();
    page.page.choosePaymentMethod('PAY_IN_STORE');
    await page.page.chooseDelivery('CVS_711');
    expect(choices(page)).toMatchObject({ paymentMethod: 'COD', storeCodeLabel: 'checkout.cvsStore', storeMap: true, pickup: false });
    expect(ready(page).preview.summary.freight).toBe(60);
  });

  it('Hong Kong: home, pickup and lockers, paid online or at the counter on pickup; a receipt, no carrier to load', async () => {
    const page = await newPage('HK');
    await memberWith(page, { L00000101002: 1 });
    await page.open();
    expect(choices(page)).toMatchObject({
      deliveries: ['EXPRESS_HOME', 'STORE_PICKUP', 'LOCKER'],
      methods: ['ONLINE'],
      paymentMethod: 'ONLINE',
      payChannels: ['CARD', 'ALIPAY_HK', 'PAYME'],
      invoices: ['RECEIPT'],
      carrierLoading: false,
    });
    expect(ready(page).preview.currency).toBe('HKD');
    await page.page.chooseDelivery('STORE_PICKUP');
    page.page.choosePaymentMethod('PAY_IN_STORE');
    await page.page.chooseDelivery('LOCKER');
    expect(choices(page)).toMatchObject({
      methods: ['ONLINE'],
      paymentMethod: 'ONLINE',
      storeCodeLabel: 'checkout.lockerStore',
      storeMap: false,
    });
    // The method moved for the locker stays moved: back at the pickup it is still online.
    await page.page.chooseDelivery('STORE_PICKUP');
    expect(choices(page).paymentMethod).toBe('ONLINE');
  });

  it("Macao's channels; the mainland's one delivery, online only, with its invoice titles", async () => {
    const macao = await newPage('MO');
    await memberWith(macao, { L00000101002: 1 });
    await macao.open();
    expect(choices(macao)).toMatchObject({ deliveries: ['EXPRESS_HOME', 'STORE_PICKUP', 'LOCKER'], payChannels: ['CARD', 'MPAY'] });
    expect(ready(macao).preview.currency).toBe('MOP');
    const mainland = await newPage('CN');
    await memberWith(mainland, { L00000101002: 1 });
    await mainland.open();
    expect(choices(mainland)).toMatchObject({
      deliveries: ['EXPRESS_HOME'],
      methods: ['ONLINE'],
      payChannels: ['ALIPAY', 'WECHAT_PAY', 'UNION_CARD'],
      invoices: ['TITLE_PERSONAL', 'TITLE_COMPANY'],
    });
    expect(ready(mainland).preview.currency).toBe('CNY');
  });
});

describe('where it goes', () => {
  it("store pickup lists the region's shops under their headings, shows the one chosen, and starts afresh on another delivery", async () => {
    const page = await newPage('TW');
    await memberWith(page, { L00000101002: 1 });
    await page.open();
    await page.page.chooseDelivery('STORE_PICKUP');
    const shops = shopsOf('TW');
    const groups = choices(page).pickupGroups;
    // Every shop once, each under its own heading, the headings in the order of their first shop.
    expect(groups.flatMap((g) => g.shops)).toEqual(
      [...shops].sort((a, b) => groups.findIndex((g) => g.heading === a.region) - groups.findIndex((g) => g.heading === b.region)),
    );
    expect(groups.map((g) => g.heading)).toEqual([...new Set(shops.map((s) => s.region))]);
    expect(groups.every((g) => g.shops.every((s) => s.region === g.heading))).toBe(true);
    expect(choices(page).pickupShop).toBeNull();
    page.page.choosePickupShop('TPE02');
    expect(choices(page).pickupShop).toEqual(shops.find((s) => s.code === 'TPE02'));
    await page.page.chooseDelivery('EXPRESS_HOME');
    await page.page.chooseDelivery('STORE_PICKUP');
    expect(choices(page)).toMatchObject({ pickupShop: null, pickupShopCode: '' });
  });

  it('a region without shops lists none', async () => {
    const page = await newPage('TW');
    await memberWith(page, { L00000101002: 1 });
    await page.open([]);
    await page.page.chooseDelivery('STORE_PICKUP');
    expect(choices(page).pickupGroups).toEqual([]);
  });

  it("another region's shop is refused on its field, and the order is priced again", async () => {
    const page = await newPage('TW');
    await memberWith(page, { L00000101002: 1 });
    await page.open();
    await page.page.chooseDelivery('STORE_PICKUP');
    const outcome = await submit(page, { deliveryType: 'STORE_PICKUP', storeCode: 'HKG01', paymentMethod: 'PAY_IN_STORE' });
    expect(outcome).toMatchObject({ kind: 'refused', group: 'storeCode', info: { msgCode: 'OD_STORE_OTHER_REGION' } });
    expect(navigations).toEqual([]);
    expect(ready(page).pending).toBe(true);
  });

  it("addresses: the region's own, the default chosen, another picked; one added in the dialog is chosen, and no order is placed under the dialog", async () => {
    const page = await newPage('TW');
    await memberWith(page, { L00000101002: 1 });
    const first = await page.addresses.saveAddress({ ...TAIPEI_ADDRESS, receiver: '第一位' });
    expect(first.ok).toBe(true);
    await page.addresses.saveAddress({
      ...TAIPEI_ADDRESS,
      receiver: '香港收件人',
      region: 'HK',
      city: '香港島',
      zipCode: '0',
      mobile: '91234567',
    });
    await page.addresses.saveAddress({ ...TAIPEI_ADDRESS, receiver: '預設', isDefault: 'Y' });
    await page.open();
    await vi.waitFor(() => expect(choices(page).addresses).toHaveLength(2), API_SETTLED);
    const { addresses } = choices(page);
    expect(addresses.map((a) => a.receiver).sort()).toEqual(['第一位', '預設']);
    expect(choices(page).addressId).toBe(addresses.find((a) => a.receiver === '預設')!.addressId);
    const other = addresses.find((a) => a.receiver === '第一位')!.addressId;
    page.page.chooseAddress(other);
    expect(choices(page).addressId).toBe(other);

    page.page.openAddressForm();
    expect(ready(page).canPlace).toBe(false);
    expect(page.order.orderHold()).toBe('not-ready');
    const added = await page.addresses.saveAddress({ ...TAIPEI_ADDRESS, receiver: '新的' });
    if (!added.ok) throw new Error('address not saved');
    page.page.addressAdded(added.data.address!.addressId);
    expect(ready(page).canPlace).toBe(true);
    expect(choices(page).addressId).toBe(added.data.address!.addressId);
    // Only the delivery's own fields go: the address for home delivery, the code for a store.
    expect(page.order.orderRequest({ addressId: choices(page).addressId, storeCode: 'X' }, CLOUD)).toMatchObject({
      deliveryType: 'EXPRESS_HOME',
      addressId: added.data.address!.addressId,
    });
    expect(page.order.orderRequest({ addressId: choices(page).addressId }, CLOUD)).not.toHaveProperty('storeCode');
  });
});

describe('the summary', () => {
  it("coupons: the API's best applied, taken off, put back; one the API refuses is said, and no order is placed on it", async () => {
    const page = await newPage('TW');
    await memberWith(page, { L00000101002: 10 });
    await page.open();
    const { preview } = ready(page);
    expect(preview.coupons.length).toBeGreaterThan(0);
    const best = preview.summary.couponId!;
    expect(best).toBeTruthy();
    expect(preview.summary.discount).toBeGreaterThan(0);
    expect(preview.summary.total).toBe(preview.summary.subtotal - preview.summary.discount + preview.summary.freight);
    await page.page.chooseCoupon(null);
    expect(ready(page).preview.summary).toMatchObject({ couponId: null, discount: 0 });
    expect(page.order.orderRequest({ addressId: 'a' }, CLOUD).couponId).toBeNull();
    await page.page.chooseCoupon(best);
    expect(ready(page).preview.summary.couponId).toBe(best);
    expect(page.order.orderRequest({ addressId: 'a' }, CLOUD).couponId).toBe(best);

    await page.page.chooseCoupon('NOT-MINE');
    expect(ready(page)).toMatchObject({ error: { msgCode: 'COUPON_NOT_FOUND' }, canPlace: false });
    // The last good preview stays on screen.
    expect(ready(page).preview.summary.couponId).toBe(best);
    expect(page.order.orderHold()).toBe('not-ready');
  });

  it("shows each line's hem and gift wrapping; a delivery that does not take them marks the line and holds the order", async () => {
    const page = await newPage('TW');
    await memberWith(page, {});
    api.db.prepare("UPDATE products SET json = json_set(json, '$.makePantsLengthFlag', 'Y') WHERE product_code = ?").run('L000002');
    expect(
      (await page.cart.addToCart({ productCode: 'L000002', skuCode: 'L00000201002', quantity: 1, alterMode: 'HEM', finalInseam: 80 }))?.ok,
    ).toBe(true);
    expect((await page.cart.addToCart({ productCode: 'L000001', skuCode: 'L00000101002', quantity: 1 }))?.ok).toBe(true);
    await page.cart.loadCartPage();
    const plain = page.cart.$cartPage.get();
    if (plain.status !== 'ready') throw new Error('no cart');
    await page.cart.setGiftWrap(plain.cart.lines.find((l) => l.skuCode === 'L00000101002')!.cartId, 'Y');
    await page.open();
    const lines = ready(page).lines;
    expect(lines.find((l) => l.skuCode === 'L00000201002')).toMatchObject({ hem: { mode: 'HEM', inseam: 80 }, serviceRefused: false });
    expect(lines.find((l) => l.skuCode === 'L00000101002')).toMatchObject({ giftWrapped: true, serviceRefused: false });
    expect(ready(page).serviceRefused).toBe(false);
    expect(page.order.orderHold()).toBeNull();

    await page.page.chooseDelivery('STORE_PICKUP');
    expect(ready(page).lines.map((l) => l.serviceRefused)).toEqual([true, true]);
    expect(ready(page).serviceRefused).toBe(true);
    expect(page.order.orderHold()).toBe('service-refused');
    const outcome = await submit(page, { deliveryType: 'STORE_PICKUP', storeCode: 'TPE01', paymentMethod: 'PAY_IN_STORE' });
    expect(outcome).toEqual({ kind: 'cancelled' });
  });
});

describe('placing the order', () => {
  it('sends what the page chose with the checked values: a picked store keeps its name while its code is the one picked; a pasted tax id as its field keeps it', async () => {
    const page = await newPage('TW');
    await memberWith(page, { L00000101002: 1 });
    await page.open();
    await page.page.chooseDelivery('CVS_FAMILY');
    page.page.storeMapPicked({ storeCode: 'F012345', storeName: '全家 信義店', address: '台北市信義路 1 號' });
    page.page.choosePaymentMethod('ONLINE');
    const invoice: InvoiceRequest = { type: 'COMPANY', taxId: keepCode(' 1234 5678 9', TAX_ID_LENGTH), title: '線衣有限公司' };
    const { preview } = ready(page);
    expect(page.order.orderRequest({ storeCode: 'F012345', payChannel: 'WALLET', addressId: 'ignored' }, invoice)).toEqual({
      deliveryType: 'CVS_FAMILY',
      storeCode: 'F012345',
      storeName: '全家 信義店',
      storeAddress: '台北市信義路 1 號',
      invoice: { type: 'COMPANY', taxId: '12345678', title: '線衣有限公司' },
      currency: 'TWD',
      paymentMethod: 'ONLINE',
      payChannel: 'WALLET',
      couponId: preview.summary.couponId,
      cartIds: preview.lines.map((l) => l.cartId),
      from: 'cart',
    });
    // Retyped, the code is the shopper's alone; on another chain the pick is not this one's.
    expect(page.order.orderRequest({ storeCode: 'F099999' }, invoice)).not.toHaveProperty('storeName');
    await page.page.chooseDelivery('CVS_711');
    expect(page.order.orderRequest({ storeCode: 'F012345' }, invoice)).not.toHaveProperty('storeName');
    // The API takes the kept tax id.
    page.page.choosePaymentMethod('COD');
    const placed = await submit(page, { deliveryType: 'CVS_711', storeCode: 'F012345', paymentMethod: 'COD' }, invoice);
    expect(placed, JSON.stringify(placed)).toMatchObject({ kind: 'ok' });
  });

  it("paid on delivery, the shopper goes to the success page in the page's language; paid online, to the provider; the cart empties", async () => {
    const hk = await newPage('HK');
    await memberWith(hk, { L00000101002: 1 });
    await hk.open();
    await hk.page.chooseDelivery('STORE_PICKUP');
    hk.page.choosePaymentMethod('PAY_IN_STORE');
    const atCounter = await submit(
      hk,
      { deliveryType: 'STORE_PICKUP', storeCode: 'HKG01', paymentMethod: 'PAY_IN_STORE' },
      { type: 'RECEIPT' },
    );
    if (atCounter.kind !== 'ok') throw new Error(`not placed: ${JSON.stringify(atCounter)}`);
    expect(navigations).toEqual([`/en-gb/payment/success.html?orderCode=${atCounter.data.orderCode}`]);
    expect(hk.cart.$cartCount.get()).toBe(0);

    const tw = await newPage('TW');
    const email = await memberWith(tw, { L00000101002: 1 });
    await tw.addresses.saveAddress({ ...TAIPEI_ADDRESS, isDefault: 'Y' });
    await tw.open();
    tw.page.choosePaymentMethod('ONLINE');
    await vi.waitFor(() => expect(choices(tw).addressId).not.toBe(''), API_SETTLED);
    const online = await submit(tw, {
      deliveryType: 'EXPRESS_HOME',
      addressId: choices(tw).addressId,
      paymentMethod: 'ONLINE',
      payChannel: 'CARD',
    });
    if (online.kind !== 'ok') throw new Error(`not placed: ${JSON.stringify(online)}`);
    expect(online.data.payUrl).toBeTruthy();
    expect(navigations).toEqual([online.data.payUrl]);
    expect(email).toContain('@');
  });

  it('a field left out stops it before the API; a refusal prices the order again and goes nowhere; a network failure says so and keeps the preview', async () => {
    const page = await newPage('TW');
    await memberWith(page, { L00000401002: 2 });
    await page.open();
    expect(await submit(page, { deliveryType: 'EXPRESS_HOME', addressId: '', paymentMethod: 'COD' })).toMatchObject({
      kind: 'invalid',
      failure: { group: 'addressId', code: 'OD_ADDRESS_REQUIRED' },
    });
    expect(await submit(page, { deliveryType: 'EXPRESS_HOME', addressId: 'a', paymentMethod: 'ONLINE', payChannel: '' })).toMatchObject({
      kind: 'invalid',
      failure: { group: 'payChannel' },
    });
    await page.addresses.saveAddress({ ...TAIPEI_ADDRESS, isDefault: 'Y' });
    await vi.waitFor(() => expect(choices(page).addressId).not.toBe(''), API_SETTLED);
    const values = { deliveryType: 'EXPRESS_HOME', addressId: choices(page).addressId, paymentMethod: 'COD' };

    setStock('L00000401002', 1);
    try {
      expect(await submit(page, values)).toMatchObject({ kind: 'refused', info: { msgCode: 'OD_STOCK_SHORTAGE' } });
      expect(navigations).toEqual([]);
      // Priced again: the short line can no longer be ordered, so nothing is left to check out.
      await vi.waitFor(() => expect(page.page.$checkoutView.get()).toEqual({ status: 'empty' }), API_SETTLED);
    } finally {
      setStock('L00000401002', 100);
    }
    await page.page.retryCheckoutPreview();
    expect(ready(page).pending).toBe(false);
    expect(await offline(() => submit(page, values))).toMatchObject({ kind: 'network' });
    expect(navigations).toEqual([]);
    expect(ready(page)).toMatchObject({ pending: false, error: null, canPlace: true });
  });
});
