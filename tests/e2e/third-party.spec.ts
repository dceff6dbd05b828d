/**
 * The third-party scripts as shoppers meet them, through the local stand-ins `npm start` points
 * at (scripts/local-commerce/routes/stand-ins.ts): a convenience store picked on the chain's map
 * in checkout; the risk fingerprint's blackbox carried by the order, and an order placed without
 * it when it never comes; the tag manager only with marketing consent, told of the purchase.
 */
import type { Cookie, Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { STAND_IN_SCRIPTS } from '../../scripts/local-commerce/routes/stand-ins.ts';
import { RISK_WAIT_MS } from '../../src/lib/external-scripts/sources.ts';
import { marketingConsentCookie } from './promo-cookie.ts';
import { addThroughApi, newMember, spareSkus } from './shopper.ts';
import { signIn } from './member.ts';
import { riskChecks, tagHits } from './received.ts';
import { watchRequests } from './page-time.ts';

test.describe.configure({ timeout: 90_000 });

async function atCheckoutWithOneItem(page: Page, label: string, cookies: Cookie[] = []) {
  const member = await newMember(page, label);
  await page.context().addCookies(cookies);
  await signIn(page, member.email);
  const [sku] = spareSkus(1, 10);
  await addThroughApi(page, member, sku!.productCode, sku!.skuCode);
  await page.goto('/payment/payment.html');
  await expect(page.locator('input[name="deliveryType"][value="CVS_711"]')).toBeVisible();
  return member;
}

/** A store-pickup order paid on collection goes through within the fingerprint's wait, carrying no blackbox. */
async function expectOrderWithoutFingerprint(page: Page, label: string) {
  await atCheckoutWithOneItem(page, label);
  await page.locator('input[name="deliveryType"][value="CVS_711"]').check();
  await page.locator('#field-storeCode').fill('131386');
  await page.locator('input[name="paymentMethod"][value="COD"]').check();
  await page.locator('.checkout button[type="submit"]').click();
  await expect(page).toHaveURL(/\/payment\/success\.html\?orderCode=/, { timeout: RISK_WAIT_MS + 10_000 });
  const orderCode = await page.locator('[data-order-code]').innerText();
  expect((await riskChecks(page)).find((c) => c.orderCode === orderCode)).toMatchObject({ blackbox: null });
}

test('a convenience store picked on the chain’s map fills the code, and the order carries the fingerprint', async ({ page }) => {
  await atCheckoutWithOneItem(page, 'cvsmap');
  await page.locator('input[name="deliveryType"][value="CVS_711"]').check();
  const mapButton = page.getByRole('button', { name: '從地圖選擇門市' });

  // Closing the map without a choice changes nothing.
  const [closed] = await Promise.all([page.waitForEvent('popup'), mapButton.click()]);
  await closed.close();
  await expect(page.locator('#field-storeCode')).toHaveValue('');

  const [map] = await Promise.all([page.waitForEvent('popup'), mapButton.click()]);
  expect(new URL(map.url()).searchParams.get('chain')).toBe('CVS_711');
  await Promise.all([map.waitForEvent('close'), map.getByRole('button', { name: /7-ELEVEN 南京門市/ }).click()]);
  await expect(page.locator('#field-storeCode')).toHaveValue('168127');
  await expect(page.locator('.store-map__status')).toHaveText('7-ELEVEN 南京門市，台北市中山區南京東路二段 100 號');

  // The other chain's map lists its own stores.
  await page.locator('input[name="deliveryType"][value="CVS_FAMILY"]').check();
  const [family] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: '從地圖選擇門市' }).click()]);
  await Promise.all([family.waitForEvent('close'), family.getByRole('button', { name: /全家 松山車站店/ }).click()]);
  await expect(page.locator('#field-storeCode')).toHaveValue('F006532');

  await page.locator('input[name="paymentMethod"][value="COD"]').check();
  await page.locator('.checkout button[type="submit"]').click();
  await expect(page).toHaveURL(/\/payment\/success\.html\?orderCode=/);
  const orderCode = await page.locator('[data-order-code]').innerText();
  const check = (await riskChecks(page)).find((c) => c.orderCode === orderCode);
  expect(check?.blackbox).toMatch(/^standin-/);
});

test('a map that cannot load says to type the code, and the typed code still orders', async ({ page }) => {
  await page.route(`**${STAND_IN_SCRIPTS.CVS_MAP_SCRIPT_URL}`, (route) => route.abort());
  await atCheckoutWithOneItem(page, 'cvsfail');
  await page.locator('input[name="deliveryType"][value="CVS_711"]').check();
  await page.getByRole('button', { name: '從地圖選擇門市' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '無法開啟門市地圖，請直接輸入門市代碼。' })).toBeVisible();
  await page.locator('#field-storeCode').fill('131386');
  await page.locator('input[name="paymentMethod"][value="COD"]').check();
  await page.locator('.checkout button[type="submit"]').click();
  await expect(page).toHaveURL(/\/payment\/success\.html\?orderCode=/);
});

test('an order is placed without the fingerprint when it never comes, after the wait', async ({ page }) => {
  await page.route(`**${STAND_IN_SCRIPTS.RISK_SCRIPT_URL}`, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'window.linRisk = { blackbox: function () { return undefined; } };' }),
  );
  await expectOrderWithoutFingerprint(page, 'norisk');
});

test('an order is placed without the fingerprint when its script stalls, within the same wait', async ({ page }) => {
  // A host that never answers (as a blocked one does): the wait counts from the start, loading included.
  await page.route(`**${STAND_IN_SCRIPTS.RISK_SCRIPT_URL}`, () => {});
  await expectOrderWithoutFingerprint(page, 'stallrisk');
});

test('the tag manager loads only with marketing consent, and hears of the purchase', async ({ page }) => {
  const tagRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(STAND_IN_SCRIPTS.TAG_MANAGER_SCRIPT_URL)) tagRequests.push(request.url());
  });
  // Necessary cookies only (the tests' returning visitor): no container, once all the page asked for has come.
  const watch = watchRequests(page);
  await page.goto('/women.html');
  await expect(page.locator('main')).toBeVisible();
  await watch.quiet(page);
  watch.stop();
  expect(tagRequests).toEqual([]);

  await atCheckoutWithOneItem(page, 'tags', [marketingConsentCookie()]);
  expect(tagRequests.length).toBeGreaterThan(0);
  await page.locator('input[name="deliveryType"][value="CVS_711"]').check();
  await page.locator('#field-storeCode').fill('131386');
  await page.locator('input[name="paymentMethod"][value="COD"]').check();
  await page.locator('.checkout button[type="submit"]').click();
  await expect(page).toHaveURL(/\/payment\/success\.html\?orderCode=/);
  await expect
    .poll(async () => (await tagHits(page)).filter((h) => h.page === '/payment/payment.html').flatMap((h) => h.events))
    .toEqual(expect.arrayContaining(['gtm.js', 'purchase']));
});
