/**
 * Build-time view of the content cache: reads the pulled documents (validating them again,
 * since the cache is a folder anyone can edit) and turns them into the route table the
 * Astro pages render. Node-only; islands never import this.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import { LANGUAGES, DEFAULT_LANGUAGE, type LanguageDefinition } from '../i18n/languages.ts';
import { cmsEndpoints } from './endpoints.ts';
import { CmsDocumentError, NoContentCacheError } from './errors.ts';
import { documentTitle, effectiveContent, findHomepage, localizedPath, pagePublication } from './pages.ts';
import { nextBoundary } from './schedule.ts';
import { cachePathOf, readManifest, type ContentManifest } from './pull.ts';
import { APP_PAGES, type AppIsland } from '../routing/app-pages.ts';
import { SHOP_DETAIL_PATH, SHOP_LIST_PATH } from '../shops/paths.ts';
import { neighbours } from '../press/listing.ts';
import { brandCalendar, copyrightYear, newestFirst, nextCopyrightYear, pressListPath, pressPage, pressPageCount, pressReleasePath, pressYearPath, releasesByYear } from '../press/paths.ts';
import {
  SHARED_DOCUMENTS,
  pageDocumentSchema,
  pressIndexSchema,
  pressReleaseSchema,
  shopsSchema,
  switchConfigSchema,
  type CmsComponent,
  type PressRelease,
  type Shop,
  type PageConfig,
  type PageDocument,
  type SharedDocumentName,
} from './schema.ts';

type Shared = { [K in SharedDocumentName]: z.infer<(typeof SHARED_DOCUMENTS)[K]> };

export interface LanguageContent {
  language: LanguageDefinition;
  shared: Shared;
  /** Current and archived page documents, keyed by cache path. */
  documents: Map<string, PageDocument>;
  pagesByCode: Map<string, PageConfig>;
  /** Digest of everything every page of the language depends on. */
  sharedDigest: string;
  /** Every press release of the language, newest first. */
  press: PressRelease[];
  /** Hash of the press index: list pages depend on it. */
  pressIndexHash: string;
  /** Hash of each release's document, by id. */
  pressHashes: Map<string, string>;
  shops: Shop[];
  shopsHash: string;
}

export interface SiteContent {
  manifest: ContentManifest;
  switchConfig: z.infer<typeof switchConfigSchema>;
  languages: LanguageContent[];
}

/**
 * Synchronous on purpose: a build reads thousands of small files before it can render
 * anything, and readFileSync reads them about three times faster than promise reads (the
 * publish service waits for this on every publish).
 */
function readCachedDocument<S extends z.ZodType>(cacheDir: string, cachePath: string, language: string, schema: S, memo?: { documents: DocumentMemo; hash: string }): z.infer<S> {
  const known = memo?.documents.get(cachePath);
  if (known && known.hash === memo!.hash) return known.value as z.infer<S>;
  let text: string;
  try {
    text = readFileSync(join(cacheDir, cachePath), 'utf8');
  } catch {
    throw new CmsDocumentError(language, cachePath, '', 'missing from the content cache; run npm run pull');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CmsDocumentError(language, cachePath, '', `not valid JSON (${(error as Error).message})`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw CmsDocumentError.fromZod(language, cachePath, parsed.error);
  memo?.documents.set(cachePath, { hash: memo.hash, value: parsed.data });
  return parsed.data as z.infer<S>;
}

/**
 * Validated documents by cache path, with the manifest hash they were read at. A process that
 * loads the content again (the publish service's waiting build process, once the next pull
 * is done) reads only the documents whose hash changed. The manifest is the truth here: the
 * pull writes a document and its hash together.
 */
export type DocumentMemo = Map<string, { hash: string; value: unknown }>;

const sha256 = (...parts: string[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
};

export async function loadSiteContent(options: { cacheDir: string; localesDir: string; languages?: readonly LanguageDefinition[]; memo?: DocumentMemo }): Promise<SiteContent> {
  const { cacheDir, localesDir, languages = LANGUAGES, memo } = options;
  const manifest = await readManifest(cacheDir);
  if (!manifest) throw new NoContentCacheError(`No content cache in ${cacheDir}: run npm run pull (or npm start) first`);
  const hashOf = (cachePath: string) => manifest.documents[cachePath]?.hash ?? 'missing';
  const readDocument = <S extends z.ZodType>(dir: string, cachePath: string, language: string, schema: S): z.infer<S> => {
    const hash = manifest.documents[cachePath]?.hash;
    return readCachedDocument(dir, cachePath, language, schema, memo && hash ? { documents: memo, hash } : undefined);
  };
  const switchPath = cachePathOf(cmsEndpoints.switchConfig());
  const switchConfig = readDocument(cacheDir, switchPath, 'all', switchConfigSchema);

  const loaded: LanguageContent[] = [];
  for (const language of languages) {
    const lang = language.cmsCode;
    const shared = {} as Shared;
    const sharedHashes = [hashOf(switchPath)];
    for (const name of Object.keys(SHARED_DOCUMENTS) as SharedDocumentName[]) {
      const path = cachePathOf(cmsEndpoints.shared(lang, name));
      (shared as Record<string, unknown>)[name] = readDocument(cacheDir, path, lang, SHARED_DOCUMENTS[name]);
      sharedHashes.push(hashOf(path));
    }
    const locale = await readFile(join(localesDir, `${language.code}.json`), 'utf8').catch(() => '');
    sharedHashes.push(sha256(locale));

    const pagePaths = shared.config.pages.flatMap((page) => [
      cachePathOf(cmsEndpoints.page(lang, page.path)),
      ...(page.archivedPage ? [cachePathOf(cmsEndpoints.archivedPage(lang, page.code, page.archivedPage.version))] : []),
    ]);
    const documents = new Map(pagePaths.map((path) => [path, readDocument(cacheDir, path, lang, pageDocumentSchema) as PageDocument]));
    const pressIndexPath = cachePathOf(cmsEndpoints.pressIndex(lang));
    const pressIndex = readDocument(cacheDir, pressIndexPath, lang, pressIndexSchema);
    const pressPaths = pressIndex.releases.map((entry) => cachePathOf(cmsEndpoints.pressRelease(lang, entry.id)));
    const press = pressPaths.map((path) => readDocument(cacheDir, path, lang, pressReleaseSchema));
    const pressHashes = new Map(pressIndex.releases.map((entry, i) => [entry.id, hashOf(pressPaths[i]!)]));
    const shopsPath = cachePathOf(cmsEndpoints.shops(lang));
    const { shops } = readDocument(cacheDir, shopsPath, lang, shopsSchema);
    loaded.push({
      language,
      shared,
      documents,
      pagesByCode: new Map(shared.config.pages.map((p) => [p.code, p])),
      sharedDigest: sha256(...sharedHashes),
      press: newestFirst(press),
      pressIndexHash: hashOf(pressIndexPath),
      pressHashes,
      shops,
      shopsHash: hashOf(shopsPath),
    });
  }
  return { manifest, switchConfig, languages: loaded };
}

export interface Alternate {
  hreflang: string;
  href: string;
}

/** What a press or shop page shows (kind 'section'). */
export type SectionView =
  | { view: 'press-list'; page: number; pageCount: number }
  | { view: 'press-year'; year: number }
  | { view: 'press-release'; id: string }
  | { view: 'shop-list' }
  | { view: 'shop' };

export interface RouteEntry {
  kind: 'cms' | 'app' | 'not-found' | 'current-limiter' | 'section';
  /** For kind 'section': which press or shop page. */
  section?: SectionView;
  languageCode: string;
  /** The URL path, e.g. "/en-gb/c/W01.html" or "/". */
  urlPath: string;
  title: string;
  description: string;
  pageCode: string | null;
  tplt: number | null;
  components: CmsComponent[];
  background: PageDocument['background'] | null;
  /** The next start/end boundary after the build, when the page must reload. */
  reloadAt: number | null;
  isHome: boolean;
  /** Needs a signed-in member: checked before first paint (spec §2 access-checked routes). */
  accessCheck: boolean;
  /** The island an app page mounts. */
  island: AppIsland | null;
  alternates: Alternate[];
  lastModified: number;
  /** Changes whenever anything the page shows changes; the incremental build's cache key. */
  digest: string;
}

/** Same-page URLs in the other languages, plus x-default (the default language). */
function alternatesFor(urlPathOf: (language: LanguageDefinition) => string | null, languages: readonly LanguageDefinition[], site: string): Alternate[] {
  const alternates: Alternate[] = [];
  for (const language of languages) {
    const path = urlPathOf(language);
    if (path !== null) alternates.push({ hreflang: language.code, href: `${site}${path}` });
  }
  const fallback = urlPathOf(DEFAULT_LANGUAGE);
  if (fallback !== null) alternates.push({ hreflang: 'x-default', href: `${site}${fallback}` });
  return alternates;
}

/** Every page the build writes, in every language. */
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
      if (publication.state !== 'unpublished') map.set(page.code, { page, archived: publication.state === 'archived', reloadAt: publication.reloadAt });
    }
    published.set(lc.language.code, map);
  }
  // Looked up for every alternate of every page: once per language, not once per lookup.
  const homeCodes = new Map([...published].map(([code, pages]) => [code, findHomepage([...pages.values()].map((p) => p.page))?.code]));

  const routes: RouteEntry[] = [];
  for (const lc of content.languages) {
    const { language, shared } = lc;
    const lang = language.cmsCode;
    const livePages = published.get(language.code)!;
    const homeCode = homeCodes.get(language.code);
    const documentOf = (page: PageConfig): PageDocument | undefined => {
      const entry = livePages.get(page.code);
      const path =
        entry?.archived && page.archivedPage
          ? cachePathOf(cmsEndpoints.archivedPage(lang, page.code, page.archivedPage.version))
          : cachePathOf(cmsEndpoints.page(lang, page.path));
      return lc.documents.get(path);
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
      const sourceHashes = sourceCodes.map((code) => {
        const source = lc.pagesByCode.get(code)!;
        return JSON.stringify(documentOf(source) ?? null);
      });
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
      // The alternates follow the other languages' page lists, which sharedDigest does not cover.
      const digest = createHash('sha256')
        .update([sharedOf(lc), String(archived), String(reloadAt), String(isHome), page.path, page.title, ...sourceHashes, JSON.stringify(base.alternates)].join('\0'))
        .digest('hex');
      const urlPaths = isHome ? ['/', ...(page.path === '/index.html' ? [] : [page.path])] : [page.path];
      for (const path of urlPaths) {
        routes.push({ ...base, isHome: isHome && path === '/', urlPath: localizedPath(language, path), digest });
      }
    }

    routes.push(...sectionRoutes(lc, content, { ...options, shared: sharedOf(lc) }));

    const fixedPages = [
      { kind: 'not-found' as const, path: '/not-found.html', titleKey: 'notFound.title', accessCheck: false, island: null },
      { kind: 'current-limiter' as const, path: '/current-limiter.html', titleKey: 'currentLimiter.title', accessCheck: false, island: null },
      ...APP_PAGES.map((page) => ({ kind: 'app' as const, path: page.path, titleKey: `appPages.${page.titleKey}`, accessCheck: page.accessCheck, island: page.island })),
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
        digest: createHash('sha256').update(`${sharedOf(lc)}\0${fixed.kind}\0${fixed.path}`).digest('hex'),
      });
    }
  }
  return routes;
}

/** The fields of a route that is not a CMS page (fixed, app and section pages). */
function withoutCmsPage(): Pick<RouteEntry, 'pageCode' | 'tplt' | 'components' | 'background' | 'reloadAt' | 'isHome'> {
  return { pageCode: null, tplt: null, components: [], background: null, reloadAt: null, isHome: false };
}

/** The press section (list pages, year lists, releases) and the shop pages of one language. */
function sectionRoutes(lc: LanguageContent, content: SiteContent, options: { site: string; translate: (languageCode: string, key: string) => string; shared: string }): RouteEntry[] {
  const { language, shared } = lc;
  const allLanguages = content.languages.map((c) => c.language);
  const contentOf = (other: LanguageDefinition) => content.languages.find((c) => c.language.code === other.code)!;
  const t = (key: string) => options.translate(language.code, key);
  const routes: RouteEntry[] = [];
  const add = (path: string, section: SectionView, fields: { title: string; description: string; lastModified: number; digestParts: string[]; alternate: (other: LanguageContent) => string | null }) => {
    const alternates = alternatesFor((other) => {
      const otherPath = fields.alternate(contentOf(other));
      return otherPath === null ? null : localizedPath(other, otherPath);
    }, allLanguages, options.site);
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
      digest: createHash('sha256').update([options.shared, section.view, path, ...fields.digestParts, JSON.stringify(alternates)].join('\0')).digest('hex'),
    });
  };
  const latest = (releases: readonly PressRelease[]) => Math.max(0, ...releases.map((r) => r.updatedAt));
  // Lists and neighbour links show titles and summaries from the releases' own documents.
  const hashesOf = (releases: readonly (PressRelease | null)[]) => releases.map((r) => (r ? `${r.id}:${lc.pressHashes.get(r.id) ?? 'missing'}` : '-'));

  const pageCount = pressPageCount(lc.press.length);
  for (let page = 1; page <= pageCount; page += 1) {
    const releases = pressPage(lc.press, page);
    add(pressListPath(page), { view: 'press-list', page, pageCount }, {
      title: page === 1 ? t('press.title') : `${t('press.title')} (${page}/${pageCount})`,
      description: t('press.description'),
      lastModified: latest(releases),
      digestParts: [lc.pressIndexHash, ...hashesOf(releases)],
      alternate: (other) => (pressPageCount(other.press.length) >= page ? pressListPath(page) : null),
    });
  }
  for (const { year, releases } of releasesByYear(lc.press)) {
    add(pressYearPath(year), { view: 'press-year', year }, {
      title: `${t('press.title')} ${year}`,
      description: t('press.description'),
      lastModified: latest(releases),
      digestParts: [lc.pressIndexHash, ...hashesOf(releases)],
      alternate: (other) => (other.press.some((r) => brandCalendar(r.publishedAt).year === year) ? pressYearPath(year) : null),
    });
  }
  for (const release of lc.press) {
    add(pressReleasePath(release), { view: 'press-release', id: release.id }, {
      title: release.title,
      description: release.summary,
      lastModified: release.updatedAt,
      // The release's page also links its neighbours by title, and its list page: it follows them and the index too.
      digestParts: [lc.pressHashes.get(release.id) ?? 'missing', lc.pressIndexHash, ...hashesOf(Object.values(neighbours(lc.press, release.id)))],
      alternate: (other) => {
        const translated = other.press.find((r) => r.id === release.id);
        return translated ? pressReleasePath(translated) : null;
      },
    });
  }
  if (lc.shops.length > 0) {
    const shopPages = [[SHOP_LIST_PATH, { view: 'shop-list' }, 'shops.listTitle'], [SHOP_DETAIL_PATH, { view: 'shop' }, 'shops.shopTitle']] as const;
    for (const [path, section, titleKey] of shopPages) {
      add(path, section, {
        title: t(titleKey),
        description: t('shops.description'),
        lastModified: content.manifest.pulledAt,
        digestParts: [lc.shopsHash],
        alternate: (other) => (other.shops.length > 0 ? path : null),
      });
    }
  }
  return routes;
}

/**
 * The next moment after `now` when the route table changes by the clock alone: a page's start
 * or end date passes, in any language (a page appears, disappears or switches to its archived
 * version), or the brand's new year (every footer's copyright year). The publish service
 * rebuilds at it without an editor. (Custom-content and live-banner windows need no rebuild:
 * the page's own script shows and hides them at their dates.)
 */
export function nextPublicationBoundary(content: SiteContent, now: number): number {
  return nextBoundary(now, [nextCopyrightYear(now), ...content.languages.flatMap((lc) => lc.shared.config.pages.flatMap((page) => [page.startDate, page.endDate]))])!;
}
