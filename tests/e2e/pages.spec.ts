import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { localizedPath } from '../../src/lib/cms/pages.ts';
import { LANGUAGES, getLanguage } from '../../src/lib/i18n/languages.ts';
import { cmsConfig, pageDocument, pageWhere } from './content.ts';
import { watchRequests } from './page-time.ts';

const zhTW = getLanguage('zh-TW');
const PAGE_KINDS = [
  { kind: 'home', path: '/' },
  { kind: 'landing', path: '/women.html' },
  { kind: 'category', path: '/c/W01.html' },
  { kind: 'content', path: '/feature/lookbook.html' },
];

/** At least one image in main has really loaded (decoded pixels, not a broken icon), and none failed. */
async function expectRealImage(page: Page) {
  const images = page.locator('main img');
  await expect
    .poll(() =>
      images.evaluateAll(
        (all) => all.filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0).length,
      ),
    )
    .toBeGreaterThan(0);
  const broken = await images.evaluateAll((all) =>
    all
      .filter(
        (img) =>
          (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 0 && img.getAttribute('loading') !== 'lazy',
      )
      .map((img) => img.getAttribute('src')),
  );
  expect(broken).toEqual([]);
}

for (const language of LANGUAGES) {
  for (const { kind, path } of PAGE_KINDS) {
    test(`${language.code} ${kind} page renders with lang, title, hreflang, canonical and real images`, async ({ page, baseURL }) => {
      const url = localizedPath(language, path);
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', language.code);
      const config = cmsConfig(language);
      await expect(page).toHaveTitle(new RegExp(`.+${config.titleSeparator.replace(/[|]/g, '\\|')}${config.titleSuffix}$`));
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${url}`);
      const alternates = page.locator('link[rel="alternate"][hreflang]');
      await expect(alternates).toHaveCount(LANGUAGES.length + 1);
      for (const other of LANGUAGES) {
        await expect(page.locator(`link[rel="alternate"][hreflang="${other.code}"]`)).toHaveAttribute(
          'href',
          `${baseURL}${localizedPath(other, path)}`,
        );
      }
      await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', `${baseURL}${path}`);
      await expectRealImage(page);
    });
  }
}

test('the document title is page title + separator + configured suffix', async ({ page }) => {
  const config = cmsConfig(zhTW);
  const women = config.pages.find((p) => p.path === '/women.html')!;
  await page.goto('/women.html');
  await expect(page).toHaveTitle(`${women.title}${config.titleSeparator}${config.titleSuffix}`);
});

test('/index.html is the homepage too', async ({ page }) => {
  await page.goto('/index.html');
  await expect(page.locator('[data-component="carousel"]')).toBeVisible();
});

test('an unknown path answers 404 at its address with the not-found page, in its language', async ({ page }) => {
  let answer = await page.goto('/no-such-page.html');
  expect(answer?.status()).toBe(404);
  expect(new URL(page.url()).pathname).toBe('/no-such-page.html');
  await expect(page.locator('[data-component="not-found"] h1')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  answer = await page.goto('/en-gb/no/such/page.html');
  expect(answer?.status()).toBe(404);
  expect(new URL(page.url()).pathname).toBe('/en-gb/no/such/page.html');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
  await expect(page.locator('[data-component="not-found"] img')).toHaveJSProperty('complete', true);
});

test('a page before its start date, and one past its end date, are not published', async ({ page }) => {
  const now = Date.now();
  const future = pageWhere(zhTW, (p) => p.startDate !== null && p.startDate > now && !p.archivedPage);
  const past = pageWhere(zhTW, (p) => p.endDate !== null && p.endDate < now && !p.archivedPage);
  for (const { path } of [future, past]) {
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(404);
    await expect(page.locator('[data-component="not-found"] h1')).toBeVisible();
  }
});

test('a page before its start date shows its archived version and reloads at the start', async ({ page }) => {
  const upcoming = pageWhere(zhTW, (p) => p.startDate !== null && p.startDate > Date.now() && p.archivedPage !== null);
  await page.goto(upcoming.path);
  await expect(page.locator('main section').first()).toBeVisible();
  await expect(page.locator('body')).toHaveAttribute('data-reload-at', String(upcoming.startDate));
});

test('a live page reloads itself 20 ms after its end date passes', async ({ page }) => {
  const ending = pageWhere(zhTW, (p) => p.endDate !== null && p.endDate > Date.now() && (p.startDate ?? 0) < Date.now() && !p.archivedPage);
  // install() lets time flow; pausing first keeps a slow page load from crossing the boundary.
  await page.clock.install({ time: ending.endDate! - 60_000 });
  await page.clock.pauseAt(ending.endDate! - 5_000);
  await page.goto(ending.path);
  await expect(page.locator('body')).toHaveAttribute('data-reload-at', String(ending.endDate));
  let reloaded = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });
  await page.clock.runFor(5_000 + 10); // 10 ms after the boundary: not yet
  expect(reloaded).toBe(false);
  await page.clock.runFor(15);
  await expect.poll(() => reloaded).toBe(true);
});

test('a page loaded after its boundary (the rebuild not live yet) checks for the next release, and reloads once it is there', async ({
  page,
}) => {
  const ending = pageWhere(zhTW, (p) => p.endDate !== null && p.endDate > Date.now() && (p.startDate ?? 0) < Date.now() && !p.archivedPage);
  // The visitor's clock is past the end date; the server still has the release from before it.
  await page.clock.install({ time: ending.endDate! + 1_000 });
  await page.clock.pauseAt(ending.endDate! + 2_000);
  await page.goto(ending.path);
  await expect(page.locator('body')).toHaveAttribute('data-reload-at', String(ending.endDate));
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations++;
  });
  const checks: number[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'fetch' && new URL(request.url()).pathname === ending.path) checks.push(Date.now());
  });
  // Fake time moves only by runFor; each step lets the check's answer in (and a reload it
  // starts) before the next.
  const watch = watchRequests(page);
  const run = async (seconds: number) => {
    for (let i = 0; i < seconds; i++) {
      await page.clock.runFor(1_000);
      await watch.quiet(page);
    }
  };
  await run(60);
  // Not a reload every 20 ms: checks after 5, 10 and 20 s more (at 5, 15 and 35 s), and no reload.
  expect(navigations).toBe(0);
  expect(checks).toHaveLength(3);
  // The rebuild goes live: the page's address answers without the passed boundary.
  await page.route(`**${ending.path}`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: (await response.text()).replace(` data-reload-at="${ending.endDate}"`, '') });
  });
  await run(20); // the fourth check, 40 s after the third (at 75 s)
  await expect.poll(() => navigations).toBe(1);
  await expect(page.locator('body')).not.toHaveAttribute('data-reload-at', /./);
  expect(checks).toHaveLength(4);
});

test('custom content shows only inside its window, and appears when its start passes', async ({ page }) => {
  const lookbook = pageWhere(zhTW, (p) => p.path === '/feature/lookbook.html');
  const block = pageDocument(zhTW, lookbook).components.find(
    (c) => c.type === 'customContent' && c.startDate !== null && c.startDate > Date.now(),
  );
  if (!block || block.type !== 'customContent') throw new Error('the sample lookbook has no upcoming custom content block');
  await page.clock.install({ time: block.startDate! - 60_000 });
  await page.clock.pauseAt(block.startDate! - 2_000);
  await page.goto(lookbook.path);
  const section = page.locator(`[data-window-start="${block.startDate}"]`);
  await expect(section).toBeHidden();
  await page.clock.runFor(2_100);
  await expect(section).toBeVisible();
});

test('custom content runs its embedded script, in its sandboxed frame, and marks external links nofollow', async ({ page }) => {
  await page.goto('/feature/lookbook.html');
  const frame = page.frameLocator('.cms-custom__frame');
  await expect(frame.locator('[data-linea-widget="care-tool"]')).toHaveAttribute('data-widget-ready', 'true');
  await expect(page.locator('[data-linea-widget="care-tool"]')).toHaveCount(0);
  const external = frame.locator('a[href^="https://"]').first();
  await expect(external).toHaveAttribute('rel', /nofollow/);
});

test('the body background comes from the CMS settings', async ({ page }) => {
  await page.goto('/feature/lookbook.html');
  const style = await page.locator('body').evaluate((body) => getComputedStyle(body));
  expect(style.backgroundImage).toContain('/media/');
  expect(style.backgroundRepeat).toBe('repeat');
});

test('the carousel moves to the next slide', async ({ page }) => {
  await page.goto('/');
  const dots = page.locator('[data-carousel-dot]');
  await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
  await page.locator('[data-carousel-next]').click();
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
});

test('a template 4 page without content of its own shows its parent content', async ({ page }) => {
  const config = cmsConfig(zhTW);
  const inheriting = config.pages.find((p) => p.tplt === 4 && pageDocument(zhTW, p).components.length === 0)!;
  const parent = config.pages.find((p) => p.code === inheriting.superCode)!;
  await page.goto(inheriting.path);
  await expect(page.locator('.breadcrumb [aria-current="page"]')).toHaveText(await page.locator('.category-header__title').innerText());
  const parentFirst = pageDocument(zhTW, parent).components.find((c) => c.type === 'productList');
  if (parentFirst?.type === 'productList' && parentFirst.title)
    await expect(page.getByRole('heading', { name: parentFirst.title })).toBeVisible();
  await expect(page.locator('main [data-component]').first()).toBeVisible();
});

test('product cards follow live stock both ways: a card sold out at the build but back in stock loses its mark, one sold out since gains it', async ({
  page,
}) => {
  const BUILT_SOLD_OUT = '<img data-corner="sold-out" class="corner-mark corner-mark--top-right" src="/media/marks/sold-out.png" alt="">';
  const codes: string[] = [];
  // The build saw the first card sold out (its mark in the HTML)…
  await page.route('**/c/W0101.html', async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    codes.push(...[...html.matchAll(/class="product-tile" href="[^"]*" data-product-code="([^"]+)"/g)].map((m) => m[1]!).slice(0, 2));
    await route.fulfill({ response, body: html.replace('<div class="product-tile__picture">', `$&${BUILT_SOLD_OUT}`) });
  });
  // …and the API says it is back, and the second card sold out since.
  await page.route('**/api/product/by-codes', async (route) => {
    const response = await route.fetch();
    const answer = (await response.json()) as { resp: Array<{ productCode: string; stockFlag: string }> };
    for (const product of answer.resp)
      if (codes.includes(product.productCode)) product.stockFlag = product.productCode === codes[0] ? 'Y' : 'N';
    await route.fulfill({ response, json: answer });
  });
  await page.goto('/c/W0101.html');
  const tile = (code: string) => page.locator(`[data-live-prices] [data-product-code="${code}"]`);
  expect(codes).toHaveLength(2);
  await expect(tile(codes[0]!)).toHaveAttribute('data-stock', 'Y');
  await expect(tile(codes[0]!).locator('[data-corner="sold-out"]')).toHaveCount(0);
  await expect(tile(codes[1]!)).toHaveAttribute('data-stock', 'N');
  await expect(tile(codes[1]!).locator('[data-corner="sold-out"]')).toHaveCount(1);
});

test('content components ship no JavaScript of their own; the carousel does', async ({ page }) => {
  await page.goto('/c/W0101.html');
  // Only Astro's inline island runtime, the header's own (the live banner's window), the
  // product list's live prices and the layout's arrival script (consent and greetings): no
  // other component ships a script.
  const scripts = 'script[type="module"], script[src]';
  const sources = (scope: string) => page.locator(scope).evaluateAll((nodes) => nodes.map((n) => n.getAttribute('src') ?? 'inline'));
  const mainScripts = await sources(`main :is(${scripts})`);
  expect(mainScripts.every((src) => /ProductList/.test(src))).toBe(true);
  const layoutScripts = await sources(`body > :is(${scripts})`);
  expect(layoutScripts.length).toBeGreaterThan(0);
  expect(layoutScripts.every((src) => /BaseLayout/.test(src))).toBe(true);
  const headerScripts = await page.locator('header').locator(scripts).count();
  expect(await page.locator(scripts).count()).toBe(mainScripts.length + layoutScripts.length + headerScripts);
  expect(await page.locator('main astro-island').count()).toBe(0);
  await page.goto('/');
  expect(await page.locator('script[type="module"]').count()).toBeGreaterThan(0);
});

test("a visitor's page does not load the API client; it comes when a session may exist", async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/c/W0101.html');
  await expect(page.locator('[data-account-state="visitor"]')).toBeVisible();
  // The member client, which the session store imports on demand, loads the contract's schemas
  // (and zod with them) as a chunk of their own: without that chunk, no client either.
  expect(scripts.some((path) => /\/contract\.[\w-]+\.js$/.test(path))).toBe(false);
});

test('language links lead to the same page in the other language', async ({ page }) => {
  await page.goto('/c/W01.html');
  await page.locator('.language-menu summary').click();
  await expect(page.locator('.language-menu [aria-current]')).toHaveText(getLanguage('zh-TW').label);
  await page.locator('.language-menu a[hreflang="en-GB"]').click();
  await expect(page).toHaveURL(/\/en-gb\/c\/W01\.html$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
});

test('screenshots of home in zh-TW and en-GB', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  for (const language of [zhTW, getLanguage('en-GB')]) {
    await page.goto(localizedPath(language, '/'));
    await expectRealImage(page);
    await page.screenshot({ path: `screenshots/home-${language.code}.png` });
  }
});
