/**
 * What one build renders. A publish renders only the pages whose digest changed and merges
 * them over a copy of the live release; sitemaps and feeds are written for the languages with
 * a changed page, product data only when the product cache changed. buildSite() passes the
 * scope in the Astro configuration; the pages read it from the virtual module.
 */
import type { RouteEntry } from './routing/route-table.ts';

export const RENDER_SCOPE_MODULE = 'virtual:storefront/render-scope';

export interface RenderScope {
  /** URL paths of the pages to render. */
  paths: readonly string[];
  /** Whether to write /product-data/{lang}/{code}.json. */
  productData: boolean;
  /** BCP 47 codes of the languages whose sitemap and press feed are written. */
  languages: readonly string[];
}

/** The routes rendered as pages: all of them without a scope. Sitemaps and feeds always see the whole table. */
export function routesInScope(routes: readonly RouteEntry[], scope: RenderScope | null): RouteEntry[] {
  if (!scope) return [...routes];
  const paths = new Set(scope.paths);
  return routes.filter((route) => paths.has(route.urlPath));
}

export const rendersLanguageFiles = (scope: RenderScope | null, languageCode: string): boolean =>
  scope?.languages.includes(languageCode) ?? true;

export const rendersProductData = (scope: RenderScope | null): boolean => scope?.productData ?? true;
