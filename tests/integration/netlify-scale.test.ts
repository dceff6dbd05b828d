/**
 * Netlify's `_redirects` at 20,000 products: one rule per product and language would be 100,000
 * rules (8 MB), ten times what Netlify's documentation says to write with placeholders instead,
 * so past MAX_PRODUCT_RULES the product address is a placeholder rule per language. Read by
 * Netlify's own parser and matcher (netlify-redirector), and served by the runner
 * (scripts/hosts/netlify.ts) with a lowered threshold.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import type { HostRulesInput } from '../../src/lib/routing/host-rules.ts';
import { MAX_PRODUCT_RULES, headersFile, redirectsFile } from '../../src/lib/routing/hosts/netlify.ts';
import { readNetlifyRules, serve } from '../../scripts/hosts/netlify.ts';
import type { RunningHost } from '../../scripts/hosts/host.ts';
import { sampleSecurityHeaders } from '../fixtures/security-headers.ts';

const PRODUCTS = 20_000;
const prefixOf = (segment: string) => (segment ? `/${segment}` : '');
const codes = Array.from({ length: PRODUCTS }, (_, i) => `L${450_000 + i}`);
const pagesWith = (products: readonly string[]) => [
  '/',
  '/women.html',
  '/product-detail.html',
  ...LANGUAGES.flatMap((l) => [
    `${prefixOf(l.pathSegment)}/`,
    ...products.map((code) => `${prefixOf(l.pathSegment)}/product/${code}.html`),
  ]),
];
const inputOf = (pagePaths: string[]): HostRulesInput => ({ languages: LANGUAGES, pagePaths, mobileSiteUrl: '', mobilePages: {} });
const rulesOf = (text: string) => text.split('\n').filter((line) => line.trim() && !line.startsWith('#'));

const work = await mkdtemp(join(tmpdir(), 'netlify-scale-'));
let host: RunningHost | null = null;
afterAll(async () => {
  await host?.close();
  await rm(work, { recursive: true, force: true });
});

describe("the product address in Netlify's rules, at 20,000 products", () => {
  const text = redirectsFile(inputOf(pagesWith(codes)));

  it('writes a placeholder rule per language, not 100,000 rules, so the file stays far under Netlify’s 10,000', () => {
    expect(rulesOf(text).length).toBeLessThan(100);
    expect(text.length).toBeLessThan(10_000);
    // The same catalogue as a rule per product and language: what it replaces.
    expect(rulesOf(redirectsFile(inputOf(pagesWith(codes)), { maxProductRules: Infinity })).length).toBeGreaterThan(PRODUCTS * 5);
  });

  it("takes every code to its page in the address's language, and the address without a code to the shell (Netlify's matcher)", async () => {
    const dir = join(work, 'rules');
    await mkdir(dir);
    await writeFile(join(dir, '_redirects'), text);
    await writeFile(join(dir, '_headers'), headersFile(sampleSecurityHeaders(), inputOf([])));
    const { matcher } = await readNetlifyRules(dir);
    const route = (address: string) => {
      const url = new URL(address, 'http://netlify');
      const match = matcher.match({
        scheme: 'http',
        host: 'netlify',
        path: url.pathname,
        query: url.search.slice(1),
        headers: {},
        getHeader: () => '',
        getCookie: () => '',
      });
      return match && { status: match.status, to: match.to, force: match.force };
    };
    expect(route('/product-detail.html?productCode=L469999')).toEqual({ status: 200, to: '/product/L469999.html', force: true });
    expect(route('/en-gb/product-detail.html?productId=9&productCode=L450123')).toEqual({
      status: 200,
      to: '/en-gb/product/L450123.html',
      force: true,
    });
    expect(route('/zh-hk/product-detail.html?productCode=')).toEqual({ status: 200, to: '/zh-hk/product-detail.html', force: true });
  });

  it('keeps a rule per product below the threshold (the sample catalogue): an unknown code is not found with its language’s page', () => {
    const small = rulesOf(redirectsFile(inputOf(pagesWith(codes.slice(0, 121)))));
    expect(121 * LANGUAGES.length).toBeLessThan(MAX_PRODUCT_RULES);
    expect(small).toContain('/en-gb/product-detail.html  productCode=L450000  /en-gb/product/L450000.html  200!');
    expect(small).toContain('/en-gb/product-detail.html  productCode=:code  /en-gb/404.html  404!');
  });
});

describe('a release served with placeholder product rules (the runner, the threshold lowered)', () => {
  beforeAll(async () => {
    const dir = join(work, 'release');
    const input = inputOf(pagesWith(['L450011']));
    const files: Record<string, string> = {
      'index.html': 'home',
      'product-detail.html': 'shell',
      'product/L450011.html': 'L450011',
      'en-gb/product/L450011.html': 'en-gb L450011',
      '404.html': 'not found',
      'en-gb/404.html': 'en-gb not found',
      _redirects: redirectsFile(input, { maxProductRules: 0 }),
      _headers: headersFile(sampleSecurityHeaders(), input),
    };
    for (const [file, content] of Object.entries(files)) {
      await mkdir(dirname(join(dir, file)), { recursive: true });
      await writeFile(join(dir, file), content);
    }
    host = await serve({ dir, port: 0 });
  });

  it("serves a product's page by its code, and answers an unknown code 404", async () => {
    const get = (path: string) => fetch(`${host!.url}${path}`, { redirect: 'manual' });
    const known = await get('/en-gb/product-detail.html?productCode=L450011');
    expect(known.status).toBe(200);
    expect(await known.text()).toBe('en-gb L450011');
    expect(await (await get('/product-detail.html')).text()).toBe('shell');
    const unknown = await get('/en-gb/product-detail.html?productCode=L459999');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe('not found');
  });
});
