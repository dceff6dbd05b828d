/**
 * Where a search goes: a word the CMS lists in the
 * specified search words goes to its PC link; any other word goes to the search page with a
 * description query. A store's all-wares search (search type storeCode) goes to the search
 * page with the store code. Pure; the island navigates.
 */
import type { z } from 'zod';
import type { searchWordsSchema } from '../cms/schema.ts';

export type SpecifiedSearchWords = z.infer<typeof searchWordsSchema>;

export type SearchTargetOptions = { searchType: 'storeCode'; storeCode: string };

/**
 * A CMS link in the page's language: store paths from the CMS are language-neutral (the same
 * rule as the CMS components' links), absolute URLs, protocol-relative URLs and #anchors are
 * kept as they are.
 */
export function localizeLink(link: string, prefix: string): string {
  if (!link.startsWith('/') || link.startsWith('//')) return link;
  if (prefix && (link === `${prefix}/` || link.startsWith(`${prefix}/`))) return link; // already in a language
  if (link === '/' || link === '/index.html') return `${prefix}/`;
  return `${prefix}${link}`;
}

/** `prefix` is the page's language segment, '' or '/en-gb'. Null when there is nothing to search. */
export function searchTarget(
  word: string,
  specifiedWords: SpecifiedSearchWords,
  prefix: string,
  options?: SearchTargetOptions,
): string | null {
  if (options?.searchType === 'storeCode') {
    const storeCode = options.storeCode.trim();
    if (!storeCode) return null;
    return `${prefix}/search.html?searchType=storeCode&storeCode=${encodeURIComponent(storeCode)}`;
  }
  const trimmed = word.trim();
  if (!trimmed) return null;
  // Own properties only: a word such as "constructor" must not find Object.prototype's.
  const specified = Object.hasOwn(specifiedWords, trimmed) ? specifiedWords[trimmed] : undefined;
  if (specified?.pcLink) return localizeLink(specified.pcLink, prefix);
  return `${prefix}/search.html?description=${encodeURIComponent(trimmed)}`;
}
