/**
 * The product pull at scale, on the real SQLite API with a 300-product sample catalogue: the
 * details come in batches (productDetails), so a full pull's calls are bounded by batches and
 * languages, not products; the cache holds exactly what one call per product would have
 * written; a product missing from an answer fails the pull before anything is written. An
 * incremental pull (a publish's) asks only what moved since the last pull.
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

describe('the incremental pull', () => {
  it('asks only the products whose updatedAt moved since the last pull, or that a notice names; removes those gone', async () => {
    await pullProducts({ apiBaseUrl: API, cacheDir, languages: LANGUAGES, fetch: appFetch });
    const quiet = countingFetch(appFetch);
    expect(await pullProducts({ apiBaseUrl: API, cacheDir, languages: LANGUAGES, fetch: quiet.fetch, incremental: true })).toMatchObject({
      calls: 1,
      asked: [],
      written: 0,
      changed: [],
    });

    const [priced, gone, named] = [catalogue.products[10]!, catalogue.products[20]!, catalogue.products[30]!];
    const row = db.prepare('SELECT json, updated_at FROM products WHERE product_code = ?').get(priced.productCode) as {
      json: string;
      updated_at: number;
    };
    const goneRow = db.prepare('SELECT json, updated_at FROM products WHERE product_code = ?').get(gone.productCode) as {
      json: string;
      updated_at: number;
    };
    const cheaper = {
      ...priced,
      skus: priced.skus.map((s) => ({ ...s, prices: { ...s.prices, TWD: { origin: s.prices.TWD!.origin, sale: 100 } } })),
    };
    db.prepare('UPDATE products SET json = ?, updated_at = ? WHERE product_code = ?').run(
      JSON.stringify(cheaper),
      row.updated_at + 1,
      priced.productCode,
    );
    db.prepare('DELETE FROM products WHERE product_code = ?').run(gone.productCode);
    try {
      const counter = countingFetch(appFetch);
      const result = await pullProducts({
        apiBaseUrl: API,
        cacheDir,
        languages: LANGUAGES,
        fetch: counter.fetch,
        incremental: true,
        changed: [named.productCode],
      });
      // The list, then one batch a language for the two asked.
      expect(counter.total()).toBe(1 + LANGUAGES.length);
      expect(result).toMatchObject({ asked: [priced.productCode, named.productCode].sort(), removed: LANGUAGES.length });
      // Only the TWD price moved: the zh-TW file alone is written; the named product came back as it was.
      expect(result.written).toBe(1);
      expect(result.changed).toEqual([priced.productCode, gone.productCode].sort());
      const cached = JSON.parse(await readFile(join(cacheDir, productCachePath('zh-TW', priced.productCode)), 'utf8'));
      expect(cached.skus[0].price.sale).toBe(100);

      // Without the last pull's record, an incremental pull asks every product.
      await rm(join(cacheDir, 'products', 'catalogue.json'));
      const all = await pullProducts({ apiBaseUrl: API, cacheDir, languages: LANGUAGES, fetch: appFetch, incremental: true });
      expect(all.asked).toHaveLength(PRODUCTS - 1);
      expect(all.written).toBe(0);
    } finally {
      db.prepare('UPDATE products SET json = ?, updated_at = ? WHERE product_code = ?').run(row.json, row.updated_at, priced.productCode);
      db.prepare('INSERT INTO products (product_code, json, updated_at) VALUES (?, ?, ?)').run(
        gone.productCode,
        goneRow.json,
        goneRow.updated_at,
      );
    }
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
