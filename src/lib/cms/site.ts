/**
 * The build's single entry to content: loads the cache once per build process and derives
 * the route table. Routes, layouts and (later) the sitemap all ask here.
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_LANGUAGE, getLanguage } from '../i18n/languages.ts';
import { buildTranslator, localesDir } from '../i18n/build-translations.ts';
import { buildNow, contentCacheDir, siteUrl } from '../env.ts';
import { buildRouteTable, loadSiteContent, type LanguageContent, type RouteEntry, type SiteContent } from './content.ts';

interface Site {
  content: SiteContent;
  routes: RouteEntry[];
  now: number;
}

const KEY = Symbol.for('storefront.site');
type Holder = { [KEY]?: Promise<Site> };

/** Memoised on globalThis: every route module of one build shares one load. */
export function getSite(): Promise<Site> {
  const holder = globalThis as Holder;
  holder[KEY] ??= (async () => {
    const now = buildNow();
    const content = await loadSiteContent({ cacheDir: contentCacheDir(), localesDir: localesDir() });
    const routes = buildRouteTable(content, {
      now,
      site: siteUrl(),
      translate: (code, key) => buildTranslator(code)(key),
    });
    return { content, routes, now };
  })();
  return holder[KEY];
}

/**
 * The routes this build renders as pages: all of them, or, for an incremental publish, only
 * those listed (JSON array of URL paths) in the file named by BUILD_ONLY_PATHS_FILE; the
 * publish service merges that partial output over a copy of the live release. Sitemaps and
 * feeds always see the whole table.
 */
export async function pageRoutes(): Promise<RouteEntry[]> {
  const { routes } = await getSite();
  const file = process.env.BUILD_ONLY_PATHS_FILE?.trim();
  if (!file) return routes;
  const only = new Set(JSON.parse(readFileSync(file, 'utf8')) as string[]);
  return routes.filter((route) => only.has(route.urlPath));
}

/**
 * A route whose address is a folder other than the root ('/en-gb/', '/press/2026/'): built by
 * [...dir]/index.astro into {folder}/index.html; every other route by [...path].astro.
 */
export function isFolderRoute(route: RouteEntry): boolean {
  return route.urlPath !== '/' && route.urlPath.endsWith('/');
}

/** Forget the loaded content: the next getSite() reads the cache afresh (a new build in this process). */
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
