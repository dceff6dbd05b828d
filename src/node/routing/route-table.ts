/**
 * The route table: every page the build writes, in every language, with its alternates and the
 * digest the incremental publish compares. Derived from the loaded content; Node-only (digests).
 */
import { createHash } from 'node:crypto';
import { DEFAULT_LANGUAGE, type LanguageDefinition } from '../../lib/i18n/languages.ts';
import { cmsEndpoints } from '../../lib/cms/endpoints.ts';
import { documentTitle, effectiveContent, findHomepage, localizedPath, pagePublication } from '../../lib/cms/pages.ts';
import { nextBoundary } from '../../lib/cms/schedule.ts';
import { APP_PAGES } from '../../lib/routing/app-pages.ts';
import { SHOP_DETAIL_PATH, SHOP_LIST_PATH, shopPagePath } from '../../lib/shops/paths.ts';
import { STYLING_PATHS, lookPagePath } from '../../lib/styling/paths.ts';
import { SITE_MAP_PATH } from '../../lib/routing/site-map.ts';
import { isIndexable } from '../seo/indexing.ts';
import { categoryCrumbs } from '../seo/breadcrumbs.ts';
import { productPagePath } from '../../lib/product/product-id.ts';
import { isValidProduct } from '../../lib/product/wishlist.ts';
import { neighbours } from '../../lib/press/listing.ts';
import {
  brandCalendar,
  copyrightYear,
  nextCopyrightYear,
  pressListPath,
  pressPage,
  pressPageCount,
  pressReleasePath,
  pressYearPath,
  releasesByYear,
} from '../../lib/press/paths.ts';
import type { PageConfig, PageDocument, PressRelease } from '../../lib/cms/schema.ts';
import { cachePathOf } from '../cms/pull.ts';
import { CodedError } from '../../lib/errors.ts';
import type { LanguageContent, SiteContent } from '../cms/content.ts';
import type { Alternate, ProductRoute, RouteEntry, SectionView, SiteMapGroup } from './route-entry.ts';
import { listedProductsDigest } from './data-files.ts';

/** The file a route's page is written to, relative to the release: '/' and folders are index.html. */
export function fileOfRoute(urlPath: string): string {
  return `${urlPath.replace(/^\//, '')}${urlPath.endsWith('/') ? 'index.html' : ''}`;
}

/**
 * Two pages of one build at one address: an editor's CMS page at a store page's path
 * (/cart.html, /product/{code}.html, a press release's) or inside another language's folder.
 * Built anyway, one page's file would replace the other's, so the store's own page (the cart,
 * not-found) could vanish from the live site: the build stops instead, naming both.
 */
export class RouteConflictError extends CodedError {
  readonly conflicts: readonly string[];

  constructor(conflicts: readonly string[]) {
    super('ROUTE_CONFLICT', `Two pages at one address: ${conflicts.join('; ')}`);
    this.conflicts = conflicts;
  }
}

/**
 * A language with no page published now, so nothing to be its home: built anyway, the
 * release would have no /en-gb/ (a publish would remove the live one), or no index.html.
 */
export class NoHomepageError extends CodedError {
  constructor(lc: LanguageContent, now: number) {
    const pages = lc.shared.config.pages.filter((page) => page.productPageFlag !== 'Y');
    const home = findHomepage(pages);
    const date = (ms: number | null) => (ms === null ? 'open' : new Date(ms).toISOString());
    super(
      'CMS_NO_HOMEPAGE',
      `Language ${lc.language.code} (CMS ${lc.language.cmsCode}) has no page published now to be its home: ` +
        (home
          ? `its home, page ${home.code} (${home.path}), is outside its window (${date(home.startDate)} to ${date(home.endDate)}, now ${date(now)}) with no archived version, and so are its other ${pages.length - 1} pages`
          : 'its config lists only product-page content'),
    );
  }
}

/** A route as an editor or operator knows it: what it is, its language and its address. */
function describeRoute(route: RouteEntry): string {
  const where = `(${route.languageCode}, ${route.urlPath})`;
  if (route.kind === 'cms') return `CMS page ${route.pageCode} ${where}`;
  if (route.kind === 'product') return `the page of product ${route.product!.code} ${where}`;
  if (route.kind === 'section') return `the ${route.section!.view} page ${where}`;
  return `the store's ${route.kind === 'app' ? route.island : route.kind} page ${where}`;
}

/** Refuses a table where two routes write one file ('/press/' and '/press/index.html' do), naming each pair. */
function refuseSharedFiles(routes: readonly RouteEntry[]): void {
  const byFile = new Map<string, RouteEntry>();
  const conflicts: string[] = [];
  for (const route of routes) {
    const file = fileOfRoute(route.urlPath);
    const first = byFile.get(file);
    if (first) conflicts.push(`${describeRoute(first)} and ${describeRoute(route)} are both ${file}`);
    else byFile.set(file, route);
  }
  if (conflicts.length > 0) throw new RouteConflictError(conflicts);
}

/** Same-page URLs in the other languages, plus x-default (the default language). */
function alternatesFor(
  urlPathOf: (language: LanguageDefinition) => string | null,
  languages: readonly LanguageDefinition[],
  site: string,
): Alternate[] {
  const alternates: Alternate[] = [];
  for (const language of languages) {
    const path = urlPathOf(language);
    if (path !== null) alternates.push({ hreflang: language.code, href: `${site}${path}` });
  }
  const fallback = urlPathOf(DEFAULT_LANGUAGE);
  if (fallback !== null) alternates.push({ hreflang: 'x-default', href: `${site}${fallback}` });
  return alternates;
}

/** Every page the build writes, in every language. Throws RouteConflictError when two would write one file. */
export function buildRouteTable(
  content: SiteContent,
  options: { now: number; site: string; translate: (languageCode: string, key: string) => string },
): RouteEntry[] {
  const { now, site } = options;
  const allLanguages = content.languages.map((c) => c.language);
  // Every page shows the copyright year of the build's clock: a new year changes every digest.
  const sharedOf = (lc: LanguageContent) => `${lc.sharedDigest}\0${copyrightYear(now)}`;
  const published = new Map<string, Map<string, { page: PageConfig; archived: boolean; reloadAt: number | null }>>();
  for (const lc of content.languages) {
    const map = new Map<string, { page: PageConfig; archived: boolean; reloadAt: number | null }>();
    for (const page of lc.shared.config.pages) {
      // Product-page content is a fragment of product-detail pages, not a page of its own.
      if (page.productPageFlag === 'Y') continue;
      const publication = pagePublication(page, now);
      if (publication.state !== 'unpublished')
        map.set(page.code, { page, archived: publication.state === 'archived', reloadAt: publication.reloadAt });
    }
    published.set(lc.language.code, map);
  }
  // Looked up for every alternate of every page: once per language, not once per lookup.
  const homeCodes = new Map([...published].map(([code, pages]) => [code, findHomepage([...pages.values()].map((p) => p.page))?.code]));
  for (const lc of content.languages) if (homeCodes.get(lc.language.code) === undefined) throw new NoHomepageError(lc, now);

  const routes: RouteEntry[] = [];
  const productAlternates = productAlternatesOf(content, site);
  for (const lc of content.languages) {
    const { language, shared } = lc;
    const lang = language.cmsCode;
    const livePages = published.get(language.code)!;
    const homeCode = homeCodes.get(language.code);
    // An ancestor outside its window with no archived version is not published: a page that
    // inherits from it shows none of its content (before its start, or after its end).
    const documentPathOf = (page: PageConfig): string | undefined => {
      const entry = livePages.get(page.code);
      if (!entry) return undefined;
      return entry.archived && page.archivedPage
        ? cachePathOf(cmsEndpoints.archivedPage(lang, page.code, page.archivedPage.version))
        : cachePathOf(cmsEndpoints.page(lang, page.path));
    };
    const documentOf = (page: PageConfig): PageDocument | undefined => {
      const path = documentPathOf(page);
      return path === undefined ? undefined : lc.documents.get(path);
    };
    // A source document by the hash of its cached file (the pull's manifest): the same as its
    // text for the digest, without writing every page's document out again for each table.
    const sourceHashOf = (page: PageConfig): string => {
      const path = documentPathOf(page);
      if (path === undefined || !lc.documents.has(path)) return 'none';
      return content.manifest.documents[path]?.hash ?? JSON.stringify(lc.documents.get(path));
    };
    const pagePathIn = (code: string) => (other: LanguageDefinition) => {
      const entry = published.get(other.code)?.get(code);
      if (!entry) return null;
      return localizedPath(other, homeCodes.get(other.code) === code ? '/' : entry.page.path);
    };

    for (const { page, archived, reloadAt } of livePages.values()) {
      const isHome = homeCode === page.code;
      const doc = documentOf(page);
      const { components, sourceCodes } = effectiveContent(page, lc.pagesByCode, documentOf);
      const sourceHashes = sourceCodes.map((code) => sourceHashOf(lc.pagesByCode.get(code)!));
      const base = {
        kind: 'cms' as const,
        languageCode: language.code,
        title: documentTitle(page.title, shared.config),
        description: doc?.description ?? '',
        pageCode: page.code,
        tplt: page.tplt,
        components,
        background: doc?.background ?? null,
        reloadAt,
        accessCheck: page.accessCheck === 'Y',
        island: null,
        alternates: alternatesFor(pagePathIn(page.code), allLanguages, site),
        lastModified: Math.max(page.updatedAt, doc?.updatedAt ?? 0),
      };
      // The alternates follow the other languages' page lists, which sharedDigest does not cover;
      // its product tiles show the listed products' prices from the catalogue (data-files.ts).
      const digest = createHash('sha256')
        .update(
          [
            sharedOf(lc),
            // Only the home page shows the pop-up (at '/'; its own path, if it has another, shares this digest).
            isHome ? lc.home.digest : '',
            String(archived),
            String(reloadAt),
            String(isHome),
            // Its own entry in the language's configuration, and those it inherits content through:
            // the language's shared digest leaves the list of pages out (cms/content.ts).
            ...sourceCodes.map((code) => JSON.stringify(lc.pagesByCode.get(code))),
            ...sourceHashes,
            JSON.stringify(base.alternates),
            listedProductsDigest(lc, components),
          ].join('\0'),
        )
        .digest('hex');
      const urlPaths = isHome ? ['/', ...(page.path === '/index.html' ? [] : [page.path])] : [page.path];
      for (const path of urlPaths) {
        routes.push({ ...base, isHome: isHome && path === '/', urlPath: localizedPath(language, path), digest });
      }
    }

    routes.push(...sectionRoutes(lc, content, { ...options, shared: sharedOf(lc) }));
    routes.push(siteMapRoute(lc, routes, { ...options, languages: allLanguages, shared: sharedOf(lc) }));
    routes.push(
      ...productRoutes(lc, {
        alternates: productAlternates,
        pulledAt: content.manifest.pulledAt,
        shared: sharedOf(lc),
        published: livePages,
        homeCode,
        homeName: options.translate(lc.language.code, 'common.home'),
      }),
    );

    const fixedPages = [
      { kind: 'not-found' as const, path: '/not-found.html', titleKey: 'notFound.title', accessCheck: false, island: null },
      {
        kind: 'current-limiter' as const,
        path: '/current-limiter.html',
        titleKey: 'currentLimiter.title',
        accessCheck: false,
        island: null,
      },
      ...APP_PAGES.map((page) => ({
        kind: 'app' as const,
        path: page.path,
        titleKey: `appPages.${page.titleKey}`,
        accessCheck: page.accessCheck,
        island: page.island,
      })),
    ];
    for (const fixed of fixedPages) {
      routes.push({
        kind: fixed.kind,
        languageCode: language.code,
        urlPath: localizedPath(language, fixed.path),
        title: documentTitle(options.translate(language.code, fixed.titleKey), shared.config),
        description: '',
        ...withoutCmsPage(),
        accessCheck: fixed.accessCheck,
        island: fixed.island,
        alternates: alternatesFor((other) => localizedPath(other, fixed.path), allLanguages, site),
        lastModified: content.manifest.pulledAt,
        digest: createHash('sha256')
          .update(`${sharedOf(lc)}\0${fixed.kind}\0${fixed.path}`)
          .digest('hex'),
      });
    }
  }
  refuseSharedFiles(routes);
  return routes;
}

/** The fields of a route that is not a CMS page (fixed, app and section pages). */
function withoutCmsPage(): Pick<RouteEntry, 'pageCode' | 'tplt' | 'components' | 'background' | 'reloadAt' | 'isHome'> {
  return { pageCode: null, tplt: null, components: [], background: null, reloadAt: null, isHome: false };
}

/** The press section (list pages, year lists, releases), the shop pages and the styling-look pages of one language. */
function sectionRoutes(
  lc: LanguageContent,
  content: SiteContent,
  options: { site: string; translate: (languageCode: string, key: string) => string; shared: string },
): RouteEntry[] {
  const { language, shared } = lc;
  const allLanguages = content.languages.map((c) => c.language);
  const contentOf = (other: LanguageDefinition) => content.languages.find((c) => c.language.code === other.code)!;
  const t = (key: string) => options.translate(language.code, key);
  const routes: RouteEntry[] = [];
  const add = (
    path: string,
    section: SectionView,
    fields: {
      title: string;
      description: string;
      lastModified: number;
      digestParts: string[];
      alternate: (other: LanguageContent) => string | null;
    },
  ) => {
    const alternates = alternatesFor(
      (other) => {
        const otherPath = fields.alternate(contentOf(other));
        return otherPath === null ? null : localizedPath(other, otherPath);
      },
      allLanguages,
      options.site,
    );
    routes.push({
      kind: 'section',
      section,
      languageCode: language.code,
      urlPath: localizedPath(language, path),
      title: documentTitle(fields.title, shared.config),
      description: fields.description,
      ...withoutCmsPage(),
      accessCheck: false,
      island: null,
      alternates,
      lastModified: fields.lastModified,
      // The alternates follow the other languages' press and shops, which sharedDigest does not cover.
      digest: createHash('sha256')
        .update([options.shared, section.view, path, ...fields.digestParts, JSON.stringify(alternates)].join('\0'))
        .digest('hex'),
    });
  };
  const latest = (releases: readonly PressRelease[]) => Math.max(0, ...releases.map((r) => r.updatedAt));
  // Lists and neighbour links show titles and summaries from the releases' own documents.
  const hashesOf = (releases: readonly (PressRelease | null)[]) =>
    releases.map((r) => (r ? `${r.id}:${lc.pressHashes.get(r.id) ?? 'missing'}` : '-'));

  const pageCount = pressPageCount(lc.press.length);
  for (let page = 1; page <= pageCount; page += 1) {
    const releases = pressPage(lc.press, page);
    add(
      pressListPath(page),
      { view: 'press-list', page, pageCount },
      {
        title: page === 1 ? t('press.title') : `${t('press.title')} (${page}/${pageCount})`,
        description: t('press.description'),
        lastModified: latest(releases),
        digestParts: [lc.pressIndexHash, ...hashesOf(releases)],
        alternate: (other) => (pressPageCount(other.press.length) >= page ? pressListPath(page) : null),
      },
    );
  }
  for (const { year, releases } of releasesByYear(lc.press)) {
    add(
      pressYearPath(year),
      { view: 'press-year', year },
      {
        title: `${t('press.title')} ${year}`,
        description: t('press.description'),
        lastModified: latest(releases),
        digestParts: [lc.pressIndexHash, ...hashesOf(releases)],
        alternate: (other) => (other.press.some((r) => brandCalendar(r.publishedAt).year === year) ? pressYearPath(year) : null),
      },
    );
  }
  for (const release of lc.press) {
    add(
      pressReleasePath(release),
      { view: 'press-release', id: release.id },
      {
        title: release.title,
        description: release.summary,
        lastModified: release.updatedAt,
        // The release's page also links its neighbours by title, and its list page: it follows them and the index too.
        digestParts: [
          lc.pressHashes.get(release.id) ?? 'missing',
          lc.pressIndexHash,
          ...hashesOf(Object.values(neighbours(lc.press, release.id))),
        ],
        alternate: (other) => {
          const translated = other.press.find((r) => r.id === release.id);
          return translated ? pressReleasePath(translated) : null;
        },
      },
    );
  }
  if (lc.shops.length > 0) {
    const shopPages = [
      [SHOP_LIST_PATH, { view: 'shop-list' }, 'shops.listTitle'],
      [SHOP_DETAIL_PATH, { view: 'shop', code: null }, 'shops.shopTitle'],
    ] as const;
    for (const [path, section, titleKey] of shopPages) {
      add(path, section, {
        title: t(titleKey),
        description: t('shops.description'),
        lastModified: content.manifest.pulledAt,
        digestParts: [lc.shopsHash],
        alternate: (other) => (other.shops.length > 0 ? path : null),
      });
    }
    // Each shop's own page: its one address for search engines (the older page chose it by query).
    for (const shop of lc.shops) {
      add(
        shopPagePath(shop.code),
        { view: 'shop', code: shop.code },
        {
          title: shop.name,
          description: [shop.address, shop.openingHours].filter(Boolean).join(' · '),
          lastModified: content.manifest.pulledAt,
          // The page shows this shop alone: an edit of another shop leaves it be.
          digestParts: [JSON.stringify(shop)],
          alternate: (other) => (other.shops.some((s) => s.code === shop.code) ? shopPagePath(shop.code) : null),
        },
      );
    }
  }
  for (const kind of ['official', 'staff'] as const) {
    const looks = lc.styling[kind];
    if (looks.length === 0) continue;
    const path = STYLING_PATHS[kind];
    // A look page shows its looks, the products they wear (names, pictures, prices) and, for staff, their shops.
    const digestParts = [
      kind === 'official' ? lc.styling.officialHash : lc.styling.staffHash,
      ...looks.flatMap((look) => look.products.map((p) => `${p.productCode}:${lc.productHashes.get(p.productCode) ?? 'missing'}`)),
      ...(kind === 'staff' ? [lc.shopsHash] : []),
    ];
    add(
      path,
      { view: 'styling', kind, styleId: null },
      {
        title: t(`styling.${kind}Title`),
        description: t(`styling.${kind}Description`),
        lastModified: content.manifest.pulledAt,
        digestParts,
        alternate: (other) => (other.styling[kind].length > 0 ? path : null),
      },
    );
    // Each look's own page (with the others under "more looks"): its one address for search engines.
    for (const look of looks) {
      add(
        lookPagePath(kind, look.styleId),
        { view: 'styling', kind, styleId: look.styleId },
        {
          title: look.title,
          description: look.description || t(`styling.${kind}Description`),
          lastModified: content.manifest.pulledAt,
          // Its own look's products; the others are under "more looks" by title and picture only.
          digestParts: [
            kind === 'official' ? lc.styling.officialHash : lc.styling.staffHash,
            ...look.products.map((p) => `${p.productCode}:${lc.productHashes.get(p.productCode) ?? 'missing'}`),
            ...(kind === 'staff' ? [lc.shopsHash] : []),
          ],
          alternate: (other) => (other.styling[kind].some((l) => l.styleId === look.styleId) ? lookPagePath(kind, look.styleId) : null),
        },
      );
    }
  }
  return routes;
}

/** Gender landings and product lists (the CMS's tplt 2, 3 and 4): the site map's categories. */
const SHOPPING_TEMPLATES = new Set([2, 3, 4]);

/**
 * The language's site map page (SITE_MAP_PATH): a link to every indexable CMS page, the press
 * section, the shop list and the styling-look pages (every look, without a styleId), so people and crawlers can reach every page from the footer,
 * not only those the navigation shows (features, guides, the size chart). Products are
 * reached through their categories.
 */
function siteMapRoute(
  lc: LanguageContent,
  routes: readonly RouteEntry[],
  options: { site: string; languages: LanguageDefinition[]; translate: (languageCode: string, key: string) => string; shared: string },
): RouteEntry {
  const { language, shared } = lc;
  const t = (key: string) => options.translate(language.code, key);
  const groups: SiteMapGroup[] = [
    { key: 'categories', links: [] },
    { key: 'pages', links: [] },
    { key: 'more', links: [] },
  ];
  for (const route of routes) {
    if (route.languageCode !== language.code || !isIndexable(route) || route.isHome) continue;
    const page = route.pageCode === null ? undefined : lc.pagesByCode.get(route.pageCode);
    if (route.kind === 'cms' && page) {
      groups[route.tplt !== null && SHOPPING_TEMPLATES.has(route.tplt) ? 0 : 1]!.links.push({ title: page.title, path: route.urlPath });
    } else if (route.section?.view === 'press-list' && route.section.page === 1) {
      groups[2]!.links.push({ title: t('press.title'), path: route.urlPath });
    } else if (route.section?.view === 'shop-list') {
      groups[2]!.links.push({ title: t('shops.listTitle'), path: route.urlPath });
    } else if (route.section?.view === 'styling' && route.section.styleId === null) {
      // The list of a kind's looks, which links each look's own page (as the shop list links each shop's).
      groups[2]!.links.push({ title: t(`styling.${route.section.kind}Title`), path: route.urlPath });
    }
  }
  const section: SectionView = { view: 'site-map', groups: groups.filter((g) => g.links.length > 0) };
  return {
    kind: 'section',
    section,
    languageCode: language.code,
    urlPath: localizedPath(language, SITE_MAP_PATH),
    title: documentTitle(t('siteMap.title'), shared.config),
    description: t('siteMap.description'),
    ...withoutCmsPage(),
    accessCheck: false,
    island: null,
    alternates: alternatesFor((other) => localizedPath(other, SITE_MAP_PATH), options.languages, options.site),
    lastModified: Math.max(0, ...routes.filter((r) => r.languageCode === language.code && r.kind === 'cms').map((r) => r.lastModified)),
    digest: createHash('sha256')
      .update([options.shared, 'site-map', JSON.stringify(section)].join('\0'))
      .digest('hex'),
  };
}

/**
 * A product's alternates (and their text for the digest), the same on its page in every language
 * that has it: made once a product, not once a language, with 20,000 products.
 */
function productAlternatesOf(content: SiteContent, site: string): (productCode: string) => { list: Alternate[]; text: string } {
  const allLanguages = content.languages.map((c) => c.language);
  const productsOf = new Map(content.languages.map((c) => [c.language.code, c.productHashes]));
  const made = new Map<string, { list: Alternate[]; text: string }>();
  return (productCode) => {
    const known = made.get(productCode);
    if (known) return known;
    const path = productPagePath(productCode);
    const list = alternatesFor(
      (other) => (productsOf.get(other.code)?.has(productCode) ? localizedPath(other, path) : null),
      allLanguages,
      site,
    );
    const alternates = { list, text: JSON.stringify(list) };
    made.set(productCode, alternates);
    return alternates;
  };
}

/**
 * A page per product and language, at productPagePath(code): the product in HTML for shoppers
 * and crawlers, with its category page's breadcrumb. It depends on the product's cached detail
 * and on that breadcrumb.
 */
function productRoutes(
  lc: LanguageContent,
  options: {
    alternates: ReturnType<typeof productAlternatesOf>;
    pulledAt: number;
    shared: string;
    published: Map<string, { page: PageConfig }>;
    homeCode: string | undefined;
    homeName: string;
  },
): RouteEntry[] {
  const { language, shared } = lc;
  const byPath = new Map([...options.published.values()].map(({ page }) => [page.path, page]));
  const home = options.homeCode ? options.published.get(options.homeCode)?.page : undefined;
  /** The breadcrumb of a category (and gender), and its text for the digest: the same for every product of it. */
  const trails = new Map<string, { crumbs: ProductRoute['crumbs']; text: string }>();
  const trailOf = (categoryCode: string, gender: string) => {
    const key = `${categoryCode}\0${gender}`;
    const known = trails.get(key);
    if (known) return known;
    const categoryPage = byPath.get(`/c/${categoryCode}.html`);
    const crumbs: ProductRoute['crumbs'] = categoryPage
      ? categoryCrumbs(language, shared.classification.data, categoryPage.code, options.homeName)
      : [];
    if (crumbs.length === 0) {
      if (home) crumbs.push({ name: home.title, path: localizedPath(language, '/') });
      for (const path of [`/${gender.toLowerCase()}.html`, `/c/${categoryCode}.html`]) {
        const page = byPath.get(path);
        if (page) crumbs.push({ name: page.title, path: localizedPath(language, path) });
      }
    }
    const trail = { crumbs, text: JSON.stringify(crumbs) };
    trails.set(key, trail);
    return trail;
  };
  return lc.products.map((detail) => {
    const { crumbs, text: crumbsText } = trailOf(detail.categoryCode, detail.gender);
    const path = productPagePath(detail.productCode);
    const alternates = options.alternates(detail.productCode);
    const enabled = isValidProduct(detail);
    const productPage = detail.productPageCode ? lc.productPages.get(detail.productPageCode) : undefined;
    return {
      kind: 'product' as const,
      product: { code: detail.productCode, enabled, crumbs },
      languageCode: language.code,
      urlPath: localizedPath(language, path),
      title: documentTitle(detail.name, shared.config),
      description: metaDescription(detail.description),
      ...withoutCmsPage(),
      accessCheck: false,
      island: null,
      alternates: alternates.list,
      lastModified: options.pulledAt,
      digest: createHash('sha256')
        .update(
          [
            options.shared,
            'product',
            path,
            lc.productHashes.get(detail.productCode) ?? '',
            productPage?.hash ?? '',
            // Its CMS content, rendered in place, may list other products with their prices.
            productPage ? listedProductsDigest(lc, productPage.document.components) : '',
            crumbsText,
            alternates.text,
          ].join('\0'),
        )
        .digest('hex'),
    };
  });
}

/** A meta description: the text on one line, cut at a word near 160 characters. */
function metaDescription(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= 160) return line;
  const cut = line.slice(0, 157);
  const space = cut.lastIndexOf(' ');
  return `${space > 100 ? cut.slice(0, space) : cut}…`;
}

/**
 * The next moment after `now` when the route table changes by the clock alone: a page's start
 * or end date passes, in any language (a page appears, disappears or switches to its archived
 * version), or the brand's new year (every footer's copyright year). The publish service
 * rebuilds at it without an editor. (Custom-content and live-banner windows need no rebuild:
 * the page's own script shows and hides them at their dates.)
 */
export function nextPublicationBoundary(content: SiteContent, now: number): number {
  return nextBoundary(now, [
    nextCopyrightYear(now),
    ...content.languages.flatMap((lc) => lc.shared.config.pages.flatMap((page) => [page.startDate, page.endDate])),
  ])!;
}
