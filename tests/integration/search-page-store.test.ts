/**
 * The search page's store (stores/search-page.ts) as its island uses it, without a browser:
 * over the real local API, with the page's address and its history injected (a list of
 * entries, as a tab keeps them). The query read from the address, what a new sort or page
 * writes to it (a new entry) and a page past the last (the same entry), Back and Forward, a
 * failure and its retry, and the page's region and language in what is asked and shown.
 *
 * Every test is a new page (vi.resetModules): fresh atoms over the same API.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Catalogue } from '../../scripts/sample-data/catalogue-schema.ts';
import { getLanguage } from '../../src/lib/i18n/languages.ts';
import { level2ProductId } from '../../src/lib/product/product-id.ts';
import { memoryStorage } from '../../src/stores/platform.ts';
import { API_SETTLED, startLocalApi, type LocalApi } from '../fixtures/local-api.ts';
import { miniCatalogue } from '../fixtures/mini-catalogue.ts';

/** Results per page (stores/search.ts): the catalogue has more, so there is a second page. */
const PAGE_SIZE = 24;

/** The mini catalogue and 25 more crew necks (L000011 to L000035, all switched on): 30 results for 圓領, two pages. */
function twoPageCatalogue(): Catalogue {
  const catalogue = miniCatalogue();
  const model = catalogue.products[0]!;
  for (let n = 11; n <= 35; n++) {
    const productCode = `L0000${n}`;
    catalogue.products.push({
      ...model,
      productCode,
      omsProductCode: `0000${n}-26S`,
      names: { 'zh-TW': `圓領T恤 ${n}`, 'zh-HK': `圓領T恤 ${n}`, 'en-GB': `Crew Neck T-Shirt ${n}` },
      colours: model.colours.map((c) => ({ ...c, images: [`/media/products/${productCode}-01.jpg`] })),
      skus: model.skus.map((sku) => {
        const omsSkuCode = `0000${n}-01${sku.sizeNo}-26S`;
        return { ...sku, skuCode: `${productCode}01${sku.sizeNo}`, omsSkuCode, productId: level2ProductId(omsSkuCode, '01', sku.sizeNo) };
      }),
    });
  }
  return catalogue;
}
const MATCHES = 30;

let api: LocalApi;
beforeAll(async () => {
  api = await startLocalApi({ catalogue: twoPageCatalogue() });
});
afterAll(() => api.close());

// ---------------------------------------------------------------------------------------
// The page: its fetch, its address and history

interface Search {
  description?: string;
  searchType?: string;
  storeCode?: string;
  sort: string;
  page: number;
  region: string;
  language: string;
}
let searches: Search[];
let networkDown: boolean;

/** The tab's history: its entries and the one shown. */
let entries: { url: string; state: unknown }[];
let current: number;
let listeners: Set<() => void>;

const pageFetch: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input), api.origin);
  if (url.pathname === '/api/search/products') searches.push(JSON.parse(String(init?.body)) as Search);
  if (networkDown) throw new TypeError('Failed to fetch');
  return fetch(url, init);
};

/** Back or Forward: another entry shown, the page told (popstate). */
function travel(steps: number): void {
  current += steps;
  for (const listener of listeners) listener();
}

/** A new page at `address`, in `language`; answers its modules. */
async function openPage(address: string, language = 'zh-TW') {
  vi.resetModules();
  entries = [{ url: address, state: null }];
  current = 0;
  listeners = new Set();
  const platform = await import('../../src/stores/platform.ts');
  platform.setPlatform({
    fetch: pageFetch,
    language: () => getLanguage(language),
    cookie: () => '',
    localStorage: memoryStorage(),
    sessionStorage: memoryStorage(),
    currentUrl: () => entries[current]!.url,
    pushUrl: (url, state) => {
      entries.splice(current + 1, entries.length, { url, state });
      current++;
    },
    replaceUrl: (url, state) => {
      entries[current] = { url, state };
    },
    onAddressChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  });
  return import('../../src/stores/search-page.ts');
}
type Page = Awaited<ReturnType<typeof openPage>>;

/** Waits for the page to show `page` of its results, ready. */
async function shown(store: Page, page: number) {
  // The first search of a run loads the API client: more than waitFor's default second on a busy machine.
  await vi.waitFor(() => expect(store.$searchPageView.get()).toMatchObject({ status: 'ready', query: { page } }), API_SETTLED);
  const view = store.$searchPageView.get();
  if (view.status !== 'ready') throw new Error('not ready');
  return view;
}

const urls = () => entries.map((e) => e.url);
const CREW = encodeURIComponent('圓領');

beforeEach(() => {
  searches = [];
  networkDown = false;
});

// ---------------------------------------------------------------------------------------

describe('the query from the address', () => {
  it("is read when the page starts (loading until then) and searched in the page's region and language, prices in its currency", async () => {
    const store = await openPage('/en-gb/search.html?description=%20crew%20&sort=priceAsc&utm_source=mail', 'en-GB');
    // The server's render and hydration: loading, nothing asked.
    expect(store.$searchPageView.get()).toEqual({ status: 'loading', query: null });
    store.startSearchPage();
    const view = await shown(store, 1);
    expect(searches).toEqual([{ description: 'crew', sort: 'priceAsc', page: 1, pageSize: PAGE_SIZE, region: 'HK', language: 'en-GB' }]);
    expect(view.query).toEqual({ description: 'crew', storeCode: null, sort: 'priceAsc', page: 1 });
    expect(view.total).toBe(MATCHES);
    expect(view.items).toHaveLength(PAGE_SIZE);
    // Named in the page's language, priced in its region's currency.
    expect(view.items.every((item) => item.name.startsWith('Crew Neck'))).toBe(true);
    expect(view.currency.code).toBe('HKD');
    expect(view.items[0]!.minPrice).toBe(119);
    // Reading the address writes nothing to it.
    expect(urls()).toEqual(['/en-gb/search.html?description=%20crew%20&sort=priceAsc&utm_source=mail']);

    const taiwan = await openPage(`/search.html?description=${CREW}`);
    taiwan.startSearchPage();
    const there = await shown(taiwan, 1);
    expect(searches.at(-1)).toMatchObject({ region: 'TW', language: 'zh-TW', sort: 'relevance' });
    expect(there.currency.code).toBe('TWD');
    expect(there.items[0]!.minPrice).toBe(490);
  });

  it("a store's wares are searched by its code, not by the word beside it", async () => {
    const store = await openPage('/search.html?description=%20&searchType=storeCode&storeCode=%20/TPE0001%20');
    store.startSearchPage();
    const view = await shown(store, 1);
    expect(searches).toEqual([
      { searchType: 'storeCode', storeCode: '/TPE0001', sort: 'relevance', page: 1, pageSize: PAGE_SIZE, region: 'TW', language: 'zh-TW' },
    ]);
    expect(view.query.storeCode).toBe('/TPE0001');
    expect(view.total).toBe(MATCHES);
  });

  it('neither a word nor a store: the page says so and asks nothing', async () => {
    const store = await openPage('/search.html?description=%20&sort=priceAsc');
    store.startSearchPage();
    expect(store.$searchPageView.get()).toMatchObject({ status: 'no-word' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(searches).toEqual([]);
  });
});

describe('sort and paging write the address', () => {
  it('a new sort is a new history entry, from the first page, the address keeping its other parameters; Back shows the query before', async () => {
    const store = await openPage(`/search.html?description=${CREW}&page=2&utm_source=mail`);
    store.startSearchPage();
    const second = await shown(store, 2);
    expect(second.items).toHaveLength(MATCHES - PAGE_SIZE);

    await store.changeSort('newest');
    expect(urls()).toEqual([
      `/search.html?description=${CREW}&page=2&utm_source=mail`,
      `/search.html?description=${CREW}&page=1&utm_source=mail&sort=newest`,
    ]);
    const newest = await shown(store, 1);
    expect(newest.query.sort).toBe('newest');
    expect(searches.at(-1)).toMatchObject({ sort: 'newest', page: 1 });
    // Newest first: the highest product code.
    expect(newest.items[0]!.productCode).toBe('L000035');

    travel(-1);
    const back = await shown(store, 2);
    expect(back.query.sort).toBe('relevance');
    expect(searches.at(-1)).toMatchObject({ sort: 'relevance', page: 2 });
    expect(entries).toHaveLength(2);
  });

  it('another page is a new history entry; Back and Forward walk through the pages, each searched again', async () => {
    const store = await openPage('/search.html?searchType=storeCode&storeCode=/TPE0001');
    store.startSearchPage();
    const first = await shown(store, 1);

    await store.goToPage(2);
    expect(urls()).toEqual([
      '/search.html?searchType=storeCode&storeCode=/TPE0001',
      '/search.html?searchType=storeCode&storeCode=%2FTPE0001&sort=relevance&page=2',
    ]);
    const second = await shown(store, 2);
    expect(second.items[0]!.productCode).not.toBe(first.items[0]!.productCode);

    travel(-1);
    expect((await shown(store, 1)).items[0]!.productCode).toBe(first.items[0]!.productCode);
    travel(1);
    expect((await shown(store, 2)).items[0]!.productCode).toBe(second.items[0]!.productCode);
    expect(searches.map((s) => s.page)).toEqual([1, 2, 1, 2]);

    // The same page again asks and writes nothing; one before the first is the first.
    await store.goToPage(2);
    expect(entries).toHaveLength(2);
    await store.goToPage(-3);
    expect(urls().at(-1)).toBe('/search.html?searchType=storeCode&storeCode=%2FTPE0001&sort=relevance&page=1');
    expect(searches.map((s) => s.page)).toEqual([1, 2, 1, 2, 1]);
  });

  it('a page past the last becomes the last in the same history entry, shown loading (never an empty page) meanwhile', async () => {
    const store = await openPage(`/search.html?description=${CREW}&page=99`);
    const drawn: string[] = [];
    store.$searchPageView.subscribe((view) => drawn.push(`${view.status}:${view.query?.page ?? '-'}`));
    store.startSearchPage();
    await shown(store, 2);
    expect(urls()).toEqual([`/search.html?description=${CREW}&page=2&sort=relevance`]);
    expect(searches.map((s) => s.page)).toEqual([99, 2]);
    expect(drawn).not.toContain('ready:99');
  });

  it('an address change that leaves the query as it is (a link to a part of the page) searches nothing again', async () => {
    const store = await openPage(`/search.html?description=${CREW}`);
    store.startSearchPage();
    await shown(store, 1);
    entries.push({ url: `/search.html?description=${CREW}#results`, state: null });
    travel(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(searches).toHaveLength(1);
  });

  it('once stopped (the island gone), the page follows the address no more', async () => {
    const store = await openPage(`/search.html?description=${CREW}`);
    const stop = store.startSearchPage();
    await shown(store, 1);
    stop();
    entries.push({ url: `/search.html?description=${CREW}&page=2`, state: null });
    travel(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(searches).toHaveLength(1);
    expect(store.$searchQuery.get()?.page).toBe(1);
  });
});

describe('a failure', () => {
  it('shows an error, and the retry searches the same query again', async () => {
    const store = await openPage(`/search.html?description=${CREW}&sort=priceDesc&page=2`);
    networkDown = true;
    store.startSearchPage();
    await vi.waitFor(() => expect(store.$searchPageView.get()).toMatchObject({ status: 'error', query: { page: 2 } }), API_SETTLED);
    networkDown = false;
    await store.retrySearch();
    await shown(store, 2);
    expect(searches.map((s) => [s.sort, s.page])).toEqual([
      ['priceDesc', 2],
      ['priceDesc', 2],
    ]);
    expect(entries).toHaveLength(1);
  });
});
