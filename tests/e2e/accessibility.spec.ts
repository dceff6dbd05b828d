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

const VISITOR_PAGES = [
  ['home', '/'],
  ['gender landing', '/women.html'],
  ['category', '/c/W0101.html'],
  ['content', '/feature/lookbook.html'],
  ['size chart', '/product-size-chart.html'],
  ['press list', '/press/'],
  ['shop list', '/shop/shop_list.html'],
  ['site map', '/site-map.html'],
  ['search results', `/search.html?description=${encodeURIComponent('外套')}`],
  ['login', '/login.html'],
  ['register', '/register.html'],
  ['not found', '/not-found.html'],
  ['English home', '/en-gb/'],
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
  const answer = await page.goto(path);
  expect(answer?.status(), path).toBe(200);
  // Hydrate what waits for a first touch, then let the islands draw.
  await touchAll(page, 'body');
  // What the islands fetch on start (the member's data) is drawn.
  await page.waitForTimeout(1000);
  await expectNoSeriousViolationsNow(page, path);
}

/** axe on the page as it is now. */
async function expectNoSeriousViolationsNow(page: Page, label: string): Promise<void> {
  // Lighthouse also checks that a visible label is part of the accessible name; axe keeps that rule off by default.
  const results = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
  expect(report, `${label}\n  ${report.join('\n  ')}`).toEqual([]);
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

test.describe('a visitor', () => {
  for (const [name, path] of VISITOR_PAGES) {
    test(`${name} (${path}) has no serious accessibility violation`, async ({ page }) => {
      await expectNoSeriousViolations(page, path);
    });
  }
  test('product page has no serious accessibility violation', async ({ page }) => {
    await expectNoSeriousViolations(page, await productPath(page.context()));
  });
  test('press release has no serious accessibility violation', async ({ page }) => {
    await expectNoSeriousViolations(page, await pressReleasePath(page.context()));
  });
});

test.describe('a signed-in member', () => {
  test.beforeEach(async ({ page }) => {
    const member = await newMember(page, 'axe');
    const [sku] = spareSkus(1);
    await addThroughApi(page, member, sku!.productCode, sku!.skuCode);
    await signInThroughApi(page, member.email);
  });
  for (const [name, path] of MEMBER_PAGES) {
    test(`${name} (${path}) has no serious accessibility violation`, async ({ page }) => {
      await expectNoSeriousViolations(page, path);
    });
  }
});
