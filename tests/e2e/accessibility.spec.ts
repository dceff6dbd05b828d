/**
 * axe-core on every page type, as a visitor and as a signed-in member: no serious or critical
 * violation. The islands are hydrated first (a touch of the header and the product), so what
 * is checked is what a keyboard or screen-reader user meets after their first step too.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { pressReleasePath, productPath, touchAll } from '../../scripts/bench/js-page-types.ts';
import { addThroughApi, newMember, signInThroughApi, spareSkus } from './shopper.ts';
import { watchRequests } from './page-time.ts';

/** A visitor's pages in two groups, each a test: on a slow machine one test of all of them ran past its time. */
const SHOPPING_PAGES = [
  ['home', '/'],
  ['gender landing', '/women.html'],
  ['category', '/c/W0101.html'],
  ['search results', `/search.html?description=${encodeURIComponent('外套')}`],
  ['not found', '/not-found.html'],
  ['English home', '/en-gb/'],
] as const;

const CONTENT_PAGES = [
  ['content', '/feature/lookbook.html'],
  ['size chart', '/product-size-chart.html'],
  ['press list', '/press/'],
  ['shop list', '/shop/shop_list.html'],
  ['site map', '/site-map.html'],
  ['login', '/login.html'],
  ['register', '/register.html'],
] as const;

const MEMBER_PAGES = [
  ['home', '/'],
  ['cart', '/cart.html'],
  ['checkout', '/payment/payment.html'],
  ['account', '/account/info.html'],
  ['orders', '/account/order/order-list.html'],
  ['addresses', '/account/address.html'],
  ['coupons', '/account/coupon.html'],
  ['wishlist', '/account/favorites.html'],
  ['inbox', '/inbox.html'],
  ['tickets', '/account/ticket-list.html'],
] as const;

async function expectNoSeriousViolations(page: Page, path: string): Promise<void> {
  const watch = watchRequests(page);
  try {
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(200);
    // Hydrate what waits for a first touch, then let the islands draw.
    await touchAll(page, 'body');
    // What the islands fetch on start (the member's data) has arrived and is drawn.
    await watch.quiet(page);
  } finally {
    watch.stop();
  }
  await expectNoSeriousViolationsNow(page, path);
}

/** axe on the page as it is now. */
async function expectNoSeriousViolationsNow(page: Page, label: string): Promise<void> {
  // Lighthouse also checks that a visible label is part of the accessible name; axe keeps that rule off by default.
  // Only violations are read: axe then keeps one node of the rules that passed or did not apply,
  // instead of a selector for every node (its documented speed option: 7 to 36 % less time a page here).
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
  // Soft: a test that walks several pages reports every page's violations, not the first only.
  expect.soft(report, `${label}\n  ${report.join('\n  ')}`).toEqual([]);
}

test.describe('the pop-ups that greet a first visit', () => {
  test.use({ storageState: { cookies: [], origins: [] } });
  test('the member-privacy notice, then the promotion, open on home, have no serious accessibility violation', async ({ page }) => {
    await page.goto('/en-gb/');
    await expect(page.locator('dialog[data-popup="member-privacy"]')).toBeVisible();
    await expectNoSeriousViolationsNow(page, 'member-privacy notice');
    await page.getByRole('button', { name: 'I understand' }).click();
    await page.goto('/en-gb/');
    await expect(page.locator('dialog[data-popup="promo"]')).toBeVisible();
    await expectNoSeriousViolationsNow(page, 'promotion pop-up');
  });

  test('the language dialog, offering English on a Chinese page, has no serious accessibility violation', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('dialog[data-popup="language-offer"]')).toBeVisible();
    await expectNoSeriousViolationsNow(page, 'language dialog');
  });
});

// One test a group of pages, each page a step of its own: one browser context (and one member)
// for the group in place of one each; a page's violations are reported by its name and path.
test("a visitor meets no serious accessibility violation on the shop's pages: home, lists, search, a product", async ({ page }) => {
  test.setTimeout(120_000);
  const pages: Array<readonly [string, string]> = [...SHOPPING_PAGES, ['product', await productPath(page.context())]];
  for (const [name, path] of pages) await test.step(`${name} (${path})`, () => expectNoSeriousViolations(page, path));
});

test('a visitor meets no serious accessibility violation on the content, press, shops and sign-in pages', async ({ page }) => {
  test.setTimeout(120_000);
  const pages: Array<readonly [string, string]> = [...CONTENT_PAGES, ['press release', await pressReleasePath(page.context())]];
  for (const [name, path] of pages) await test.step(`${name} (${path})`, () => expectNoSeriousViolations(page, path));
});

test("a signed-in member meets no serious accessibility violation on any member's page", async ({ page }) => {
  test.setTimeout(120_000);
  const member = await newMember(page, 'axe');
  const [sku] = spareSkus(1);
  await addThroughApi(page, member, sku!.productCode, sku!.skuCode);
  await signInThroughApi(page, member.email);
  for (const [name, path] of MEMBER_PAGES) await test.step(`${name} (${path})`, () => expectNoSeriousViolations(page, path));
});
