/**
 * Consent and behaviour analytics as a shopper meets them: nothing is sent before consent, the
 * banner's choice is kept and changed from the footer, and with consent the events arrive at
 * the local collector with their payloads (docs/engagement.md) (read back from the local API).
 */
import type { Page } from '@playwright/test';
import { E2E_PUBLISH_URL } from '../../playwright.config.ts';
import { VITALS_PATH } from '../../src/lib/analytics/vitals.ts';
import { expect, test } from './test.ts';
import { analyticsConsentCookie, SEEN_GREETING_COOKIES } from './promo-cookie.ts';
import { catalogue, newMember, signInOnPage } from './shopper.ts';
import { analyticsPosts, type AnalyticsPost as Post } from './received.ts';

// The greeting pop-ups are closed; the cookie banner has not been answered.
test.use({ storageState: { cookies: SEEN_GREETING_COOKIES, origins: [] } });

async function uuidOf(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === '_md_uuid')?.value;
}

/** The posts of this browser (its uuid), once they have arrived. */
async function postsOf(page: Page, uuid: string, until: (posts: Post[]) => void): Promise<Post[]> {
  let mine: Post[] = [];
  await expect(async () => {
    const all = await analyticsPosts(page);
    mine = all.filter((p) => p.body.uuid === uuid);
    until(mine);
  }).toPass({ timeout: 15_000 });
  return mine;
}

/** The chunk of the Core Web Vitals library (client/web-vitals.ts with Google's web-vitals). */
const VITALS_CHUNK = /\/_astro\/web-vitals\.[\w-]+\.js$/;

test('nothing is sent before consent; the choice is kept, and changed from the footer', async ({ page }) => {
  const collectorRequests: string[] = [];
  const vitalsLoads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/datarcvr/')) collectorRequests.push(request.url());
    if (VITALS_CHUNK.test(new URL(request.url()).pathname)) vitalsLoads.push(request.url());
  });
  await page.goto('/en-gb/c/W0101.html');
  const banner = page.getByRole('region', { name: 'Cookies on this store' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('checkbox', { name: /Necessary/ })).toBeDisabled();
  await page.goto('/en-gb/');
  await page.goto('/en-gb/search.html?description=coat');
  await expect(banner).toBeVisible();
  expect(collectorRequests).toEqual([]);
  expect(await uuidOf(page)).toBeUndefined();

  await banner.getByRole('button', { name: 'Necessary only' }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(banner).toBeHidden();
  expect((await page.context().cookies()).find((c) => c.name === 'lin_consent')?.value).toBe('v1.a0.m0');
  // Without analytics consent no speed is measured: the vitals library is never fetched, even once the page is idle.
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  expect(vitalsLoads).toEqual([]);

  // The footer's cookie settings open the banner again, with the choice as it stands.
  await page.getByRole('link', { name: 'Cookie settings' }).click();
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('checkbox', { name: /Analytics/ })).not.toBeChecked();
  await banner.getByRole('checkbox', { name: /Analytics/ }).check();
  await banner.getByRole('button', { name: 'Save my choices' }).click();
  await expect(banner).toBeHidden();
  await expect.poll(() => uuidOf(page)).toMatch(/^[0-9A-Za-z]{10}$/);
  expect(collectorRequests).toEqual([]);
  // The page hides: its device info and page view go out.
  await page.goto('/en-gb/c/W0101.html');
  const uuid = (await uuidOf(page))!;
  const posts = await postsOf(page, uuid, (p) => expect(p.map((x) => x.path)).toEqual(['/datarcvr/user/web', '/datarcvr/event']));
  expect(posts[0]!.body).toMatchObject({ sdk_version: '2.1.3', platform: 'PC', language: expect.any(String) });
  expect(Number(posts[0]!.body.window_width)).toBe(1280);
  expect(posts[1]!.body).toMatchObject({ event_name: 'firstPage', page_type: 'search', sdk_version: '2.1.3', platform: 'PC' });
  expect(posts[1]!.body.current_url).toContain('/en-gb/search.html?description=coat');
});

test.describe('with analytics consent', () => {
  test("a page's Core Web Vitals reach the collector when the page hides, and show on the status page", async ({ page }) => {
    await page.context().addCookies([analyticsConsentCookie()]);
    const sent: Array<Record<string, string>> = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === VITALS_PATH) sent.push(Object.fromEntries(new URLSearchParams(request.postData() ?? '')));
    });
    const library = page.waitForRequest((request) => VITALS_CHUNK.test(new URL(request.url()).pathname));
    await page.goto('/zh-mo/c/W0101.html');
    await expect(page.locator('main [data-product-code]').first()).toBeVisible();
    await library;
    await page.waitForLoadState('networkidle');
    // Final values wait for the page to hide: nothing yet.
    expect(sent).toEqual([]);
    // A key press ends LCP (web-vitals takes it once the page is idle); then the page hides, as when the
    // shopper switches tabs, and its LCP, CLS and TTFB go.
    await page.keyboard.press('Shift');
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    // The key press may count as an interaction: INP then comes too.
    await expect.poll(() => sent.map((s) => s.name)).toEqual(expect.arrayContaining(['CLS', 'LCP', 'TTFB']));
    const names = sent.map((s) => s.name);
    expect(names.every((name) => ['LCP', 'INP', 'CLS', 'TTFB'].includes(name!))).toBe(true);
    expect(new Set(names).size, 'each metric once').toBe(names.length);
    expect(new Set(sent.map((s) => s.view)).size).toBe(1);
    expect(sent[0]).toMatchObject({ page_type: 'landing', language: 'zh-MO' });
    expect(Number(sent.find((s) => s.name === 'LCP')!.value)).toBeGreaterThan(0);

    await page.goto(`${E2E_PUBLISH_URL}/status.html`);
    const row = page.locator('tr[data-page-type="landing"][data-language="zh-MO"]');
    await expect(row.locator('[data-visits]')).not.toHaveText('0');
    await expect(row.locator('[data-metric="LCP"] .value')).toHaveText(/^\d+\.\d\d s$/);
    await expect(row.locator('[data-metric="TTFB"] .value')).toHaveText(/^\d+\.\d\d s$/);
    await expect(row.locator('[data-metric="CLS"] .value')).toHaveText(/^\d\.\d\d$/);
    await expect(row.locator('[data-metric="LCP"] svg rect')).toHaveCount(1);
  });

  test('a visit sends its page views, search, sign-in, add-to-cart and account page with their payloads', async ({ page }) => {
    const member = await newMember(page, 'events');
    // After registering, which leaves the context with a returning visitor's cookies.
    await page.context().addCookies([analyticsConsentCookie()]);
    await page.goto('/search.html?description=%E5%A4%96%E5%A5%97');
    await expect(page.locator('main [data-product-code]').first()).toBeVisible();
    // The search event is queued once the analytics module has loaded, which the results can beat;
    // a shopper reads them first, the test waits for the page to go quiet.
    await page.waitForLoadState('networkidle');
    await page.goto('/en-gb/c/W0101.html');
    await page.locator('main [data-product-code]').first().click();
    await expect(page).toHaveURL(/\/product\/L\d+\.html/);
    const productCode = /\/product\/(L\d+)\.html/.exec(page.url())![1]!;
    await page.goto(`/en-gb/login.html?redirect_url=${encodeURIComponent(new URL(page.url()).pathname)}`);
    await signInOnPage(page, member.email);
    await expect(page).toHaveURL(new RegExp(`/product/${productCode}\\.html`));
    await expect(page.locator('.product-detail')).toHaveAttribute('data-stock', 'ready');
    await page.locator('.size:not([disabled])').first().click();
    await page.locator('.product-detail__add').click();
    await expect(page.locator('.product-detail .form-success')).toBeVisible();
    await page.goto('/en-gb/account/info.html');
    await expect(page.getByText('Checking your sign-in')).toHaveCount(0);
    await expect(page.locator('main h1')).toBeVisible();
    await page.goto('/en-gb/');

    const uuid = (await uuidOf(page))!;
    const posts = await postsOf(page, uuid, (p) =>
      expect(p.map((x) => x.body.event_name).filter(Boolean)).toEqual(
        expect.arrayContaining(['firstPage', 'search', 'login', 'addcart', 'member']) as string[],
      ),
    );
    const named = (name: string) => posts.find((p) => p.body.event_name === name)!;
    expect(posts.filter((p) => p.path === '/datarcvr/user/web')).toHaveLength(1);
    expect(JSON.parse(named('search').body.event_prop!)).toMatchObject({ keywords: '外套' });
    expect(named('search').body.page_type).toBe('search');
    expect(named('login').body.user_id).toBe(member.userId);
    expect(JSON.parse(named('login').body.event_prop!)).toMatchObject({ userid: member.userId });
    const addcart = named('addcart');
    expect(addcart.body).toMatchObject({ user_id: member.userId, page_type: 'product', sdk_version: '2.1.3', platform: 'PC' });
    const items = (JSON.parse(addcart.body.event_prop!) as { items: Array<{ spu: string; num: number; price: number }> }).items;
    expect(items).toEqual([expect.objectContaining({ spu: productCode, num: 1, price: expect.any(Number) })]);
    expect(items[0]!.price).toBeGreaterThan(0);
    expect(named('member').body.user_id).toBe(member.userId);
    expect(JSON.parse(named('member').body.event_prop!)).toEqual({ region: 'HK', target: '/account/info.html' });
    // Every post of the visit carries the same browser and visit ids.
    expect(new Set(posts.map((p) => p.body.uuid_tmp)).size).toBe(1);
  });

  test("a link followed out of custom content sends a redirect event, also from a block's sandboxed frame", async ({ page }) => {
    await page.context().addCookies([analyticsConsentCookie()]);
    await page.context().route('https://example.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<p>Elsewhere</p>' }));
    await page.goto('/feature/lookbook.html');
    // The sample's fabric-care block has a script: it is in a frame of its own. Its link opens a new tab.
    const link = page.frameLocator('iframe.cms-custom__frame').first().locator('a[href^="https://example.com/"]').first();
    const href = (await link.getAttribute('href'))!;
    await page.waitForLoadState('networkidle'); // the analytics module, loaded after consent
    const popup = page.waitForEvent('popup');
    await link.click();
    expect((await popup).url()).toBe(href);
    // The queue goes out when the page is left.
    await page.goto('/');
    const uuid = (await uuidOf(page))!;
    const posts = await postsOf(page, uuid, (p) => expect(p.map((x) => x.body.event_name)).toContain('redirect'));
    const redirect = posts.find((p) => p.body.event_name === 'redirect')!;
    expect(JSON.parse(redirect.body.event_prop!)).toMatchObject({ jumpto: href, pgtype: 'L3' });
    expect(redirect.body.current_url).toContain('/feature/lookbook.html');
  });

  test('sharing a product copies its address with the colour on screen, says so, and sends a share event', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // A desktop browser without a share sheet: the address is copied.
    await page.addInitScript(() => Reflect.deleteProperty(Navigator.prototype, 'share'));
    await page.context().addCookies([analyticsConsentCookie()]);
    await page.goto('/en-gb/c/W0101.html');
    await page.locator('main [data-product-code]').first().click();
    await expect(page).toHaveURL(/\/product\/L\d+\.html\?productId=/);
    const productCode = /\/product\/(L\d+)\.html/.exec(page.url())![1]!;
    const productId = new URL(page.url()).searchParams.get('productId');
    await page.getByRole('button', { name: 'Share this product' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Link copied: paste it to share' })).toBeVisible();
    const copied = new URL(await page.evaluate(() => navigator.clipboard.readText()));
    expect(copied.pathname).toBe(`/en-gb/product/${productCode}.html`);
    expect(copied.searchParams.get('productId')).toBe(productId);

    await page.goto('/en-gb/');
    const uuid = (await uuidOf(page))!;
    const posts = await postsOf(page, uuid, (p) => expect(p.some((x) => x.body.event_name === 'share')).toBe(true));
    const share = posts.find((p) => p.body.event_name === 'share')!;
    expect(share.body.page_type).toBe('product');
    expect(JSON.parse(share.body.event_prop!)).toMatchObject({ spu: productCode, channel: 'link', url: copied.toString() });
  });

  test("a phone's share sheet shares the address; a cancelled sheet is no share", async ({ page }) => {
    await page.addInitScript(() => {
      const shared: unknown[] = [];
      Object.assign(window, { sharedData: shared });
      let cancel = false;
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: (data: unknown) => {
          if (cancel) return Promise.reject(new DOMException('cancelled', 'AbortError'));
          cancel = true;
          shared.push(data);
          return Promise.resolve();
        },
      });
    });
    await page.context().addCookies([analyticsConsentCookie()]);
    const [product] = catalogue().filter((p) => p.enabledFlag === 'Y' && p.approval === 'LIST');
    await page.goto(`/en-gb/product/${product!.productCode}.html`);
    const share = page.getByRole('button', { name: 'Share this product' });
    await share.click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { sharedData: unknown[] }).sharedData.length)).toBe(1);
    // The second sheet is cancelled.
    await share.click();
    await expect(page.getByRole('status').filter({ hasText: /Link copied|could not be shared/ })).toHaveCount(0);

    await page.goto('/en-gb/');
    const uuid = (await uuidOf(page))!;
    const posts = await postsOf(page, uuid, (p) => expect(p.filter((x) => x.body.event_name === 'share')).toHaveLength(1));
    expect(JSON.parse(posts.find((p) => p.body.event_name === 'share')!.body.event_prop!)).toMatchObject({
      spu: product!.productCode,
      channel: 'system',
    });
  });
});
