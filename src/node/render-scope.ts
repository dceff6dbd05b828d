/**
 * What one build renders. A publish renders only the pages whose digest changed and merges
 * them over a copy of the live release; sitemaps and feeds are written for the languages with
 * a changed page, and of the product data files and product-page fragments only those whose
 * digest changed (routing/data-files.ts). buildSite() holds the
 * scope (holdRenderScope); the pages' getStaticPaths ask for it (renderScope).
 */
import type { RouteEntry } from './routing/route-entry.ts';
import type { DataFile } from './routing/data-files.ts';

export interface RenderScope {
  /** URL paths of the pages to render. */
  paths: readonly string[];
  /** The data files and fragments to write (/product-data/…, /product-content/…), by path. */
  dataFiles: readonly string[];
  /** BCP 47 codes of the languages whose sitemap and press feed are written. */
  languages: readonly string[];
}

/** The routes rendered as pages: all of them without a scope. Sitemaps and feeds always see the whole table. */
export function routesInScope(routes: readonly RouteEntry[], scope: RenderScope | null): RouteEntry[] {
  if (!scope) return [...routes];
  const paths = new Set(scope.paths);
  return routes.filter((route) => paths.has(route.urlPath));
}

/**
 * A shard's scope (scripts/shards/): every page, data file and fragment of its languages, and
 * their sitemaps, feeds and header data. The route table stays whole: a page's alternates name
 * the other languages' pages, which other shards render.
 */
export function shardScope(routes: readonly RouteEntry[], files: readonly DataFile[], languages: readonly string[]): RenderScope {
  const ours = new Set(languages);
  return {
    paths: routes.filter((route) => ours.has(route.languageCode)).map((route) => route.urlPath),
    dataFiles: files.filter((file) => ours.has(file.languageCode)).map((file) => file.urlPath),
    languages: [...languages],
  };
}

export const rendersLanguageFiles = (scope: RenderScope | null, languageCode: string): boolean =>
  scope?.languages.includes(languageCode) ?? true;

/** Whether a data file or fragment (by its path, routing/data-files.ts) is written: all of them without a scope. */
export function dataFileFilter(scope: RenderScope | null): (path: string) => boolean {
  if (!scope) return () => true;
  const paths = new Set(scope.dataFiles);
  return (path) => paths.has(path);
}

const HELD = Symbol.for('storefront.renderScope');
type Holder = { [HELD]?: { scope: Promise<RenderScope | null>; asked: () => void } };

/**
 * The scope, for the pages' getStaticPaths; everything when none is held (a plain astro build).
 * Held on globalThis, as the content is (site.ts): the pages' bundle and the build script are
 * two instances of these modules in one process. A promise, because a spare build process
 * bundles before it has a job (build-site.ts): the pages ask once the bundles are written, and
 * wait until the job says what to render.
 */
export function renderScope(): Promise<RenderScope | null> {
  const held = (globalThis as Holder)[HELD];
  if (!held) return Promise.resolve(null);
  held.asked();
  return held.scope;
}

/** Holds this build's scope; `onAsked` runs when the pages first ask for it (the bundles are written). */
export function holdRenderScope(scope: Promise<RenderScope | null>, onAsked: () => void = () => {}): void {
  let told = false;
  (globalThis as Holder)[HELD] = {
    scope,
    asked: () => {
      if (told) return;
      told = true;
      onAsked();
    },
  };
}
