/**
 * Which pages search engines are invited to index, in one rule shared by the pages' robots
 * meta tag and the sitemaps, so the two can never disagree:
 *
 * - indexed: CMS pages (home, landings, categories, content), the press and shop pages, and
 *   the page of every product on sale;
 * - not indexed: not-found and current-limiter (they stand in for other pages), every app
 *   page (sign-in, search results, the product-detail and payment shells: their content is
 *   the query's or the member's, not the page's), and every access-checked page.
 */
import type { RouteEntry } from '../routing/route-entry.ts';

export function isIndexable(route: Pick<RouteEntry, 'kind' | 'accessCheck' | 'product'>): boolean {
  if (route.kind === 'product') return route.product?.enabled === true;
  return (route.kind === 'cms' || route.kind === 'section') && !route.accessCheck;
}
