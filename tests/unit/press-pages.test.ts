/**
 * The press pages as the build renders them (Astro's Container API over a pulled mini CMS):
 * complete HTML with no island and no script file, the release body as text, and the head
 * (Open Graph, JSON-LD, feed and paging links).
 */
import type { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { createContainer } from '../fixtures/astro-container.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PageView from '../../src/components/layout/PageView.astro';
import type { RouteEntry } from '../../src/node/routing/route-entry.ts';
import { pageContext } from '../../src/node/page-context.ts';
import { cmsEndpoints } from '../../src/lib/cms/endpoints.ts';
import { getSite } from '../../src/node/site.ts';
import { FIXTURE_NOW, miniPress, writeDocument } from '../fixtures/mini-cms.ts';
import { pulledMiniCms } from '../fixtures/pulled-cms.ts';

const SITE = 'https://shop.example';
const HOSTILE = '<script>alert("x")</script> & </p>';
let container: AstroContainer;
let routes: RouteEntry[];
let cms: Awaited<ReturnType<typeof pulledMiniCms>>;

beforeAll(async () => {
  // Release 102 in English carries every kind of block, and text that looks like markup.
  const release = miniPress().find((r) => r.id === '102')!;
  cms = await pulledMiniCms((cmsDir) =>
    writeDocument(cmsDir, cmsEndpoints.pressRelease('en_GB', '102'), {
      ...release,
      location: 'Taichung',
      body: [
        { type: 'paragraph', text: `First paragraph ${HOSTILE}` },
        { type: 'heading', text: 'The shop' },
        { type: 'quote', text: 'Come and feel the fabrics.', cite: 'Chou Yung-ching, Brand Director' },
        { type: 'image', url: '/media/press/102-2.jpg', alt: 'The shop window', caption: 'Opening day.', width: 1200, height: 800 },
      ],
    }),
  );
  process.env.CONTENT_CACHE_DIR = cms.cacheDir;
  process.env.BUILD_NOW = String(FIXTURE_NOW);
  process.env.SITE_URL = SITE;
  routes = (await getSite()).routes;
  container = await createContainer(SITE);
});
afterAll(() => cms.remove());

const render = async (urlPath: string) => {
  const route = routes.find((r) => r.urlPath === urlPath);
  if (!route) throw new Error(`No route ${urlPath}`);
  return container.renderToString(PageView, { props: { page: await pageContext(route) } });
};
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!));
/** The head's <meta property|name="…" content="…">, by key. */
const meta = (html: string) =>
  Object.fromEntries([...html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)].map((m) => [m[1], m[2]]));

/** What loads JavaScript: islands, module scripts, script files. Inline scripts are not files. */
function scriptFiles(html: string): string[] {
  return [...html.matchAll(/<astro-island|<script[^>]*\b(?:src=|type="module")[^>]*>/g)].map((m) => m[0]);
}

describe('press pages', () => {
  it('ship no island and no script file, while the other pages keep their islands', async () => {
    for (const path of ['/press/', '/press/2026/', '/en-gb/press/2026/01/post102.html'])
      expect(scriptFiles(await render(path)), path).toEqual([]);
    expect(scriptFiles(await render('/women.html')).length).toBeGreaterThan(0);
  });

  it('render a release: headline, dateline, eager lead image, every block as text, neighbours and the way back', async () => {
    const html = await render('/en-gb/press/2026/01/post102.html');
    expect(html).toContain('<h1 class="press-release__title">New shop in Taichung</h1>');
    expect(html).toMatch(
      /<span class="press-release__location">Taichung<\/span>\s*<time datetime="2026-01-15T10:00:00\+08:00">15 January 2026<\/time>/,
    );
    expect(html).toMatch(
      /<img[^>]*src="\/media\/press\/102\.jpg_r-1080-567"[^>]*alt="New shop in Taichung picture"[^>]*width="1080" height="567" loading="eager"/,
    );
    expect(html).toContain('First paragraph &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;/p&gt;');
    expect(html).not.toContain(HOSTILE);
    expect(html).toContain('<h2>The shop</h2>');
    expect(html).toMatch(
      /<blockquote><p>Come and feel the fabrics\.<\/p><\/blockquote>\s*<figcaption>— <cite>Chou Yung-ching, Brand Director<\/cite><\/figcaption>/,
    );
    expect(html).toMatch(
      /<figure class="press-body__figure">\s*<img[^>]*alt="The shop window"[^>]*loading="lazy"[^>]*>\s*<figcaption>Opening day\.<\/figcaption>/,
    );
    // Published between 101 (previous) and 103 (next); its list page is the first.
    expect(html).toContain('href="/en-gb/press/2026/01/post101.html" rel="prev"');
    expect(html).toContain('href="/en-gb/press/2026/03/post103.html" rel="next"');
    expect(html).toContain('<a class="text-link" href="/en-gb/press/">');
    expect(html).toMatch(
      /<ol>\s*<li><a href="\/en-gb\/">Home<\/a><\/li>\s*<li><a href="\/en-gb\/press\/">Press releases<\/a><\/li>\s*<li><a href="\/en-gb\/press\/2026\/">2026<\/a><\/li>\s*<li><span aria-current="page">New shop in Taichung<\/span>/,
    );
  });

  it('give a release its head: article Open Graph, NewsArticle and BreadcrumbList, feed link, indexable', async () => {
    const html = await render('/en-gb/press/2026/01/post102.html');
    const tags = meta(html);
    expect(tags).toMatchObject({
      'og:type': 'article',
      'og:title': 'New shop in Taichung',
      'og:description': 'New shop in Taichung: the summary.',
      'og:url': `${SITE}/en-gb/press/2026/01/post102.html`,
      'og:image': `${SITE}/media/press/102.jpg`,
      'og:image:width': '1200',
      'og:image:height': '630',
      'og:locale': 'en_GB',
      'og:site_name': 'LINEA',
      'twitter:card': 'summary_large_image',
    });
    expect(tags.robots).toBeUndefined();
    expect(html).toContain(`<link rel="canonical" href="${SITE}/en-gb/press/2026/01/post102.html">`);
    expect(html).toContain('<link rel="alternate" href="/en-gb/press/feed.xml" type="application/atom+xml" title="LINEA press releases">');
    const [article, crumbs] = jsonLd(html);
    expect(article).toMatchObject({
      '@type': 'NewsArticle',
      headline: 'New shop in Taichung',
      datePublished: '2026-01-15T10:00:00+08:00',
      dateModified: '2026-01-16T10:00:00+08:00',
      inLanguage: 'en-GB',
    });
    expect(crumbs.itemListElement.map((c: { item: string }) => c.item)).toEqual([
      `${SITE}/en-gb/`,
      `${SITE}/en-gb/press/`,
      `${SITE}/en-gb/press/2026/`,
      `${SITE}/en-gb/press/2026/01/post102.html`,
    ]);
  });

  it('render the list: years with counts, releases newest first with dates in the page language, the first pictures eager', async () => {
    const html = await render('/press/');
    expect(html).toMatch(/<a href="\/press\/" aria-current="page">\s*全部年份 <span class="press-years__count">3<\/span>/);
    // Seen as "2026 3", read as "2026 年，共 3 篇": hidden words, not an aria-label hiding the visible text.
    expect(html).toMatch(
      /<a href="\/press\/2026\/">2026<span class="visually-hidden"> 年，共<\/span> <span class="press-years__count">3<\/span><span class="visually-hidden"> 篇<\/span><\/a>/,
    );
    const order = [...html.matchAll(/data-release-id="(\d+)"/g)].map((m) => m[1]);
    expect(order).toEqual(['103', '102', '101']);
    expect(html).toContain('<time class="press-item__date" datetime="2026-01-01T04:00:00+08:00">2026年1月1日</time>');
    expect(html.match(/loading="eager"/g)).toHaveLength(3);
    expect(html).not.toContain('class="pager"'); // one page only
    expect(meta(html)['og:type']).toBe('website');
  });

  it('render a year by month, in brand time', async () => {
    const html = await render('/en-gb/press/2026/');
    expect(html).toContain('<h1>Press releases from 2026</h1>');
    const months = [...html.matchAll(/<h2 class="press-month__title"[^>]*>([^<]+)<\/h2>/g)].map((m) => m[1]);
    expect(months).toEqual(['March 2026', 'January 2026']);
    expect(html).toMatch(/<a href="\/en-gb\/press\/2026\/" aria-current="page"/);
  });

  it('give the static header plain links that need no script', async () => {
    const html = await render('/en-gb/press/');
    expect(html).toContain('data-static');
    expect(html).toContain('href="/en-gb/search.html"');
    expect(html).toMatch(/<form class="search-panel__form" role="search" action="\/en-gb\/search\.html" method="get">/);
    expect(html).toContain('href="/en-gb/account/favorites.html"');
    expect(html).toContain('href="/en-gb/account/info.html"');
    expect(html).toContain('href="/en-gb/cart.html"');
    expect(html).toContain('<a href="/press/" hrefLang="zh-TW" lang="zh-TW">');
    expect(html).toContain('<nav class="site-header__genders" aria-label="Categories"><a href="/en-gb/women.html">Women</a></nav>');
  });
});

describe('home pages', () => {
  it('describe the brand as an Organization', async () => {
    const [organization] = jsonLd(await render('/zh-hk/'));
    expect(organization).toMatchObject({
      '@type': 'Organization',
      name: 'LINEA 織線',
      url: `${SITE}/zh-hk/`,
      logo: { url: `${SITE}/brand/logo.png` },
    });
  });
});
