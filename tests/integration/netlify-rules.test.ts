/**
 * The generated `_redirects` and `_headers` as Netlify reads them: parsed by Netlify's own
 * @netlify/redirect-parser and @netlify/headers-parser, rules picked by netlify-redirector (the
 * matcher `netlify dev` runs) and header rules matched by the parser's own path expressions.
 * A file that exists answers unless the matching rule is forced, as on Netlify.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Header } from '@netlify/headers-parser';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import { IMMUTABLE, REVALIDATE, type HostRulesInput } from '../../src/lib/routing/host-rules.ts';
import { headersFile, netlifyUploads, redirectsFile } from '../../src/lib/routing/hosts/netlify.ts';
import { readNetlifyRules } from '../../scripts/hosts/netlify.ts';
import { sampleSecurityHeaders } from '../fixtures/security-headers.ts';

const PAGES = [
  '/',
  '/women.html',
  '/c/W01.html',
  '/product-detail.html',
  '/product/L450011.html',
  '/product/L450024.html',
  '/not-found.html',
  '/press/',
  '/press/2026/',
  '/press/2026/03/post1001.html',
  '/zh-hk/',
  '/zh-hk/product-detail.html',
  '/zh-hk/product/L450011.html',
  '/en-gb/',
  '/en-gb/women.html',
  '/en-gb/product-detail.html',
  '/en-gb/product/L450011.html',
  '/en-gb/not-found.html',
  '/en-gb/press/2026/',
];
const input: HostRulesInput = { languages: LANGUAGES, pagePaths: PAGES, mobileSiteUrl: '', mobilePages: {} };
const SECURITY = sampleSecurityHeaders({ imageHosts: ['https://img.example'] });

/** The files of the release at their URL paths: pages, copies of the not-found pages, data, assets and our own files. */
const FILES = new Set([
  ...PAGES.map((path) => (path.endsWith('/') ? `${path}index.html` : path)),
  '/404.html',
  '/en-gb/404.html',
  '/zh-hk/404.html',
  '/_astro/app.B1x_9.js',
  '/_redirects',
  '/_headers',
  '/_host/nginx-server.conf',
  '/.routes.json',
]);

let dir: string;
let rules: Awaited<ReturnType<typeof readNetlifyRules>>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'netlify-rules-'));
  await writeFile(join(dir, '_redirects'), redirectsFile(input));
  await writeFile(join(dir, '_headers'), headersFile(SECURITY, input));
  rules = await readNetlifyRules(dir);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** What Netlify does with a request: the rule it applies, or the file it serves. */
function route(address: string): { status: number; to: string } {
  const url = new URL(address, 'http://netlify');
  const match = rules.matcher.match({
    scheme: 'http',
    host: 'netlify',
    path: decodeURIComponent(url.pathname),
    query: url.search.slice(1),
    headers: {},
    getHeader: () => '',
    getCookie: () => '',
  });
  const file = url.pathname.endsWith('/') ? `${url.pathname}index.html` : url.pathname;
  if (match && (match.force || !FILES.has(file))) return { status: match.status, to: match.to };
  return FILES.has(file) ? { status: 200, to: file } : { status: 404, to: 'Netlify default' };
}

describe('_redirects in Netlify’s parser and matcher', () => {
  it('takes every rule line', () => {
    const lines = redirectsFile(input)
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    // readNetlifyRules fails on any line the parser refuses, and it skips none.
    expect(rules.redirectCount).toBe(lines.length);
  });

  it("answers an unknown address with its own language's not-found page, status 404", () => {
    expect(route('/en-gb/x')).toEqual({ status: 404, to: '/en-gb/404.html' });
    expect(route('/en-gb/nope.html')).toEqual({ status: 404, to: '/en-gb/404.html' });
    expect(route('/en-gb/c/NOPE.html')).toEqual({ status: 404, to: '/en-gb/404.html' });
    expect(route('/zh-hk/nope.html')).toEqual({ status: 404, to: '/zh-hk/404.html' });
    expect(route('/nope.html')).toEqual({ status: 404, to: '/404.html' });
    expect(route('/_astro/nope.js')).toEqual({ status: 404, to: '/404.html' });
    expect(route('/index.html.br')).toEqual({ status: 404, to: '/404.html' });
  });

  it('serves the files that exist, not shadowed by the not-found rules', () => {
    expect(route('/women.html')).toEqual({ status: 200, to: '/women.html' });
    expect(route('/en-gb/women.html')).toEqual({ status: 200, to: '/en-gb/women.html' });
    expect(route('/en-gb/')).toEqual({ status: 200, to: '/en-gb/index.html' });
    expect(route('/_astro/app.B1x_9.js')).toEqual({ status: 200, to: '/_astro/app.B1x_9.js' });
  });

  it("serves a known product code its product's page and answers any other code 404", () => {
    expect(route('/product-detail.html?productCode=L450011')).toEqual({ status: 200, to: '/product/L450011.html' });
    expect(route('/product-detail.html?productId=9&productCode=L450024')).toEqual({ status: 200, to: '/product/L450024.html' });
    expect(route('/en-gb/product-detail.html?productCode=L450011')).toEqual({ status: 200, to: '/en-gb/product/L450011.html' });
    for (const code of ['NOPE123', '%3Cx%3E', 'undefined', 'l450011', 'L450024X'])
      expect(route(`/product-detail.html?productCode=${code}`), code).toEqual({ status: 404, to: '/404.html' });
    expect(route('/en-gb/product-detail.html?productCode=NOPE123')).toEqual({ status: 404, to: '/en-gb/404.html' });
    // A product the English catalogue has and the Hong Kong one has not.
    expect(route('/zh-hk/product-detail.html?productCode=L450024')).toEqual({ status: 404, to: '/zh-hk/404.html' });
    expect(route('/product-detail.html')).toEqual({ status: 200, to: '/product-detail.html' });
    expect(route('/product-detail.html?productCode=')).toEqual({ status: 200, to: '/product-detail.html' });
  });

  it('answers the build internals 404 even where they were uploaded', () => {
    for (const path of ['/_host/nginx-server.conf', '/_redirects', '/_headers', '/.routes.json'])
      expect(route(path), path).toEqual({ status: 404, to: '/404.html' });
  });

  it('redirects the moved pages', () => {
    expect(route('/forget_password_phone.html?a=1')).toEqual({ status: 301, to: '/forget_password.html' });
    expect(route('/en-gb/forget_password_phone.html')).toEqual({ status: 301, to: '/en-gb/forget_password.html' });
  });
});

describe('_headers in Netlify’s parser, matched by its own path expressions', () => {
  const cacheRules = (path: string) =>
    rules.headerRules.filter((rule: Header) => rule.forRegExp.test(path) && 'Cache-Control' in rule.values);

  it('gives every hashed asset the immutable rule alone', () => {
    for (const path of ['/_astro/app.B1x_9.js', '/_astro/Header.x-html.css', '/_astro/hero.Dk3.webp', '/_astro/data.json.js']) {
      expect(
        cacheRules(path).map((rule) => rule.values['Cache-Control']),
        path,
      ).toEqual([IMMUTABLE]);
    }
  });

  it('gives every page, folder and data file the revalidating rule alone', () => {
    for (const path of [
      '/',
      '/en-gb/',
      '/zh-hk/',
      '/press/',
      '/press/2026/',
      '/en-gb/press/2026/',
      '/women.html',
      '/en-gb/c/W01.html',
      '/404.html',
      '/sitemap-index.xml',
      '/press/feed.xml',
      '/locales/en-GB.json',
      '/product-data/en-GB/L450011.json',
    ]) {
      expect(
        cacheRules(path).map((rule) => rule.values['Cache-Control']),
        path,
      ).toEqual([REVALIDATE]);
    }
  });

  it('sends the security headers from one rule on every path', () => {
    const policy = SECURITY.find(([name]) => name === 'Content-Security-Policy')![1];
    for (const path of ['/', '/women.html', '/_astro/app.B1x_9.js', '/robots.txt', '/404.html']) {
      const setting = rules.headerRules.filter((rule) => rule.forRegExp.test(path) && 'Content-Security-Policy' in rule.values);
      expect(
        setting.map((rule) => rule.values['Content-Security-Policy']),
        path,
      ).toEqual([policy]);
    }
  });
});

describe('what is uploaded to Netlify', () => {
  it('leaves out the compressed copies, our host files and dot files', () => {
    for (const file of ['index.html', '_astro/app.js', 'en-gb/404.html', '_redirects', '_headers', 'robots.txt'])
      expect(netlifyUploads(file), file).toBe(true);
    for (const file of ['index.html.br', '_astro/app.js.gz', '_host/security-headers.json', '.routes.json', 'en-gb/.hidden.html'])
      expect(netlifyUploads(file), file).toBe(false);
  });
});
