/**
 * Which pages search engines are invited to index, in one rule shared by the pages' robots
 * meta tag and the sitemaps, so the two can never disagree:
 *
 * - indexed: CMS pages (home, landings, categories, content), the press pages, the shop list
 *   and each shop's and look's own page, the lists of looks, and the page of every product on sale;
 * - not indexed: not-found and current-limiter (they stand in for other pages), every app
 *   page (sign-in, search results, the product-detail and payment shells: their content is
 *   the query's or the member's, not the page's), every access-checked page, and the older
 *   shop page that carries every shop (/shop/shop.html: the list and each shop's own page say
 *   it all).
 */
import type { RouteEntry } from '../routing/route-entry.ts';

export function isIndexable(route: Pick<RouteEntry, 'kind' | 'accessCheck' | 'product' | 'section'>): boolean {
  if (route.kind === 'product') return route.product?.enabled === true;
  if (route.section?.view === 'shop' && route.section.code === null) return false;
  return (route.kind === 'cms' || route.kind === 'section') && !route.accessCheck;
}
