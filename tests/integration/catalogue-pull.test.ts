/**
 * The product pull at scale, on the real SQLite API with a 300-product sample catalogue: the
 * details come in batches (productDetails), so a full pull's calls are bounded by batches and
 * languages, not products; the cache holds exactly what one call per product would have
 * written; a product missing from an answer fails the pull before anything is written.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PRODUCT_DETAILS_BATCH, productDetailSchema } from '../../src/lib/api/contract.ts';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import { productCacheDigest, productCachePath, pullProducts } from '../../src/node/catalogue/pull-products.ts';
import { countingFetch } from '../../scripts/bench/catalogue-api.ts';
import { createCommerceApp } from '../../scripts/local-commerce/app.ts';
import { openDatabase } from '../../scripts/local-commerce/db.ts';
import { seedDatabase } from '../../scripts/local-commerce/seed.ts';
import { buildCatalogue } from '../../scripts/local-cms/catalogue.ts';
import { catalogueSchema } from '../../scripts/sample-data/catalogue-schema.ts';

const PRODUCTS = 300;
const API = 'http://commerce.test/api';
const catalogue = catalogueSchema.parse(
  JSON.parse(JSON.stringify(buildCatalogue(1, 1_790_000_000_000, LANGUAGES, { products: PRODUCTS }).catalogue)),
);
const db = openDatabase(':memory:');
seedDatabase(db, catalogue);
const app = createCommerceApp({ db, siteOrigin: 'https://www.linea.example' });
const appFetch: typeof fetch = (input, init) => Promise.resolve(app.request(input instanceof Request ? input : String(input), init));
const post = async (path: string, body: unknown) =>
  (await (
    await app.request(`${API}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  ).json()) as { success: boolean; resp: unknown; msgCode?: string };

let cacheDir: string;
beforeEach(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'catalogue-pull-'));
  return () => rm(cacheDir, { recursive: true, force: true });
});
afterAll(() => db.close());

/** What the pull wrote before batches: one productDetail call per product and language. */
const oneByOne = new Map<string, string>();
beforeAll(async () => {
  for (const language of LANGUAGES)
    for (const { productCode } of catalogue.products) {
      const answer = await post('/product/detail', { productCode, region: language.region, language: language.code });
      // As that pull did: the answer parsed with the contract's schema, then written.
      oneByOne.set(productCachePath(language.code, productCode), `${JSON.stringify(productDetailSchema.parse(answer.resp))}\n`);
    }
});

async function cacheFiles(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const language of LANGUAGES)
    for (const name of await readdir(join(cacheDir, 'products', language.code)))
      files.set(join('products', language.code, name), await readFile(join(cacheDir, 'products', language.code, name), 'utf8'));
  return files;
}

describe('the product pull in batches', () => {
  it('pulls every product in every language in ceil(N / batch) calls a language, writing what one call per product would', async () => {
    const counter = countingFetch(appFetch);
    const result = await pullProducts({ apiBaseUrl: API, cacheDir, languages: LANGUAGES, fetch: counter.fetch });
    const batches = Math.ceil(PRODUCTS / PRODUCT_DETAILS_BATCH);
    expect(counter.total()).toBe(1 + batches * LANGUAGES.length);
    expect(Object.fromEntries(counter.calls)).toEqual({ '/api/product/catalogue': 1, '/api/product/details': batches * LANGUAGES.length });
    expect(result).toMatchObject({ products: PRODUCTS, written: PRODUCTS * LANGUAGES.length, removed: 0 });
    expect(await cacheFiles()).toEqual(oneByOne);
  });

  it('gives the same cache whatever the batch size, in as many calls as its batches', async () => {
    await pullProducts({ apiBaseUrl: API, cacheDir, languages: LANGUAGES, fetch: appFetch });
    const digest = productCacheDigest(cacheDir);
    await rm(join(cacheDir, 'products'), { recursive: true });
    const counter = countingFetch(appFetch);
    await pullProducts({ apiBaseUrl: API, cacheDir, languages: LANGUAGES, fetch: counter.fetch, batchSize: 7 });
    expect(counter.total()).toBe(1 + Math.ceil(PRODUCTS / 7) * LANGUAGES.length);
    expect(productCacheDigest(cacheDir)).toBe(digest);
  });

  it('fails naming a product missing from its batch, and writes nothing', async () => {
    const dropped = catalogue.products[150]!.productCode;
    const dropping: typeof fetch = async (input, init) => {
      const answer = await appFetch(input, init);
      if (!String(input).endsWith('/product/details')) return answer;
      const json = (await answer.json()) as { resp: Array<{ productCode: string }> };
      json.resp = json.resp.filter((p) => p.productCode !== dropped);
      return Response.json(json);
    };
    await expect(pullProducts({ apiBaseUrl: API, cacheDir, languages: LANGUAGES, fetch: dropping })).rejects.toThrow(
      new RegExp(`product ${dropped} \\(zh-TW\\): missing`),
    );
    await expect(readdir(join(cacheDir, 'products'))).rejects.toThrow();
  });
});

describe('productDetails', () => {
  it('answers the products asked for in that order, leaving out a code it does not know, and at most a batch', async () => {
    const codes = [catalogue.products[5]!.productCode, 'L999999', catalogue.products[2]!.productCode];
    const answer = await post('/product/details', { productCodes: codes, region: 'HK', language: 'en-GB' });
    expect(answer.success).toBe(true);
    const details = answer.resp as Array<{ productCode: string; name: string; skus: Array<{ price: unknown }> }>;
    expect(details.map((d) => d.productCode)).toEqual([codes[0], codes[2]]);
    expect(details[0]!.name).toBe(catalogue.products[5]!.names['en-GB']);
    expect(details[0]!.skus[0]!.price).toEqual(catalogue.products[5]!.skus[0]!.prices.HKD);
    const tooMany = catalogue.products.slice(0, PRODUCT_DETAILS_BATCH + 1).map((p) => p.productCode);
    expect((await post('/product/details', { productCodes: tooMany, region: 'TW', language: 'zh-TW' })).success).toBe(false);
  });
});
