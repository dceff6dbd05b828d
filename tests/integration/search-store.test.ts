/**
 * The search store against the real local API over HTTP (the mini catalogue), with injected
 * platform parts: an in-memory local storage, and the page's fetch wrapped to count what is
 * sent, hold answers back (to make one arrive late) or fail (network down).
 *
 * Timings use fake timers for setTimeout/clearTimeout only (the debounce): the HTTP exchange
 * runs on real I/O, and `vi.waitFor` (real timers) waits for its answer. Every test starts a
 * new page (vi.resetModules): fresh atoms, caches and API client over the same server.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECOMMENDED_WORDS_SHOWN, SEARCH_SUGGESTION_DEBOUNCE_MS } from '../../src/lib/constants.ts';
import type { Platform } from '../../src/stores/platform.ts';
import { memoryStorage } from '../../src/stores/platform.ts';
import { getLanguage } from '../../src/lib/i18n/languages.ts';
import { readSearchQuery } from '../../src/lib/search/query.ts';
import { SEARCH_HISTORY_KEY } from '../../src/lib/search/history.ts';
import { API_SETTLED, startLocalApi, type LocalApi } from '../fixtures/local-api.ts';

let api: LocalApi;

beforeAll(async () => {
  api = await startLocalApi();
});
afterAll(() => api.close());

// ---------------------------------------------------------------------------------------
// The page's fetch, wrapped

interface Sent {
  path: string;
  body: unknown;
  /** The Accept-Language the page sent: its language. */
  language: string | null;
}
let sent: Sent[] = [];
let answered = 0;
let networkDown = false;
/** While set, answers wait for it: the test decides when an answer arrives. */
let gate: Promise<void> | null = null;

const pageFetch: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input), api.origin);
  const headers = new Headers(init?.headers);
  sent.push({
    path: url.pathname,
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
    language: headers.get('accept-language'),
  });
  if (networkDown) throw new TypeError('Failed to fetch');
  const response = await fetch(url, init);
  // The whole body now, so once released the client only has microtasks left to do.
  const text = await response.text();
  if (gate) await gate;
  answered++;
  return new Response(text, { status: response.status, headers: response.headers });
};
const suggestRequests = () => sent.filter((s) => s.path === '/api/search/suggest');
const hotWordRequests = () => sent.filter((s) => s.path === '/api/search/recommend-words');

/** Lets real I/O and the promise chains after it run (setImmediate is not faked). */
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
};

let storage: Platform['localStorage'];
let navigations: string[];

/** A new page over the same storage: modules evaluated afresh, the platform injected. */
async function openPage(language = 'zh-TW') {
  vi.resetModules();
  const platform = await import('../../src/stores/platform.ts');
  platform.setPlatform({
    fetch: pageFetch,
    localStorage: storage,
    navigate: (url) => navigations.push(url),
    language: () => getLanguage(language),
    cookie: () => '',
  });
  return import('../../src/stores/search.ts');
}

beforeEach(() => {
  sent = [];
  answered = 0;
  networkDown = false;
  gate = null;
  storage = memoryStorage();
  navigations = [];
});
afterEach(() => {
  vi.useRealTimers();
});

// ---------------------------------------------------------------------------------------

describe('recent searches', () => {
  it('keeps at most 10, newest first, without duplicates, in local storage under a namespaced key', async () => {
    const search = await openPage();
    for (let i = 1; i <= 12; i++) search.addSearchWord(`word ${i}`);
    search.addSearchWord('word 5');
    search.addSearchWord('   ');
    const expected = ['word 5', 'word 12', 'word 11', 'word 10', 'word 9', 'word 8', 'word 7', 'word 6', 'word 4', 'word 3'];
    expect(search.$searchHistory.get()).toEqual(expected);
    expect(SEARCH_HISTORY_KEY).toBe('linea:search:history');
    expect(JSON.parse(storage.getItem(SEARCH_HISTORY_KEY)!)).toEqual(expected);
  });

  it('is there again on the next page; delete one, delete all', async () => {
    const first = await openPage();
    first.addSearchWord('外套');
    first.addSearchWord('T恤');
    first.addSearchWord('牛仔褲');

    const second = await openPage();
    expect(second.$searchHistory.get()).toEqual(['牛仔褲', 'T恤', '外套']);
    second.removeSearchWord('T恤');
    expect(second.$searchHistory.get()).toEqual(['牛仔褲', '外套']);
    expect((await openPage()).$searchHistory.get()).toEqual(['牛仔褲', '外套']);

    const third = await openPage();
    third.clearSearchHistory();
    expect(third.$searchHistory.get()).toEqual([]);
    expect(storage.getItem(SEARCH_HISTORY_KEY)).toBeNull();
  });

  it('starts empty from garbage in storage, and a refusing storage does not break searching', async () => {
    storage.setItem('linea:search:history', '{not json');
    const search = await openPage();
    expect(search.$searchHistory.get()).toEqual([]);
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    search.addSearchWord('外套');
    expect(search.$searchHistory.get()).toEqual(['外套']);
  });

  it("a search is remembered and answers its target in the page's language; a blank one does nothing", async () => {
    const search = await openPage('en-GB');
    expect(search.submitSearch('  T恤 ', {})).toBe(`/en-gb/search.html?description=${encodeURIComponent('T恤')}`);
    expect(search.submitSearch('sale', { sale: { pcLink: '/c/W01.html' } })).toBe('/en-gb/c/W01.html');
    expect(search.submitSearch('   ', {})).toBeNull();
    expect(search.$searchHistory.get()).toEqual(['sale', 'T恤']);
  });

  it("the panel's search goes to its target in the page's language, remembered; a blank one goes nowhere", async () => {
    const search = await openPage('zh-HK');
    expect(search.searchFor(' 外套 ', { sale: { pcLink: '/c/W01.html' } })).toBe(true);
    expect(search.searchFor('sale', { sale: { pcLink: '/c/W01.html' } })).toBe(true);
    expect(search.searchFor('  ', {})).toBe(false);
    expect(navigations).toEqual([`/zh-hk/search.html?description=${encodeURIComponent('外套')}`, '/zh-hk/c/W01.html']);
    expect(search.$searchHistory.get()).toEqual(['sale', '外套']);
  });
});

describe('opening the panel', () => {
  it("loads the hot words once, and asks suggestions for the box's text (the search page's word) unless they are shown", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const search = await openPage();
    search.openSearchPanel('', { associativeSearch: 'Y' });
    search.openSearchPanel(' 圓領 ', { associativeSearch: 'Y' });
    // A second focus while the suggestions are on their way does not put them off.
    await vi.advanceTimersByTimeAsync(SEARCH_SUGGESTION_DEBOUNCE_MS - 100);
    search.openSearchPanel('圓領', { associativeSearch: 'Y' });
    await vi.advanceTimersByTimeAsync(100);
    await vi.waitFor(() => expect(search.$suggestionState.get()).toMatchObject({ word: '圓領', status: 'ready' }), API_SETTLED);
    expect(hotWordRequests()).toHaveLength(1);
    expect(suggestRequests().map((s) => s.body)).toEqual([{ word: '圓領', language: 'zh-TW' }]);
    // Focused again with the same text: its suggestions are already there.
    search.openSearchPanel('圓領', { associativeSearch: 'Y' });
    expect(search.$suggestionState.get().status).toBe('ready');
    await vi.advanceTimersByTimeAsync(SEARCH_SUGGESTION_DEBOUNCE_MS);
    expect(suggestRequests()).toHaveLength(1);
    // With the switch off, only the hot words.
    const off = await openPage();
    off.openSearchPanel('圓領', { associativeSearch: 'N' });
    await vi.advanceTimersByTimeAsync(SEARCH_SUGGESTION_DEBOUNCE_MS);
    await vi.waitFor(() => expect(off.$hotWords.get()).toHaveLength(RECOMMENDED_WORDS_SHOWN), API_SETTLED);
    expect(suggestRequests()).toHaveLength(1);
  });
});

describe('hot words', () => {
  it('are requested once (not again while one request is out, nor once loaded) and capped at 7', async () => {
    const search = await openPage();
    await Promise.all([search.loadHotWords(), search.loadHotWords(), search.loadHotWords()]);
    expect(hotWordRequests()).toHaveLength(1);
    // The local API answers 8 words.
    expect(search.$hotWords.get()).toHaveLength(RECOMMENDED_WORDS_SHOWN);
    expect(search.$hotWords.get()).toEqual(['羽絨外套', '牛仔褲', '洋裝', '襯衫', 'T恤', '毛衣', '睡衣']);
    await search.loadHotWords();
    expect(hotWordRequests()).toHaveLength(1);
  });

  it.each([
    ['zh-CN', ['羽绒外套', '牛仔裤', '连衣裙', '衬衫', 'T恤', '毛衣', '睡衣']],
    ['zh-HK', ['羽絨外套', '牛仔褲', '洋裝', '襯衫', 'T恤', '毛衣', '睡衣']],
    ['en-GB', ['Down Jacket', 'Jeans', 'Dress', 'Shirt', 'T-Shirt', 'Sweater', 'Pyjamas']],
  ])("are the page language's: %s", async (language, words) => {
    const search = await openPage(language);
    await search.loadHotWords();
    expect(hotWordRequests().map((s) => s.language)).toEqual([language]);
    expect(search.$hotWords.get()).toEqual(words);
  });

  it('a failure leaves them empty, and the next focus tries again', async () => {
    const search = await openPage();
    networkDown = true;
    await search.loadHotWords();
    expect(search.$hotWords.get()).toEqual([]);
    networkDown = false;
    await search.loadHotWords();
    expect(hotWordRequests()).toHaveLength(2);
    expect(search.$hotWords.get()).toHaveLength(RECOMMENDED_WORDS_SHOWN);
  });
});

describe('suggestions', () => {
  const Y = { associativeSearch: 'Y' } as const;

  it(`are requested ${SEARCH_SUGGESTION_DEBOUNCE_MS} ms after the last keystroke, exactly once`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const search = await openPage('en-GB');
    search.typeWord('C', Y);
    vi.advanceTimersByTime(300);
    search.typeWord('Cr', Y);
    vi.advanceTimersByTime(300);
    search.typeWord('Crew', Y);
    vi.advanceTimersByTime(SEARCH_SUGGESTION_DEBOUNCE_MS - 1);
    await settle();
    expect(suggestRequests()).toEqual([]);
    expect(search.$suggestionState.get()).toEqual({ word: 'Crew', items: [], status: 'waiting' });

    vi.advanceTimersByTime(1);
    await vi.waitFor(() => expect(search.$suggestionState.get().status).toBe('ready'), API_SETTLED);
    expect(suggestRequests()).toEqual([{ path: '/api/search/suggest', body: { word: 'Crew', language: 'en-GB' }, language: 'en-GB' }]);
    const { items } = search.$suggestionState.get();
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.toLowerCase().includes('crew'))).toBe(true);
    vi.advanceTimersByTime(10 * SEARCH_SUGGESTION_DEBOUNCE_MS);
    await settle();
    expect(suggestRequests()).toHaveLength(1);
  });

  it("are the page language's names alone, whichever script the shopper types in", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const suggestionsOn = async (language: string, word: string) => {
      const search = await openPage(language);
      search.typeWord(word, Y);
      vi.advanceTimersByTime(SEARCH_SUGGESTION_DEBOUNCE_MS);
      await vi.waitFor(() => expect(search.$suggestionState.get().status).toBe('ready'), API_SETTLED);
      return search.$suggestionState.get().items;
    };
    const cn = await suggestionsOn('zh-CN', '圓領'); // typed in Traditional on a mainland page
    expect(suggestRequests().at(-1)!.body).toEqual({ word: '圓領', language: 'zh-CN' });
    expect(cn.length).toBeGreaterThan(0);
    expect(cn.every((item) => item.includes('圆领'))).toBe(true);
    const tw = await suggestionsOn('zh-TW', '圆领'); // and in Simplified on Taiwan's
    expect(tw.length).toBe(cn.length);
    expect(tw.every((item) => item.includes('圓領'))).toBe(true);
  });

  it('are cached per word: a word typed again shows at once and is not requested again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const search = await openPage();
    search.typeWord('圓領', Y);
    vi.advanceTimersByTime(SEARCH_SUGGESTION_DEBOUNCE_MS);
    await vi.waitFor(() => expect(search.$suggestionState.get().status).toBe('ready'), API_SETTLED);
    const first = search.$suggestionState.get().items;

    search.typeWord('圓領T', Y);
    vi.advanceTimersByTime(SEARCH_SUGGESTION_DEBOUNCE_MS);
    await vi.waitFor(() => expect(search.$suggestionState.get()).toMatchObject({ word: '圓領T', status: 'ready' }), API_SETTLED);
    expect(suggestRequests()).toHaveLength(2);

    search.typeWord('圓領 ', Y); // the same word once trimmed
    expect(search.$suggestionState.get()).toEqual({ word: '圓領', items: first, status: 'ready' });
    vi.advanceTimersByTime(10 * SEARCH_SUGGESTION_DEBOUNCE_MS);
    await settle();
    expect(suggestRequests()).toHaveLength(2);
  });

  it('are never requested while the associative-search switch is N, nor for a blank word', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const search = await openPage();
    search.typeWord('圓領', { associativeSearch: 'N' });
    expect(search.$suggestionState.get()).toEqual({ word: '圓領', items: [], status: 'idle' });
    search.typeWord('   ', Y);
    expect(search.$suggestionState.get()).toEqual({ word: '', items: [], status: 'idle' });
    vi.advanceTimersByTime(10 * SEARCH_SUGGESTION_DEBOUNCE_MS);
    await settle();
    expect(suggestRequests()).toEqual([]);
  });

  it('clearing the box cancels a pending request', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const search = await openPage();
    search.typeWord('圓領', Y);
    vi.advanceTimersByTime(SEARCH_SUGGESTION_DEBOUNCE_MS - 100);
    search.typeWord('', Y);
    vi.advanceTimersByTime(10 * SEARCH_SUGGESTION_DEBOUNCE_MS);
    await settle();
    expect(suggestRequests()).toEqual([]);
  });

  it('ignore an answer for a word that is no longer the one typed (but keep it for later)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const search = await openPage();
    let release!: () => void;
    gate = new Promise((resolve) => (release = resolve));
    search.typeWord('圓領', Y);
    vi.advanceTimersByTime(SEARCH_SUGGESTION_DEBOUNCE_MS);
    await vi.waitFor(() => expect(suggestRequests()).toHaveLength(1), API_SETTLED);

    // The shopper types on while the answer for "圓領" is on its way.
    search.typeWord('圓領T恤 3', Y);
    gate = null;
    release();
    await vi.waitFor(() => expect(answered).toBe(1), API_SETTLED);
    await settle();
    expect(search.$suggestionState.get()).toEqual({ word: '圓領T恤 3', items: [], status: 'waiting' });

    vi.advanceTimersByTime(SEARCH_SUGGESTION_DEBOUNCE_MS);
    await vi.waitFor(() => expect(search.$suggestionState.get().status).toBe('ready'), API_SETTLED);
    expect(search.$suggestionState.get()).toEqual({ word: '圓領T恤 3', items: ['圓領T恤 3'], status: 'ready' });

    // The late answer was kept: "圓領" again shows at once, without a request.
    search.typeWord('圓領', Y);
    expect(search.$suggestionState.get().status).toBe('ready');
    expect(search.$suggestionState.get().items.length).toBeGreaterThan(1);
    expect(suggestRequests()).toHaveLength(2);
  });

  it('a failure shows none and is not cached', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const search = await openPage();
    networkDown = true;
    search.typeWord('圓領', Y);
    vi.advanceTimersByTime(SEARCH_SUGGESTION_DEBOUNCE_MS);
    await vi.waitFor(() => expect(search.$suggestionState.get().status).toBe('failed'), API_SETTLED);
    expect(search.$suggestionState.get().items).toEqual([]);
    networkDown = false;
    search.typeWord('圓領', Y);
    vi.advanceTimersByTime(SEARCH_SUGGESTION_DEBOUNCE_MS);
    await vi.waitFor(() => expect(search.$suggestionState.get().status).toBe('ready'), API_SETTLED);
    expect(suggestRequests()).toHaveLength(2);
  });
});

describe('search results', () => {
  const searchRequests = () => sent.filter((s) => s.path === '/api/search/products');

  it("asks for the query's page in the page's region and language, and maps the products", async () => {
    const search = await openPage('en-GB');
    await search.searchProducts(readSearchQuery('?description=crew&sort=priceAsc'));
    expect(searchRequests().map((s) => s.body)).toEqual([
      { description: 'crew', sort: 'priceAsc', page: 1, pageSize: search.SEARCH_RESULTS_PAGE_SIZE, region: 'HK', language: 'en-GB' },
    ]);
    const state = search.$searchResults.get();
    expect(state.status).toBe('ready');
    if (state.status !== 'ready') return;
    expect(state.total).toBeGreaterThan(0);
    expect(state.pages).toBe(Math.ceil(state.total / search.SEARCH_RESULTS_PAGE_SIZE));
    // Named in the page's language, found by it.
    expect(state.items.every((item) => /crew/i.test(item.name))).toBe(true);
    expect(Object.keys(state.items[0]!).sort()).toEqual([
      'imageUrl',
      'maxPrice',
      'minPrice',
      'name',
      'priceGroup',
      'productCode',
      'soldOut',
      'valPrice',
    ]);
    expect(state.items.map((i) => i.minPrice)).toEqual([...state.items.map((i) => i.minPrice)].sort((a, b) => a - b));
  });

  it('sends nothing without a word or a store', async () => {
    const search = await openPage();
    await search.searchProducts(readSearchQuery(''));
    expect(search.$searchResults.get()).toEqual({ status: 'idle' });
    expect(searchRequests()).toEqual([]);
  });

  it('a failure is an error state, and searching again recovers', async () => {
    const search = await openPage();
    networkDown = true;
    await search.searchProducts(readSearchQuery('?description=%E5%9C%93%E9%A0%98'));
    expect(search.$searchResults.get()).toEqual({ status: 'error' });
    networkDown = false;
    await search.searchProducts(readSearchQuery('?description=%E5%9C%93%E9%A0%98'));
    expect(search.$searchResults.get().status).toBe('ready');
  });

  it("only the newest query's answer lands", async () => {
    const search = await openPage();
    let release!: () => void;
    gate = new Promise<void>((resolve) => (release = resolve));
    const first = search.searchProducts(readSearchQuery('?description=no-such-product-at-all'));
    await vi.waitFor(() => expect(searchRequests()).toHaveLength(1), API_SETTLED);
    await settle(); // the first answer is read and held at the gate
    gate = null;
    await search.searchProducts(readSearchQuery('?description=%E5%9C%93%E9%A0%98'));
    release();
    await first;
    const state = search.$searchResults.get();
    expect(state.status === 'ready' && state.total).toBeGreaterThan(0);
  });
});
