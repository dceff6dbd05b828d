/**
 * Build benchmark: generates the sample CMS at scale, pulls it and builds it cold, then
 * prints pages, seconds, pages per second and peak memory.
 *
 *   npm run bench:build -- [--pages 10000] [--concurrency N] [--incremental]
 *
 * Then builds a bare Astro project with the same number of pages and prints the ratio.
 * --pages is the total across languages (default 10,000). --incremental also times a second,
 * unchanged build with Astro's experimental incremental build.
 */
import { rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { LANGUAGES } from '../src/lib/i18n/languages.ts';
import { pullContent } from '../src/build/cms/pull.ts';
import { generateSampleCms } from './local-cms/generate.ts';
import { startCmsServer } from './local-cms/server.ts';
import { buildSite } from './build-site.ts';
import { buildBareAstro } from './bench/bare-astro.ts';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '10000' },
    concurrency: { type: 'string' },
    incremental: { type: 'boolean', default: false },
  },
});
const totalPages = Number(values.pages);
const perLanguage = Math.ceil(totalPages / LANGUAGES.length);
const concurrency = values.concurrency ? Number(values.concurrency) : undefined;
const root = '.data/bench';
const cmsDir = `${root}/cms`;
const cacheDir = `${root}/content-cache`;
const outDir = `${root}/dist`;
const astroCacheDir = `${root}/astro-cache`;
const seconds = (ms: number) => (ms / 1000).toFixed(1);

await rm(root, { recursive: true, force: true });
let t = performance.now();
const generated = await generateSampleCms({ outDir: cmsDir, scale: perLanguage, seed: 1 });
const generateMs = performance.now() - t;

const cms = await startCmsServer({ dataDir: cmsDir, port: 0 });
t = performance.now();
const pulled = await pullContent({ baseUrl: cms.url, cacheDir, languages: LANGUAGES, concurrency: 16 });
const pullMs = performance.now() - t;
await cms.close();

process.env.CONTENT_CACHE_DIR = cacheDir;
const cold = await buildSite({ outDir, concurrency, incremental: values.incremental, cacheDir: astroCacheDir });
const rows: Array<[string, string]> = [
  ['CMS pages per language', String(generated.pagesPerLanguage)],
  ['generate sample CMS', `${seconds(generateMs)} s`],
  [
    'pull',
    `${pulled.changedDocuments.length} documents in ${seconds(pullMs)} s (${Math.round(pulled.changedDocuments.length / (pullMs / 1000))} docs/s)`,
  ],
  ['cold build', `${cold.pages} pages in ${seconds(cold.ms)} s`],
  [
    '  of which',
    `content ${seconds(cold.steps.load)} s, Astro ${seconds(cold.steps.astro)} s, host rules ${seconds(cold.steps.after)} s, compression ${seconds(cold.steps.compress)} s`,
  ],
  ['  CPU time', `Astro ${seconds(cold.cpu.astro)} s, whole build ${seconds(cold.cpu.total)} s (all threads)`],
  ['cold build rate', `${Math.round(cold.pages / (cold.ms / 1000))} pages/s`],
  ['build concurrency', String(concurrency ?? 'configured (BUILD_CONCURRENCY, default 2)')],
];
if (values.incremental) {
  const warm = await buildSite({ outDir, concurrency, incremental: true, cacheDir: astroCacheDir });
  rows.push(['unchanged rebuild (incrementalBuild)', `${seconds(warm.ms)} s`]);
}
rows.push(['peak memory (RSS)', `${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`]);
// The yardstick, in the same run on the same machine: Astro alone, as many pages.
const bare = await buildBareAstro(`${root}/bare-astro`, cold.pages);
rows.push(['bare Astro, same page count', `${seconds(bare.ms)} s, peak ${bare.peakMiB.toFixed(0)} MiB`]);
rows.push(['ratio to bare Astro', `${(cold.ms / bare.ms).toFixed(2)}×`]);

const width = Math.max(...rows.map(([k]) => k.length));
console.log('\nBuild benchmark');
for (const [key, value] of rows) console.log(`  ${key.padEnd(width)}  ${value}`);
