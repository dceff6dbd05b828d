/**
 * The component registry: every component kind of the CMS contract renders server-side,
 * through the same registry the pages use, against a real pulled content cache.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { createContainer } from '../fixtures/astro-container.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import CmsComponents from '../../src/components/cms/CmsComponents.astro';
import PageView from '../../src/components/layout/PageView.astro';
import type { RouteEntry } from '../../src/node/routing/route-entry.ts';
import { componentContext, pageContext } from '../../src/node/page-context.ts';
import { COMPONENT_REGISTRY } from '../../src/components/cms/registry.ts';
import { needsFrame } from '../../src/lib/cms/custom-frame.ts';
import { pullContent } from '../../src/node/cms/pull.ts';
import { COMPONENT_TYPES, componentSchema, type CmsComponent } from '../../src/lib/cms/schema.ts';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import { startCmsServer } from '../../scripts/local-cms/server.ts';
import { FIXTURE_NOW, writeMiniCms } from '../fixtures/mini-cms.ts';

let dirs: string[] = [];
let container: AstroContainer;

beforeAll(async () => {
  const cmsDir = await mkdtemp(join(tmpdir(), 'cms-'));
  const cacheDir = await mkdtemp(join(tmpdir(), 'cache-'));
  dirs = [cmsDir, cacheDir];
  await writeMiniCms(cmsDir, LANGUAGES);
  const cms = await startCmsServer({ dataDir: cmsDir, port: 0 });
  await pullContent({ baseUrl: cms.url, cacheDir, languages: LANGUAGES });
  await cms.close();
  process.env.CONTENT_CACHE_DIR = cacheDir;
  process.env.BUILD_NOW = String(FIXTURE_NOW);
  container = await createContainer('https://shop.example');
});
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const render = async (components: unknown[], languageCode = 'zh-TW') =>
  container.renderToString(CmsComponents, {
    props: { components: components.map((c) => componentSchema.parse(c)) as CmsComponent[], context: await componentContext(languageCode) },
  });

const banner = { aspectRatio: 2, urlPath: '/media/b.jpg', linkName: 'Autumn', link: '/women.html' };

describe('component registry', () => {
  it('has a component for every kind of the contract', () => {
    expect(Object.keys(COMPONENT_REGISTRY).sort()).toEqual([...COMPONENT_TYPES].sort());
  });

  it('renders a carousel with CDN-resized responsive images and controls', async () => {
    const html = await render([
      {
        type: 'carousel',
        id: 'c',
        items: [0, 1, 2].map((i) => ({
          indexFlag: i,
          title: `Slide ${i}`,
          props: { coverUrl: `/media/s${i}.jpg`, alt: `s${i}`, link: '/men.html' },
        })),
      },
    ]);
    expect(html).toContain('data-component="carousel"');
    expect(html.match(/aria-roledescription="slide"/g)).toHaveLength(3);
    expect(html).toContain('/media/s0.jpg_r-1080-450');
    expect(html).toMatch(/srcset="\/media\/s0\.jpg_r-375-156 375w/);
    expect(html).toContain('data-carousel-next');
    expect(html).toContain('fetchpriority="high"'); // the first component's first slide is above the fold
  });

  it('renders an auto-scrolling strip twice for a seamless loop, with the default speed', async () => {
    const html = await render([{ type: 'autoCarousel', id: 'a', items: [banner, banner] }], 'en-GB');
    expect(html.match(/class="cms-auto-carousel__run"/g)).toHaveLength(2);
    expect(html).toContain('aria-hidden="true"');
    // The copy is for the eye only: its links are out of the tab order too.
    expect(html.match(/<ul class="cms-auto-carousel__run" aria-hidden="true" inert>/g)).toHaveLength(1);
    // 2 items × (220 px + 12 px gap) at the default speed of 20 px/s
    expect(html).toContain('--duration: 23.2s');
    expect(html).toContain('cms-auto-carousel__track--left');
  });

  it('renders banner lists in both orientations, with links kept in the page language', async () => {
    const html = await render(
      [
        { type: 'bannerList', id: 'v', orientation: 'vertical', items: [banner] },
        { type: 'bannerList', id: 'h', orientation: 'horizontal', items: [banner, banner] },
      ],
      'en-GB',
    );
    expect(html).toContain('data-orientation="vertical"');
    expect(html).toContain('data-orientation="horizontal"');
    expect(html).toContain('href="/en-gb/women.html"');
  });

  it("loads at once the first pictures of the two components that may fill a phone's first screen, the rest lazily", async () => {
    const slides = [0, 1].map((i) => ({ indexFlag: i, title: `Slide ${i}`, props: { coverUrl: `/media/s${i}.jpg` } }));
    const html = await render([
      { type: 'carousel', id: 'c', aspectRatio: 2.4, items: slides },
      { type: 'bannerList', id: 'v', orientation: 'vertical', items: [banner, banner] },
      { type: 'bannerList', id: 'w', orientation: 'vertical', items: [banner] },
    ]);
    const loading = [...html.matchAll(/<img [^>]*loading="(\w+)"/g)].map((m) => m[1]);
    expect(loading).toEqual(['eager', 'lazy', 'eager', 'lazy', 'lazy']);
  });

  it('names a linked picture once: no alt repeating its caption, no aria-label hiding the visible text', async () => {
    const html = await render([
      { type: 'bannerList', id: 'h', orientation: 'horizontal', items: [banner] },
      { type: 'bannerList', id: 'v', orientation: 'vertical', items: [banner] },
    ]);
    const [horizontal, vertical] = html.split('data-orientation="vertical"');
    expect(horizontal).toMatch(/<img [^>]*\salt(="")?\s/); // empty (Astro writes a bare attribute)
    expect(horizontal).toContain('>Autumn</span>');
    expect(vertical).toMatch(/<img [^>]*alt="Autumn"/);
    expect(html).not.toContain('aria-label="Autumn"');
  });

  it('renders a small-picture carousel with title, button and captions', async () => {
    const html = await render([
      {
        type: 'smallPictureCarousel',
        id: 's',
        title: '本週推薦',
        buttonText: '查看全部',
        buttonLink: '/women.html',
        items: [{ aspectRatio: 0.8, urlPath: '/media/p.jpg', picContent: '亞麻襯衫', btnContent: '選購' }],
      },
    ]);
    expect(html).toContain('本週推薦');
    expect(html).toContain('亞麻襯衫');
    expect(html).toContain('選購');
  });

  it('shows custom content inside its window, hides a future one, and leaves out an ended one', async () => {
    const html = await render([
      {
        type: 'customContent',
        id: 'now',
        html: '<p>NOW <a href="https://partner.example/x">partner</a></p>',
        startDate: FIXTURE_NOW - 1000,
        endDate: FIXTURE_NOW + 1000,
      },
      { type: 'customContent', id: 'later', html: '<p>LATER</p>', startDate: FIXTURE_NOW + 60_000 },
      { type: 'customContent', id: 'gone', html: '<p>GONE</p>', endDate: FIXTURE_NOW - 1 },
    ]);
    expect(html).toMatch(/<section[^>]*data-window-start="\d+"[^>]*>\s*<p>NOW/);
    expect(html).toMatch(/<section[^>]*hidden[^>]*>\s*<p>LATER/);
    expect(html).not.toContain('GONE');
    expect(html).toContain('rel="nofollow noopener"');
  });

  it("puts an editor's block with a script in a sandboxed frame of its own, and leaves one without in the page", async () => {
    const html = await render([
      { type: 'customContent', id: 'tool', html: '<p id="t">Tool</p><script>document.getElementById("t").textContent = "on";</script>' },
      { type: 'customContent', id: 'text', html: '<p>Plain words</p>' },
    ]);
    const frame = /<iframe class="cms-custom__frame" sandbox="([^"]*)" srcdoc="([^"]*)" title="([^"]*)"/.exec(html);
    expect(frame).not.toBeNull();
    const [, sandbox, srcdoc, title] = frame!;
    // Scripts, but never our origin: no allow-same-origin.
    expect(sandbox!.split(' ')).toContain('allow-scripts');
    expect(sandbox).not.toContain('allow-same-origin');
    expect(srcdoc).toContain('<p id=&quot;t&quot;>Tool</p><script>document.getElementById(&quot;t&quot;)');
    expect(title).toBe('互動內容');
    // In the frame's document only, not in the page.
    expect(html.replace(srcdoc!, '')).not.toContain('getElementById');
    expect(html).toMatch(/<section[^>]*>\s*<p>Plain words<\/p>/);
  });

  it("puts an editor's own frame document in our sandboxed frame too: without our sandbox it would have our origin", async () => {
    expect(needsFrame('<iframe srcdoc="&lt;script&gt;steal()&lt;/script&gt;"></iframe>')).toBe(true);
    expect(needsFrame("<iframe SRCDOC='x'></iframe>")).toBe(true);
    expect(needsFrame('<p>The script of the play</p><a href="/x">srcdoc</a>')).toBe(false);
    const html = await render([
      { type: 'customContent', id: 'own', html: '<iframe srcdoc="&lt;script&gt;steal()&lt;/script&gt;"></iframe>' },
    ]);
    expect(html).toMatch(/<iframe class="cms-custom__frame" sandbox="[^"]*" srcdoc="[^"]*<iframe srcdoc=&quot;&amp;lt;script/);
  });

  it('renders product tiles with price range, badge, sold-out corner mark and a link without an undefined productId', async () => {
    const html = await render([
      {
        type: 'productList',
        id: 'p',
        title: '新品',
        products: [
          {
            productCode: 'L000001',
            name: '輕暖羽絨外套',
            imageUrl: '/media/l1.jpg',
            minPrice: 1990,
            maxPrice: 2490,
            stockFlag: 'N',
            badge: 'NEW',
          },
          {
            productCode: 'L000002',
            productId: 'L00000201003XYZ',
            name: '亞麻襯衫',
            imageUrl: '/media/l2.jpg',
            minPrice: 990,
            maxPrice: 990,
          },
        ],
      },
    ]);
    expect(html).toContain('NT$1,990 - NT$2,490');
    expect(html).toContain('NT$990');
    expect(html).toContain('data-component="badge"');
    expect(html).toContain('data-corner="sold-out"');
    expect(html.match(/data-corner=/g)).toHaveLength(1);
    expect(html).toContain('href="/product/L000001.html"');
    expect(html).toContain('href="/product/L000002.html?productId=L00000201003XYZ"');
  });
});

describe('page view', () => {
  const route: RouteEntry = {
    kind: 'cms',
    languageCode: 'en-GB',
    urlPath: '/en-gb/feature/empty.html',
    title: 'Empty | LINEA',
    description: '',
    pageCode: 'empty',
    tplt: 5,
    components: [],
    background: { color: '#f5f1ea', attachment: 'scroll', fit: 'FILL' },
    reloadAt: null,
    isHome: false,
    accessCheck: false,
    island: null,
    alternates: [],
    lastModified: 0,
    digest: 'x',
  };

  it('renders the page-not-found component for a page with no content', async () => {
    const html = await container.renderToString(PageView, { props: { page: await pageContext(route) } });
    expect(html).toContain('data-component="not-found"');
    expect(html).toContain('<html lang="en-GB"');
    expect(html).toContain('style="background-color: #f5f1ea"');
  });

  it("gives a content page one heading: its title, hidden, unless an editor's block already has an h1", async () => {
    const page = { ...route, urlPath: '/en-gb/feature/soon.html', pageCode: 'soon' };
    const text = componentSchema.parse({ type: 'customContent', id: 'c0', html: '<p>Linen, washed soft.</p>', className: 'x' });
    const hidden = await container.renderToString(PageView, {
      props: { page: await pageContext({ ...page, components: [text] as CmsComponent[] }) },
    });
    expect(hidden.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(hidden).toContain('<h1 class="visually-hidden">Soon</h1>');
    const block = componentSchema.parse({ type: 'customContent', id: 'c1', html: '<h1>Size chart</h1><p>cm</p>', className: 'x' });
    const own = await container.renderToString(PageView, {
      props: { page: await pageContext({ ...page, components: [block] as CmsComponent[] }) },
    });
    expect(own.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(own).toContain('<h1>Size chart</h1>');
  });

  it('schedules the boundary reload only on pages that have one', async () => {
    expect(await container.renderToString(PageView, { props: { page: await pageContext(route) } })).not.toContain('data-reload-at');
    const html = await container.renderToString(PageView, {
      props: { page: await pageContext({ ...route, reloadAt: FIXTURE_NOW + 5000 }) },
    });
    expect(html).toContain(`data-reload-at="${FIXTURE_NOW + 5000}"`);
  });
});
