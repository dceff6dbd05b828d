/**
 * Publish benchmark: edit-to-live seconds on a large sample, from the change to the changed
 * file being served from `current`, through the publish service as in production (the CMS's
 * webhook for a content edit; the commerce side's, naming the products, for a catalogue change):
 *
 * - one edited content page, and one change to shared navigation (every page of a language);
 * - one page's title in the language's configuration, and the home page's pop-up;
 * - one product's price (its pages in every language, the lists that show it, its data files);
 * - one product's stock (stock is asked live: nothing to build, the live release stays);
 * - 1,000 products' prices at once (a season's price change);
 * - a new product (its pages in every language and its data files);
 * - the catalogue pull: time and calls of a full pull and of an incremental one (one product changed).
 *
 *   npm run bench:publish -- [--pages 10000] [--products 1000]
 *
 * --pages is the CMS's pages over the five languages (2,000 a language by default); --products
 * the catalogue's size (default: the default sample's). Each figure is printed; a step that
 * cannot be measured (a failed publish, a change that never goes live) stops the run with an error.
 */
import { readFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import { LANGUAGES } from '../src/lib/i18n/languages.ts';
import { DEV_WEBHOOK_SECRET } from '../src/node/env.ts';
import { pullProducts } from '../src/node/catalogue/pull-products.ts';
import { productDataPath } from '../src/node/routing/data-files.ts';
import { productPagePath } from '../src/lib/product/product-id.ts';
import { generateSampleCms } from './local-cms/generate.ts';
import { startCmsServer } from './local-cms/server.ts';
import { catalogueSchema, type CatalogueProduct } from './sample-data/catalogue-schema.ts';
import { startEditableCatalogueApi } from './bench/editable-catalogue.ts';
import { countingFetch } from './bench/catalogue-api.ts';
import { createPublisher, type PublishResult } from './publish/publisher.ts';
import { createReleaseManager } from './publish/releases.ts';
import { emptyChangeSet } from './publish/build-queue.ts';
import { startPublishService } from './publish/service.ts';
import { WEBHOOK_SIGNATURE_HEADER, signWebhook } from './publish/webhook.ts';
import { pull } from './pull-content.ts';
import { CodedError } from '../src/lib/errors.ts';

const { values } = parseArgs({ options: { pages: { type: 'string', default: '10000' }, products: { type: 'string' } } });
const perLanguage = Math.ceil(Number(values.pages) / LANGUAGES.length);
const productCount = values.products === undefined ? undefined : Number(values.products);
const root = '.data/bench-publish';
await rm(root, { recursive: true, force: true });
const cacheDir = join(root, 'content-cache');
process.env.CONTENT_CACHE_DIR = cacheDir;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
/** How long a change may take to go live before the run gives up on it. */
const GIVE_UP_MS = 20 * 60_000;

class BenchStepError extends CodedError {
  constructor(message: string) {
    super('BENCH_STEP_FAILED', message);
  }
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');
const loads = [`at the start ${load()}`];
let t = performance.now();
await generateSampleCms({
  outDir: join(root, 'cms'),
  scale: perLanguage,
  seed: 1,
  ...(productCount === undefined ? {} : { products: productCount }),
});
const generateMs = performance.now() - t;
const catalogue = catalogueSchema.parse(JSON.parse(await readFile(join(root, 'cms', 'catalogue.json'), 'utf8')));
const api = await startEditableCatalogueApi(catalogue);
// The pull below and the publisher read this catalogue, not the default sample's.
process.env.COMMERCE_API_URL = api.apiBaseUrl;
const servicePort = 4490;
const cms = await startCmsServer({
  dataDir: join(root, 'cms'),
  port: 0,
  webhookUrl: `http://127.0.0.1:${servicePort}/webhook`,
  webhookSecret: DEV_WEBHOOK_SECRET,
});
await pull({ baseUrl: cms.url, log: () => {} });

// The catalogue pull on its own, into a cache of its own: a full one, then an incremental one
// after one product's price changed (the publish's own pulls are in the figures below too).
const pullDir = join(root, 'pull-cache');
const fullCounter = countingFetch();
t = performance.now();
const fullPull = await pullProducts({ apiBaseUrl: api.apiBaseUrl, cacheDir: pullDir, languages: LANGUAGES, fetch: fullCounter.fetch });
const fullPullMs = performance.now() - t;

const releases = createReleaseManager({ root: join(root, 'releases'), log: () => {}, seedAhead: true });
const publishLog: string[] = [];
const publisher = createPublisher({
  cmsUrl: cms.url,
  commerceUrl: api.apiBaseUrl,
  releases,
  log: (line) => line.startsWith('[publish]') && publishLog.push(line),
});
t = performance.now();
const full = await publisher.run({ ...emptyChangeSet(), sources: ['bench'], rebuild: true });
const fullMs = performance.now() - t;
const service = await startPublishService({
  port: servicePort,
  secret: DEV_WEBHOOK_SECRET,
  run: publisher.run,
  releases: () => releases.list(),
  log: () => {},
});
loads.push(`after the full build ${load()}`);

/**
 * Waits until `live()` says the change is served (the time reported), then for the publish that
 * made it live to finish (its clean-up of old releases comes after the switch); throws if it
 * fails or takes too long.
 */
async function untilLive(started: number, builds: number, live: () => Promise<boolean>): Promise<{ ms: number; result: PublishResult }> {
  let liveAt: number | null = null;
  for (;;) {
    const { last, builds: done, running, queued } = service.queue.state();
    if (done > builds && last && !last.ok) throw new BenchStepError(`the publish failed: ${last.error}`);
    if (liveAt === null && (await live())) liveAt = performance.now();
    if (liveAt !== null && done > builds && !running && !queued && last?.result)
      return { ms: liveAt - started, result: last.result as PublishResult };
    if (performance.now() - started > GIVE_UP_MS)
      throw new BenchStepError(`not live after ${seconds(GIVE_UP_MS)} (builds done ${done}, last ok ${last?.ok})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** What the service readies between publishes: the waiting build process and the next release's seed. */
const steady = () => Promise.all([publisher.ready(), releases.settled()]);

const liveFile = (file: string) => readFile(join(releases.currentPath, file), 'utf8').catch(() => '');

/** Edits a CMS document through the CMS's edit API (which fires the webhook) and waits until `file` of the live release contains `marker`. */
async function cmsEditToLive(
  cachePath: string,
  edit: (doc: Record<string, unknown>) => Record<string, unknown>,
  file: string,
  marker: string,
) {
  const doc = JSON.parse(await readFile(join(cacheDir, cachePath), 'utf8')) as Record<string, unknown>;
  // Steady state: the service keeps a build process warm and the next release's copy of the live
  // one made (each takes a few seconds after a publish).
  await steady();
  const builds = service.queue.state().builds;
  const started = performance.now();
  const answer = await fetch(`${cms.url}/cms/_edit/${cachePath}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(edit(doc)),
  });
  if (!answer.ok) throw new BenchStepError(`edit refused: ${answer.status} ${await answer.text()}`);
  return untilLive(started, builds, async () => (await liveFile(file)).includes(marker));
}

/** Sends the commerce side's notice naming `codes`, signed as the CMS's are. */
async function notify(codes: readonly string[]): Promise<void> {
  const body = JSON.stringify({ id: `catalogue-${Date.now()}-${Math.random()}`, language: 'all', products: codes });
  const answer = await fetch(`http://127.0.0.1:${servicePort}/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signWebhook(body, DEV_WEBHOOK_SECRET, Date.now()) },
    body,
  });
  if (answer.status !== 202) throw new BenchStepError(`the catalogue notice was refused: ${answer.status} ${await answer.text()}`);
}

/** A catalogue change, its notice, and the wait until `live` says it is served. */
async function catalogueChangeToLive(change: () => readonly string[], live: () => Promise<boolean>) {
  await steady();
  const builds = service.queue.state().builds;
  const started = performance.now();
  await notify(change());
  return untilLive(started, builds, live);
}

const minSale = (p: CatalogueProduct, currency: string) => Math.min(...p.skus.map((s) => s.prices[currency]!.sale));
/** Whether the live data file of the product shows its catalogue price (TWD, the zh-TW file). */
const dataFileShows = async (code: string) => {
  const text = await liveFile(productDataPath('zh-TW', code).slice(1));
  if (!text) return false;
  const detail = JSON.parse(text) as { skus: Array<{ price: { sale: number } }> };
  return Math.min(...detail.skus.map((s) => s.price.sale)) === minSale(api.product(code), 'TWD');
};

/** A product some category page of the CMS lists. */
async function listedProduct(): Promise<string> {
  const dir = join(root, 'cms', 'cms', 'zh_TW', 'pages', 'c');
  for (const name of (await readdir(dir)).sort()) {
    const doc = JSON.parse(await readFile(join(dir, name), 'utf8')) as {
      components: Array<{ type: string; products?: Array<{ productCode: string }> }>;
    };
    const tile = doc.components.find((c) => c.type === 'productList' && c.products?.length)?.products?.[0];
    if (tile) return tile.productCode;
  }
  throw new BenchStepError('no category page lists a product');
}

const pageMarker = `bench-page-${Date.now()}`;
const onePage = await cmsEditToLive('zh_TW/pages/women.json', (doc) => ({ ...doc, description: pageMarker }), 'women.html', pageMarker);
const navMarker = `bench-nav-${Date.now()}`;
const shared = await cmsEditToLive(
  'zh_TW/classification.json',
  (doc) => {
    const data = (doc.data as Array<Record<string, unknown>>).map((node, i) => (i === 0 ? { ...node, title: navMarker } : node));
    return { ...doc, data };
  },
  'c/W01.html',
  navMarker,
);

// A page's title lives in the language's configuration, beside every other page's entry: the
// page and what lists it are rebuilt, not the language (routing/route-table.ts).
const titleMarker = `bench-title-${Date.now()}`;
const pageTitle = await cmsEditToLive(
  'zh_TW/config.json',
  (doc) => ({
    ...doc,
    pages: (doc.pages as Array<Record<string, unknown>>).map((page) =>
      page.path === '/women.html' ? { ...page, title: titleMarker } : page,
    ),
  }),
  'women.html',
  titleMarker,
);
// The promotion pop-up is the home page's alone.
const popupMarker = `bench-popup-${Date.now()}`;
const popup = await cmsEditToLive(
  'zh_TW/popup.json',
  (doc) => ({ ...doc, pPopupType: 'custom', pCustomContent: `<div class="linea-popup"><p>${popupMarker}</p></div>` }),
  'index.html',
  popupMarker,
);

const priced = await listedProduct();
const onePrice = await catalogueChangeToLive(
  () => (api.changePrices([priced], 1.1), [priced]),
  () => dataFileShows(priced),
);
// The incremental pull on its own cache: this one product changed since its full pull.
const incrementalCounter = countingFetch();
t = performance.now();
const incrementalPull = await pullProducts({
  apiBaseUrl: api.apiBaseUrl,
  cacheDir: pullDir,
  languages: LANGUAGES,
  fetch: incrementalCounter.fetch,
  incremental: true,
});
const incrementalPullMs = performance.now() - t;
if (incrementalPull.changed.join() !== priced)
  throw new BenchStepError(`the incremental pull changed ${incrementalPull.changed.length} products, not the one priced`);

const stocked = catalogue.products.find((p) => p.productCode !== priced)!.productCode;
// Live once the API answers the new stock (what the pages ask); the publish it notifies builds nothing.
const stockAnswer = async () => {
  const answer = await fetch(`${api.apiBaseUrl}/product/stock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ productCode: stocked, region: 'TW' }),
  });
  const { resp } = (await answer.json()) as { resp: { skus: Array<{ stock: number }> } };
  return resp.skus.every((s) => s.stock === 0);
};
const oneStock = await catalogueChangeToLive(() => (api.changeStock(stocked, 0), [stocked]), stockAnswer);

const seasonCodes = catalogue.products.slice(0, 1000).map((p) => p.productCode);
const season = await catalogueChangeToLive(
  () => (api.changePrices(seasonCodes, 0.9), seasonCodes),
  async () => (await dataFileShows(seasonCodes[0]!)) && (await dataFileShows(seasonCodes.at(-1)!)),
);

const model = catalogue.products[0]!;
const newCode = 'L999990';
const added = await catalogueChangeToLive(
  () => {
    api.addProduct({
      ...model,
      productCode: newCode,
      skus: model.skus.map((s) => ({ ...s, skuCode: `${newCode}${s.colorNo}${s.sizeNo}` })),
    });
    return [newCode];
  },
  async () => (await liveFile(productPagePath(newCode).slice(1))).length > 0,
);
loads.push(`at the end ${load()}`);

await service.close();
publisher.close();
await releases.dispose();
await cms.close();
await api.close();

const what = (r: PublishResult) =>
  `${r.pagesRendered} pages, ${r.dataFiles} data files and fragments${r.products.length ? `, ${r.products.length} products pulled anew` : ''}`;
const rows: Array<[string, string]> = [
  ['products', `${catalogue.products.length} in ${LANGUAGES.length} languages`],
  ['CMS pages a language', String(perLanguage)],
  ['pages (all languages)', String(full.pagesRendered)],
  ['sample generated', seconds(generateMs)],
  ['full catalogue pull', `${fullPull.calls} calls in ${seconds(fullPullMs)} (${fullPull.written} files)`],
  [
    'incremental catalogue pull (1 product)',
    `${incrementalPull.calls} calls in ${seconds(incrementalPullMs)} (${incrementalPull.asked.length} asked, ${incrementalPull.written} files)`,
  ],
  ['cold full build and release', seconds(fullMs)],
  ['one content page: edit to live', `${seconds(onePage.ms)} (${what(onePage.result)})`],
  ['shared navigation: edit to live', `${seconds(shared.ms)} (${what(shared.result)})`],
  ["one page's title (the configuration): edit to live", `${seconds(pageTitle.ms)} (${what(pageTitle.result)})`],
  ['the home pop-up: edit to live', `${seconds(popup.ms)} (${what(popup.result)})`],
  ["one product's price: change to live", `${seconds(onePrice.ms)} (${what(onePrice.result)})`],
  ["one product's stock: change to live", `${seconds(oneStock.ms)} (${what(oneStock.result)}: stock is live from the API)`],
  [`${seasonCodes.length} products' prices: change to live`, `${seconds(season.ms)} (${what(season.result)})`],
  ['a new product: change to live', `${seconds(added.ms)} (${what(added.result)})`],
  ['load average (1, 5, 15 min)', loads.join('; ')],
];
const width = Math.max(...rows.map(([k]) => k.length));
console.log('\nPublish benchmark');
for (const [key, value] of rows) console.log(`  ${key.padEnd(width)}  ${value}`);
console.log('\nThe publishes, as the publisher logged them:');
for (const line of publishLog) console.log(`  ${line}`);
process.exit(0);
