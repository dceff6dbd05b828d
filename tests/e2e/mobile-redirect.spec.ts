/**
 * The mobile redirect as a phone meets it: the store answers a phone's request for
 * each kind of page with a 302 to the matching page of the mobile site, and on a host without
 * rules the pre-paint inline script does the same. The mobile site does not exist here: the
 * tests watch the browser ask for it.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { MOBILE_SITE } from '../../playwright.config.ts';
import { GOOGLEBOT_PHONE, IPHONE } from '../fixtures/user-agents.ts';

async function phone(browser: Browser, userAgent = IPHONE) {
  return browser.newContext({ userAgent, viewport: { width: 390, height: 844 } });
}

/** Opens `path` and answers the mobile-site address the browser then asks for. */
async function mobileAddressReached(page: Page, path: string): Promise<string> {
  const asked = page.waitForRequest((request) => request.url().startsWith(MOBILE_SITE) && request.isNavigationRequest());
  // The navigation itself fails: the mobile site does not resolve here.
  await page.goto(path).catch(() => undefined);
  return (await asked).url();
}

const pageKinds: Array<[string, string, string]> = [
  ['home', '/', `${MOBILE_SITE}/`],
  ['gender landing (a CMS page)', '/women.html', `${MOBILE_SITE}/home/WOMEN`],
  ['category', '/c/W01.html', `${MOBILE_SITE}/home/c_mobile/W01`],
  ['product detail', '/product-detail.html?productCode=L450011&productId=undefined&utm_source=ad', `${MOBILE_SITE}/product?pid=L450011`],
  ["a product's own", '/product/L450011.html?productId=45001101002011', `${MOBILE_SITE}/product?pid=L450011&skuId=45001101002011`],
  ['search', '/search.html?description=%E5%A4%96%E5%A5%97&sort=priceAsc', `${MOBILE_SITE}/search?description=%E5%A4%96%E5%A5%97`],
  ["a shop's wares", '/search.html?searchType=storeCode&storeCode=TPE01', `${MOBILE_SITE}/shop/wares/TPE01`],
  ['coupon collect', '/coupon-collect.html?couponId=CC001', `${MOBILE_SITE}/coupon-collect/CC001`],
  ['cart', '/cart.html', `${MOBILE_SITE}/`],
  ['favourites', '/account/favorites.html', `${MOBILE_SITE}/`],
  ['payment', '/payment/payment.html', `${MOBILE_SITE}/`],
  ['password', '/account/security/password.html', `${MOBILE_SITE}/account/security/password`],
  ['email', '/email.html', `${MOBILE_SITE}/account/security/email`],
  ['forgot password', '/forget_password.html', `${MOBILE_SITE}/forget-password`],
  ['newsletter', '/newsletter-subscription.html', `${MOBILE_SITE}/newsletter-subscription`],
  ['press release (no mobile page: root)', '/press/', `${MOBILE_SITE}/`],
  ['shop list (no mobile page: root)', '/shop/shop_list.html', `${MOBILE_SITE}/`],
  ['another language', '/en-gb/c/W01.html', `${MOBILE_SITE}/en-gb/home/c_mobile/W01`],
];

for (const [kind, path, expected] of pageKinds) {
  test(`a phone asking for the ${kind} page reaches ${expected.replace(MOBILE_SITE, 'the mobile site ')}`, async ({ browser }) => {
    const context = await phone(browser);
    const page = await context.newPage();
    const answers: number[] = [];
    page.on('response', (response) => {
      if (response.request().isNavigationRequest() && !response.url().startsWith(MOBILE_SITE)) answers.push(response.status());
    });
    expect(await mobileAddressReached(page, path)).toBe(expected);
    // The store itself answered with a redirect: the desktop page was never sent.
    expect(answers.at(-1)).toBe(302);
    await context.close();
  });
}

test('on a host without rules, the pre-paint inline script sends the phone on', async ({ browser }) => {
  // The request says desktop (the host serves the page), the browser says phone.
  const context = await browser.newContext();
  await context.addInitScript((ua) => Object.defineProperty(navigator, 'userAgent', { get: () => ua }), IPHONE);
  const page = await context.newPage();
  const served: number[] = [];
  page.on('response', (response) => {
    if (response.request().isNavigationRequest()) served.push(response.status());
  });
  expect(await mobileAddressReached(page, '/c/W01.html?productCode=L1&utm_source=ad')).toBe(`${MOBILE_SITE}/home/c_mobile/W01?pid=L1`);
  expect(served[0]).toBe(200);
  await context.close();
});

test("a desktop browser and a search engine's smartphone crawler stay on the store", async ({ browser, request }) => {
  const desktop = await request.get('/press/', { maxRedirects: 0 });
  expect(desktop.status()).toBe(200);
  // Pages vary by the browser (phones are redirected) and by the encoding it takes.
  expect(desktop.headers().vary).toBe('User-Agent, Accept-Encoding');
  const context = await phone(browser, GOOGLEBOT_PHONE);
  const page = await context.newPage();
  const response = await page.goto('/c/W01.html');
  expect(response?.status()).toBe(200);
  expect(page.url()).not.toContain(MOBILE_SITE);
  await context.close();
});

test('assets are never redirected, only pages', async ({ playwright }) => {
  const phoneRequest = await playwright.request.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { 'user-agent': IPHONE },
  });
  expect((await phoneRequest.get('/favicon.svg', { maxRedirects: 0 })).status()).toBe(200);
  expect((await phoneRequest.get('/women.html', { maxRedirects: 0 })).status()).toBe(302);
  await phoneRequest.dispose();
});
