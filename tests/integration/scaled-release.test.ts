/**
 * One scaled sample (150 products: every style once, then further lines of some; the CMS's own
 * pages; all five languages), built cold once by the publisher as its first release, and then:
 *
 * A sharded cold build writes that same release (scripts/shards/, docs/deployment.md): two
 * shards (zh-TW and zh-HK; zh-MO, zh-CN and en-GB), each a process of its own on the same
 * content cache and clock, merged, have the release's files and the same bytes in every one;
 * nothing is masked but the release's own marker, since all are built from one content cache,
 * one BUILD_NOW, one code and configuration. And the merge refuses what would make a wrong
 * release: a language no shard built, a page a shard lacks, a shared file two shards wrote
 * differently. Each shard's pages carry an inline script the other's do not (an editor's custom
 * HTML in one language), so a merge that kept one shard's scan would lose that script's hash
 * from the Content-Security-Policy.
 *
 * A catalogue change publishes only what shows it: the publisher pulls the catalogue's changed
 * products from the local commerce API, builds the pages, data files and fragments whose digest
 * changed into a release seeded from the live one, and makes it live.
 *
 * - One product's price: its page in every language, the list pages whose tiles show it (and any
 *   page whose content lists it), its data file in every language; nothing else is written,
 *   so an unrelated product's page and an unrelated category are the previous release's files.
 * - A stock change: nothing (stock is live; the product's details are the same).
 * - A new product, with its tile on its category page: its pages and data files are added, the
 *   pages that list it rebuilt.
 *
 * Both share the one cold build because a build of the site is most of what each costs. That
 * build is the publish service's (scripts/build-site.ts in a waiting process, its job on stdin),
 * which runs the same buildSite as `npm run build`. KEEP_SCALED_RELEASE=1 keeps the folder.
 */
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, readdir, realpath, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSampleCms } from '../../scripts/local-cms/generate.ts';
import { startCmsServer } from '../../scripts/local-cms/server.ts';
import { catalogueSchema, type CatalogueProduct } from '../../scripts/sample-data/catalogue-schema.ts';
import { startEditableCatalogueApi, type EditableCatalogueApi } from '../../scripts/bench/editable-catalogue.ts';
import { createPublisher, staleSitemapParts, type PublishResult } from '../../scripts/publish/publisher.ts';
import { MARKER_FILE, countPages, createReleaseManager, type ReleaseManager } from '../../scripts/publish/releases.ts';
import { emptyChangeSet, type ChangeSet } from '../../scripts/publish/build-queue.ts';
import { mergeShards } from '../../scripts/shards/merge.ts';
import { SHARD_FILE, readShardRecord } from '../../scripts/shards/shard.ts';
import { SECURITY_HEADERS_FILE } from '../../scripts/host-rules.ts';
import { ROUTE_MANIFEST_FILE } from '../../scripts/publish/route-manifest.ts';
import { cspHash, scanTotals } from '../../scripts/security/release-scan.ts';
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
/** The sample's clock and every build's (BUILD_NOW), so that builds can be compared byte for byte. */
const NOW = Date.UTC(2026, 11, 1);
const SHARDS = [
  ['zh-TW', 'zh-HK'],
  ['zh-MO', 'zh-CN', 'en-GB'],
] as const;
/** An editor's script on one page of en-GB, which the second shard renders. */
const EN_GB_SCRIPT = 'window.onlyInEnglish = true;';
let root: string;
let cmsDir: string;
let cacheDir: string;
let products: number;
let cms: Awaited<ReturnType<typeof startCmsServer>>;
let api: EditableCatalogueApi;
let releases: ReleaseManager;
let publisher: ReturnType<typeof createPublisher>;
/** The publisher's first release: the cold build of everything. */
let whole: string;
const saved = { CONTENT_CACHE_DIR: process.env.CONTENT_CACHE_DIR, SITE_URL: process.env.SITE_URL, BUILD_NOW: process.env.BUILD_NOW };

beforeAll(async () => {
  // Inside the project: concurrent Astro builds keep their server bundles in their own folders then.
  await mkdir(join(process.cwd(), '.data'), { recursive: true });
  root = await mkdtemp(join(process.cwd(), '.data', 'scaled-release-'));
  cmsDir = join(root, 'cms');
  cacheDir = join(root, 'content-cache');
  // The build processes the publisher and the shards start read these.
  process.env.CONTENT_CACHE_DIR = cacheDir;
  process.env.SITE_URL = SITE;
  process.env.BUILD_NOW = String(NOW);
  ({ products } = await generateSampleCms({ outDir: cmsDir, products: 150, seed: 1, now: NOW }));
  const page = join(cmsDir, 'cms', 'en_GB', 'pages', 'membership-agreement.json');
  const document = JSON.parse(await readFile(page, 'utf8')) as { components: Array<{ type: string; html?: string }> };
  const block = document.components.find((c) => c.type === 'customContent')!;
  block.html = `${block.html}<script>${EN_GB_SCRIPT}</script>`;
  await writeFile(page, JSON.stringify(document));
  cms = await startCmsServer({ dataDir: cmsDir, port: 0 });
  api = await startEditableCatalogueApi(catalogueSchema.parse(JSON.parse(await readFile(join(cmsDir, 'catalogue.json'), 'utf8'))));
  await pullContent({ baseUrl: cms.url, cacheDir, languages: LANGUAGES });
  await pullProducts({ apiBaseUrl: api.apiBaseUrl, cacheDir, languages: LANGUAGES });
  releases = createReleaseManager({ root: join(root, 'releases'), keep: 10, log: () => {} });
  publisher = createPublisher({ cmsUrl: cms.url, commerceUrl: api.apiBaseUrl, releases });
  const first = await publisher.run({ ...emptyChangeSet(), sources: ['first'], rebuild: true });
  expect(first.mode).toBe('full');
  whole = join(root, 'releases', first.release);
}, 240_000);

afterAll(async () => {
  publisher?.close();
  await api?.close();
  await cms?.close();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  if (root && !process.env.KEEP_SCALED_RELEASE) await rm(root, { recursive: true, force: true });
});

/** `npm run build` in a process of its own (Astro renders stale props when it builds twice in one process). */
function build(outDir: string, shard: readonly string[]): Promise<void> {
  const args = ['scripts/build-site.ts', '--no-pull', '--out', outDir, '--shard', shard.join(',')];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`build ${args.join(' ')} exited ${code}:\n${output.slice(-2000)}`)),
    );
  });
}

async function site(): Promise<{ content: SiteContent; routes: RouteEntry[] }> {
  const content = await loadSiteContent({ cacheDir, localesDir: join(process.cwd(), 'public', 'locales') });
  const routes = buildRouteTable(content, { now: NOW, site: SITE, translate: (code, key) => `${key}:${code}` });
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

// First, while the content cache is still the one the first release was built from: the
// catalogue changes below pull into it. (Vitest runs a file's blocks in order.)
describe('a sharded cold build', () => {
  let shardDirs: string[];
  let release: string;
  let fingerprint: string;

  beforeAll(async () => {
    shardDirs = SHARDS.map((_, i) => join(root, `shard-${i + 1}`));
    await Promise.all(SHARDS.map((languages, i) => build(shardDirs[i]!, languages)));
    release = join(root, 'release');
    // The merge makes the host rules with the shards' configuration. Its code is theirs: the
    // fingerprint they recorded (others editing this working tree meanwhile would change it).
    ({ fingerprint } = await readShardRecord(shardDirs[0]!));
    await mergeShards(release, shardDirs, { fingerprint });
  }, 240_000);

  it('writes the same release as one build: every file, byte for byte', async () => {
    // The release's marker is the release manager's, not the build's.
    const files = (await filesUnder(whole)).filter((f) => f !== MARKER_FILE).sort();
    expect((await filesUnder(release)).sort()).toEqual(files);
    // The pages, data files, sitemaps, route manifest, host rules, and their copies.
    expect(files).toContain(ROUTE_MANIFEST_FILE);
    expect(files).toContain('_redirects');
    expect(files.filter((f) => f.startsWith('product-data/'))).toHaveLength(products * LANGUAGES.length * 3);
    const differing: string[] = [];
    for (const file of files) {
      const [a, b] = await Promise.all([readFile(join(whole, file)), readFile(join(release, file))]);
      if (!a.equals(b)) differing.push(file);
    }
    expect(differing).toEqual([]);
  });

  it('makes the Content-Security-Policy from every shard’s pages', async () => {
    const [first, second] = await Promise.all(shardDirs.map(readShardRecord));
    const scripts = (record: typeof first) => Object.keys(scanTotals(record!.scan).scripts);
    // The en-GB editor's script is the second shard's alone.
    expect(scripts(second)).toContain(cspHash(EN_GB_SCRIPT));
    expect(scripts(first)).not.toContain(cspHash(EN_GB_SCRIPT));
    const policy = await readFile(join(release, SECURITY_HEADERS_FILE), 'utf8');
    for (const hash of [...scripts(first), ...scripts(second)]) expect(policy).toContain(hash);
  });

  it('refuses shards that leave a language out', async () => {
    await expect(mergeShards(join(root, 'one-shard'), [shardDirs[0]!], { fingerprint })).rejects.toThrow(
      'No shard built zh-MO, zh-CN, en-GB',
    );
  });

  it('refuses a shard that lacks a page, or writes a shared file differently', async () => {
    const broken = join(root, 'broken');
    await cp(shardDirs[1]!, broken, { recursive: true });
    await unlink(join(broken, 'en-gb', 'index.html'));
    await expect(mergeShards(join(root, 'lacking'), [shardDirs[0]!, broken], { fingerprint })).rejects.toThrow(
      /1 file\(s\) of the route table are in no shard: en-gb\/index\.html/,
    );
    await cp(join(shardDirs[1]!, 'en-gb', 'index.html'), join(broken, 'en-gb', 'index.html'));
    await writeFile(join(broken, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
    await expect(mergeShards(join(root, 'differing'), [shardDirs[0]!, broken], { fingerprint })).rejects.toThrow(
      /different files at the same path: robots\.txt/,
    );
  });

  it('refuses a folder that is no shard, and a merge with other code or configuration', async () => {
    await expect(mergeShards(join(root, 'not-a-shard'), [whole, ...shardDirs], { fingerprint })).rejects.toThrow(`has no ${SHARD_FILE}`);
    await expect(mergeShards(join(root, 'other-code'), shardDirs, { fingerprint: 'another' })).rejects.toThrow(
      'other code or configuration than the shards',
    );
  });
});

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
    // Both builds run on the file's one clock (BUILD_NOW), so what they write compares byte for byte.
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
