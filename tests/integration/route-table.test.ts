import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteContent, type SiteContent } from '../../src/node/cms/content.ts';
import { buildRouteTable, nextPublicationBoundary, NoHomepageError, RouteConflictError } from '../../src/node/routing/route-table.ts';
import { cmsEndpoints } from '../../src/lib/cms/endpoints.ts';
import { pullContent } from '../../src/node/cms/pull.ts';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import { startCmsServer } from '../../scripts/local-cms/server.ts';
import { FIXTURE_NOW, miniPages, writeDocument, writeMiniCms } from '../fixtures/mini-cms.ts';
import type { ProductDetail } from '../../src/lib/api/contract.ts';
import { productDetail } from '../fixtures/product-detail.ts';
import { isIndexable } from '../../src/node/seo/indexing.ts';

const SITE = 'https://shop.example';
let cmsDir: string;
let cacheDir: string;
let cms: Awaited<ReturnType<typeof startCmsServer>>;

async function table(now = FIXTURE_NOW) {
  await pullContent({ baseUrl: cms.url, cacheDir, languages: LANGUAGES });
  const content: SiteContent = await loadSiteContent({ cacheDir, localesDir: join(process.cwd(), 'public', 'locales') });
  return buildRouteTable(content, { now, site: SITE, translate: (code, key) => `${key}:${code}` });
}
const find = (routes: Awaited<ReturnType<typeof table>>, path: string) => routes.find((r) => r.urlPath === path);
/** What building the table threw, or null when it did not. */
const tableRefusal = () =>
  table().then(
    () => null,
    (error: unknown) => error,
  );

beforeAll(async () => {
  cmsDir = await mkdtemp(join(tmpdir(), 'cms-'));
  cacheDir = await mkdtemp(join(tmpdir(), 'cache-'));
  await writeMiniCms(cmsDir, LANGUAGES);
  cms = await startCmsServer({ dataDir: cmsDir, port: 0 });
});
afterAll(async () => {
  await cms.close();
  await rm(cmsDir, { recursive: true, force: true });
  await rm(cacheDir, { recursive: true, force: true });
});

describe('route table', () => {
  it('has every published page in every language, the homepage at the root, and the fixed pages', async () => {
    const routes = await table();
    for (const path of [
      '/',
      '/women.html',
      '/c/W01.html',
      '/c/W0101.html',
      '/not-found.html',
      '/current-limiter.html',
      '/en-gb/',
      '/en-gb/c/W0101.html',
      '/zh-hk/not-found.html',
    ]) {
      expect(find(routes, path), path).toBeDefined();
    }
    expect(find(routes, '/')!.isHome).toBe(true);
    expect(find(routes, '/index.html')).toBeUndefined(); // the root file is index.html already
  });

  it('leaves out a page before its start date', async () => {
    expect(find(await table(), '/feature/soon.html')).toBeUndefined();
    expect(find(await table(FIXTURE_NOW + 2 * 86_400_000), '/feature/soon.html')).toBeDefined();
  });

  it('titles pages with the configured suffix, the fixed pages through translations', async () => {
    const routes = await table();
    expect(find(routes, '/women.html')!.title).toBe('Women | LINEA zh_TW');
    expect(find(routes, '/en-gb/not-found.html')!.title).toBe('notFound.title:en-GB | LINEA en_GB');
  });

  it('declares every language and x-default as alternates', async () => {
    const alternates = find(await table(), '/zh-hk/c/W01.html')!.alternates;
    expect(alternates).toEqual([
      { hreflang: 'zh-TW', href: `${SITE}/c/W01.html` },
      { hreflang: 'zh-HK', href: `${SITE}/zh-hk/c/W01.html` },
      { hreflang: 'zh-MO', href: `${SITE}/zh-mo/c/W01.html` },
      { hreflang: 'zh-CN', href: `${SITE}/zh-cn/c/W01.html` },
      { hreflang: 'en-GB', href: `${SITE}/en-gb/c/W01.html` },
      { hreflang: 'x-default', href: `${SITE}/c/W01.html` },
    ]);
    expect(find(await table(), '/en-gb/')!.alternates[0]).toEqual({ hreflang: 'zh-TW', href: `${SITE}/` });
  });

  it('gives an inheriting page its parent content, and a digest that follows the parent', async () => {
    const before = await table();
    const child = find(before, '/c/W0101.html')!;
    expect(child.components.map((c) => c.id)).toEqual(['W01-banner']);
    await writeDocument(cmsDir, cmsEndpoints.page('zh_TW', '/c/W01.html'), { code: 'W01', updatedAt: 9, components: [] });
    const after = await table();
    expect(find(after, '/c/W0101.html')!.digest).not.toBe(child.digest);
    expect(find(after, '/women.html')!.digest).toBe(find(before, '/women.html')!.digest);
    expect(find(after, '/en-gb/c/W0101.html')!.digest).toBe(find(before, '/en-gb/c/W0101.html')!.digest);
  });

  it("shows none of an unpublished parent's content on the pages that inherit it: before its start, after its end (its archive if it has one)", async () => {
    const DAY = 86_400_000;
    const withW01 = async (changes: object) => {
      const pages = miniPages().map((page) => (page.code === 'W01' ? { ...page, ...changes } : page));
      await writeDocument(cmsDir, cmsEndpoints.shared('zh_TW', 'config'), { langCode: 'zh_TW', titleSuffix: 'LINEA zh_TW', pages });
      return table();
    };
    // W01 with content of its own, like a launch landing page prepared ahead.
    const women = find(await table(), '/women.html')!.components[0]!;
    const w01Document = (id: string) => ({ code: 'W01', updatedAt: 10, components: [{ ...women, id }] });
    await writeDocument(cmsDir, cmsEndpoints.page('zh_TW', '/c/W01.html'), w01Document('W01-launch'));
    try {
      // Before its start: W01 is not built, and its child skips it to the next ancestor with content.
      const early = await withW01({ startDate: FIXTURE_NOW + DAY });
      expect(find(early, '/c/W01.html')).toBeUndefined();
      expect(find(early, '/c/W0101.html')!.components.map((c) => c.id)).toEqual(['women-banner']);
      // After its end, with an archived version: the child shows what W01's own page shows.
      await writeDocument(cmsDir, cmsEndpoints.archivedPage('zh_TW', 'W01', 'v1'), w01Document('W01-archived'));
      const archived = await withW01({ endDate: FIXTURE_NOW - DAY, archivedPage: { version: 'v1', updatedAt: 1 } });
      expect(find(archived, '/c/W01.html')!.components.map((c) => c.id)).toEqual(['W01-archived']);
      expect(find(archived, '/c/W0101.html')!.components.map((c) => c.id)).toEqual(['W01-archived']);
      // Inside its window: its own content, on its page and its child's.
      const live = await withW01({});
      expect(find(live, '/c/W0101.html')!.components.map((c) => c.id)).toEqual(['W01-launch']);
    } finally {
      await writeDocument(cmsDir, cmsEndpoints.shared('zh_TW', 'config'), {
        langCode: 'zh_TW',
        titleSuffix: 'LINEA zh_TW',
        pages: miniPages(),
      });
      await writeDocument(cmsDir, cmsEndpoints.page('zh_TW', '/c/W01.html'), w01Document('W01-banner'));
    }
  });

  it('changes every digest of a language when shared navigation changes', async () => {
    const before = await table();
    await writeDocument(cmsDir, cmsEndpoints.shared('en_GB', 'config'), { langCode: 'en_GB', titleSuffix: 'LINEA', pages: miniPages() });
    const after = await table();
    const enPaths = before.filter((r) => r.languageCode === 'en-GB').map((r) => r.urlPath);
    for (const path of enPaths) expect(find(after, path)!.digest, path).not.toBe(find(before, path)!.digest);
    expect(find(after, '/women.html')!.digest).toBe(find(before, '/women.html')!.digest);
  });
});

describe('a language with no page published now', () => {
  it("stops the build, naming the language and its home page's window, where it would have lost its home (/en-gb/) and its alternates", async () => {
    const ended = miniPages().map((page) => ({ ...page, startDate: null, endDate: FIXTURE_NOW - 1000 }));
    await writeDocument(cmsDir, cmsEndpoints.shared('en_GB', 'config'), { langCode: 'en_GB', titleSuffix: 'LINEA en_GB', pages: ended });
    try {
      const error = await tableRefusal();
      expect(error).toBeInstanceOf(NoHomepageError);
      expect((error as NoHomepageError).code).toBe('CMS_NO_HOMEPAGE');
      expect((error as Error).message).toBe(
        'Language en-GB (CMS en_GB) has no page published now to be its home: its home, page home (/index.html), is outside its window ' +
          `(open to ${new Date(FIXTURE_NOW - 1000).toISOString()}, now ${new Date(FIXTURE_NOW).toISOString()}) with no archived version, and so are its other 4 pages`,
      );
    } finally {
      await writeDocument(cmsDir, cmsEndpoints.shared('en_GB', 'config'), {
        langCode: 'en_GB',
        titleSuffix: 'LINEA en_GB',
        pages: miniPages(),
      });
    }
    expect(find(await table(), '/en-gb/')).toMatchObject({ isHome: true });
  });
});

describe('two pages at one address', () => {
  // An editor's page at a store page's address: built, its file would replace the cart's.
  const clashing = [
    { code: 'X-CART', path: '/cart.html' },
    { code: 'X-PRESS', path: '/press/index.html' }, // the press list is /press/, the same file
    { code: 'X-HK', path: '/zh-hk/women.html' }, // inside zh-HK's folder, where its women page is
    { code: 'X-FREE', path: '/feature/free.html' }, // no clash: not named
  ];

  it('stops the build, naming each pair in the order the build meets them: CMS page code or store page, language, address and file', async () => {
    const pages = [...miniPages(), ...clashing.map((page) => ({ ...page, tplt: 5, title: page.code, updatedAt: FIXTURE_NOW }))];
    for (const { code, path } of clashing)
      await writeDocument(cmsDir, cmsEndpoints.page('zh_TW', path), { code, updatedAt: 1, components: [] });
    await writeDocument(cmsDir, cmsEndpoints.shared('zh_TW', 'config'), { langCode: 'zh_TW', titleSuffix: `LINEA zh_TW`, pages });
    try {
      const error = await tableRefusal();
      expect(error).toBeInstanceOf(RouteConflictError);
      expect((error as RouteConflictError).code).toBe('ROUTE_CONFLICT');
      expect((error as RouteConflictError).conflicts).toEqual([
        'CMS page X-PRESS (zh-TW, /press/index.html) and the press-list page (zh-TW, /press/) are both press/index.html',
        "CMS page X-CART (zh-TW, /cart.html) and the store's cart page (zh-TW, /cart.html) are both cart.html",
        'CMS page X-HK (zh-TW, /zh-hk/women.html) and CMS page women (zh-HK, /zh-hk/women.html) are both zh-hk/women.html',
      ]);
      expect((error as Error).message).toMatch(/^Two pages at one address: CMS page X-PRESS/);
    } finally {
      await writeDocument(cmsDir, cmsEndpoints.shared('zh_TW', 'config'), {
        langCode: 'zh_TW',
        titleSuffix: `LINEA zh_TW`,
        pages: miniPages(),
      });
    }
    expect(find(await table(), '/cart.html')).toMatchObject({ kind: 'app', island: 'cart' });
  });
});

describe('app pages', () => {
  it('has the sign-in pages and every access-checked page in every language', async () => {
    const routes = await table();
    expect(find(routes, '/login.html')).toMatchObject({ kind: 'app', island: 'login', accessCheck: false });
    expect(find(routes, '/en-gb/register.html')).toMatchObject({ kind: 'app', island: 'register', accessCheck: false });
    const guarded: Array<[string, string]> = [
      ['/cart.html', 'cart'],
      ['/payment/payment.html', 'checkout'],
      ['/payment/success.html', 'payment-success'],
      ['/zh-hk/account/favorites.html', 'favorites'],
      ['/membershipcoupon.html', 'my-coupons'],
      ['/inbox.html', 'inbox'],
      ['/account/info.html', 'account-hub'],
      ['/en-gb/account/security/email.html', 'security-email'],
      ['/account/address.html', 'addresses'],
      ['/account/invoice.html', 'invoices'],
      ['/zh-hk/account/ticket-detail.html', 'ticket-detail'],
      ['/account/recycle.html', 'recycle'],
      ['/account/cancellation-clause.html', 'close-account'],
      ['/account/order/order-list.html', 'order-list'],
      ['/en-gb/account/detail.html', 'order-detail'],
      ['/account/refund-return.html', 'refund-return'],
      ['/payment/third-party-pay.html', 'third-party-pay'],
    ];
    for (const [path, island] of guarded) expect(find(routes, path), path).toMatchObject({ accessCheck: true, island });
    // Public, no pre-paint check: the product page, the settlement page and the providers' return pages.
    expect(find(routes, '/product-detail.html')).toMatchObject({ accessCheck: false, island: 'product-detail' });
    // A product's reviews are for everyone.
    expect(find(routes, '/evaluation.html')).toMatchObject({ accessCheck: false, island: 'evaluations' });
    // Every app page has its island: none is a placeholder.
    expect(routes.filter((r) => r.kind === 'app' && !r.island).map((r) => r.urlPath)).toEqual([]);
    // The email-change link works on any device, signed in or not.
    expect(find(routes, '/en-gb/email.html')).toMatchObject({ accessCheck: false, island: 'email-verify' });
    expect(find(routes, '/payment_settlement.html')).toMatchObject({ accessCheck: false, island: 'settlement' });
    expect(find(routes, '/en-gb/payment/return/union-card.html')).toMatchObject({ accessCheck: false, island: 'payment-return' });
  });
});

describe('press and shop routes', () => {
  it('puts each release at {year}/{month}/post{id}.html in brand time (UTC+8), with a list and year lists', async () => {
    const routes = await table();
    // Published 31 Dec 2025 20:00 UTC: 1 Jan 2026 04:00 in Taipei.
    const newYear = find(routes, '/press/2026/01/post101.html');
    expect(newYear?.section).toEqual({ view: 'press-release', id: '101' });
    expect(newYear?.title).toBe('New year, new fabrics | LINEA zh_TW');
    expect(newYear?.description).toBe('New year, new fabrics: the summary.');
    expect(newYear?.lastModified).toBe(Date.UTC(2025, 11, 31, 20, 0, 0) + 86_400_000);
    expect(find(routes, '/en-gb/press/2026/03/post103.html')).toBeDefined();
    expect(find(routes, '/press/')?.section).toEqual({ view: 'press-list', page: 1, pageCount: 1 });
    expect(find(routes, '/press/2026/')?.section).toEqual({ view: 'press-year', year: 2026 });
    expect(find(routes, '/press/2025/')).toBeUndefined();
  });

  it('links a release to its translations and x-default', async () => {
    const routes = await table();
    expect(find(routes, '/zh-hk/press/2026/01/post102.html')?.alternates).toEqual([
      { hreflang: 'zh-TW', href: `${SITE}/press/2026/01/post102.html` },
      { hreflang: 'zh-HK', href: `${SITE}/zh-hk/press/2026/01/post102.html` },
      { hreflang: 'zh-MO', href: `${SITE}/zh-mo/press/2026/01/post102.html` },
      { hreflang: 'zh-CN', href: `${SITE}/zh-cn/press/2026/01/post102.html` },
      { hreflang: 'en-GB', href: `${SITE}/en-gb/press/2026/01/post102.html` },
      { hreflang: 'x-default', href: `${SITE}/press/2026/01/post102.html` },
    ]);
  });

  it('has the shop list and the shop page in every language', async () => {
    const routes = await table();
    for (const path of ['/shop/shop_list.html', '/shop/shop.html', '/en-gb/shop/shop_list.html', '/zh-hk/shop/shop.html']) {
      expect(find(routes, path)?.kind, path).toBe('section');
    }
    // Each shop and look has its own page, indexed; the older page with every shop on it is not.
    for (const path of ['/shop/TPE01.html', '/zh-hk/shop/TPE01.html', '/en-gb/official-styling/LOOKMINI1.html', '/staff-styling/ST1.html'])
      expect(isIndexable(find(routes, path)!), path).toBe(true);
    expect(isIndexable(find(routes, '/shop/shop.html')!)).toBe(false);
    expect(find(routes, '/zh-hk/shop/TPE01.html')!.alternates.map((a) => a.href)).toContain(`${SITE}/en-gb/shop/TPE01.html`);
  });
});

describe('site map page', () => {
  it('links every indexable page of its language by group: landings and categories, other pages, the press, the shops and the looks', async () => {
    const routes = await table(FIXTURE_NOW + 2 * 86_400_000);
    const siteMap = find(routes, '/site-map.html')!;
    expect(siteMap.kind).toBe('section');
    expect(isIndexable(siteMap)).toBe(true);
    expect(siteMap.section).toEqual({
      view: 'site-map',
      groups: [
        {
          key: 'categories',
          links: [
            { title: 'Women', path: '/women.html' },
            { title: 'Tops', path: '/c/W01.html' },
            { title: 'T-shirts', path: '/c/W0101.html' },
          ],
        },
        { key: 'pages', links: [{ title: 'Soon', path: '/feature/soon.html' }] },
        {
          key: 'more',
          links: [
            { title: 'press.title:zh-TW', path: '/press/' },
            { title: 'shops.listTitle:zh-TW', path: '/shop/shop_list.html' },
            { title: 'styling.officialTitle:zh-TW', path: '/official-styling-detail.html' },
            { title: 'styling.staffTitle:zh-TW', path: '/staff-styling-detail.html' },
          ],
        },
      ],
    });
    const english = find(routes, '/en-gb/site-map.html')!;
    expect(english.section?.view === 'site-map' && english.section.groups[0]!.links[0]).toEqual({
      title: 'Women',
      path: '/en-gb/women.html',
    });
    expect(english.alternates.map((a) => a.hreflang)).toEqual([...LANGUAGES.map((l) => l.code), 'x-default']);
  });

  it('leaves out a page before its start date', async () => {
    const siteMap = find(await table(), '/site-map.html')!;
    const paths = siteMap.section?.view === 'site-map' ? siteMap.section.groups.flatMap((g) => g.links.map((l) => l.path)) : [];
    expect(paths).not.toContain('/feature/soon.html');
    expect(paths).not.toContain('/');
  });
});

async function writeProduct(languageCode: string, detail: ProductDetail): Promise<void> {
  await mkdir(join(cacheDir, 'products', languageCode), { recursive: true });
  await writeFile(join(cacheDir, 'products', languageCode, `${detail.productCode}.json`), JSON.stringify(detail));
}

describe('product pages', () => {
  beforeAll(async () => {
    for (const language of LANGUAGES) {
      await writeProduct(language.code, productDetail('L000001', `Tee ${language.code}`));
      await writeProduct(language.code, productDetail('L000002', `Old ${language.code}`, { enabledFlag: 'N' }));
    }
    // Only in one language: its page has no alternates elsewhere.
    await writeProduct('zh-TW', productDetail('L000003', 'Only here'));
  });
  afterAll(async () => {
    await rm(join(cacheDir, 'products'), { recursive: true, force: true });
  });

  it('has a page per product and language at /product/{code}.html, with its breadcrumb, title and description', async () => {
    const routes = await table();
    const page = find(routes, '/en-gb/product/L000001.html')!;
    expect(page.kind).toBe('product');
    expect(page.title).toContain('Tee en-GB');
    expect(page.description.length).toBeLessThanOrEqual(160);
    expect(page.description.endsWith('…')).toBe(true);
    // Its category page's steps: every level of the category's path, the group (W01) too.
    expect(page.product?.crumbs.map((c) => c.path)).toEqual(['/en-gb/', '/en-gb/women.html', '/en-gb/c/W01.html', '/en-gb/c/W0101.html']);
    expect(page.alternates.map((a) => a.href)).toContain('https://shop.example/zh-hk/product/L000001.html');
    expect(find(routes, '/zh-hk/product/L000001.html')?.kind).toBe('product');
    expect(find(routes, '/product/L000003.html')?.alternates.map((a) => a.hreflang)).toEqual(['zh-TW', 'x-default']);
    expect(find(routes, '/en-gb/product/L000003.html')).toBeUndefined();
  });

  it('indexes a product on sale, not one switched off', async () => {
    const routes = await table();
    expect(isIndexable(find(routes, '/product/L000001.html')!)).toBe(true);
    expect(isIndexable(find(routes, '/product/L000002.html')!)).toBe(false);
  });

  it("changes a product page's digest with its product only (and the look pages that wear it), so a catalogue change rebuilds the pages it touched", async () => {
    const before = new Map((await table()).map((r) => [r.urlPath, r.digest]));
    await writeProduct(
      'en-GB',
      productDetail('L000001', 'Tee en-GB', { skus: [{ ...productDetail('L000001', '').skus[0]!, price: { sale: 490, origin: 590 } }] }),
    );
    const after = new Map((await table()).map((r) => [r.urlPath, r.digest]));
    const changed = [...after.keys()].filter((path) => after.get(path) !== before.get(path));
    // The mini CMS's looks all wear L000001.
    expect(changed).toEqual([
      '/en-gb/official-styling-detail.html',
      '/en-gb/official-styling/LOOKMINI1.html',
      '/en-gb/official-styling/LOOKMINI2.html',
      '/en-gb/staff-styling-detail.html',
      '/en-gb/staff-styling/ST1.html',
      '/en-gb/product/L000001.html',
    ]);
  });

  it('refuses a cached product that breaks the contract, naming the file', async () => {
    await writeFile(join(cacheDir, 'products', 'zh-TW', 'L000009.json'), JSON.stringify({ productCode: 'L000009' }));
    try {
      await expect(table()).rejects.toThrow(/products\/zh-TW\/L000009\.json/);
    } finally {
      await rm(join(cacheDir, 'products', 'zh-TW', 'L000009.json'));
    }
  });
});

describe('scheduled boundaries', () => {
  it('names the next start or end date of any page, so a rebuild can be scheduled for it', async () => {
    await table();
    const content = await loadSiteContent({ cacheDir, localesDir: join(process.cwd(), 'public', 'locales') });
    // The fixture's "soon" page starts a day after FIXTURE_NOW.
    expect(nextPublicationBoundary(content, FIXTURE_NOW)).toBe(FIXTURE_NOW + 86_400_000);
    // With no page date ahead, the next is the brand's new year (UTC+8): every footer's year.
    const year = new Date(FIXTURE_NOW + 86_400_000 + 8 * 3_600_000).getUTCFullYear();
    expect(nextPublicationBoundary(content, FIXTURE_NOW + 86_400_000)).toBe(Date.parse(`${year + 1}-01-01T00:00:00+08:00`));
  });

  it("changes every route's digest at the brand's new year (the footer's copyright year), and only then", async () => {
    const newYear = Date.parse('2027-01-01T00:00:00+08:00');
    const digests = async (now: number) => new Map((await table(now)).map((r) => [r.urlPath, r.digest]));
    const [before, justBefore, after] = [await digests(newYear - 60_000), await digests(newYear - 1), await digests(newYear)];
    const shared = [...after.keys()].filter((path) => before.has(path) && justBefore.has(path));
    expect(shared.length).toBeGreaterThan(100);
    for (const path of shared) {
      expect(justBefore.get(path), path).toBe(before.get(path));
      expect(after.get(path), path).not.toBe(justBefore.get(path));
    }
  });
});
