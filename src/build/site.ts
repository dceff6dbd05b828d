/**
 * The build's single entry to content: loads the cache once per build process and derives
 * the route table. Routes, layouts and (later) the sitemap all ask here.
 */
import { DEFAULT_LANGUAGE, getLanguage } from '../lib/i18n/languages.ts';
import { buildTranslator, localesDir } from './i18n/translations.ts';
import { buildNow, contentCacheDir, siteUrl } from './env.ts';
import { loadSiteContent, type DocumentMemo, type LanguageContent, type SiteContent } from './cms/content.ts';
import { buildRouteTable, type RouteEntry } from './routing/route-table.ts';

interface Site {
  content: SiteContent;
  routes: RouteEntry[];
  now: number;
}

const KEY = Symbol.for('storefront.site');
const MEMO = Symbol.for('storefront.documentMemo');
type Holder = { [KEY]?: Promise<Site>; [MEMO]?: DocumentMemo };

/** Memoised on globalThis: every route module of one build shares one load. */
export function getSite(): Promise<Site> {
  const holder = globalThis as Holder;
  holder[KEY] ??= (async () => {
    const now = buildNow();
    const content = await loadSiteContent({ cacheDir: contentCacheDir(), localesDir: localesDir(), memo: (holder[MEMO] ??= new Map()) });
    const routes = buildRouteTable(content, {
      now,
      site: siteUrl(),
      translate: (code, key) => buildTranslator(code)(key),
    });
    return { content, routes, now };
  })();
  return holder[KEY];
}

const ONLY = Symbol.for('storefront.renderOnly');
interface RenderLimit {
  paths: ReadonlySet<string>;
  productData: boolean;
  languages: ReadonlySet<string>;
}
type OnlyHolder = { [ONLY]?: RenderLimit };

/**
 * Limits the next build (a publish renders only what changed and merges it over a copy of the
 * live release): to these URL paths; to the product data only when `productData` (the product
 * cache changed); to the sitemaps and feeds of these languages (BCP 47 codes: those with a
 * route added, changed or removed). null lifts the limit. On globalThis, like the site
 * itself, because Astro's bundled copy of this module is not the build script's.
 */
export function renderOnly(limit: { paths: readonly string[]; productData: boolean; languages: readonly string[] } | null): void {
  const holder = globalThis as OnlyHolder;
  if (limit) holder[ONLY] = { paths: new Set(limit.paths), productData: limit.productData, languages: new Set(limit.languages) };
  else delete holder[ONLY];
}

/** The routes this build renders as pages: all of them, or those renderOnly() named. Sitemaps and feeds always see the whole table. */
export async function pageRoutes(): Promise<RouteEntry[]> {
  const { routes } = await getSite();
  const only = (globalThis as OnlyHolder)[ONLY];
  return only ? routes.filter((route) => only.paths.has(route.urlPath)) : routes;
}

/** Whether this build writes the sitemap and press feed of a language (BCP 47 code). */
export function rendersLanguageFiles(languageCode: string): boolean {
  return (globalThis as OnlyHolder)[ONLY]?.languages.has(languageCode) ?? true;
}

/** Whether this build writes the product data files (/product-data/{lang}/{code}.json). */
export function rendersProductData(): boolean {
  return (globalThis as OnlyHolder)[ONLY]?.productData ?? true;
}

/**
 * A route whose address is a folder other than the root ('/en-gb/', '/press/2026/'): built by
 * [...dir]/index.astro into {folder}/index.html; every other route by [...path].astro.
 */
export function isFolderRoute(route: RouteEntry): boolean {
  return route.urlPath !== '/' && route.urlPath.endsWith('/');
}

/**
 * Forget the loaded content: the next getSite() reads the cache afresh (a new build in this
 * process), except documents whose manifest hash is unchanged, kept parsed (DocumentMemo).
 */
export function resetSite(): void {
  delete (globalThis as Holder)[KEY];
}

/** What a layout component needs for its language: the content and the translator. */
export async function languageContext(languageCode: string): Promise<LanguageContent & { t: ReturnType<typeof buildTranslator> }> {
  return { ...(await languageContent(languageCode)), t: buildTranslator(languageCode) };
}

export async function languageContent(languageCode: string): Promise<LanguageContent> {
  const { content } = await getSite();
  const code = getLanguage(languageCode).code;
  return content.languages.find((l) => l.language.code === code) ?? content.languages.find((l) => l.language.code === DEFAULT_LANGUAGE.code)!;
}
