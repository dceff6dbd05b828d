/**
 * Search on the real local API (SQLite, the sample catalogue): hot words, suggestions and the
 * product search, each in one language, from that language's names alone; a query in the other
 * Chinese script finds the products all the same; then the search's matching, sorting and paging.
 */
import * as OpenCC from 'opencc-js';
import { describe, expect, it } from 'vitest';
import type { RequestOf } from '../../../src/lib/api/contract.ts';
import { LANGUAGES, getLanguage } from '../../../src/lib/i18n/languages.ts';
import { type App, call, expectFailure, expectSuccess, sampleCatalogue, sampleEnv } from '../../fixtures/commerce-app.ts';

const catalogue = sampleCatalogue();
const switchedOn = catalogue.products.filter((p) => p.enabledFlag === 'Y');
/** The names a language's shoppers can find. */
const namesIn = (language: string) => new Set(switchedOn.map((p) => p.names[language]!));

const search = async (app: App, body: RequestOf<'productSearch'>) => expectSuccess('productSearch', await call(app, 'productSearch', body));
const suggest = async (app: App, word: string, language?: string) =>
  expectSuccess('searchSuggestions', await call(app, 'searchSuggestions', language ? { word, language } : { word }));

/** Simplified ↔ Traditional, to tell which script a word is written in. */
const toHans = OpenCC.Converter({ from: 'tw', to: 'cn' });
const toHant = OpenCC.Converter({ from: 'cn', to: 'tw' });
const inScript: Record<string, (word: string) => boolean> = {
  'zh-Hant': (word) => toHant(word) === word,
  'zh-Hans': (word) => toHans(word) === word,
  en: (word) => /^[\x20-\x7e]+$/.test(word),
};

describe('hot words', () => {
  it.each(LANGUAGES.map((l) => l.code))("%s: the page language's own, each finding its products", async (code) => {
    const { app } = sampleEnv();
    const language = getLanguage(code);
    const answer = await call(app, 'recommendedWords', {}, { language: code });
    // One address answers every language: a cache between must key on the language too.
    expect(answer.headers.get('vary')).toMatch(/accept-language/i);
    const words = expectSuccess('recommendedWords', answer).map((w) => w.wordName);
    expect(words.length).toBeGreaterThanOrEqual(7);
    for (const word of words) {
      expect(inScript[language.sampleCopy]!(word), `${word} is written as ${code} writes`).toBe(true);
      const found = await search(app, { description: word, region: language.region, language: code, pageSize: 60 });
      expect(found.total, `${word} finds products in ${code}`).toBeGreaterThan(0);
      for (const product of found.list) expect(namesIn(code).has(product.name), product.name).toBe(true);
    }
  });

  it('differ between the scripts: mainland pages get Simplified words, with mainland names for things', async () => {
    const { app } = sampleEnv();
    const words = async (language: string) =>
      expectSuccess('recommendedWords', await call(app, 'recommendedWords', {}, { language })).map((w) => w.wordName);
    const [tw, cn, hk] = [await words('zh-TW'), await words('zh-CN'), await words('zh-HK')];
    expect(hk).toEqual(tw);
    expect(cn).not.toEqual(tw);
    expect(cn).toContain('连衣裙'); // 洋裝 on Taiwan's pages
    expect(tw).toContain('洋裝');
    expect(cn).not.toContain('針織衫');
  });
});

describe('suggestions', () => {
  it.each([
    ['zh-TW', '羊毛'],
    ['zh-HK', '羊毛'],
    ['zh-MO', '牛仔'],
    ['zh-CN', '羊毛'],
    ['en-GB', 'wool'],
  ])("%s: only the language's names of switched-on products, best first", async (code, word) => {
    const { app } = sampleEnv();
    const items = await suggest(app, word, code);
    expect(items.length).toBeGreaterThan(1);
    expect(items.length).toBeLessThanOrEqual(10);
    expect(new Set(items).size).toBe(items.length);
    for (const item of items) {
      expect(namesIn(code).has(item), `${item} is a ${code} name`).toBe(true);
      expect(item.toLowerCase()).toContain(word.toLowerCase());
    }
  });

  it('never mix scripts: Traditional pages get no Simplified name, mainland pages no Traditional one', async () => {
    const { app } = sampleEnv();
    const tw = await suggest(app, '羊毛', 'zh-TW');
    const cn = await suggest(app, '羊毛', 'zh-CN');
    expect(tw.some((name) => name.includes('混紡'))).toBe(true);
    expect(tw.some((name) => name.includes('混纺'))).toBe(false);
    expect(cn.some((name) => name.includes('混纺'))).toBe(true);
    expect(cn.some((name) => name.includes('混紡'))).toBe(false);
  });

  it('a word typed in the other script suggests the names in the page language', async () => {
    const { app } = sampleEnv();
    expect(await suggest(app, '羊毛混紡', 'zh-CN')).toEqual(await suggest(app, '羊毛混纺', 'zh-CN'));
    expect((await suggest(app, '羊毛混紡', 'zh-CN')).length).toBeGreaterThan(0);
    expect(await suggest(app, '亚麻', 'zh-TW')).toEqual(await suggest(app, '亞麻', 'zh-TW'));
    // A mainland word finds what Taiwan's names call it.
    expect((await suggest(app, '连衣裙', 'zh-TW')).every((name) => name.includes('洋裝'))).toBe(true);
    expect((await suggest(app, '连衣裙', 'zh-TW')).length).toBeGreaterThan(0);
    expect((await suggest(app, '洋裝', 'zh-CN')).every((name) => name.includes('连衣裙'))).toBe(true);
  });

  it('without a language in the body, the request language (Accept-Language); nothing for no match', async () => {
    const { app } = sampleEnv();
    const cn = expectSuccess('searchSuggestions', await call(app, 'searchSuggestions', { word: '羊毛' }, { language: 'zh-CN' }));
    expect(cn).toEqual(await suggest(app, '羊毛', 'zh-CN'));
    // The body's language wins over the header's.
    const named = expectSuccess(
      'searchSuggestions',
      await call(app, 'searchSuggestions', { word: '羊毛', language: 'zh-CN' }, { language: 'zh-TW' }),
    );
    expect(named).toEqual(cn);
    expect(await suggest(app, '羊毛')).toEqual(await suggest(app, '羊毛', 'zh-TW'));
    expect(await suggest(app, 'zzzz-no-such-thing', 'en-GB')).toEqual([]);
  });

  it('leave out a switched-off product: a suggestion always leads to results', async () => {
    const { app } = sampleEnv();
    const off = catalogue.products.find((p) => p.enabledFlag === 'N')!;
    const name = off.names['zh-TW']!;
    const onWithName = switchedOn.some((p) => p.names['zh-TW'] === name);
    expect(onWithName).toBe(false);
    expect(await suggest(app, name, 'zh-TW')).not.toContain(name);
  });
});

describe('product search', () => {
  /** What the search should find, straight from the catalogue: switched-on products with the word in the language's name. */
  const expected = (word: string, language = 'en-GB') =>
    switchedOn.filter((p) => p.names[language]!.toLowerCase().includes(word.toLowerCase()));
  /** A word from an English name that several products share (the catalogue repeats garment kinds). */
  const sharedWord = () => {
    const counts = new Map<string, number>();
    for (const p of catalogue.products)
      for (const w of new Set(p.names['en-GB']!.toLowerCase().split(/\s+/))) if (w.length > 3) counts.set(w, (counts.get(w) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  };

  it("finds switched-on products by a word of their name in the page's language, ignoring case", async () => {
    const { app } = sampleEnv();
    const word = sharedWord();
    const want = expected(word);
    expect(want.length).toBeGreaterThan(1);
    const upper = await search(app, { description: word.toUpperCase(), region: 'HK', language: 'en-GB', pageSize: 60 });
    expect(upper.total).toBe(want.length);
    const wanted = new Set(want.map((p) => p.productCode));
    expect(upper.list.length).toBe(Math.min(want.length, 60));
    for (const p of upper.list) expect(wanted.has(p.productCode), p.productCode).toBe(true);
    expect(upper.list.every((p) => p.enabledFlag === 'Y')).toBe(true);
    // A Chinese name finds its product too.
    const zh = switchedOn[0]!;
    const byZh = await search(app, { description: zh.names['zh-TW']!, region: 'TW', language: 'zh-TW' });
    expect(byZh.list.map((p) => p.productCode)).toContain(zh.productCode);
    // Under relevance (the default), a product with exactly that name comes first.
    expect(byZh.list[0]!.name).toBe(zh.names['zh-TW']);
  });

  it("reads the language's names only: an English word finds nothing on a Chinese page, nor a Chinese one on English pages", async () => {
    const { app } = sampleEnv();
    const word = sharedWord();
    expect((await search(app, { description: word, region: 'TW', language: 'zh-TW' })).total).toBe(0);
    expect((await search(app, { description: '羊毛', region: 'HK', language: 'en-GB' })).total).toBe(0);
    // Without a language in the body, the request's.
    const cn = expectSuccess(
      'productSearch',
      await call(app, 'productSearch', { description: '羊毛', region: 'CN' }, { language: 'zh-CN' }),
    );
    expect(cn.total).toBe(expected('羊毛', 'zh-CN').length);
    expect(cn.list.every((p) => namesIn('zh-CN').has(p.name))).toBe(true);
  });

  it.each([
    ['zh-CN', '針織', '针织'],
    ['zh-CN', '羊毛混紡', '羊毛混纺'],
    ['zh-CN', '洋裝', '连衣裙'],
    ['zh-TW', '针织', '針織'],
    ['zh-HK', '牛仔裤', '牛仔褲'],
    ['zh-MO', '亚麻', '亞麻'],
    ['zh-TW', '连衣裙', '洋裝'],
  ])('%s: %s, typed in the other script, finds what %s finds', async (code, typed, native) => {
    const { app } = sampleEnv();
    const region = getLanguage(code).region;
    const want = expected(native, code);
    expect(want.length).toBeGreaterThan(0);
    const found = await search(app, { description: typed, region, language: code, pageSize: 60 });
    expect(found.list.map((p) => p.productCode).sort()).toEqual(want.map((p) => p.productCode).sort());
    expect(found.list.every((p) => namesIn(code).has(p.name))).toBe(true);
  });

  it('full-width letters match as half-width ones (an input method’s Ｔ恤)', async () => {
    const { app } = sampleEnv();
    const half = await search(app, { description: 'T恤', region: 'TW', language: 'zh-TW', pageSize: 60 });
    const full = await search(app, { description: 'Ｔ恤', region: 'TW', language: 'zh-TW', pageSize: 60 });
    expect(half.total).toBeGreaterThan(0);
    expect(full).toEqual(half);
  });

  it('never finds a switched-off product, even by its exact name', async () => {
    const { app } = sampleEnv();
    const off = catalogue.products.find((p) => p.enabledFlag === 'N')!;
    const found = await search(app, { description: off.names['zh-TW']!, region: 'TW', language: 'zh-TW', pageSize: 60 });
    expect(found.list.map((p) => p.productCode)).not.toContain(off.productCode);
  });

  it("sorts by price both ways and by newest (highest product code first), in the region's currency", async () => {
    const { app } = sampleEnv();
    const word = sharedWord();
    const body = { description: word, region: 'HK', language: 'en-GB', pageSize: 60 } as const;
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
    const body = { description: word, region: 'HK', language: 'en-GB' } as const;
    expect(total, 'the word must span several pages').toBeGreaterThan(2 * pageSize);
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(total / pageSize); page++) {
      const answer = await search(app, { ...body, page, pageSize, sort: 'newest' });
      expect(answer.total).toBe(total);
      expect(answer.list.length).toBe(Math.min(pageSize, total - (page - 1) * pageSize));
      seen.push(...answer.list.map((p) => p.productCode));
    }
    expect(new Set(seen).size).toBe(total);
    const past = await search(app, { ...body, page: Math.ceil(total / pageSize) + 1, pageSize });
    expect(past).toEqual({ list: [], total });
    // Defaults: 24 a page; more than 60 is refused.
    expect((await search(app, body)).list.length).toBe(Math.min(total, 24));
    expectFailure(await call(app, 'productSearch', { ...body, pageSize: 61 }), 'INVALID_FIELD', { field: 'pageSize' });
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
    expect(all.total).toBe(switchedOn.length);
    expectFailure(await call(app, 'productSearch', { searchType: 'storeCode', region: 'TW' }), 'SEARCH_STORE_CODE_REQUIRED', {
      field: 'storeCode',
    });
  });
});
