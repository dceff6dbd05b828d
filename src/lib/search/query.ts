/**
 * The state of /search.html, read from its query string: the word (`description`),
 * or a store's all-wares search (`searchType=storeCode&storeCode=`), the sort and the page.
 * The query string is the state, so results can be shared and the back button walks pages.
 */
import { SEARCH_SORTS } from '../api/contract-values.ts';

export type SearchSort = (typeof SEARCH_SORTS)[number];

export interface SearchQuery {
  description: string;
  storeCode: string | null;
  sort: SearchSort;
  page: number;
}

/** `search` is a location's query string, with or without its '?'. */
export function readSearchQuery(search: string): SearchQuery {
  const params = new URLSearchParams(search);
  const sort = params.get('sort');
  const storeCode = params.get('searchType') === 'storeCode' ? params.get('storeCode')?.trim() || null : null;
  return {
    description: params.get('description')?.trim() ?? '',
    storeCode,
    sort: sort && (SEARCH_SORTS as readonly string[]).includes(sort) ? (sort as SearchSort) : 'relevance',
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  };
}

/** What the search box shows on the search page: the word searched for, nothing for a store's wares. */
export function searchBoxWord(query: SearchQuery): string {
  return query.storeCode ? '' : query.description;
}
