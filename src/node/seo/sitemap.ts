/**
 * Sitemaps (sitemaps.org 0.9 with xhtml:link alternates): an index naming every sitemap file,
 * and each language's sitemap listing its indexable pages (seo/indexing.ts) with their last
 * modification and every hreflang alternate, x-default included.
 *
 * The protocol allows a file 50,000 URLs and 50 MiB uncompressed. A language past either (its
 * products and CMS pages together: 20,000 products and 2,000 CMS pages are 22,000 URLs, some
 * 16 MiB with their alternates) is split into parts, in route order: the first keeps the
 * language's one address (/sitemap-zh-tw.xml, which crawlers already know), the next are
 * numbered from 2 (/sitemap-zh-tw-2.xml). The index lists every part; robots.txt names the
 * index, so it follows, and every host serves any .xml at the root.
 */
import type { Alternate, RouteEntry } from '../routing/route-entry.ts';
import { brandIsoDateTime } from '../../lib/press/paths.ts';
import { isIndexable } from './indexing.ts';
import { XML_DECLARATION, element } from '../../lib/seo/xml.ts';

export const SITEMAP_INDEX_PATH = '/sitemap-index.xml';
/** The protocol's limit of URLs per file; past it a language's sitemap is split. */
export const SITEMAP_MAX_URLS = 50_000;
/** The protocol's limit of a file's uncompressed size (50 MiB). */
export const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;

/** Where a language's sitemap is split; lowered by tests. */
export interface SitemapLimits {
  maxUrls: number;
  maxBytes: number;
}
export const SITEMAP_LIMITS: SitemapLimits = { maxUrls: SITEMAP_MAX_URLS, maxBytes: SITEMAP_MAX_BYTES };

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/** '/sitemap-zh-tw.xml' for the first part (the only one of most languages), '/sitemap-zh-tw-2.xml' for the second. */
export function languageSitemapPath(languageCode: string, part = 1): string {
  if (!Number.isInteger(part) || part < 1) throw new RangeError(`A sitemap part is a whole number from 1, got ${part}`);
  return `/sitemap-${languageCode.toLowerCase()}${part === 1 ? '' : `-${part}`}.xml`;
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

const urlEntry = (url: SitemapUrl) =>
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
  );

const URLSET_OPEN = `${XML_DECLARATION}\n<urlset xmlns="${SITEMAP_NS}" xmlns:xhtml="${XHTML_NS}">\n`;
const URLSET_CLOSE = '\n</urlset>\n';
const byteLength = (text: string) => Buffer.byteLength(text, 'utf8');

/** One sitemap file; refuses more than the protocol allows (split with sitemapParts first). */
export function sitemapXml(urls: readonly SitemapUrl[], limits: SitemapLimits = SITEMAP_LIMITS): string {
  if (urls.length > limits.maxUrls) throw new RangeError(`A sitemap holds at most ${limits.maxUrls} URLs, got ${urls.length}: split it`);
  const xml = `${URLSET_OPEN}${urls.map(urlEntry).join('\n')}${URLSET_CLOSE}`;
  if (byteLength(xml) > limits.maxBytes)
    throw new RangeError(`A sitemap holds at most ${limits.maxBytes} bytes, got ${byteLength(xml)}: split it`);
  return xml;
}

/**
 * The URLs split into files within the limits, in order, each URL in exactly one. A language
 * with no indexable page still has one (empty) file, so its address always answers.
 */
export function sitemapParts(urls: readonly SitemapUrl[], limits: SitemapLimits = SITEMAP_LIMITS): SitemapUrl[][] {
  const frame = byteLength(URLSET_OPEN) + byteLength(URLSET_CLOSE);
  const parts: SitemapUrl[][] = [[]];
  let bytes = frame;
  for (const url of urls) {
    // Each entry after the first is preceded by a newline.
    const size = byteLength(urlEntry(url)) + 1;
    if (frame + size > limits.maxBytes) throw new RangeError(`The sitemap entry of ${url.loc} alone is over ${limits.maxBytes} bytes`);
    const current = parts.at(-1)!;
    if (current.length >= limits.maxUrls || (current.length > 0 && bytes + size > limits.maxBytes)) {
      parts.push([url]);
      bytes = frame + size;
    } else {
      current.push(url);
      bytes += size;
    }
  }
  return parts;
}

export interface LanguageSitemap {
  languageCode: string;
  /** 1 for the language's first (often only) file. */
  part: number;
  /** Site-relative: '/sitemap-zh-tw-2.xml'. */
  path: string;
  urls: SitemapUrl[];
}

/** Every sitemap file of the languages, in language order then part order: what the build writes and the index lists. */
export function languageSitemaps(
  routes: readonly RouteEntry[],
  languageCodes: readonly string[],
  site: string,
  limits: SitemapLimits = SITEMAP_LIMITS,
): LanguageSitemap[] {
  return languageCodes.flatMap((languageCode) =>
    sitemapParts(sitemapUrls(routes, languageCode, site), limits).map((urls, i) => ({
      languageCode,
      part: i + 1,
      path: languageSitemapPath(languageCode, i + 1),
      urls,
    })),
  );
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
