/**
 * The search page's logic (/search.html), for its island to draw. The address is the state, so
 * results can be shared and Back walks through them: the query is read from it when the page
 * starts and whenever it changes without a load (Back, Forward); a new sort or page is written
 * to it as a new history entry; a page past the last (an old shared link, results that have
 * shrunk since) is replaced by the last, in the same entry. Each query's results come from the
 * search store (stores/search.ts), in the page's region and language.
 */
import { atom, computed } from 'nanostores';
import { readSearchQuery, type SearchQuery, type SearchSort } from '../lib/search/query.ts';
import { currentLocation, getPlatform, type PageLanguage } from './platform.ts';
import { $searchResults, searchProducts, type SearchResultItem } from './search.ts';

/** The query the page shows; null until the page has started (the server's render, and hydration, show "loading"). */
export const $searchQuery = atom<SearchQuery | null>(null);

export type SearchPageView =
  /** Not started yet, or the query's results (or the last page's, for a page past the last) are on their way. */
  | { status: 'loading'; query: SearchQuery | null }
  /** Neither a word nor a store: nothing to search. */
  | { status: 'no-word'; query: SearchQuery }
  | { status: 'error'; query: SearchQuery }
  | {
      status: 'ready';
      query: SearchQuery;
      items: SearchResultItem[];
      total: number;
      pages: number;
      /** The page's region's currency: the prices come in it. */
      currency: PageLanguage['currency'];
    };

export const $searchPageView = computed([$searchQuery, $searchResults], (query, results): SearchPageView => {
  if (!query) return { status: 'loading', query };
  if (!query.description && !query.storeCode) return { status: 'no-word', query };
  if (results.status === 'error') return { status: 'error', query };
  // A page past the last is being replaced by the last: its empty list is not what the shopper asked to see.
  if (results.status !== 'ready' || pastTheLast(query, results)) return { status: 'loading', query };
  const { items, total, pages } = results;
  return { status: 'ready', query, items, total, pages, currency: getPlatform().language().currency };
});

function pastTheLast(query: SearchQuery, results: { total: number; pages: number }): boolean {
  return results.total > 0 && query.page > results.pages;
}

/**
 * Starts the page: shows the address's query and follows the address from then on. Answers
 * the stop (the island's effect cleans up with it).
 */
export function startSearchPage(): () => void {
  void followAddress();
  return getPlatform().onAddressChange(() => void followAddress());
}

function followAddress(): Promise<void> {
  const query = readSearchQuery(currentLocation().search);
  const shown = $searchQuery.get();
  // A change that leaves the query as it is (a link to a #part of the page) searches nothing again.
  if (shown && sameQuery(shown, query) && $searchResults.get().status !== 'error') return Promise.resolve();
  return show(query);
}

function sameQuery(a: SearchQuery, b: SearchQuery): boolean {
  return a.description === b.description && a.storeCode === b.storeCode && a.sort === b.sort && a.page === b.page;
}

async function show(query: SearchQuery): Promise<void> {
  $searchQuery.set(query);
  await searchProducts(query);
  // Another query came meanwhile (the shopper moved on): its own show decides.
  if ($searchQuery.get() !== query) return;
  const results = $searchResults.get();
  if (results.status === 'ready' && pastTheLast(query, results)) await write({ page: results.pages }, 'replace');
}

/**
 * Writes the query with `change` into the address, as a new history entry ('push': Back
 * returns to the query before) or in the current one's place ('replace'), and shows it. The
 * address keeps its other parameters (the word, the store, a campaign's).
 */
function write(change: Partial<Pick<SearchQuery, 'sort' | 'page'>>, how: 'push' | 'replace'): Promise<void> {
  const query = $searchQuery.get();
  if (!query) return Promise.resolve();
  const next = { ...query, ...change };
  if (sameQuery(next, query)) return Promise.resolve();
  const { path, search } = currentLocation();
  const params = new URLSearchParams(search);
  params.set('sort', next.sort);
  params.set('page', String(next.page));
  const url = `${path}?${params}`;
  if (how === 'push') getPlatform().pushUrl(url, null);
  else getPlatform().replaceUrl(url, null);
  return followAddress();
}

/** Another sort: from the first page again, a new history entry. */
export function changeSort(sort: SearchSort): Promise<void> {
  return write({ sort, page: 1 }, 'push');
}

/** Another page of the same results, a new history entry; nothing before the first. */
export function goToPage(page: number): Promise<void> {
  return write({ page: Math.max(1, Math.floor(page)) }, 'push');
}

/** After a failure: the same query again. */
export function retrySearch(): Promise<void> {
  const query = $searchQuery.get();
  return query ? searchProducts(query) : Promise.resolve();
}
