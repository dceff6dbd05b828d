/**
 * The build's single entry to content: loads the cache once per build process and derives
 * the route table. Pages ask here and pass what their components show as props.
 */
import { DEFAULT_LANGUAGE, getLanguage } from '../lib/i18n/languages.ts';
import { buildTranslator, localesDir } from './i18n/translations.ts';
import { buildNow, contentCacheDir, siteUrl } from './env.ts';
import { loadSiteContent, type DocumentMemo, type LanguageContent, type SiteContent } from './cms/content.ts';
import { buildRouteTable } from './routing/route-table.ts';
import type { RouteEntry } from './routing/route-entry.ts';
import { renderScope, type RenderScope } from './render-scope.ts';

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

/**
 * The site and the render scope as this build renders them, for the pages' getStaticPaths: the
 * scope first, because a spare build process learns it with its job, after the pull, and only
 * then reads the content again (build-site.ts). A page that took the site before would render
 * what the cache held before the pull.
 */
export async function siteToRender(): Promise<Site & { scope: RenderScope | null }> {
  const scope = await renderScope();
  return { ...(await getSite()), scope };
}

/** Parses every document of the cache into the memo, without keeping a site: a spare's head start. */
export async function warmSite(): Promise<void> {
  const holder = globalThis as Holder;
  await loadSiteContent({ cacheDir: contentCacheDir(), localesDir: localesDir(), memo: (holder[MEMO] ??= new Map()) });
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

/** A language's loaded content (the default language's for an unknown code). */
export async function languageContent(languageCode: string): Promise<LanguageContent> {
  const { content } = await siteToRender();
  const code = getLanguage(languageCode).code;
  return (
    content.languages.find((l) => l.language.code === code) ?? content.languages.find((l) => l.language.code === DEFAULT_LANGUAGE.code)!
  );
}
