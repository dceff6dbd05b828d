/**
 * Products and search: by codes, the build's catalogue, detail and live stock, words and
 * suggestions, and the product search's matching, sorting and paging.
 */
import { describe, expect, it } from 'vitest';
import type { RequestOf } from '../../../src/lib/api/contract.ts';
import { type App, call, expectFailure, expectSuccess, sampleCatalogue, sampleEnv } from '../../fixtures/commerce-app.ts';

const catalogue = sampleCatalogue();

describe('products and search', () => {
  it('by-codes answers live price and stock per region and skips unknown codes', async () => {
    const { app } = sampleEnv();
    const [a, b] = catalogue.products;
    const tw = expectSuccess(
      'productsByCodes',
      await call(app, 'productsByCodes', { codes: [a!.productCode, 'L999999', b!.productCode], region: 'TW' }),
    );
    expect(tw.map((p) => p.productCode)).toEqual([a!.productCode, b!.productCode]);
    const hk = expectSuccess('productsByCodes', await call(app, 'productsByCodes', { codes: [a!.productCode], region: 'HK' }));
    expect(tw[0]!.priceInfo.minPrice).toBe(Math.min(...a!.skus.map((s) => s.prices.TWD!.sale)));
    expect(hk[0]!.priceInfo.minPrice).toBe(Math.min(...a!.skus.map((s) => s.prices.HKD!.sale)));
    expect(tw[0]!.stockFlag).toBe(a!.skus.some((s) => s.stock > 0) ? 'Y' : 'N');
    expectFailure(await call(app, 'productsByCodes', { codes: [a!.productCode], region: 'JP' }), 'INVALID_FIELD', { field: 'region' });
  });

  it('the catalogue lists every product once, for the build', async () => {
    const { app } = sampleEnv();
    const list = expectSuccess('productCatalogue', await call(app, 'productCatalogue'));
    expect(list.map((p) => p.productCode)).toEqual(catalogue.products.map((p) => p.productCode).sort());
    expect(list.every((p) => p.updatedAt === catalogue.generatedAt)).toBe(true);
  });

  it("a product's detail comes in the asked language and the region's currency", async () => {
    const { app } = sampleEnv();
    const product = catalogue.products.find((p) => p.colours.length > 1)!;
    const en = expectSuccess(
      'productDetail',
      await call(app, 'productDetail', { productCode: product.productCode, region: 'HK', language: 'en-GB' }),
    );
    expect(en.name).toBe(product.names['en-GB']);
    expect(en.colours.map((c) => c.name)).toEqual(product.colours.map((c) => c.names['en-GB']));
    expect(en.skus.map((s) => s.price)).toEqual(product.skus.map((s) => s.prices.HKD));
    expect(en.skus.map((s) => s.productId)).toEqual(product.skus.map((s) => s.productId));
    expect([en.makePantsLengthFlag, en.caseFlag, en.noReasonToReturnFlag]).toEqual([
      product.makePantsLengthFlag,
      product.caseFlag,
      product.noReasonToReturnFlag,
    ]);
    const tw = expectSuccess(
      'productDetail',
      await call(app, 'productDetail', { productCode: product.productCode, region: 'TW', language: 'zh-TW' }),
    );
    expect(tw.name).toBe(product.names['zh-TW']);
    expect(tw.skus[0]!.price).toEqual(product.skus[0]!.prices.TWD);
    expectFailure(await call(app, 'productDetail', { productCode: 'L999999', region: 'TW', language: 'zh-TW' }), 'PRODUCT_NOT_FOUND', {
      status: 404,
    });
  });

  it('stock is live: an order taken from the database shows at once', async () => {
    const { app, db } = sampleEnv();
    const product = catalogue.products.find((p) => p.skus.some((s) => s.stock > 1))!;
    const sku = product.skus.find((s) => s.stock > 1)!;
    const before = expectSuccess('productStock', await call(app, 'productStock', { productCode: product.productCode, region: 'TW' }));
    expect(before.skus.find((s) => s.skuCode === sku.skuCode)).toEqual({ skuCode: sku.skuCode, stock: sku.stock, price: sku.prices.TWD });
    db.prepare('UPDATE skus SET stock = stock - 1 WHERE sku_code = ?').run(sku.skuCode);
    const after = expectSuccess('productStock', await call(app, 'productStock', { productCode: product.productCode, region: 'TW' }));
    expect(after.skus.find((s) => s.skuCode === sku.skuCode)!.stock).toBe(sku.stock - 1);
    expectFailure(await call(app, 'productStock', { productCode: 'L999999', region: 'TW' }), 'PRODUCT_NOT_FOUND', { status: 404 });
  });

  it('recommended words and suggestions', async () => {
    const { app } = sampleEnv();
    expect(expectSuccess('recommendedWords', await call(app, 'recommendedWords')).length).toBeGreaterThan(0);
    const name = catalogue.products[0]!.names['zh-TW']!;
    const suggestions = expectSuccess('searchSuggestions', await call(app, 'searchSuggestions', { word: name }));
    expect(suggestions).toContain(name);
    expect(suggestions.length).toBeLessThanOrEqual(10);
    expect(expectSuccess('searchSuggestions', await call(app, 'searchSuggestions', { word: 'zzzz-no-such-thing' }))).toEqual([]);
  });
});

describe('product search', () => {
  const search = async (app: App, body: RequestOf<'productSearch'>) =>
    expectSuccess('productSearch', await call(app, 'productSearch', body));
  /** What the search should find, straight from the catalogue: switched-on products with the word in any name. */
  const expected = (word: string) =>
    catalogue.products.filter(
      (p) => p.enabledFlag === 'Y' && Object.values(p.names).some((n) => n.toLowerCase().includes(word.toLowerCase())),
    );
  /** A word from an English name that several products share (the catalogue repeats garment kinds). */
  const sharedWord = () => {
    const counts = new Map<string, number>();
    for (const p of catalogue.products)
      for (const w of new Set(p.names['en-GB']!.toLowerCase().split(/\s+/))) if (w.length > 3) counts.set(w, (counts.get(w) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  };

  it('finds switched-on products by a word of their name in any language, ignoring case', async () => {
    const { app } = sampleEnv();
    const word = sharedWord();
    const want = expected(word);
    expect(want.length).toBeGreaterThan(1);
    const upper = await search(app, { description: word.toUpperCase(), region: 'TW', pageSize: 60 });
    expect(upper.total).toBe(want.length);
    const wanted = new Set(want.map((p) => p.productCode));
    expect(upper.list.length).toBe(Math.min(want.length, 60));
    for (const p of upper.list) expect(wanted.has(p.productCode), p.productCode).toBe(true);
    expect(upper.list.every((p) => p.enabledFlag === 'Y')).toBe(true);
    // A Chinese name finds its product too.
    const zh = catalogue.products.find((p) => p.enabledFlag === 'Y')!;
    const byZh = await search(app, { description: zh.names['zh-TW']!, region: 'TW' });
    expect(byZh.list.map((p) => p.productCode)).toContain(zh.productCode);
    // Under relevance (the default), a product with exactly that name comes first.
    const first = catalogue.products.find((p) => p.productCode === byZh.list[0]!.productCode)!;
    expect(Object.values(first.names)).toContain(zh.names['zh-TW']);
  });

  it('never finds a switched-off product, even by its exact name', async () => {
    const { app } = sampleEnv();
    const off = catalogue.products.find((p) => p.enabledFlag === 'N')!;
    const found = await search(app, { description: off.names['zh-TW']!, region: 'TW', pageSize: 60 });
    expect(found.list.map((p) => p.productCode)).not.toContain(off.productCode);
  });

  it("sorts by price both ways and by newest (highest product code first), in the region's currency", async () => {
    const { app } = sampleEnv();
    const word = sharedWord();
    const body = { description: word, region: 'HK', pageSize: 60 } as const;
    const asc = (await search(app, { ...body, sort: 'priceAsc' })).list.map((p) => p.priceInfo.minPrice);
    const desc = (await search(app, { ...body, sort: 'priceDesc' })).list.map((p) => p.priceInfo.minPrice);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    expect(asc[0]).toBe(Math.min(...expected(word).map((p) => Math.min(...p.skus.map((s) => s.prices.HKD!.sale)))));
    const newest = (await search(app, { ...body, sort: 'newest' })).list.map((p) => p.productCode);
    expect(newest).toEqual([...newest].sort().reverse());
  });

  it('pages: the same total on every page, pages that do not overlap, and an empty page past the end', async () => {
    const { app } = sampleEnv();
    const word = sharedWord();
    const total = expected(word).length;
    const pageSize = 2;
    expect(total, 'the word must span several pages').toBeGreaterThan(2 * pageSize);
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(total / pageSize); page++) {
      const answer = await search(app, { description: word, region: 'TW', page, pageSize, sort: 'newest' });
      expect(answer.total).toBe(total);
      expect(answer.list.length).toBe(Math.min(pageSize, total - (page - 1) * pageSize));
      seen.push(...answer.list.map((p) => p.productCode));
    }
    expect(new Set(seen).size).toBe(total);
    const past = await search(app, { description: word, region: 'TW', page: Math.ceil(total / pageSize) + 1, pageSize });
    expect(past).toEqual({ list: [], total });
    // Defaults: 24 a page; more than 60 is refused.
    expect((await search(app, { description: word, region: 'TW' })).list.length).toBe(Math.min(total, 24));
    expectFailure(await call(app, 'productSearch', { description: word, region: 'TW', pageSize: 61 }), 'INVALID_FIELD', {
      field: 'pageSize',
    });
  });

  it('answers an empty result for an unknown or a blank word', async () => {
    const { app } = sampleEnv();
    expect(await search(app, { description: 'zzzz-no-such-thing', region: 'TW' })).toEqual({ list: [], total: 0 });
    expect(await search(app, { description: '   ', region: 'TW' })).toEqual({ list: [], total: 0 });
    expect(await search(app, { region: 'TW' })).toEqual({ list: [], total: 0 });
  });

  it("a store search lists the store's wares and needs a store code", async () => {
    const { app } = sampleEnv();
    const all = await search(app, { searchType: 'storeCode', storeCode: 'S001', region: 'TW' });
    expect(all.total).toBe(catalogue.products.filter((p) => p.enabledFlag === 'Y').length);
    expectFailure(await call(app, 'productSearch', { searchType: 'storeCode', region: 'TW' }), 'SEARCH_STORE_CODE_REQUIRED', {
      field: 'storeCode',
    });
  });
});
