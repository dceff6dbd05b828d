/**
 * The SEO files: XML escaping, the sitemaps, robots.txt and the Atom feed, checked with a
 * strict XML parser (a file a crawler cannot parse is worse than none).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteContent } from '../../src/node/cms/content.ts';
import { buildRouteTable } from '../../src/node/routing/route-table.ts';
import type { RouteEntry } from '../../src/node/routing/route-entry.ts';
import { LANGUAGES, getLanguage } from '../../src/lib/i18n/languages.ts';
import { atomFeedXml } from '../../src/lib/seo/atom.ts';
import { isIndexable } from '../../src/node/seo/indexing.ts';
import { robotsTxt } from '../../src/node/seo/robots.ts';
import {
  SITEMAP_MAX_URLS,
  languageSitemapPath,
  languageSitemaps,
  newestModification,
  sitemapIndexXml,
  sitemapUrls,
  sitemapXml,
} from '../../src/node/seo/sitemap.ts';
import { absoluteUrl } from '../../src/lib/seo/urls.ts';
import { element, xmlText } from '../../src/lib/seo/xml.ts';
import { pressFeed, PRESS_FEED_SIZE } from '../../src/lib/press/feed.ts';
import { brandIsoDateTime } from '../../src/lib/press/paths.ts';
import { FIXTURE_NOW, miniPress } from '../fixtures/mini-cms.ts';
import { pulledMiniCms } from '../fixtures/pulled-cms.ts';
import { assertWellFormed, parseXml } from '../fixtures/xml.ts';

const SITE = 'https://shop.example';
/** Well-formed or a readable failure; then the parsed document. */
function parseStrict(xml: string) {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  return parseXml(xml);
}

let routes: RouteEntry[];
let cms: Awaited<ReturnType<typeof pulledMiniCms>>;

beforeAll(async () => {
  cms = await pulledMiniCms();
  const cacheDir = cms.cacheDir;
  const content = await loadSiteContent({ cacheDir, localesDir: join(process.cwd(), 'public', 'locales') });
  routes = buildRouteTable(content, { now: FIXTURE_NOW, site: SITE, translate: (code, key) => `${key}:${code}` });
});
afterAll(() => cms.remove());

describe('xml', () => {
  it('escapes markup characters in text and attributes, and drops characters XML cannot hold', () => {
    expect(xmlText(`Tom & Jerry's "<b>"`)).toBe('Tom &amp; Jerry&apos;s &quot;&lt;b&gt;&quot;');
    expect(xmlText('a\u0001b\u000Bc\uFFFEd\uD800e')).toBe('abcde');
    expect(xmlText('tab\tline\nemoji 🧵')).toBe('tab\tline\nemoji 🧵');
    const xml = element('a', { title: '1 < 2 & "3"' }, { text: '</a><b>' });
    expect(xml).toBe('<a title="1 &lt; 2 &amp; &quot;3&quot;">&lt;/a&gt;&lt;b&gt;</a>');
    expect(() => assertWellFormed(xml)).not.toThrow();
    // The check itself fails on what the escaping prevents.
    expect(() => assertWellFormed('<a>Tom & Jerry</a>')).toThrow(/Malformed XML/);
    expect(() => assertWellFormed('<a>\u0001</a>')).toThrow(/disallowed character/);
  });

  it('makes CMS paths absolute against the site, and leaves absolute URLs alone', () => {
    expect(absoluteUrl('https://shop.example', '/media/a.jpg')).toBe('https://shop.example/media/a.jpg');
    expect(absoluteUrl('https://shop.example/', '/press/')).toBe('https://shop.example/press/');
    expect(absoluteUrl(SITE, 'https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
    expect(absoluteUrl(SITE, '#looks')).toBe('https://shop.example/#looks');
  });
});

describe('sitemaps', () => {
  it('lists the indexable pages of one language with lastmod in brand time and every alternate', () => {
    const urls = sitemapUrls(routes, 'zh-HK', SITE);
    const locs = urls.map((u) => u.loc);
    expect(locs).toContain(`${SITE}/zh-hk/`);
    expect(locs).toContain(`${SITE}/zh-hk/c/W01.html`);
    expect(locs).toContain(`${SITE}/zh-hk/press/`);
    expect(locs).toContain(`${SITE}/zh-hk/press/2026/`);
    for (const release of miniPress())
      expect(locs.some((l) => l.endsWith(`/post${release.id}.html`) && l.startsWith(`${SITE}/zh-hk/press/`))).toBe(true);
    expect(locs).toContain(`${SITE}/zh-hk/shop/shop_list.html`);
    // Not indexable: stand-ins, app pages, access-checked pages; nor other languages.
    for (const left of [
      '/zh-hk/not-found.html',
      '/zh-hk/current-limiter.html',
      '/zh-hk/login.html',
      '/zh-hk/search.html',
      '/zh-hk/cart.html',
      '/zh-hk/account/info.html',
      '/press/',
    ]) {
      expect(locs).not.toContain(`${SITE}${left}`);
    }

    const xml = sitemapXml(urls);
    const doc = parseStrict(xml);
    expect(doc.urlset['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(doc.urlset['@xmlns:xhtml']).toBe('http://www.w3.org/1999/xhtml');
    const release = doc.urlset.url.find((u: { loc: string }) => u.loc === `${SITE}/zh-hk/press/2026/01/post101.html`);
    // updatedAt = 1 Jan 2026 04:00 in Taipei + one day
    expect(release.lastmod).toBe('2026-01-02T04:00:00+08:00');
    expect(release['xhtml:link'].map((l: Record<string, string>) => [l['@rel'], l['@hreflang'], l['@href']])).toEqual([
      ['alternate', 'zh-TW', `${SITE}/press/2026/01/post101.html`],
      ['alternate', 'zh-HK', `${SITE}/zh-hk/press/2026/01/post101.html`],
      ['alternate', 'zh-MO', `${SITE}/zh-mo/press/2026/01/post101.html`],
      ['alternate', 'zh-CN', `${SITE}/zh-cn/press/2026/01/post101.html`],
      ['alternate', 'en-GB', `${SITE}/en-gb/press/2026/01/post101.html`],
      ['alternate', 'x-default', `${SITE}/press/2026/01/post101.html`],
    ]);
  });

  it('lists a page built at two addresses once, at the address its alternates name', () => {
    const home = routes.find((r) => r.urlPath === '/')!;
    const duplicate: RouteEntry = { ...home, isHome: false, urlPath: '/home.html' };
    const locs = sitemapUrls([home, duplicate], 'zh-TW', SITE).map((u) => u.loc);
    expect(locs).toEqual([`${SITE}/`]);
  });

  it('uses one rule for noindex and the sitemap', () => {
    expect(isIndexable({ kind: 'cms', accessCheck: false })).toBe(true);
    expect(isIndexable({ kind: 'section', accessCheck: false })).toBe(true);
    expect(isIndexable({ kind: 'cms', accessCheck: true })).toBe(false);
    for (const kind of ['app', 'not-found', 'current-limiter'] as const) expect(isIndexable({ kind, accessCheck: false })).toBe(false);
    // A product's page while it is on sale.
    expect(isIndexable({ kind: 'product', accessCheck: false, product: { code: 'L1', enabled: true, crumbs: [] } })).toBe(true);
    expect(isIndexable({ kind: 'product', accessCheck: false, product: { code: 'L1', enabled: false, crumbs: [] } })).toBe(false);
  });

  it('escapes what the CMS writes into URLs', () => {
    const xml = sitemapXml([
      {
        loc: `${SITE}/feature/a&b<c>.html`,
        lastModified: null,
        alternates: [{ hreflang: 'en-GB', href: `${SITE}/en-gb/feature/a&b.html?x="1"` }],
      },
    ]);
    const doc = parseStrict(xml);
    expect(doc.urlset.url[0].loc).toBe(`${SITE}/feature/a&b<c>.html`);
    expect(xml).not.toContain('<lastmod>');
    expect(xml).toContain('href="https://shop.example/en-gb/feature/a&amp;b.html?x=&quot;1&quot;"');
  });

  it('refuses more URLs than the protocol allows in one file', () => {
    const many = Array.from({ length: SITEMAP_MAX_URLS + 1 }, (_, i) => ({
      loc: `${SITE}/p${i}.html`,
      lastModified: null,
      alternates: [],
    }));
    expect(() => sitemapXml(many)).toThrow(/at most 50000/);
  });

  it('splits a language past the limit into numbered files: every URL once, each file valid, the index listing them all', () => {
    const limits = { maxUrls: 10, maxBytes: 50 * 1024 * 1024 };
    const codes = LANGUAGES.map((l) => l.code);
    const sitemaps = languageSitemaps(routes, codes, SITE, limits);
    for (const code of codes) {
      const all = sitemapUrls(routes, code, SITE);
      expect(all.length, `${code} has enough pages to split`).toBeGreaterThan(10);
      const parts = sitemaps.filter((s) => s.languageCode === code);
      expect(parts.map((s) => s.path)).toEqual(
        Array.from({ length: Math.ceil(all.length / 10) }, (_, i) =>
          i === 0 ? `/sitemap-${code.toLowerCase()}.xml` : `/sitemap-${code.toLowerCase()}-${i + 1}.xml`,
        ),
      );
      // Each file as a crawler reads it: within the limit, its URLs with every alternate.
      const listed = parts.flatMap((part) => {
        const doc = parseStrict(sitemapXml(part.urls, limits));
        expect(doc.urlset['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
        expect(doc.urlset.url.length).toBeLessThanOrEqual(10);
        return doc.urlset.url.map((u: { loc: string; 'xhtml:link': Array<Record<string, string>> }) => ({
          loc: u.loc,
          alternates: u['xhtml:link'].map((l) => [l['@hreflang'], l['@href']]),
        }));
      });
      expect(listed).toEqual(all.map((u) => ({ loc: u.loc, alternates: u.alternates.map((a) => [a.hreflang, a.href]) })));
      expect(new Set(listed.map((u: { loc: string }) => u.loc)).size).toBe(listed.length);
    }
    const index = parseStrict(
      sitemapIndexXml(sitemaps.map((s) => ({ loc: `${SITE}${s.path}`, lastModified: newestModification(s.urls) }))),
    );
    expect(index.sitemapindex.sitemap.map((s: { loc: string }) => s.loc)).toEqual(sitemaps.map((s) => `${SITE}${s.path}`));
    expect(sitemaps.length).toBeGreaterThanOrEqual(2 * codes.length);
    // One file more than the limit allows is refused, never written.
    expect(() => sitemapXml(sitemapUrls(routes, 'zh-TW', SITE), limits)).toThrow(/at most 10 URLs/);
  });

  it('splits by size too: no file over the byte limit, and at the default limits one file a language', () => {
    const urls = sitemapUrls(routes, 'en-GB', SITE);
    const maxBytes = 4096;
    const parts = languageSitemaps(routes, ['en-GB'], SITE, { maxUrls: SITEMAP_MAX_URLS, maxBytes });
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts)
      expect(Buffer.byteLength(sitemapXml(part.urls, { maxUrls: SITEMAP_MAX_URLS, maxBytes }))).toBeLessThanOrEqual(maxBytes);
    expect(parts.flatMap((p) => p.urls)).toEqual(urls);
    expect(languageSitemaps(routes, ['en-GB'], SITE).map((s) => s.path)).toEqual(['/sitemap-en-gb.xml']);
  });

  it('indexes one sitemap per language, lowercased, with the newest lastmod of each', () => {
    const entries = LANGUAGES.map((language) => {
      const urls = sitemapUrls(routes, language.code, SITE);
      return { loc: `${SITE}${languageSitemapPath(language.code)}`, lastModified: newestModification(urls) };
    });
    const doc = parseStrict(sitemapIndexXml(entries));
    expect(doc.sitemapindex.sitemap.map((s: { loc: string }) => s.loc)).toEqual([
      `${SITE}/sitemap-zh-tw.xml`,
      `${SITE}/sitemap-zh-hk.xml`,
      `${SITE}/sitemap-zh-mo.xml`,
      `${SITE}/sitemap-zh-cn.xml`,
      `${SITE}/sitemap-en-gb.xml`,
    ]);
    const newest = Math.max(...sitemapUrls(routes, 'zh-TW', SITE).map((u) => u.lastModified ?? 0));
    expect(doc.sitemapindex.sitemap[0].lastmod).toBe(brandIsoDateTime(newest));
    const url = (lastModified: number | null) => ({ loc: SITE, lastModified, alternates: [] });
    expect(newestModification([url(5), url(null), url(9), url(7)])).toBe(9);
    expect(newestModification([url(null)])).toBeNull();
  });
});

describe('robots.txt', () => {
  const text = robotsTxt(SITE, LANGUAGES);
  const lines = text.split('\n');

  it('allows the site, names the sitemap index, and keeps crawlers out of account, payment, cart and API paths in every language', () => {
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap-index.xml`);
    for (const path of [
      '/api/',
      '/datarcvr/',
      '/account/',
      '/payment/',
      '/cart.html',
      '/payment_settlement.html',
      '/membershipcoupon.html',
      '/inbox.html',
      '/zh-hk/account/',
      '/en-gb/cart.html',
      '/en-gb/payment/',
    ]) {
      expect(lines, path).toContain(`Disallow: ${path}`);
    }
    // Public pages stay open.
    for (const path of ['/press/', '/login.html', '/search.html', '/c/', '/shop/'])
      expect(lines.some((l) => l.startsWith('Disallow:') && path.startsWith(l.slice(10)))).toBe(false);
    expect(new Set(lines.filter((l) => l.startsWith('Disallow:'))).size).toBe(lines.filter((l) => l.startsWith('Disallow:')).length);
  });
});

describe('Atom feed', () => {
  const language = getLanguage('en-GB');
  const feedOf = (releases = miniPress()) =>
    pressFeed({
      releases,
      language,
      site: SITE,
      title: 'Press & news',
      subtitle: 'News <from> LINEA',
      brandName: 'LINEA',
      fallbackUpdated: FIXTURE_NOW,
    });

  it('is valid Atom: feed id, title, updated, self link, author; entries with id, title, link, published, updated, summary', () => {
    const doc = parseStrict(atomFeedXml(feedOf()));
    const feed = doc.feed;
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed['@xml:lang']).toBe('en-GB');
    expect(feed.id).toBe(`${SITE}/en-gb/press/feed.xml`);
    expect(feed.title['#text']).toBe('Press & news');
    expect(feed.subtitle['#text']).toBe('News <from> LINEA');
    expect(feed.updated).toBe('2026-03-03T10:00:00+08:00');
    expect(feed.link.find((l: Record<string, string>) => l['@rel'] === 'self')['@href']).toBe(`${SITE}/en-gb/press/feed.xml`);
    expect(feed.link.find((l: Record<string, string>) => l['@rel'] === 'alternate')['@href']).toBe(`${SITE}/en-gb/press/`);
    expect(feed.author).toEqual({ name: 'LINEA', uri: `${SITE}/en-gb/` });
    expect(feed.entry.map((e: { id: string }) => e.id)).toEqual([
      `${SITE}/en-gb/press/2026/03/post103.html`,
      `${SITE}/en-gb/press/2026/01/post102.html`,
      `${SITE}/en-gb/press/2026/01/post101.html`,
    ]);
    const newest = feed.entry[0];
    expect(newest.title['#text']).toBe('Spring collection');
    expect(newest.link[0]['@href']).toBe(newest.id);
    expect(newest.published).toBe('2026-03-02T10:00:00+08:00');
    expect(newest.updated).toBe('2026-03-03T10:00:00+08:00');
    expect(newest.summary['#text']).toBe('Spring collection: the summary.');
  });

  it('carries the newest releases only, and dates an empty feed at the build', () => {
    const many = Array.from({ length: PRESS_FEED_SIZE + 5 }, (_, i) => ({
      ...miniPress()[0]!,
      id: String(500 + i),
      publishedAt: FIXTURE_NOW - i * 86_400_000,
      updatedAt: FIXTURE_NOW - i * 86_400_000,
    }));
    const feed = feedOf(many);
    expect(feed.entries).toHaveLength(PRESS_FEED_SIZE);
    expect(feed.entries[0]!.id).toContain('post500.html');
    const empty = parseStrict(atomFeedXml(feedOf([])));
    expect(empty.feed.updated).toBe('2026-11-21T20:00:00+08:00');
    expect(empty.feed.entry).toBeUndefined();
  });

  it('escapes a headline that looks like markup', () => {
    const xml = atomFeedXml(feedOf([{ ...miniPress()[0]!, title: '</title><script>alert(1)</script> & more' }]));
    const doc = parseStrict(xml);
    expect(doc.feed.entry[0].title['#text']).toBe('</title><script>alert(1)</script> & more');
    expect(xml).not.toContain('<script>');
  });
});
