/**
 * A catalogue change publishes only what shows it, on a real build of a scaled sample (300
 * products, the default CMS pages): the publisher pulls the catalogue's changed products from
 * the local commerce API, builds the pages, data files and fragments whose digest changed into
 * a release seeded from the live one, and makes it live.
 *
 * - One product's price: its page in every language, the list pages whose tiles show it (and any
 *   page whose content lists it), its data file in every language; nothing else is written,
 *   so an unrelated product's page and an unrelated category are the previous release's files.
 * - A stock change: nothing (stock is live; the product's details are the same).
 * - A new product, with its tile on its category page: its pages and data files are added, the
 *   pages that list it rebuilt.
 */
import { mkdir, mkdtemp, readFile, readdir, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSampleCms } from '../../scripts/local-cms/generate.ts';
import { startCmsServer } from '../../scripts/local-cms/server.ts';
import { catalogueSchema, type CatalogueProduct } from '../../scripts/sample-data/catalogue-schema.ts';
import { startEditableCatalogueApi, type EditableCatalogueApi } from '../../scripts/bench/editable-catalogue.ts';
import { createPublisher, staleSitemapParts, type PublishResult } from '../../scripts/publish/publisher.ts';
import { MARKER_FILE, countPages, createReleaseManager, type ReleaseManager } from '../../scripts/publish/releases.ts';
import { emptyChangeSet, type ChangeSet } from '../../scripts/publish/build-queue.ts';
import { pullContent } from '../../src/node/cms/pull.ts';
import { pullProducts } from '../../src/node/catalogue/pull-products.ts';
import { loadSiteContent, type SiteContent } from '../../src/node/cms/content.ts';
import { buildRouteTable, fileOfRoute } from '../../src/node/routing/route-table.ts';
import type { RouteEntry } from '../../src/node/routing/route-entry.ts';
import { listedProductCodes, productContentPath, productDataPath } from '../../src/node/routing/data-files.ts';
import { cmsEndpoints } from '../../src/lib/cms/endpoints.ts';
import { LANGUAGES, getLanguage } from '../../src/lib/i18n/languages.ts';
import { localizedPath } from '../../src/lib/cms/pages.ts';
import { formatPriceRange } from '../../src/lib/format/currency.ts';
import { createChildBuilder, type BuildResult } from '../../scripts/build-site.ts';
import { filesUnder } from '../../scripts/build/files.ts';

const SITE = 'https://shop.example';
let root: string;
let cmsDir: string;
let cacheDir: string;
let cms: Awaited<ReturnType<typeof startCmsServer>>;
let api: EditableCatalogueApi;
let releases: ReleaseManager;
let publisher: ReturnType<typeof createPublisher>;
const saved = { CONTENT_CACHE_DIR: process.env.CONTENT_CACHE_DIR, SITE_URL: process.env.SITE_URL };

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'catalogue-publish-'));
  cmsDir = join(root, 'cms');
  cacheDir = join(root, 'content-cache');
  // The build processes the publisher starts read these.
  process.env.CONTENT_CACHE_DIR = cacheDir;
  process.env.SITE_URL = SITE;
  await generateSampleCms({ outDir: cmsDir, products: 300, seed: 1 });
  cms = await startCmsServer({ dataDir: cmsDir, port: 0 });
  api = await startEditableCatalogueApi(catalogueSchema.parse(JSON.parse(await readFile(join(cmsDir, 'catalogue.json'), 'utf8'))));
  await pullContent({ baseUrl: cms.url, cacheDir, languages: LANGUAGES });
  await pullProducts({ apiBaseUrl: api.apiBaseUrl, cacheDir, languages: LANGUAGES });
  releases = createReleaseManager({ root: join(root, 'releases'), keep: 10, log: () => {} });
  publisher = createPublisher({ cmsUrl: cms.url, commerceUrl: api.apiBaseUrl, releases });
  const first = await publisher.run({ ...emptyChangeSet(), sources: ['first'], rebuild: true });
  expect(first.mode).toBe('full');
}, 240_000);

afterAll(async () => {
  publisher?.close();
  await api?.close();
  await cms?.close();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await rm(root, { recursive: true, force: true });
});

async function site(): Promise<{ content: SiteContent; routes: RouteEntry[] }> {
  const content = await loadSiteContent({ cacheDir, localesDir: join(process.cwd(), 'public', 'locales') });
  const routes = buildRouteTable(content, { now: Date.now(), site: SITE, translate: (code, key) => `${key}:${code}` });
  return { content, routes };
}

/**
 * The pages that show the product, read off what they render (not off the digests): its own
 * page in each language, every CMS page whose product lists carry it, every product page whose
 * CMS content lists it, and the styling looks that wear it.
 */
function pagesShowing(code: string, { content, routes }: { content: SiteContent; routes: RouteEntry[] }): string[] {
  return routes
    .filter((route) => {
      const lc = content.languages.find((l) => l.language.code === route.languageCode)!;
      if (route.kind === 'product') {
        if (route.product!.code === code) return true;
        const pageCode = lc.products.find((p) => p.productCode === route.product!.code)?.productPageCode;
        const editorial = pageCode ? lc.productPages.get(pageCode)?.document.components : undefined;
        return editorial ? listedProductCodes(editorial).includes(code) : false;
      }
      if (route.kind === 'cms') return listedProductCodes(route.components).includes(code);
      const section = route.section;
      if (section?.view === 'styling') {
        // The list of a kind's looks shows every look's products; a look's own page its own.
        const looks = lc.styling[section.kind].filter((l) => section.styleId === null || section.styleId === l.styleId);
        return looks.some((look) => look.products.some((p) => p.productCode === code));
      }
      return false;
    })
    .map((r) => r.urlPath)
    .sort();
}

/** Fragments whose product lists carry the product. */
function fragmentsShowing(code: string, content: SiteContent): string[] {
  return content.languages
    .flatMap((lc) =>
      [...lc.productPages]
        .filter(([, { document }]) => listedProductCodes(document.components).includes(code))
        .map(([pageCode]) => productContentPath(lc.language.code, pageCode)),
    )
    .sort();
}

const dataFiles = (code: string) => LANGUAGES.map((l) => productDataPath(l.code, code)).sort();
const releaseDir = (result: PublishResult) => join(root, 'releases', result.release);
const publish = (over: Partial<ChangeSet>) => publisher.run({ ...emptyChangeSet(), sources: ['test'], ...over });

/** The page count a release's marker holds (worked out from the release it was seeded from) is its own. */
async function pagesCounted(release: string): Promise<void> {
  const marker = JSON.parse(await readFile(join(release, MARKER_FILE), 'utf8')) as { pages: number };
  expect(marker.pages).toBe(await countPages(release));
}

async function sameFile(before: string, after: string, file: string): Promise<void> {
  const [a, b] = await Promise.all([readFile(join(before, file)), readFile(join(after, file))]);
  expect(b.equals(a), `${file} is the previous release's`).toBe(true);
  // Not written again: the new release holds the previous one's file (a hard link).
  expect((await stat(join(after, file))).ino).toBe((await stat(join(before, file))).ino);
}

describe('a catalogue change publishes only what shows it', () => {
  let previous: string;

  it("one product's price: its pages in every language, the lists that show it, its data files; nothing else", async () => {
    previous = await releases.list().then((r) => join(root, 'releases', r.live!));
    const before = await site();
    // A product listed on a category page (so some list shows it).
    const listed = before.routes
      .filter((r) => r.kind === 'cms' && r.languageCode === 'zh-TW')
      .flatMap((r) => listedProductCodes(r.components));
    const code = listed.find((c) => before.content.languages[0]!.priceRanges.has(c))!;
    const shownBefore = pagesShowing(code, before);
    expect(shownBefore.filter((p) => p.includes('/c/')).length, 'a category lists it').toBeGreaterThan(0);

    api.changePrices([code], 1.1);
    const result = await publish({ products: [code] });
    const after = await site();
    expect(result.mode).toBe('pages');
    expect(result.products).toEqual([code]);
    expect(result.added).toEqual([]);
    expect(result.removed).toEqual([]);
    expect([...result.changed].sort()).toEqual(pagesShowing(code, after));
    expect(result.dataFiles).toBe(dataFiles(code).length + fragmentsShowing(code, after.content).length);

    const release = releaseDir(result);
    // The new price in its data file and on a category page that lists it.
    const price = after.content.languages[0]!.priceRanges.get(code)!;
    const data = JSON.parse(await readFile(join(release, productDataPath('zh-TW', code).slice(1)), 'utf8'));
    expect(Math.min(...data.skus.map((s: { price: { sale: number } }) => s.price.sale))).toBe(price.minPrice);
    const category = result.changed.find((p) => p.startsWith('/c/'))!;
    const html = await readFile(join(release, fileOfRoute(category)), 'utf8');
    expect(html).toContain(`data-product-code="${code}"`);
    expect(html).toContain(formatPriceRange(price.minPrice, price.maxPrice, getLanguage('zh-TW').currency));

    // An unrelated product's page and data, and a category not listing it: the previous release's files.
    const other = after.content.languages[0]!.products.find(
      (p) => !shownBefore.includes(`/product/${p.productCode}.html`) && p.productCode !== code,
    )!;
    const unrelatedCategory = after.routes.find(
      (r) => r.kind === 'cms' && r.urlPath.startsWith('/c/') && !listedProductCodes(r.components).includes(code),
    )!;
    for (const file of [
      fileOfRoute(`/product/${other.productCode}.html`),
      productDataPath('zh-TW', other.productCode).slice(1),
      fileOfRoute(unrelatedCategory.urlPath),
      fileOfRoute(`/en-gb${unrelatedCategory.urlPath}`),
    ])
      await sameFile(previous, release, file);
    await pagesCounted(release);
    previous = release;
  }, 180_000);

  it('a stock change: nothing to build (stock is asked live), the live release stays', async () => {
    const code = (await site()).content.languages[0]!.products[3]!.productCode;
    const live = (await releases.list()).live;
    api.changeStock(code, 0);
    const result = await publish({ products: [code] });
    expect(result).toMatchObject({ release: live, pagesRendered: 0, products: [], added: [], changed: [], removed: [], dataFiles: 0 });
    expect((await releases.list()).live).toBe(live);
  });

  it('a new product with its tile on its category page: its pages and data files added, the pages listing it rebuilt', async () => {
    const model = api.product((await site()).content.languages[0]!.products[0]!.productCode);
    const code = 'L999990';
    const product: CatalogueProduct = {
      ...model,
      productCode: code,
      names: Object.fromEntries(Object.entries(model.names).map(([lang, name]) => [lang, `${name} II`])),
      skus: model.skus.map((s) => ({ ...s, skuCode: `${code}${s.colorNo}${s.sizeNo}` })),
    };
    api.addProduct(product);
    // The editors put it on its category page, in every language (the CMS's webhook).
    const documents: Record<string, 'changed'> = {};
    for (const language of LANGUAGES) {
      const endpoint = cmsEndpoints.page(language.cmsCode, `/c/${product.categoryCode}.html`);
      const file = join(cmsDir, endpoint);
      const doc = JSON.parse(await readFile(file, 'utf8'));
      const list = doc.components.find((c: { type: string }) => c.type === 'productList');
      list.products.unshift({ ...list.products[0], productCode: code, name: product.names[language.code] ?? code });
      await writeFile(file, JSON.stringify(doc));
      documents[endpoint.replace(/^\/cms\//, '')] = 'changed';
    }
    const result = await publish({ documents, products: [code] });
    const after = await site();
    expect(result.products).toEqual([code]);
    expect([...result.added].sort()).toEqual(LANGUAGES.map((l) => localizedPath(l, `/product/${code}.html`)).sort());
    const showing = pagesShowing(code, after).filter((p) => !result.added.includes(p));
    expect([...result.changed].sort()).toEqual(showing);
    expect(showing.filter((p) => p.endsWith(`/c/${product.categoryCode}.html`))).toHaveLength(LANGUAGES.length);
    const release = releaseDir(result);
    for (const file of dataFiles(code)) expect(JSON.parse(await readFile(join(release, file.slice(1)), 'utf8')).productCode).toBe(code);
    expect(await readFile(join(release, fileOfRoute(`/product/${code}.html`)), 'utf8')).toContain(product.names['zh-TW']);
    await pagesCounted(release);
  }, 180_000);

  it("a spare that read the live release's route manifest while it waited builds what a fresh process builds over it, byte for byte", async () => {
    const live = await realpath(releases.currentPath);
    const code = (await site()).content.languages[0]!.products[5]!.productCode;
    api.changePrices([code], 1.2);
    await pullProducts({ apiBaseUrl: api.apiBaseUrl, cacheDir, languages: LANGUAGES, incremental: true, changed: [code] });
    // One clock for both builds, so that what they write can be compared byte for byte.
    const clock = process.env.BUILD_NOW;
    process.env.BUILD_NOW = String(Date.now());
    const ahead = createChildBuilder({ readAhead: releases.currentPath });
    const fresh = createChildBuilder({ warm: false });
    const outputs: string[] = [];
    const built = async (result: Promise<BuildResult>) => {
      const done = await result;
      outputs.push(done.outDir);
      return done;
    };
    try {
      // The first build of a builder runs in a fresh process; the spare it then starts reads ahead.
      expect((await built(ahead.build({ baseRelease: live }))).baseReadAhead).toBe(false);
      await ahead.ready();
      const [fromSpare, fromFresh] = [await built(ahead.build({ baseRelease: live })), await built(fresh.build({ baseRelease: live }))];
      expect(fromSpare.baseReadAhead).toBe(true);
      expect(fromFresh.baseReadAhead).toBe(false);
      expect(fromSpare.mode).toBe('pages');
      expect(fromSpare.changed).toEqual(fromFresh.changed);
      expect(fromSpare.changed).toContain(`/product/${code}.html`);
      const files = (await filesUnder(fromSpare.outDir)).sort();
      expect(files).toEqual((await filesUnder(fromFresh.outDir)).sort());
      expect(files).toContain('.routes.json');
      for (const file of files) {
        const [a, b] = await Promise.all([readFile(join(fromSpare.outDir, file)), readFile(join(fromFresh.outDir, file))]);
        expect(a.equals(b), `${file} is the same from both`).toBe(true);
      }
    } finally {
      if (clock === undefined) delete process.env.BUILD_NOW;
      else process.env.BUILD_NOW = clock;
      ahead.close();
      fresh.close();
      for (const dir of outputs) await rm(dir, { recursive: true, force: true });
    }
  }, 240_000);

  it('removes the sitemap parts a language no longer has', async () => {
    const partial = join(root, 'partial');
    const release = join(root, 'fake-release');
    await mkdir(partial, { recursive: true });
    await mkdir(release, { recursive: true });
    for (const name of ['sitemap-zh-tw.xml', 'sitemap-zh-tw-2.xml']) await writeFile(join(partial, name), '');
    for (const name of ['sitemap-zh-tw-2.xml', 'sitemap-zh-tw-3.xml', 'sitemap-zh-tw-3.xml.br', 'sitemap-en-gb-2.xml', 'sitemap-index.xml'])
      await writeFile(join(release, name), '');
    // en-GB's sitemap was not written again: its parts stay.
    expect((await staleSitemapParts(partial, release)).sort()).toEqual(['sitemap-zh-tw-3.xml', 'sitemap-zh-tw-3.xml.br']);
    expect(await readdir(partial)).toHaveLength(2);
  });
});
