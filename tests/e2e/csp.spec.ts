/**
 * The Content-Security-Policy as a browser meets it: every page type in every language answers
 * with the release's security headers and runs with no violation (the `test` of ./test.ts fails
 * any test that meets one); code injected at runtime, inline or from an unlisted host, is refused;
 * and no other site can frame the store.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { localizedPath } from '../../src/lib/cms/pages.ts';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import { newestFirst, pressReleasePath } from '../../src/lib/press/paths.ts';
import { SECURITY_HEADERS_FILE } from '../../scripts/host-rules.ts';
import { E2E_RELEASES_DIR } from '../../playwright.config.ts';
import { pressIndex, shops } from './content.ts';
import { catalogue } from './shopper.ts';
import { expect, test } from './test.ts';
import { watchRequests } from './page-time.ts';

const securityHeaders = () =>
  Object.fromEntries(
    (JSON.parse(readFileSync(join(E2E_RELEASES_DIR, 'current', SECURITY_HEADERS_FILE), 'utf8')) as Array<[string, string]>).map(
      ([name, value]) => [name.toLowerCase(), value],
    ),
  );

for (const language of LANGUAGES) {
  test(`${language.code}: every page type carries the policy and runs without a violation`, async ({ page }) => {
    test.setTimeout(120_000);
    const expected = securityHeaders();
    expect(expected['content-security-policy']).toContain("script-src 'self'");
    const product = catalogue()[0]!;
    const paths = [
      '/',
      '/women.html',
      '/c/W01.html',
      // Editors' custom HTML with a script of its own: it runs by its hash.
      '/feature/lookbook.html',
      `/product/${product.productCode}.html`,
      `/product-detail.html?productCode=${product.productCode}`,
      `/shop/shop.html?storeCode=${shops(language)[0]!.code}`,
      '/official-styling-detail.html',
      `/press/`,
      pressReleasePath(newestFirst(pressIndex(language))[0]!),
      '/search.html?description=coat',
      '/login.html',
      '/register.html',
      '/newsletter-subscription.html',
      '/current-limiter.html',
      '/not-found.html',
    ].map((path) => localizedPath(language, path));
    const watch = watchRequests(page);
    for (const path of paths) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      const headers = response!.headers();
      for (const [name, value] of Object.entries(expected)) expect(headers[name], `${name} on ${path}`).toBe(value);
      // The header islands hydrate on the first touch: their code runs under the policy too, and
      // what it loads and fetches arrives before the next page.
      await page.locator('header').first().hover();
      await watch.quiet(page);
    }
    watch.stop();
    // A look chosen by the query (a known one answers 301 to its own page; written in lower case
    // it stays): the pre-paint script hides the others through the CSS object model.
    await page.goto(localizedPath(language, '/official-styling-detail.html'));
    const own = await page.locator('a[href*="/official-styling/"]').first().getAttribute('href');
    const styleId = /\/official-styling\/([^/.]+)\.html/.exec(own!)![1]!;
    await page.goto(localizedPath(language, `/official-styling-detail.html?styleId=${styleId.toLowerCase()}`));
    await expect(page.locator('[data-look]:visible')).toHaveCount(1);
    // A guarded page sends a visitor to sign in, from its head script.
    await page.goto(localizedPath(language, '/account/info.html'));
    await expect(page).toHaveURL(/\/login\.html\?redirect_url=/);
  });
}

test('code injected at runtime is refused: an inline script, an event handler, a script from an unlisted host', async ({
  page,
  cspViolations,
}) => {
  await page.route('https://evil.example/**', (route) => route.fulfill({ contentType: 'text/javascript', body: 'window.__evil = "host"' }));
  await page.goto('/');
  await page.evaluate(() => {
    const inline = document.createElement('script');
    inline.textContent = 'window.__evil = "inline"';
    document.body.append(inline);
    const image = document.createElement('img');
    image.setAttribute('onerror', 'window.__evil = "handler"');
    image.src = '/no-such-picture.png';
    document.body.append(image);
    const remote = document.createElement('script');
    remote.src = 'https://evil.example/steal.js';
    document.body.append(remote);
  });
  await expect.poll(() => cspViolations.length).toBeGreaterThanOrEqual(3);
  expect(await page.evaluate(() => (window as { __evil?: string }).__evil)).toBeUndefined();
  expect(cspViolations.join('\n')).toMatch(/Executing inline script violates/);
  expect(cspViolations.join('\n')).toMatch(/Executing inline event handler violates .*'script-src-attr 'none''/);
  expect(cspViolations.join('\n')).toMatch(/Loading the script 'https:\/\/evil\.example\/steal\.js' violates/);
  // These were the point of the test.
  cspViolations.length = 0;
});

test('a violation in a context the test made itself is caught too (browser.newContext, browser.newPage)', async ({
  browser,
  baseURL,
  cspViolations,
}) => {
  for (const open of [async () => (await browser.newContext({ baseURL })).newPage(), () => browser.newPage({ baseURL })]) {
    const page = await open();
    await page.goto('/');
    await page.evaluate(() => {
      const inline = document.createElement('script');
      inline.textContent = 'window.__evil = "inline"';
      document.body.append(inline);
    });
    await expect.poll(() => cspViolations.length).toBe(1);
    expect(cspViolations[0]).toMatch(/Executing inline script violates/);
    cspViolations.length = 0;
    await page.context().close();
  }
});

test('another site cannot frame the store: the sign-in page and the API pages stay out of its iframe', async ({
  page,
  baseURL,
  cspViolations,
}) => {
  // The other site: another origin on this machine, a page that frames whatever path of the store
  // it is asked for, or (the control) a page of its own, which shows framing works at all.
  const other = createServer((request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    if (request.url === '/own') return void response.end('<!doctype html><title>Own</title><p>own</p>');
    const src = request.url === '/control' ? '/own' : `${baseURL}${request.url}`;
    response.end(`<!doctype html><title>Other</title><iframe src="${src}"></iframe>`);
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  const origin = `http://localhost:${(other.address() as AddressInfo).port}`;
  const framed = async (path: string) => {
    await page.goto(`${origin}${path}`);
    const frame = page.frames().find((f) => f !== page.mainFrame())!;
    await frame.waitForLoadState();
    return frame;
  };
  try {
    expect((await framed('/control')).url()).toBe(`${origin}/own`);
    // The store's pages, and the API's pages behind the proxy (the store map, the admin page).
    for (const path of ['/login.html', '/api/_standin/cvs-map.html?chain=SEVEN', '/api/_admin']) {
      const frame = await framed(path);
      await expect.poll(() => frame.url(), path).toMatch(/^chrome-error:/);
      await expect.poll(() => cspViolations.join('\n'), path).toMatch(/Framing '.*' violates .*"frame-ancestors 'none'"/);
      cspViolations.length = 0;
    }
  } finally {
    other.close();
  }
});

test('the overload page retries with a link to the address itself, no script needed', async ({ page }) => {
  await page.goto('/current-limiter.html');
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));
  await page.locator('main a.button').click();
  await expect.poll(() => loads).toEqual([expect.stringMatching(/\/current-limiter\.html$/)]);
});
