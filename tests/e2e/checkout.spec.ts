/**
 * The journey that earns the money (cart and payment pages; Taiwan's delivery, invoice and
 * payment options): category → product → colour and size → add to cart (signing in on the way) →
 * the mini cart → cart → checkout → success, and the order is in the API; then every other
 * delivery type, online payment through the fake provider, a cancelled payment, a refused
 * field, and 20 shoppers racing for the last 5 units.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { watchRequests } from './page-time.ts';
import { addThroughApi, catalogue, newMember, PASSWORD, signInOnPage, spareSkus, type TestMember } from './shopper.ts';
import { analyticsConsentCookie } from './promo-cookie.ts';
import { analyticsPosts } from './received.ts';
import { actAsStore } from './orders.ts';
import { shops } from './content.ts';
import { getLanguage } from '../../src/lib/i18n/languages.ts';

const zhTW = getLanguage('zh-TW');
const hydrated = (component: string) => `astro-island[component-url*="${component}"]:not([ssr])`;

// Each test walks several pages (and the race registers 21 shoppers): more than the default 30 s on 2 busy cores.
test.describe.configure({ timeout: 90_000 });

async function orderFromApi(page: Page, member: TestMember, orderCode: string) {
  const answer = await (await page.request.post('/api/order/detail', { headers: member.auth, data: { orderCode } })).json();
  expect(answer.success, JSON.stringify(answer)).toBe(true);
  return answer.resp as {
    orderCode: string;
    status: string;
    shippingType: string;
    products: Array<{ productId: string; skuCode: string; quantity: number }>;
  };
}

async function signIn(page: Page, member: TestMember) {
  await page.goto('/login.html');
  await page.locator(hydrated('LoginForm')).waitFor({ state: 'attached' });
  await signInOnPage(page, member.email);
  await expect(page).toHaveURL(/\/account\/info\.html$/);
}

test('category → product → sign in on the way → mini cart → cart → checkout → the order is in the API', async ({ page }) => {
  const member = await newMember(page, 'journey');
  await page.context().addCookies([analyticsConsentCookie()]);
  await page.goto('/c/W0101.html');
  await page.locator('main [data-product-code]').first().click();
  await expect(page).toHaveURL(/\/product\/L\d+\.html/);
  await expect(page.locator('.product-detail')).toHaveAttribute('data-stock', 'ready');
  // Another colour, if there is one, then the first size in stock.
  const swatches = page.locator('.swatch');
  if ((await swatches.count()) > 1) await swatches.nth(1).click();
  await page.locator('.size:not([disabled])').first().click();
  const chosenUrl = page.url();
  expect(chosenUrl).toMatch(/productId=/);
  await page.locator('.product-detail__add').click();
  await expect(page).toHaveURL(/\/login\.html\?redirect_url=/);
  await signInOnPage(page, member.email, PASSWORD);
  await expect(page).toHaveURL(chosenUrl);
  await page.locator('.product-detail__add').click();
  await expect(page.locator('.product-detail .form-success')).toBeVisible();

  // The mini cart shows it (its timings have their own test in header.spec.ts); a hover that
  // raced a re-render of the header is simply made again.
  await expect(async () => {
    await page.mouse.move(0, 0);
    await page.locator('.mini-cart').hover();
    await expect(page.locator('.mini-cart__popup [data-cart-line]')).toHaveCount(1, { timeout: 3000 });
  }).toPass({ timeout: 15_000 });
  await page.locator('.mini-cart .header-tool__button').click();
  await expect(page).toHaveURL(/\/cart\.html$/);
  await expect(page.locator('[data-cart-line]')).toHaveCount(1);
  await page.locator('.cart-summary a.button').click();
  await expect(page).toHaveURL(/\/payment\/payment\.html$/);
  await expect(page.locator('.checkout__summary [data-total]')).toBeVisible();
  await page.locator('.checkout button[type="submit"]').click();
  await expect(page).toHaveURL(/\/payment\/success\.html\?orderCode=/);
  const orderCode = await page.locator('[data-order-code]').innerText();
  const order = await orderFromApi(page, member, orderCode);
  expect(order.status).toBe('WAIT_SHIP');
  expect(order.products).toHaveLength(1);
  expect(chosenUrl).toContain(`productId=${order.products[0]!.productId}`);
  // The purchase went to analytics with its order tracking payload (order, shipping, totals, products).
  const events = await analyticsPosts(page);
  const purchase = events.find((e) => e.path === '/datarcvr/custom' && e.body.name === 'purchase' && e.body.id === orderCode);
  expect(purchase).toBeDefined();
  const tracking = JSON.parse(purchase!.body.event_prop!) as {
    orTempId: string;
    shippingMethod: string;
    shippingZipCode: string;
    actionField: { total: number };
    products: Array<{ productId: string }>;
  };
  expect(tracking).toMatchObject({ orTempId: orderCode, shippingMethod: 'EXPRESS_HOME', shippingZipCode: '110' });
  expect(tracking.products.map((p) => p.productId)).toEqual([order.products[0]!.productId]);
  // The cart is empty now, and the badge says so.
  await page.goto('/cart.html');
  await expect(page.locator('.cart-page__empty')).toBeVisible();
});

test("every delivery type places its order, with the payment it takes; a store pickup offers the region's own shops, and the order page names the store", async ({
  page,
}) => {
  const member = await newMember(page, 'delivery');
  await signIn(page, member);
  const [sku] = spareSkus(1, 10);
  const cases = [
    { delivery: 'CVS_711', store: 'S711001', payment: 'COD', status: 'WAIT_SHIP' },
    { delivery: 'CVS_FAMILY', map: '全家 松山車站店', payment: 'COD', status: 'WAIT_SHIP' },
    { delivery: 'STORE_PICKUP', shop: 'TPE02', payment: 'PAY_IN_STORE', status: 'WAIT_SHIP' },
    { delivery: 'DIRECT_SITE', payment: 'COD', status: 'WAIT_SHIP' },
  ];
  const placed = new Map<string, string>();
  for (const c of cases) {
    await addThroughApi(page, member, sku!.productCode, sku!.skuCode);
    await page.goto('/payment/payment.html');
    await page.locator(`input[name="deliveryType"][value="${c.delivery}"]`).check();
    if (c.store) await page.locator('#field-storeCode').fill(c.store);
    if (c.map) {
      const [map] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: '從地圖選擇門市' }).click()]);
      await Promise.all([map.waitForEvent('close'), map.getByRole('button', { name: new RegExp(c.map) }).click()]);
      await expect(page.locator('.store-map__status')).toContainText(c.map);
    }
    if (c.shop) {
      // Taiwan's own shops of the CMS's list, and no other region's: nothing to type.
      const taiwan = shops(zhTW).filter((shop) => shop.salesRegion === 'TW');
      expect(taiwan.length).toBeGreaterThan(1);
      const offered = await page
        .locator('#field-storeCode option')
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
      expect(offered).toEqual(['', ...taiwan.map((shop) => shop.code)]);
      await page.locator('#field-storeCode').selectOption(c.shop);
      await expect(page.locator(`[data-pickup-shop="${c.shop}"]`)).toContainText(taiwan.find((shop) => shop.code === c.shop)!.address);
    }
    await page.locator(`input[name="paymentMethod"][value="${c.payment}"]`).check();
    await page.locator('.checkout button[type="submit"]').click();
    await expect(page, c.delivery).toHaveURL(/\/payment\/success\.html\?orderCode=/);
    const order = await orderFromApi(page, member, await page.locator('[data-order-code]').innerText());
    expect(order.status, c.delivery).toBe(c.status);
    placed.set(c.delivery, order.orderCode);
  }

  // The order page names the store the map returned, and the shop, with their addresses, not a bare code.
  const shop = shops(zhTW).find((s) => s.code === 'TPE02')!;
  await page.goto(`/account/detail.html?orderCode=${placed.get('STORE_PICKUP')}`);
  await expect(page.locator('[data-store]')).toHaveText(`${shop.name}（TPE02）${shop.address}`);
  const cvs = placed.get('CVS_FAMILY')!;
  await page.goto(`/account/detail.html?orderCode=${cvs}`);
  await expect(page.locator('.order-detail')).toContainText('全家便利商店取貨');
  await expect(page.locator('[data-store]')).toHaveText('全家 松山車站店（F006532）台北市松山區八德路四段 710 號');
  // Cash on delivery is paid when the parcel is handed over: owed nothing before, paid once it is.
  await expect(page.locator('[data-paid]')).toHaveText('送達時付款');
  for (const action of ['shipAll', 'arriveForPickup', 'pickUp']) await actAsStore(page, 'order', cvs, action);
  await page.reload();
  await expect(page.locator('.order-detail')).toHaveAttribute('data-status', 'FINISHED');
  await expect(page.locator('[data-paid]')).toHaveText(/^已於送達時付款（\d{4}.+）$/);
});

test('online payment goes through the provider and back: paid is complete, cancelled is failed with the items back in the cart', async ({
  page,
}) => {
  const member = await newMember(page, 'online');
  await signIn(page, member);
  const [sku] = spareSkus(2, 10).slice(1);
  // The provider sends the shopper back to the channel's return page (the wallet's is /ali.html).
  for (const [channel, action, page_, status, returnPage] of [
    ['WALLET', 'pay', 'complete', 'WAIT_SHIP', '/ali.html'],
    ['BANK_A', 'cancel', 'failed', 'CANCELLED', '/payment/return/bank-a.html'],
  ] as const) {
    await addThroughApi(page, member, sku!.productCode, sku!.skuCode);
    await page.goto('/payment/payment.html');
    await page.locator('input[name="paymentMethod"][value="ONLINE"]').check();
    await page.locator('#field-payChannel').selectOption(channel);
    await page.locator('.checkout button[type="submit"]').click();
    await expect(page).toHaveURL(/\/api\/pay\/provider\//);
    const back = page.waitForRequest((request) => new URL(request.url()).pathname === returnPage);
    await page.locator(`#${action}`).click();
    await back;
    await expect(page).toHaveURL(new RegExp(`/payment/${page_}\\.html\\?orderCode=`));
    const order = await orderFromApi(page, member, await page.locator('[data-order-code]').innerText());
    expect(order.status).toBe(status);
  }
  // The cancelled order's item is back in the bag.
  await page.locator('.payment-result a.button').click();
  await expect(page).toHaveURL(/\/cart\.html$/);
  await expect(page.locator(`[data-cart-line]`)).toHaveCount(1);
});

test('a service the store stopped offering can be taken off in the cart: the hem by its button, gift wrapping by its box', async ({
  page,
}) => {
  const member = await newMember(page, 'services');
  const sellable = catalogue().filter((p) => p.enabledFlag === 'Y' && p.approval === 'LIST' && p.skus.some((s) => s.stock > 3));
  const trousers = sellable.find((p) => p.makePantsLengthFlag === 'Y')!;
  const gift = sellable.filter((p) => p.caseFlag === 'Y' && p.makePantsLengthFlag === 'N').at(-1)!;
  for (const product of [trousers, gift])
    await addThroughApi(page, member, product.productCode, product.skus.find((s) => s.stock > 3)!.skuCode);
  const cart = (await (await page.request.get('/api/cart/detail', { headers: member.auth })).json()).resp.lines as Array<{
    cartId: string;
    productCode: string;
  }>;
  const cartIdOf = (productCode: string) => cart.find((l) => l.productCode === productCode)!.cartId;
  for (const data of [
    { cartId: cartIdOf(trousers.productCode), alterMode: 'HEM', finalInseam: 76.5 },
    { cartId: cartIdOf(gift.productCode), caseFlag: 'Y' },
  ])
    expect((await (await page.request.post('/api/cart/options', { headers: member.auth, data })).json()).success).toBe(true);
  await signIn(page, member);
  // Before paying, checkout's summary says what is done to each line, as the order page will.
  await page.goto('/payment/payment.html');
  const summaryLine = (name: string) => page.locator('.checkout__lines li', { hasText: name });
  await expect(summaryLine(trousers.names['zh-TW']!).locator('[data-hem]')).toHaveText('褲長修改：完成褲長 76.5 公分');
  await expect(summaryLine(gift.names['zh-TW']!).locator('[data-gift-wrap]')).toHaveText('禮品包裝');
  await expect(page.locator('.checkout__lines [data-hem]')).toHaveCount(1);
  await expect(page.locator('.checkout__lines [data-gift-wrap]')).toHaveCount(1);
  // The store has switched gift wrapping off since (the switches are written into the page).
  await page.route('**/cart.html', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replaceAll(
      'caseServiceSwitch&quot;:[0,&quot;Y&quot;]',
      'caseServiceSwitch&quot;:[0,&quot;N&quot;]',
    );
    await route.fulfill({ response, body: html });
  });
  await page.goto('/cart.html');
  const line = (productCode: string) => page.locator(`[data-cart-line="${cartIdOf(productCode)}"]`);
  // Only the wrapped line keeps its box, checked, to be unchecked.
  await expect(page.locator('.cart-line__wrap input')).toHaveCount(1);
  await line(gift.productCode).locator('.cart-line__wrap input').click(); // off, and gone: it cannot be chosen again
  await expect(page.locator('.cart-line__wrap input')).toHaveCount(0);
  await line(trousers.productCode).getByRole('button', { name: '取消褲長修改' }).click();
  await expect(page.locator('[data-hem]')).toHaveCount(0);
  const after = (await (await page.request.get('/api/cart/detail', { headers: member.auth })).json()).resp.lines as Array<{
    productCode: string;
    alterMode: string | null;
    caseFlag: string;
  }>;
  expect(after.map((l) => [l.productCode, l.alterMode, l.caseFlag]).sort()).toEqual(
    [
      [trousers.productCode, null, 'N'],
      [gift.productCode, null, 'N'],
    ].sort(),
  );
});

test('a first-time member adds a delivery address in checkout, checked like the API checks it', async ({ page }) => {
  const member = await newMember(page, 'address', { address: false });
  await signIn(page, member);
  const [sku] = spareSkus(5, 10).slice(4);
  await addThroughApi(page, member, sku!.productCode, sku!.skuCode);
  await page.goto('/payment/payment.html');
  // The address page's own form, in a dialog.
  await page.locator('[data-group="addressId"] .link-button', { hasText: '新增地址' }).click();
  const dialog = page.getByRole('dialog', { name: '新增收件地址' });
  await dialog.getByLabel('收件人').fill('王小明');
  await dialog.getByLabel('手機號碼').fill('912345678');
  await dialog.getByLabel('縣市／區').fill('台中市');
  await dialog.getByLabel('詳細地址').fill('西屯區台灣大道三段 99 號');
  await dialog.getByRole('button', { name: '儲存地址' }).click();
  await expect(dialog.locator('[data-group="mobile"] .form-field__error')).toContainText('09');
  await dialog.getByLabel('手機號碼').fill('0987654321');
  await dialog.getByRole('button', { name: '儲存地址' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('input[name="addressId"]:checked')).toHaveCount(1);
  // The number just typed is masked on its card, like every receiver's (desensitize switch Y).
  await expect(page.locator('.choice-card--wide')).toContainText('王小明 098****21');
  await expect(page.locator('.choice-card--wide')).not.toContainText('0987654321');
  await page.locator('.checkout button[type="submit"]').click();
  await expect(page).toHaveURL(/\/payment\/success\.html\?orderCode=/);
});

test('the settlement page adds an address in the same labelled dialog, closed by a control named "close"', async ({ page }) => {
  const member = await newMember(page, 'settle', { address: false });
  await signIn(page, member);
  const [sku] = spareSkus(24, 10).slice(23);
  await addThroughApi(page, member, sku!.productCode, sku!.skuCode);
  await page.goto('/payment_settlement.html');
  await page.locator('[data-group="addressId"] .link-button', { hasText: '新增地址' }).click();
  const dialog = page.getByRole('dialog', { name: '新增收件地址' });
  for (const label of ['收件人', '地區', '手機號碼', '縣市／區', '詳細地址']) await expect(dialog.getByLabel(label)).toBeVisible();
  await expect(dialog.getByRole('button', { name: '儲存地址' })).toBeVisible();
  await dialog.getByRole('button', { name: '關閉', exact: true }).click();
  await expect(dialog).toBeHidden();
});

test('a malformed invoice field is refused on its field, and nothing is ordered', async ({ page }) => {
  const member = await newMember(page, 'invoice');
  await signIn(page, member);
  const [sku] = spareSkus(3, 10).slice(2);
  await addThroughApi(page, member, sku!.productCode, sku!.skuCode);
  await page.goto('/payment/payment.html');
  await page.locator('input[name="invoiceType"][value="COMPANY"]').check();
  await page.locator('#field-taxId').fill('1234');
  await page.locator('#field-title').fill('LINEA 測試有限公司');
  // Leaving the tax id checked it; Enter in a field does not submit the form, only the button does.
  await expect(page.locator('[data-group="taxId"] .form-field__error')).toHaveText('統一編號須為 8 碼數字');
  const ordered: string[] = [];
  const orderRequests = (request: { url(): string }) => void (request.url().endsWith('/api/order/create') && ordered.push(request.url()));
  page.on('request', orderRequests);
  const watch = watchRequests(page);
  await page.locator('#field-title').press('Enter');
  await watch.quiet(page);
  watch.stop();
  page.off('request', orderRequests);
  expect(ordered, 'Enter in a field asked for an order').toEqual([]);
  await expect(page).toHaveURL(/\/payment\/payment\.html$/);
  await page.locator('#field-taxId').fill('1234567');
  await page.locator('.checkout button[type="submit"]').click();
  await expect(page.locator('[data-group="taxId"] .form-field__error')).toBeVisible();
  await expect(page).toHaveURL(/\/payment\/payment\.html$/);
  // A tax id pasted with a space keeps its 8 digits (spaces out first, then the length); a longer one is cut to 8.
  for (const [pasted, kept] of [
    ['1234 5678', '12345678'],
    ['87 65 43 21 9', '87654321'],
  ]) {
    await page.locator('#field-taxId').fill('');
    await page.locator('#field-taxId').focus();
    await page.keyboard.insertText(pasted!);
    await expect(page.locator('#field-taxId')).toHaveValue(kept!);
  }
  // The settlement page does not offer the donation target it leaves out.
  await page.goto('/payment_settlement.html');
  await page.locator('input[name="invoiceType"][value="DONATION"]').check();
  await expect(page.locator('#field-target option')).toHaveText(['愛心碼 919', '愛心碼 13579', '愛心碼 1799']);
  const orders = await (await page.request.post('/api/order/list', { headers: member.auth, data: { page: 1 } })).json();
  expect(orders.resp.total).toBe(0);
});

test('20 shoppers checking out the last 5 units at once: exactly 5 orders', async ({ page }) => {
  const [sku] = spareSkus(4, 6).slice(3);
  const members = await Promise.all(Array.from({ length: 21 }, (_, i) => newMember(page, `race${i}`)));
  const [first, ...racers] = members;
  // The first shopper buys all but 5 units.
  await addThroughApi(page, first!, sku!.productCode, sku!.skuCode, sku!.stock - 5);
  const order = {
    deliveryType: 'STORE_PICKUP',
    storeCode: 'TPE01',
    invoice: { type: 'CLOUD', vehicle: 'MEMBER' },
    currency: 'TWD',
    paymentMethod: 'PAY_IN_STORE',
    from: 'cart',
  };
  const bought = await (await page.request.post('/api/order/create', { headers: first!.auth, data: order })).json();
  expect(bought.success, JSON.stringify(bought)).toBe(true);
  for (const racer of racers) await addThroughApi(page, racer, sku!.productCode, sku!.skuCode);
  const answers = await Promise.all(
    racers.map(async (racer) => (await page.request.post('/api/order/create', { headers: racer.auth, data: order })).json()),
  );
  expect(answers.filter((a) => a.success)).toHaveLength(5);
  expect(answers.filter((a) => !a.success).every((a) => a.msgCode === 'OD_STOCK_SHORTAGE')).toBe(true);
  const stock = await (await page.request.post('/api/product/stock', { data: { productCode: sku!.productCode, region: 'TW' } })).json();
  expect(stock.resp.skus.find((s: { skuCode: string }) => s.skuCode === sku!.skuCode).stock).toBe(0);
});
