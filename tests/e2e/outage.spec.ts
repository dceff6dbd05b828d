/**
 * A commerce API outage as a signed-in member meets it: the gateway answers for the API (as our
 * server's proxy does, with the same body) or nothing answers at all. The member stays on the
 * page they asked for, is told the service is unavailable, and a retry once it is back shows
 * their page; nobody is sent to a sign-in page whose captcha could not load either.
 */
import type { Page, Route } from '@playwright/test';
import { UNAVAILABLE_ANSWER } from '../../scripts/static-server.ts';
import { expect, test } from './test.ts';
import { DEMO, hydrated, signInDemo } from './member.ts';

const API = '**/api/**';
/** What our proxy answers while the commerce API is down. */
const gatewayDown = (route: Route) =>
  route.fulfill({ status: 502, contentType: 'application/json; charset=utf-8', body: JSON.stringify(UNAVAILABLE_ANSWER) });

async function expectKeptOnPage(page: Page, path: string, text: RegExp): Promise<void> {
  const alert = page.locator('.service-unavailable[role="alert"]');
  await expect(alert).toContainText(text);
  expect(new URL(page.url()).pathname).toBe(path);
}

test('an account page during an outage keeps the member there, says so, and comes back on retry', async ({ page }) => {
  await signInDemo(page);
  await page.route(API, gatewayDown);
  await page.goto('/account/info.html');
  await expectKeptOnPage(page, '/account/info.html', /服務暫時無法使用/);
  // Its retry says so again while the API is still down.
  await page.getByRole('button', { name: '再試一次' }).click();
  await expectKeptOnPage(page, '/account/info.html', /服務暫時無法使用/);
  await page.unroute(API);
  await page.getByRole('button', { name: '再試一次' }).click();
  await expect(page.locator('[data-profile]')).toContainText(DEMO.email);
  await expect(page.locator('.service-unavailable')).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe('/account/info.html');
});

test('the bag with no answer at all from the API keeps the member there, in their language', async ({ page }) => {
  await signInDemo(page, '/en-gb');
  await page.route(API, (route) => route.abort('connectionrefused'));
  await page.goto('/en-gb/cart.html');
  await page.locator(hydrated('CartPage')).waitFor({ state: 'attached' });
  await expectKeptOnPage(page, '/en-gb/cart.html', /temporarily unavailable/);
  await page.unroute(API);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.locator('.service-unavailable')).toHaveCount(0);
  await expect(page.locator('.cart-page__status[role="status"]')).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe('/en-gb/cart.html');
});

test('a session brought back by another island (the header, at idle) loads the bag that was waiting for it', async ({ page }) => {
  await signInDemo(page, '/en-gb');
  // The bag's own restore finds the API down; the header's code arrives only once it is back
  // (as on a slow phone, where the header hydrates at idle), and its restore gets through.
  await page.route(API, (route) => route.abort('connectionrefused'));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/AccountMenu*.js', async (route) => {
    await released;
    return route.continue();
  });
  await page.goto('/en-gb/cart.html');
  await expectKeptOnPage(page, '/en-gb/cart.html', /temporarily unavailable/);
  await page.unroute(API);
  release();
  await page.locator(hydrated('AccountMenu')).waitFor({ state: 'attached' });
  await expect(page.locator('.service-unavailable')).toHaveCount(0);
  // The bag loaded: neither its loading line nor the notice, but its lines or its empty state.
  await expect(page.locator('.cart-page, .cart-page__empty')).toBeVisible();
  await expect(page.locator('.cart-page__status')).toHaveCount(0);
});
