/**
 * Cloudflare's Worker (src/lib/routing/hosts/cloudflare-worker.ts): its decision, request by
 * request, against the table every host must meet, and the Worker itself over an asset binding
 * that behaves as Cloudflare's does (exact names, 304 on a matching ETag, a `_redirects` rule
 * of its own). tests/integration/cloudflare-host.test.ts runs it in workerd.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import { IMMUTABLE, REVALIDATE, type HostRulesInput } from '../../src/lib/routing/host-rules.ts';
import {
  ASSETS_IGNORE_FILE,
  CLOUDFLARE_ASSETS,
  CLOUDFLARE_RELEASE_FILE,
  cloudflareFiles,
  cloudflareRelease,
  type CloudflareRelease,
} from '../../src/lib/routing/hosts/cloudflare.ts';
import { createWorker, edgeAnswer, type EdgeAnswer } from '../../src/lib/routing/hosts/cloudflare-worker.ts';
import { mobileRedirectForRequest } from '../../src/lib/routing/mobile-redirect.ts';
import { DESKTOP, GOOGLEBOT_PHONE, IPHONE } from '../fixtures/user-agents.ts';
import { sampleSecurityHeaders } from '../fixtures/security-headers.ts';

const MOBILE = 'https://m.linea.example';

/** Each file's content is its own name, so a body says which file it is. */
const FILES = [
  'index.html',
  'women.html',
  'c/W01.html',
  'product-detail.html',
  'product/L450011.html',
  'en-gb/product-detail.html',
  'en-gb/product/L450011.html',
  'forget_password.html',
  'not-found.html',
  'press/index.html',
  'press/2026/index.html',
  'press/feed.xml',
  'en-gb/index.html',
  'en-gb/women.html',
  'en-gb/not-found.html',
  'en-gb/forget_password.html',
  'zh-hk/not-found.html',
  '_astro/app.js',
  'robots.txt',
  'sitemap-index.xml',
  'locales/en-GB.json',
  // On the host only if uploaded; refused by the rules anyway.
  'index.html.br',
  '_astro/app.js.br',
  '.routes.json',
  '_host/security-headers.json',
  '_redirects',
  '_headers',
];

const SECURITY = sampleSecurityHeaders({ imageHosts: ['https://img.example'], reportUri: '/csp-report' });

const input = (mobileSiteUrl: string): HostRulesInput => ({
  languages: LANGUAGES,
  pagePaths: ['/', '/women.html', '/press/', '/press/2026/', '/en-gb/', '/en-gb/women.html'],
  mobileSiteUrl,
  mobilePages: {
    '': [{ path: '/women.html', code: 'WOMEN' }],
    'zh-hk': [],
    'zh-mo': [],
    'zh-cn': [],
    'en-gb': [{ path: '/women.html', code: 'WOMEN-EN' }],
  },
});
const DEFAULT_BUILD = cloudflareRelease(input(''), SECURITY);
const MOBILE_BUILD = cloudflareRelease(input(MOBILE), SECURITY);

const answer = (path: string, release: CloudflareRelease, userAgent = DESKTOP, method = 'GET'): EdgeAnswer =>
  edgeAnswer({ method, url: `https://store.example${path}`, userAgent }, (file) => FILES.includes(file), release);

const securityOf = (headers: Record<string, string>) => Object.fromEntries(SECURITY.map(([name]) => [name, headers[name]]));

describe("the edge's answer (request → answer, the files known)", () => {
  it('serves every page at its .html address and each folder its index.html, revalidated, with the security headers', () => {
    for (const [path, file] of [
      ['/', 'index.html'],
      ['/women.html', 'women.html'],
      ['/c/W01.html', 'c/W01.html'],
      ['/en-gb/', 'en-gb/index.html'],
      ['/en-gb/women.html', 'en-gb/women.html'],
      ['/press/', 'press/index.html'],
      ['/press/2026/', 'press/2026/index.html'],
    ]) {
      const got = answer(path!, DEFAULT_BUILD);
      expect(got, path).toMatchObject({ status: 200, file });
      expect(got.headers['cache-control'], path).toBe(REVALIDATE);
      expect(securityOf(got.headers), path).toEqual(Object.fromEntries(SECURITY));
      // Without a mobile site nothing depends on the browser.
      expect(got.headers.vary, path).toBeUndefined();
    }
    expect(answer('/_astro/app.js', DEFAULT_BUILD)).toMatchObject({ status: 200, file: '_astro/app.js' });
    expect(answer('/_astro/app.js', DEFAULT_BUILD).headers['cache-control']).toBe(IMMUTABLE);
    for (const path of ['/robots.txt', '/sitemap-index.xml', '/press/feed.xml', '/locales/en-GB.json'])
      expect(answer(path, DEFAULT_BUILD).headers['cache-control'], path).toBe(REVALIDATE);
  });

  it("sends a phone asking for a page to the mobile-redirect function's URL, with Vary: User-Agent; desktops and crawlers get the page", () => {
    for (const path of [
      '/women.html',
      '/en-gb/women.html',
      '/c/W01.html',
      '/',
      '/press/2026/',
      '/product-detail.html?productCode=L450011&productId=L4500110103001',
      '/en-gb/product/L450011.html',
      '/nope.html',
    ]) {
      const url = new URL(path, 'https://store.example');
      const target = mobileRedirectForRequest({
        pathname: url.pathname,
        search: url.search,
        userAgent: IPHONE,
        mobileSiteUrl: MOBILE,
        pages: MOBILE_BUILD.mobilePages,
      });
      const phone = answer(path, MOBILE_BUILD, IPHONE);
      expect(phone, path).toMatchObject({ status: 302, location: target });
      expect(phone.headers.vary, path).toBe('User-Agent');
      for (const userAgent of [DESKTOP, GOOGLEBOT_PHONE]) {
        const stays = answer(path, MOBILE_BUILD, userAgent);
        expect([200, 404], `${path} ${userAgent}`).toContain(stays.status);
        expect(stays.headers.vary, `${path} ${userAgent}`).toBe('User-Agent');
      }
    }
    expect(answer('/women.html', MOBILE_BUILD, IPHONE)).toMatchObject({ location: `${MOBILE}/home/WOMEN` });
    // A phone is no reason to redirect without a mobile site, nor for assets, data or a moved page (it moves first).
    expect(answer('/women.html', DEFAULT_BUILD, IPHONE)).toMatchObject({ status: 200 });
    for (const path of ['/_astro/app.js', '/robots.txt', '/locales/en-GB.json']) {
      expect(answer(path, MOBILE_BUILD, IPHONE), path).toMatchObject({ status: 200 });
      expect(answer(path, MOBILE_BUILD, IPHONE).headers.vary, path).toBeUndefined();
    }
    expect(answer('/forget_password_phone.html', MOBILE_BUILD, IPHONE)).toMatchObject({ status: 301, location: '/forget_password.html' });
  });

  it('answers an unknown address, an unknown or malformed product code and a missing asset 404 with the not-found page of its language', () => {
    for (const [path, file] of [
      ['/nope.html', 'not-found.html'],
      ['/en-gb/nope.html', 'en-gb/not-found.html'],
      ['/en-gb/c/NOPE.html', 'en-gb/not-found.html'],
      ['/zh-hk/no/such/folder/', 'zh-hk/not-found.html'],
      ['/product-detail.html?productCode=NOPE123', 'not-found.html'],
      ['/product-detail.html?productCode=%3Cx%3E', 'not-found.html'],
      ['/product-detail.html?productCode=..%2Fnot-found', 'not-found.html'],
      ['/product-detail.html?productCode=undefined', 'not-found.html'],
      ['/en-gb/product-detail.html?productCode=undefined', 'en-gb/not-found.html'],
      ['/_astro/nope.js', 'not-found.html'],
      ['/%E0%A4%A', 'not-found.html'],
    ]) {
      const got = answer(path!, DEFAULT_BUILD);
      expect(got, path).toMatchObject({ status: 404, file });
      expect(got.headers['cache-control'], path).toBe(REVALIDATE);
      expect(securityOf(got.headers), path).toEqual(Object.fromEntries(SECURITY));
    }
  });

  it("serves the product address's own product page, in every language, and the shell without a code", () => {
    expect(answer('/product-detail.html?productCode=L450011', DEFAULT_BUILD)).toMatchObject({ status: 200, file: 'product/L450011.html' });
    expect(answer('/en-gb/product-detail.html?productCode=L450011&productId=undefined', DEFAULT_BUILD)).toMatchObject({
      status: 200,
      file: 'en-gb/product/L450011.html',
    });
    expect(answer('/product-detail.html', DEFAULT_BUILD)).toMatchObject({ status: 200, file: 'product-detail.html' });
  });

  it('never serves build internals or compressed copies', () => {
    for (const path of [
      '/_host/security-headers.json',
      '/_host/x',
      '/_redirects',
      '/_headers',
      '/.routes.json',
      '/.assetsignore',
      '/index.html.br',
      '/_astro/app.js.br',
      '/index.html.gz',
    ])
      expect(answer(path, DEFAULT_BUILD), path).toMatchObject({ status: 404, file: 'not-found.html' });
  });

  it('moves the moved pages (query kept) and the folders written without their slash, 301', () => {
    expect(answer('/forget_password_phone.html?from=mail', DEFAULT_BUILD)).toMatchObject({
      status: 301,
      location: '/forget_password.html?from=mail',
    });
    expect(answer('/en-gb/forget_password_phone.html', DEFAULT_BUILD)).toMatchObject({
      status: 301,
      location: '/en-gb/forget_password.html',
    });
    expect(answer('/press/2026', DEFAULT_BUILD)).toMatchObject({ status: 301, location: '/press/2026/' });
    expect(answer('/press', DEFAULT_BUILD)).toMatchObject({ status: 301, location: '/press/' });
  });

  it('takes only GET and HEAD', () => {
    expect(answer('/women.html', DEFAULT_BUILD, DESKTOP, 'HEAD')).toMatchObject({ status: 200 });
    expect(answer('/women.html', DEFAULT_BUILD, DESKTOP, 'POST')).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD' } });
  });
});

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  xml: 'application/xml',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
};

/**
 * An asset binding as Cloudflare's answers one (html_handling and not_found_handling "none"):
 * a file by its exact name, 304 when the ETag matches, a 404 without body otherwise, and the
 * `_headers` and `_redirects` of the release's root applied, which the Worker must not let through.
 */
function assets(files: readonly string[]) {
  const asked: string[] = [];
  return {
    asked,
    binding: {
      fetch: (input: Request | string, init?: RequestInit) => {
        const path = decodeURIComponent(new URL(typeof input === 'string' ? input : input.url).pathname);
        asked.push(path);
        const rulesOfItsOwn = { 'cache-control': 'public, max-age=60', 'x-netlify-rule': 'yes' };
        if (path === '/press/2026') return Promise.resolve(new Response(null, { status: 301, headers: { location: '/press/2026/' } }));
        const file = path.slice(1);
        if (!files.includes(file) || file.startsWith('_host/') || /\.(?:br|gz)$/.test(file))
          return Promise.resolve(new Response(null, { status: 404, headers: rulesOfItsOwn }));
        const etag = `"${file.length}"`;
        const headers = { ...rulesOfItsOwn, etag, 'content-type': TYPES[file.split('.').pop()!] ?? 'application/octet-stream' };
        if (new Headers(init?.headers).get('if-none-match') === etag) return Promise.resolve(new Response(null, { status: 304, headers }));
        return Promise.resolve(new Response(init?.method === 'HEAD' ? null : file, { status: 200, headers }));
      },
    },
  };
}

async function ask(path: string, release = DEFAULT_BUILD, init: RequestInit = {}) {
  const store = assets(FILES);
  const response = await createWorker(release).fetch(new Request(`https://store.example${path}`, init), { ASSETS: store.binding });
  return { response, body: await response.text(), asked: store.asked };
}

describe('the Worker over the asset binding', () => {
  it("serves a page with the file's type and ETag and our headers only, in one asset fetch", async () => {
    const { response, body, asked } = await ask('/women.html');
    expect(response.status).toBe(200);
    expect(body).toBe('women.html');
    expect(asked).toEqual(['/women.html']);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('etag')).toBe('"10"');
    expect(response.headers.get('cache-control')).toBe(REVALIDATE);
    expect(response.headers.get('x-netlify-rule')).toBeNull();
    for (const [name, value] of SECURITY) expect(response.headers.get(name), name).toBe(value);
  });

  it('answers a folder, the product address and a missing file as the table says', async () => {
    expect(await ask('/press/')).toMatchObject({ body: 'press/index.html', asked: ['/press/index.html'] });
    // The asset router's own redirect for press/2026 is no file: the folder is found, and the Worker redirects.
    const folder = await ask('/press/2026');
    expect(folder.response.status).toBe(301);
    expect(folder.response.headers.get('location')).toBe('/press/2026/');
    expect(await ask('/en-gb/product-detail.html?productCode=L450011')).toMatchObject({ body: 'en-gb/product/L450011.html' });
    const missing = await ask('/en-gb/c/NOPE.html');
    expect(missing.response.status).toBe(404);
    expect(missing.body).toBe('en-gb/not-found.html');
    expect(missing.response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(missing.response.headers.get('cache-control')).toBe(REVALIDATE);
    expect(missing.response.headers.get('etag')).toBeNull();
    const internal = await ask('/index.html.br');
    expect(internal).toMatchObject({ body: 'not-found.html' });
    expect(internal.response.status).toBe(404);
  });

  it('answers 304 for an unchanged file, HEAD without a body, other methods 405', async () => {
    const unchanged = await ask('/women.html', DEFAULT_BUILD, { headers: { 'if-none-match': '"10"' } });
    expect(unchanged.response.status).toBe(304);
    expect(unchanged.response.headers.get('cache-control')).toBe(REVALIDATE);
    const head = await ask('/women.html', DEFAULT_BUILD, { method: 'HEAD' });
    expect(head.response.status).toBe(200);
    expect(head.body).toBe('');
    const post = await ask('/women.html', DEFAULT_BUILD, { method: 'POST', body: 'x' });
    expect(post.response.status).toBe(405);
    expect(post.asked).toEqual([]);
  });

  it('sends a phone on with a redirect and no page, and a desktop the page, both with Vary: User-Agent', async () => {
    const phone = await ask('/women.html', MOBILE_BUILD, { headers: { 'user-agent': IPHONE } });
    expect(phone.response.status).toBe(302);
    expect(phone.response.headers.get('location')).toBe(`${MOBILE}/home/WOMEN`);
    expect(phone.response.headers.get('vary')).toBe('User-Agent');
    const desktop = await ask('/women.html', MOBILE_BUILD, { headers: { 'user-agent': DESKTOP } });
    expect(desktop.response.status).toBe(200);
    expect(desktop.response.headers.get('vary')).toBe('User-Agent');
  });
});

describe("the release's files for Cloudflare", () => {
  it('leaves the host rules, compressed copies, Netlify files and dot files out of the upload', () => {
    const files = cloudflareFiles(input(MOBILE), SECURITY);
    const ignore = files.find((f) => f.path === ASSETS_IGNORE_FILE)!.content.split('\n');
    for (const pattern of ['/_host/', '*.br', '*.gz', '/_redirects', '/_headers', '.*']) expect(ignore).toContain(pattern);
  });

  it("gives the Worker the release's languages, mobile site, mobile pages and security headers", () => {
    const files = cloudflareFiles(input(MOBILE), SECURITY);
    const data = JSON.parse(files.find((f) => f.path === CLOUDFLARE_RELEASE_FILE)!.content) as CloudflareRelease;
    expect(data).toEqual(JSON.parse(JSON.stringify(MOBILE_BUILD)));
    expect(data.securityHeaders).toEqual(SECURITY);
  });

  it('lets the Worker answer first, and the asset router rewrite nothing', () => {
    expect(CLOUDFLARE_ASSETS).toMatchObject({ run_worker_first: true, html_handling: 'none', not_found_handling: 'none' });
  });
});
