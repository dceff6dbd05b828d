/**
 * The generated host rules: `_redirects` and `_headers` as text, and the nginx includes run by
 * a real nginx over a small site, answer for answer against the local server's rules
 * (static-rules.ts) and the mobile-redirect function; and the security headers, the same from
 * `_headers`, nginx and the local server.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import { fixedRedirects, type HostRulesInput } from '../../src/lib/routing/host-rules.ts';
import { headersFile, redirectsFile } from '../../src/lib/routing/hosts/netlify.ts';
import { nginxBrotliInclude, nginxHttpInclude, nginxServerInclude } from '../../src/lib/routing/hosts/nginx.ts';
import { mobileRedirectForRequest } from '../../src/lib/routing/mobile-redirect.ts';
import { NOT_FOUND_PATH, resolveStaticPath } from '../../src/lib/routing/static-rules.ts';
import { hasBrotliStatic, startNginx } from '../fixtures/nginx.ts';
import { contentSecurityPolicy, securityHeaders } from '../../src/lib/security/content-security-policy.ts';
import { startStaticServer } from '../../scripts/static-server.ts';
import { SECURITY_HEADERS_FILE } from '../../scripts/host-rules.ts';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { DESKTOP, GOOGLEBOT_PHONE, IPHONE } from '../fixtures/user-agents.ts';

const MOBILE = 'https://m.linea.example';

const FILES = [
  'index.html',
  'women.html',
  'c/W01.html',
  'product-detail.html',
  'product/L450011.html',
  'en-gb/product-detail.html',
  'en-gb/product/L450011.html',
  'search.html',
  'coupon-collect.html',
  'cart.html',
  'forget_password.html',
  'newsletter-subscription.html',
  'not-found.html',
  'press/index.html',
  'press/2026/index.html',
  'press/2026/03/post1001.html',
  'en-gb/index.html',
  'en-gb/women.html',
  'en-gb/not-found.html',
  'en-gb/newsletter-subscription.html',
  'en-gb/press/2026/index.html',
  'zh-hk/not-found.html',
  '_astro/app.js',
  // Never served: a release's route manifest and the host rules themselves.
  '.routes.json',
  'en-gb/.hidden.html',
  '_host/nginx-server.conf',
  '_redirects',
];
const PAGE_PATHS = [
  '/',
  '/women.html',
  '/c/W01.html',
  '/product-detail.html',
  '/product/L450011.html',
  '/en-gb/product/L450011.html',
  '/search.html',
  '/coupon-collect.html',
  '/cart.html',
  '/forget_password.html',
  '/newsletter-subscription.html',
  '/not-found.html',
  '/press/',
  '/press/2026/',
  '/press/2026/03/post1001.html',
  '/en-gb/',
  '/en-gb/women.html',
  '/en-gb/not-found.html',
  '/en-gb/newsletter-subscription.html',
  '/en-gb/press/2026/',
];
/** A CMS page whose address is longer than a key nginx's default map buckets hold. */
const LONG_PATH = '/feature/autumn-campaign-for-members-and-their-families.html';
const input: HostRulesInput = {
  languages: LANGUAGES,
  pagePaths: PAGE_PATHS,
  mobileSiteUrl: MOBILE,
  mobilePages: {
    '': [
      { path: '/women.html', code: 'WOMEN' },
      { path: LONG_PATH, code: 'AUTUMN' },
    ],
    'zh-hk': [],
    'en-gb': [{ path: '/women.html', code: 'WOMEN-EN' }],
  },
};

/** A policy with every kind of value a host must carry through: quotes, semicolons, a hash with '+', '/' and '='. */
const SECURITY = securityHeaders({
  policy: contentSecurityPolicy({
    scriptHashes: ['sha256-9gOBGqEQINNDuds+tkXbNzih6klbz+KeCyxEj4KRLeM='],
    styleHashes: ['sha256-vv9IoKo7BSLbWcUHr3tNmfNVmm5L/9Cfn2H6LMk7/ow='],
    scriptHosts: ['https://risk.example'],
    connectHosts: ['https://datarcvr.example'],
    imageHosts: ['https://img.example'],
    extraSources: { 'frame-src': ['https://captcha.example'] },
    upgradeInsecureRequests: true,
    reportUri: '/csp-report',
  }),
  reportOnly: false,
  https: true,
  hstsIncludeSubdomains: true,
});

describe("_redirects and _headers (Netlify's; tests/integration/netlify-rules.test.ts runs them in Netlify's own parsers and matcher)", () => {
  it('redirects the moved pages of every language and the press years written without their slash', () => {
    const text = redirectsFile(input);
    for (const line of [
      '/forget_password_phone.html  /forget_password.html  301',
      '/en-gb/forget_password_phone.html  /en-gb/forget_password.html  301',
      '/newsletter_subscription.html  /newsletter-subscription.html  301',
      '/zh-hk/newsletter_subscription.html  /zh-hk/newsletter-subscription.html  301',
      '/press/2026  /press/2026/  301',
      '/en-gb/press/2026  /en-gb/press/2026/  301',
      '/press  /press/  301',
    ])
      expect(text).toContain(`${line}\n`);
    // Netlify matches a rule with or without the trailing slash: a forced folder rule would loop.
    expect(text).not.toMatch(/^\/\S*press\S*\s+\S+\s+301!$/m);
  });

  it("rewrites the product address to each product's page, in every language, and answers any other code not found", () => {
    const text = redirectsFile(input);
    expect(text).toContain('/product-detail.html  productCode=L450011  /product/L450011.html  200!\n');
    expect(text).toContain('/en-gb/product-detail.html  productCode=L450011  /en-gb/product/L450011.html  200!\n');
    expect(text).toContain('/en-gb/product-detail.html  productCode=:code  /en-gb/404.html  404!\n');
    // No pattern rewrite: a forced one to a missing page would answer 200 with the not-found page.
    expect(text).not.toContain('productCode=:code  /product/');
  });

  it("ends with each language's not-found rule and the root's, not forced", () => {
    const rules = redirectsFile(input)
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    expect(rules.slice(-LANGUAGES.length)).toEqual([
      '/zh-hk/*  /zh-hk/404.html  404',
      '/zh-mo/*  /zh-mo/404.html  404',
      '/zh-cn/*  /zh-cn/404.html  404',
      '/en-gb/*  /en-gb/404.html  404',
      '/*  /404.html  404',
    ]);
  });

  it('marks hashed assets immutable and pages revalidated, naming each folder', () => {
    const text = headersFile(SECURITY, input);
    expect(text).toMatch(/^\/_astro\/\*\n {2}Cache-Control: public, max-age=31536000, immutable$/m);
    for (const path of ['/', '/en-gb/', '/press/', '/press/2026/', '/en-gb/press/2026/', '/*.html', '/*.xml', '/*.json'])
      expect(text).toContain(`\n${path}\n  Cache-Control: public, max-age=0, must-revalidate\n`);
    // Netlify reads '/*/' as every path, hashed assets too.
    expect(text).not.toMatch(/^\/\*\/$/m);
    expect(text).not.toMatch(/^\/\*\n(?: {2}.*\n)* {2}Cache-Control/m);
  });
});

describe('the nginx includes, served by nginx', () => {
  let dir: string;
  let stop: (() => void) | undefined;
  let origin: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nginx-'));
    for (const file of FILES) {
      await mkdir(dirname(join(dir, 'site', file)), { recursive: true });
      const body = `<!doctype html><title>${file}</title>`;
      await writeFile(join(dir, 'site', file), body);
      // The build's compressed copies (scripts/compress.ts), on the pages and assets.
      if (/\.(html|js)$/.test(file)) {
        await writeFile(join(dir, 'site', `${file}.gz`), gzipSync(body));
        await writeFile(join(dir, 'site', `${file}.br`), brotliCompressSync(body));
      }
    }
    await writeFile(join(dir, 'brotli.conf'), nginxBrotliInclude());
    await writeFile(join(dir, 'http.conf'), nginxHttpInclude(input));
    await writeFile(join(dir, 'server.conf'), nginxServerInclude(input, SECURITY));
    await mkdir(join(dir, 'site', '_host'), { recursive: true });
    await writeFile(join(dir, 'site', SECURITY_HEADERS_FILE), JSON.stringify(SECURITY));
    ({ origin, stop } = await startNginx(
      dir,
      // An operator's own location beside ours (an API proxy, as our server's /api).
      `root ${join(dir, 'site')}; include ${join(dir, 'server.conf')};${hasBrotliStatic() ? ` include ${join(dir, 'brotli.conf')};` : ''} location /api/ { return 200 "api"; }`,
      `include ${join(dir, 'http.conf')};`,
    ));
  });
  afterAll(async () => {
    stop?.();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const get = (url: string, userAgent: string) => fetch(`${origin}${url}`, { redirect: 'manual', headers: { 'user-agent': userAgent } });
  /** Same address, same query parameters (nginx builds the query in a fixed order). */
  const sameUrl = (a: string, b: string) => {
    const [x, y] = [new URL(a, origin), new URL(b, origin)];
    const params = (u: URL) => [...u.searchParams].sort((p, q) => p[0].localeCompare(q[0]));
    return x.origin === y.origin && x.pathname === y.pathname && JSON.stringify(params(x)) === JSON.stringify(params(y));
  };

  const requests = [
    '/',
    '/index.html',
    '/women.html',
    '/c/W01.html',
    '/cart.html',
    '/not-found.html',
    '/press/2026/03/post1001.html',
    '/product-detail.html?productCode=L450011&productId=45001101002011',
    '/product-detail.html?productCode=L450011&productId=undefined',
    '/product/L450011.html',
    '/product/L450011.html?productId=45001101002011',
    '/en-gb/product/L450011.html?productId=undefined',
    '/search.html?description=%E5%A4%96%E5%A5%97&sort=priceAsc',
    '/search.html?searchType=storeCode&storeCode=TPE01',
    '/search.html?searchType=storeCode&storeCode=',
    '/coupon-collect.html?couponId=CC001',
    '/coupon-collect.html',
    '/en-gb/',
    '/en-gb/women.html',
    '/en-gb/press/2026/',
    // Named by the rules but not built by this store: the mobile site has them.
    '/email.html',
    '/en-gb/unsubscribe.html',
    '/account/order/evaluate.html?oid=O1',
    // Not built at all: a phone goes where the function sends it, as from the local server.
    '/nope.html?description=x',
    '/en-gb/c/NOPE.html',
    '/en-gb/product/NOPE.html?productId=1',
    '/zh-hk/no/such/folder/',
    '/en-gb/product-detail.html?productCode=%3Cx%3E',
    '/product-detail.html?productCode=L450011&productId=undefined&uid=u1&description=',
    LONG_PATH,
  ];

  it.each(requests)('a phone asking for %s goes where the mobile-redirect function says', async (url) => {
    const { pathname, search } = new URL(url, origin);
    const expected = mobileRedirectForRequest({ pathname, search, userAgent: IPHONE, mobileSiteUrl: MOBILE, pages: input.mobilePages })!;
    const answer = await get(url, IPHONE);
    expect(answer.status).toBe(302);
    expect(sameUrl(answer.headers.get('location')!, expected), `${answer.headers.get('location')} vs ${expected}`).toBe(true);
  });

  const desktop = [
    '/',
    '/women.html',
    '/press/2026',
    '/en-gb/press/2026',
    '/press/2026/',
    '/newsletter_subscription.html?src=mail',
    '/en-gb/forget_password_phone.html',
    '/nope.html',
    '/en-gb/nope.html',
    '/c/',
    '/_astro/app.js',
    '/.routes.json',
    '/en-gb/.hidden.html',
    '/_host/nginx-server.conf',
    '/_redirects',
    // The product address: the product's own page, an unknown or malformed code not found, no code the shell.
    '/product-detail.html?productCode=L450011&productId=45001101002011',
    '/en-gb/product-detail.html?productCode=L450011',
    '/product-detail.html?productCode=L999999',
    '/en-gb/product-detail.html?productCode=L999999',
    '/product-detail.html?productCode=..%2F..%2Fetc%2Fpasswd',
    '/product-detail.html?productCode=L450011%20OR%201',
    '/product-detail.html',
    '/product-detail.html?productCode=',
    '/product/L450011.html',
  ];
  /**
   * The local server's answer, as nginx must give it: a file (200), a redirect, or not found
   * (404 at the address, with its language's not-found page as the body). A reference that still
   * redirects to the not-found page is read as not found: nginx answers 404 in place.
   */
  function expectedOf(url: string): { status: number; file?: string; location?: string } {
    const { pathname, search } = new URL(url, origin);
    const expected = resolveStaticPath(pathname, search, (f) => FILES.includes(f), LANGUAGES);
    if (expected.kind === 'file') return { status: 200, file: expected.file };
    if ('location' in expected) {
      if (expected.status === 302 && expected.location.endsWith(NOT_FOUND_PATH)) return { status: 404, file: expected.location.slice(1) };
      return { status: expected.status, location: expected.location };
    }
    return { status: 404, file: expected.file };
  }

  it.each(desktop)('a desktop browser asking for %s gets what the local server answers', async (url) => {
    const expected = expectedOf(url);
    const answer = await get(url, DESKTOP);
    expect(answer.status).toBe(expected.status);
    if (expected.location) expect(answer.headers.get('location')).toBe(expected.location);
    if (expected.file) expect(await answer.text()).toContain(`<title>${expected.file}</title>`);
  });

  it.each([
    ['/nope.html', 'not-found.html'],
    ['/en-gb/nope.html', 'en-gb/not-found.html'],
    ['/en-gb/c/NOPE.html', 'en-gb/not-found.html'],
    ['/zh-hk/nope.html', 'zh-hk/not-found.html'],
    ['/product-detail.html?productCode=NOPE123', 'not-found.html'],
    ['/en-gb/product-detail.html?productCode=NOPE123', 'en-gb/not-found.html'],
    ['/product-detail.html?productCode=%3Cx%3E', 'not-found.html'],
    ['/en-gb/product-detail.html?productCode=undefined', 'en-gb/not-found.html'],
    ['/_astro/nope.js', 'not-found.html'],
    ['/index.html.br', 'not-found.html'],
    ['/en-gb/index.html.gz', 'en-gb/not-found.html'],
    ['/_astro/app.js.br', 'not-found.html'],
    ['/_host/nginx-server.conf', 'not-found.html'],
    ['/en-gb/.hidden.html', 'en-gb/not-found.html'],
  ])('answers %s with 404 and the body of %s, revalidated, with the security headers', async (url, file) => {
    for (const encoding of ['identity', 'br, gzip']) {
      const answer = await fetch(`${origin}${url}`, {
        redirect: 'manual',
        headers: { 'user-agent': DESKTOP, 'accept-encoding': encoding },
      });
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(answer.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      expect(answer.headers.get('content-security-policy')).toBe(SECURITY[0]![1]);
      expect(await answer.text()).toBe(`<!doctype html><title>${file}</title>`);
    }
  });

  it('says Vary: User-Agent on pages and their redirects (it decides by user agent there), not on assets and data', async () => {
    const vary = async (url: string, userAgent: string) =>
      (await get(url, userAgent)).headers
        .get('vary')
        ?.split(',')
        .map((name) => name.trim()) ?? [];
    for (const url of ['/', '/women.html', '/en-gb/', '/press/2026/', '/product-detail.html?productCode=L450011', '/nope.html'])
      for (const userAgent of [DESKTOP, IPHONE, GOOGLEBOT_PHONE]) expect(await vary(url, userAgent), url).toContain('User-Agent');
    for (const url of ['/_astro/app.js', '/_host/nginx-server.conf']) expect(await vary(url, DESKTOP), url).not.toContain('User-Agent');
  });

  it("leaves an operator's own locations to them: a phone asking the API is not sent to the mobile site", async () => {
    const answer = await get('/api/members/', IPHONE);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('api');
  });

  it("a search engine's smartphone crawler reads the page itself", async () => {
    const answer = await get('/press/2026/03/post1001.html', GOOGLEBOT_PHONE);
    expect(answer.status).toBe(200);
  });

  it('serves hashed assets as immutable and pages as revalidated, one rule each', async () => {
    expect((await get('/_astro/app.js', DESKTOP)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const url of ['/women.html', '/', '/en-gb/', '/product-detail.html?productCode=L450011'])
      expect((await get(url, DESKTOP)).headers.get('cache-control'), url).toBe('public, max-age=0, must-revalidate');
    // A conditional request: 304 with the same rule.
    const plain = { 'accept-encoding': 'identity' };
    const etag = (await fetch(`${origin}/_astro/app.js`, { headers: plain })).headers.get('etag')!;
    const again = await fetch(`${origin}/_astro/app.js`, { headers: { ...plain, 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate', 'gzip'],
    ['identity', null],
  ])("sends the build's compressed copy for Accept-Encoding %s", async (accept, coding) => {
    if (coding === 'br' && !hasBrotliStatic()) return; // nginx without the module: gzip only (the CI installs it)
    for (const path of ['/women.html', '/en-gb/', '/_astro/app.js']) {
      const answer = await fetch(`${origin}${path}`, { headers: { 'accept-encoding': accept, 'user-agent': DESKTOP } });
      expect(answer.headers.get('content-encoding'), path).toBe(coding);
      expect(answer.headers.get('vary'), path).toContain('Accept-Encoding');
      expect(await answer.text()).toMatch(/^<!doctype html><title>/);
    }
  });

  it('lists every fixed redirect once', () => {
    const from = fixedRedirects(input).map((r) => r.from);
    expect(new Set(from).size).toBe(from.length);
  });

  it('sends the security headers on pages, hashed assets and the product address, as _headers and the local server do', async () => {
    const expected = Object.fromEntries(SECURITY.map(([name, value]) => [name.toLowerCase(), value]));
    const pick = (headers: Headers) => Object.fromEntries(Object.keys(expected).map((name) => [name, headers.get(name)]));
    // _headers: the catch-all rule alone carries them (Cloudflare joins values set by two rules).
    const text = headersFile(SECURITY, input);
    const catchAll = text
      .slice(text.indexOf('\n/*\n') + 4)
      .trimEnd()
      .split('\n');
    expect(
      Object.fromEntries(catchAll.map((line) => [line.slice(2, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 2)])),
    ).toEqual(expected);
    const local = await startStaticServer({ root: join(dir, 'site'), port: 0, mobileSiteUrl: '' });
    try {
      for (const path of ['/women.html', '/en-gb/', '/_astro/app.js', '/product-detail.html?productCode=L450011']) {
        expect(pick((await get(path, DESKTOP)).headers), `nginx ${path}`).toEqual(expected);
        expect(pick((await fetch(`${local.url}${path}`)).headers), `local ${path}`).toEqual(expected);
      }
    } finally {
      await local.close();
    }
  });
});
