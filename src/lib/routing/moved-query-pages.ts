/**
 * Older addresses that chose a shop or a look by query, on a page carrying them all
 * (/shop/shop.html?storeCode=TPE01, /official-styling-detail.html?styleId=…): each shop and look
 * now has a page of its own, its one address for search engines (docs/decisions.md). Every host
 * answers such an address with a 301 to the page the query names (the query kept), when the
 * build wrote it; any other value (lower case, unknown, none) gets the older page itself, which
 * says so or lists them all, as before. One table for the local server, Cloudflare, nginx and
 * Netlify.
 */
import { SHOP_CODE_QUERY, SHOP_DETAIL_PATH, shopPagePath } from '../shops/paths.ts';
import { SHOP_CODE_PATTERN } from '../validation/patterns.ts';
import { OFFICIAL_STYLE_ID_PATTERN, STAFF_STYLE_ID_PATTERN } from '../styling/look-id.ts';
import { LOOK_FOLDERS, STYLE_ID_QUERY, STYLING_PATHS, lookPagePath } from '../styling/paths.ts';

export interface MovedQueryPage {
  /** The older page, inside a language (no /en-gb prefix). */
  from: string;
  /** The query naming the item. */
  query: string;
  /** Values that may name a page: a value outside it never leaves the older page. */
  pattern: RegExp;
  /** The item's own page, inside the language: `{folder}/{value}.html` (nginx writes it so). */
  to: (value: string) => string;
  /** The folder of the items' own pages, inside the language. */
  folder: string;
}

export const MOVED_QUERY_PAGES: readonly MovedQueryPage[] = [
  { from: SHOP_DETAIL_PATH, query: SHOP_CODE_QUERY, pattern: SHOP_CODE_PATTERN, to: shopPagePath, folder: '/shop' },
  {
    from: STYLING_PATHS.official,
    query: STYLE_ID_QUERY,
    pattern: OFFICIAL_STYLE_ID_PATTERN,
    to: (id) => lookPagePath('official', id),
    folder: LOOK_FOLDERS.official,
  },
  {
    from: STYLING_PATHS.staff,
    query: STYLE_ID_QUERY,
    pattern: STAFF_STYLE_ID_PATTERN,
    to: (id) => lookPagePath('staff', id),
    folder: LOOK_FOLDERS.staff,
  },
];

/**
 * The own page an older address names (a path inside the language), or null: `path` is the path
 * inside the language, `exists` whether the build wrote a page (inside the language too). The
 * redirect keeps the query, as the hosts' other moves do (Netlify passes it on whatever the rule).
 */
export function movedQueryTarget(path: string, search: string, exists: (path: string) => boolean): string | null {
  const moved = MOVED_QUERY_PAGES.find((m) => m.from === path);
  if (!moved) return null;
  const value = new URLSearchParams(search).get(moved.query) ?? '';
  if (!moved.pattern.test(value)) return null;
  const target = moved.to(value);
  return exists(target) ? target : null;
}
