/**
 * Publish benchmark: publish-to-live seconds on the large sample, from the edit (which fires
 * the webhook) to the changed page being served from `current`, for one edited content page
 * and for one change to shared navigation, beside a cold full build in the same run.
 *
 *   npm run bench:publish -- [--pages 10000]
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { LANGUAGES } from '../src/lib/i18n/languages.ts';
import { DEV_WEBHOOK_SECRET } from '../src/node/env.ts';
import { generateSampleCms } from './local-cms/generate.ts';
import { startCmsServer } from './local-cms/server.ts';
import { createPublisher } from './publish/publisher.ts';
import { createReleaseManager } from './publish/releases.ts';
import { startPublishService } from './publish/service.ts';
import { pull } from './pull-content.ts';
import { CodedError } from '../src/lib/errors.ts';

const { values } = parseArgs({ options: { pages: { type: 'string', default: '10000' } } });
const perLanguage = Math.ceil(Number(values.pages) / LANGUAGES.length);
const root = '.data/bench-publish';
await rm(root, { recursive: true, force: true });
process.env.CONTENT_CACHE_DIR = join(root, 'content-cache');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

await generateSampleCms({ outDir: join(root, 'cms'), scale: perLanguage, seed: 1 });
const servicePort = 4490;
const cms = await startCmsServer({
  dataDir: join(root, 'cms'),
  port: 0,
  webhookUrl: `http://127.0.0.1:${servicePort}/webhook`,
  webhookSecret: DEV_WEBHOOK_SECRET,
});
await pull({ baseUrl: cms.url });
const releases = createReleaseManager({ root: join(root, 'releases') });
const publisher = createPublisher({ cmsUrl: cms.url, releases, log: (line) => line.startsWith('[publish]') && console.log(line) });
let t = performance.now();
const full = await publisher.run({ documents: {}, sources: ['bench'], moreSources: 0, rebuild: true });
const fullMs = performance.now() - t;
const service = await startPublishService({
  port: servicePort,
  secret: DEV_WEBHOOK_SECRET,
  run: publisher.run,
  releases: () => releases.list(),
});

/** Edits a document through the CMS's edit API and waits until `file` of the live release contains `marker`. */
async function publishToLive(
  cachePath: string,
  edit: (doc: Record<string, unknown>) => Record<string, unknown>,
  file: string,
  marker: string,
): Promise<number> {
  const doc = JSON.parse(await readFile(join(root, 'content-cache', cachePath), 'utf8')) as Record<string, unknown>;
  // Steady state: the service keeps a build process warm (it takes ~3 s after each build).
  await publisher.ready();
  const started = performance.now();
  const answer = await fetch(`${cms.url}/cms/_edit/${cachePath}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(edit(doc)),
  });
  if (!answer.ok) throw new CodedError('BENCH_EDIT_REFUSED', `edit refused: ${answer.status} ${await answer.text()}`);
  for (;;) {
    const html = await readFile(join(releases.currentPath, file), 'utf8').catch(() => '');
    if (html.includes(marker)) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const pageMarker = `bench-page-${Date.now()}`;
const onePage = await publishToLive('zh_TW/pages/women.json', (doc) => ({ ...doc, description: pageMarker }), 'women.html', pageMarker);
const navMarker = `bench-nav-${Date.now()}`;
const shared = await publishToLive(
  'zh_TW/classification.json',
  (doc) => {
    const data = (doc.data as Array<Record<string, unknown>>).map((node, i) => (i === 0 ? { ...node, title: navMarker } : node));
    return { ...doc, data };
  },
  'c/W01.html',
  navMarker,
);
t = performance.now();
await service.close();
publisher.close();
await cms.close();

const rows: Array<[string, string]> = [
  ['pages (all languages)', String(full.pagesRendered)],
  ['cold full build and release', seconds(fullMs)],
  ['one content page: edit to live', `${seconds(onePage)} (${(fullMs / onePage).toFixed(1)}× faster than the full build)`],
  ['shared navigation: edit to live', `${seconds(shared)} (${(shared / fullMs).toFixed(2)}× the full build)`],
];
const width = Math.max(...rows.map(([k]) => k.length));
console.log('\nPublish benchmark');
for (const [key, value] of rows) console.log(`  ${key.padEnd(width)}  ${value}`);
process.exit(0);
