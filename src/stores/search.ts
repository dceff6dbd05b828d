/**
 * The search state: the panel's recent searches kept in local storage, its hot (recommended)
 * words, the suggestions while typing and where a search goes; and the search page's results.
 *
 * Every call here is a public read through the API core alone (public-api.ts): the panel sits
 * in every page's header and the results page is a visitor's, so neither loads the member
 * client or the contract's schemas.
 */
import { atom, onMount } from 'nanostores';
import { RECOMMENDED_WORDS_SHOWN, SEARCH_SUGGESTION_DEBOUNCE_MS } from '../lib/constants.ts';
import { SEARCH_HISTORY_KEY, addToHistory, parseStoredHistory, removeFromHistory } from '../lib/search/history.ts';
import type { SearchQuery } from '../lib/search/query.ts';
import { searchTarget, type SpecifiedSearchWords } from '../lib/search/target.ts';
import { getPlatform, languagePrefix } from './platform.ts';
import { sendEvent } from './analytics-events.ts';
import { callPublic } from './public-api.ts';

// ---------------------------------------------------------------------------------------
// Recent searches

export const $searchHistory = atom<string[]>([]);

// Read whenever the list is first looked at (an island mounts, or an action reads it): the
// storage is the truth, another tab may have searched since, and a server render has none.
onMount($searchHistory, () => {
  $searchHistory.set(parseStoredHistory(getPlatform().localStorage.getItem(SEARCH_HISTORY_KEY)));
});

function saveHistory(next: string[]): void {
  $searchHistory.set(next);
  const storage = getPlatform().localStorage;
  try {
    if (next.length) storage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(next));
    else storage.removeItem(SEARCH_HISTORY_KEY);
  } catch {
    // A full or refused storage: the list still works for this page, it is just not kept.
  }
}

export function addSearchWord(word: string): void {
  const current = $searchHistory.get();
  const next = addToHistory(current, word);
  if (next.length !== current.length || next.some((w, i) => w !== current[i])) saveHistory(next);
}

export function removeSearchWord(word: string): void {
  saveHistory(removeFromHistory($searchHistory.get(), word));
}

export function clearSearchHistory(): void {
  saveHistory([]);
}

// ---------------------------------------------------------------------------------------
// Hot words

/** The first RECOMMENDED_WORDS_SHOWN recommended words; empty until loaded, and after a failure. */
export const $hotWords = atom<string[]>([]);
let hotWordsLoading: Promise<void> | null = null;

/**
 * Requests the words only if none are loaded and no request is out (the words change
 * rarely, and the API should not be asked at every focus), so calling it
 * on every focus is cheap. A failure leaves the block empty, and the next call tries again.
 * The words are the page language's: the API reads it from the request (callPublic sends it).
 */
export function loadHotWords(): Promise<void> {
  if ($hotWords.get().length > 0) return Promise.resolve();
  hotWordsLoading ??= (async () => {
    // A failure (offline, even the client not loading) leaves no hot words: the panel works without.
    const result = await callPublic('recommendedWords');
    if (result.ok)
      $hotWords.set(
        result.data
          .map((w) => w.wordName.trim())
          .filter(Boolean)
          .slice(0, RECOMMENDED_WORDS_SHOWN),
      );
    hotWordsLoading = null;
  })();
  return hotWordsLoading;
}

// ---------------------------------------------------------------------------------------
// Suggestions

export type SuggestionStatus =
  /** Nothing to suggest: a blank word, or the associative-search switch is off. */
  | 'idle'
  /** Waiting for the typing to stop, or for the answer. */
  | 'waiting'
  | 'ready'
  | 'failed';

export interface SuggestionState {
  /** The current word, trimmed. */
  word: string;
  items: string[];
  status: SuggestionStatus;
}

export const $suggestionState = atom<SuggestionState>({ word: '', items: [], status: 'idle' });

/** Answers per word for the page's life: a word typed again shows at once and is never requested again. */
const suggestionCache = new Map<string, string[]>();
/** Requests out, per word: typing back to a word whose answer is still coming waits for that one. */
const suggestionRequests = new Map<string, Promise<string[] | null>>();
let debounceTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * The shopper typed: suggestions come SEARCH_SUGGESTION_DEBOUNCE_MS after the last keystroke,
 * only while the CMS's associative-search switch is Y.
 */
export function typeWord(typed: string, switches: { associativeSearch: 'Y' | 'N' }): void {
  clearTimeout(debounceTimer);
  const word = typed.trim();
  if (!word || switches.associativeSearch !== 'Y') {
    $suggestionState.set({ word, items: [], status: 'idle' });
    return;
  }
  const cached = suggestionCache.get(word);
  if (cached) {
    $suggestionState.set({ word, items: cached, status: 'ready' });
    return;
  }
  // The list stays as it is until this word's answer, so it does not blink at every keystroke.
  $suggestionState.set({ word, items: $suggestionState.get().items, status: 'waiting' });
  debounceTimer = setTimeout(() => void showSuggestions(word), SEARCH_SUGGESTION_DEBOUNCE_MS);
}

async function showSuggestions(word: string): Promise<void> {
  // An answer for this word may have come in while the typing paused (a request out earlier).
  const cached = suggestionCache.get(word);
  let request = cached ? Promise.resolve(cached) : suggestionRequests.get(word);
  if (!request) {
    request = requestSuggestions(word).finally(() => suggestionRequests.delete(word));
    suggestionRequests.set(word, request);
  }
  const items = await request;
  // The shopper has typed on: this answer is for a word no longer in the box (it is cached).
  if ($suggestionState.get().word !== word) return;
  $suggestionState.set(items ? { word, items, status: 'ready' } : { word, items: [], status: 'failed' });
}

/**
 * The answer, cached; null on failure (not cached, so the word is asked again next time). The
 * page's language goes with the word: suggestions are names in that language alone.
 */
async function requestSuggestions(word: string): Promise<string[] | null> {
  const result = await callPublic('searchSuggestions', { word, language: getPlatform().language().code });
  if (!result.ok) return null;
  suggestionCache.set(word, result.data);
  return result.data;
}

// ---------------------------------------------------------------------------------------
// Submitting

/**
 * A search of `word` (Enter, or a click on a word): remembered in the recent searches, and
 * its target (in the page's language) returned for the island to navigate to. Null for a
 * blank word: searching for nothing does nothing.
 */
export function submitSearch(word: string, specifiedWords: SpecifiedSearchWords): string | null {
  const target = searchTarget(word, specifiedWords, languagePrefix());
  if (target) addSearchWord(word);
  return target;
}

/**
 * The panel's search (Enter, or a click on a word): remembered, and the page goes to its
 * target. False for a blank word, which does nothing.
 */
export function searchFor(word: string, specifiedWords: SpecifiedSearchWords): boolean {
  const target = submitSearch(word, specifiedWords);
  if (target) getPlatform().navigate(target);
  return target !== null;
}

/**
 * The panel opened (a focus on the box): the hot words are loaded once, and text already in
 * the box (the search page's word, typed before hydration) gets its suggestions as typed text
 * would, unless they are the ones shown.
 */
export function openSearchPanel(boxText: string, switches: { associativeSearch: 'Y' | 'N' }): void {
  void loadHotWords();
  const word = boxText.trim();
  if (word && $suggestionState.get().word !== word) typeWord(boxText, switches);
}

// ---------------------------------------------------------------------------------------
// Results (the search page)

/** Products per page of results. */
export const SEARCH_RESULTS_PAGE_SIZE = 24;

/** A product as the results list shows it. */
export interface SearchResultItem {
  productCode: string;
  name: string;
  imageUrl: string;
  soldOut: boolean;
  minPrice: number;
  maxPrice: number;
  /** The price before discount, and the price group: what the red-price rule reads. */
  valPrice: number;
  priceGroup: string | null;
}

export type SearchResultsState =
  /** No word and no store: nothing to search. */
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; items: SearchResultItem[]; total: number; pages: number }
  /** The search failed: the page offers to search again. */
  | { status: 'error' };

export const $searchResults = atom<SearchResultsState>({ status: 'idle' });
let resultsRequest = 0;

/** One page of the products matching `query`, in the page's region and language. Only the newest query's answer lands. */
export async function searchProducts(query: SearchQuery): Promise<void> {
  const request = ++resultsRequest;
  if (!query.description && !query.storeCode) return $searchResults.set({ status: 'idle' });
  $searchResults.set({ status: 'loading' });
  const language = getPlatform().language();
  const result = await callPublic('productSearch', {
    ...(query.storeCode ? { searchType: 'storeCode' as const, storeCode: query.storeCode } : { description: query.description }),
    sort: query.sort,
    page: query.page,
    pageSize: SEARCH_RESULTS_PAGE_SIZE,
    region: language.region,
    language: language.code,
  });
  if (request !== resultsRequest) return; // the shopper asked for another page or sort meanwhile
  if (result.ok) {
    const items = result.data.list.map((p) => ({
      productCode: p.productCode,
      name: p.name,
      imageUrl: p.imageUrl,
      soldOut: p.stockFlag === 'N',
      minPrice: p.priceInfo.minPrice,
      maxPrice: p.priceInfo.maxPrice,
      valPrice: p.priceInfo.valPrice,
      priceGroup: p.priceInfo.priceGroup,
    }));
    if (query.description && query.page === 1)
      void sendEvent('search', { keywords: query.description, total: result.data.total, sort: query.sort }, null);
    $searchResults.set({
      status: 'ready',
      items,
      total: result.data.total,
      pages: Math.max(1, Math.ceil(result.data.total / SEARCH_RESULTS_PAGE_SIZE)),
    });
  } else if (result.kind !== 'aborted') {
    $searchResults.set({ status: 'error' });
  }
}
