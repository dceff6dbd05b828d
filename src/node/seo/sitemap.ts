/**
 * Sitemaps (sitemaps.org 0.9 with xhtml:link alternates): an index naming one sitemap per
 * language, and each language's sitemap listing its indexable pages (seo/indexing.ts) with
 * their last modification and every hreflang alternate, x-default included.
 */
import type { Alternate, RouteEntry } from '../routing/route-entry.ts';
import { brandIsoDateTime } from '../../lib/press/paths.ts';
import { isIndexable } from './indexing.ts';
import { XML_DECLARATION, element } from '../../lib/seo/xml.ts';

export const SITEMAP_INDEX_PATH = '/sitemap-index.xml';
/** The protocol's limit per file; past it a language's sitemap would have to be split. */
export const SITEMAP_MAX_URLS = 50_000;

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/** '/sitemap-zh-tw.xml' */
export function languageSitemapPath(languageCode: string): string {
  return `/sitemap-${languageCode.toLowerCase()}.xml`;
}

export interface SitemapUrl {
  /** Absolute URL. */
  loc: string;
  /** Milliseconds; null when unknown (lastmod is then left out). */
  lastModified: number | null;
  alternates: readonly Alternate[];
}

/**
 * The language's indexable pages. A page built at a second address (the home is also at its
 * own path, e.g. /index.html) is listed once, at the address its hreflang alternates name.
 */
export function sitemapUrls(routes: readonly RouteEntry[], languageCode: string, site: string): SitemapUrl[] {
  return routes
    .filter((route) => route.languageCode === languageCode && isIndexable(route))
    .filter((route) => route.alternates.some((alt) => alt.hreflang === languageCode && alt.href === `${site}${route.urlPath}`))
    .map((route) => ({
      loc: `${site}${route.urlPath}`,
      lastModified: route.lastModified > 0 ? route.lastModified : null,
      alternates: route.alternates,
    }));
}

const lastmod = (ms: number | null) => (ms === null ? [] : [element('lastmod', {}, { text: brandIsoDateTime(ms) })]);

export function sitemapXml(urls: readonly SitemapUrl[]): string {
  if (urls.length > SITEMAP_MAX_URLS)
    throw new RangeError(`A sitemap holds at most ${SITEMAP_MAX_URLS} URLs, got ${urls.length}: split it`);
  const entries = urls.map((url) =>
    element(
      'url',
      {},
      {
        children: [
          element('loc', {}, { text: url.loc }),
          ...lastmod(url.lastModified),
          ...url.alternates.map((alt) => element('xhtml:link', { rel: 'alternate', hreflang: alt.hreflang, href: alt.href })),
        ],
      },
    ),
  );
  return `${XML_DECLARATION}\n${element('urlset', { xmlns: SITEMAP_NS, 'xmlns:xhtml': XHTML_NS }, { children: entries })}\n`;
}

export function sitemapIndexXml(sitemaps: ReadonlyArray<{ loc: string; lastModified: number | null }>): string {
  const entries = sitemaps.map((sitemap) =>
    element('sitemap', {}, { children: [element('loc', {}, { text: sitemap.loc }), ...lastmod(sitemap.lastModified)] }),
  );
  return `${XML_DECLARATION}\n${element('sitemapindex', { xmlns: SITEMAP_NS }, { children: entries })}\n`;
}

/** The newest lastmod of a sitemap's URLs: the index's lastmod for it. */
export function newestModification(urls: readonly SitemapUrl[]): number | null {
  const dates = urls.map((u) => u.lastModified).filter((d): d is number => d !== null);
  return dates.reduce<number | null>((newest, d) => (newest === null || d > newest ? d : newest), null);
}
