/**
 * Build benchmark: generates the sample CMS at scale, pulls it, then builds it cold and builds
 * a bare Astro project with the same number of pages, in alternating order for a few rounds,
 * and prints each round and the medians: wall time, CPU time in user space and in the kernel,
 * peak memory and the ratio to bare Astro.
 *
 *   npm run bench:build -- [--pages 10000] [--rounds 3] [--concurrency N] [--incremental]
 *   npm run bench:build -- --products 1000 [--pages 10000] [--rounds 1] [--shards]
 *
 * --pages is the total across languages (default 10,000). --incremental also times a second,
 * unchanged build with Astro's experimental incremental build.
 *
 * --products N is the catalogue-scale benchmark (scripts/bench/scale-build.ts): the sample
 * catalogue at N products, pulled from a commerce API on it, then cold builds (one round unless
 * --rounds says more), each in a process of its own so that its CPU time and peak memory are
 * of its whole process tree; no bare Astro build. With --shards the cold build is sharded, one
 * shard a language, each measured, then their merge (scripts/shards/, docs/deployment.md).
 *
 * Why rounds, and why nothing is deleted before a timed build: on a shared machine the same
 * build's wall time varies by half from one run to the next, and on a file system mounted with
 * online discard, creating files stays several times slower for half a minute after a large
 * delete. So each round builds into folders of its own, the previous run's folder is moved
 * aside (a rename) and deleted only after the figures are printed, and the ratio is of medians.
 */
import { rename, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { LANGUAGES } from '../src/lib/i18n/languages.ts';
import { pullContent } from '../src/node/cms/pull.ts';
import { generateSampleCms } from './local-cms/generate.ts';
import { startCmsServer } from './local-cms/server.ts';
import { buildSite, type BuildResult } from './build-site.ts';
import { buildBareAstro, type BareBuild } from './bench/bare-astro.ts';
import { runScaleBuild } from './bench/scale-build.ts';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '10000' },
    rounds: { type: 'string' },
    concurrency: { type: 'string' },
    incremental: { type: 'boolean', default: false },
    products: { type: 'string' },
    shards: { type: 'boolean', default: false },
  },
});
const products = values.products === undefined ? undefined : Number(values.products);
if (values.shards && products === undefined) throw new Error('--shards is of the catalogue-scale benchmark: give --products N');
if (products !== undefined && (!Number.isInteger(products) || products < 1))
  throw new Error(`--products must be a positive whole number, not ${values.products}`);
const totalPages = Number(values.pages);
// One cold build at catalogue scale: a large one takes minutes of a shared machine.
const rounds = Number(values.rounds ?? (values.products === undefined ? 3 : 1));
if (!Number.isInteger(totalPages) || totalPages < 1) throw new Error(`--pages must be a positive whole number, not ${values.pages}`);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds must be a positive whole number, not ${values.rounds}`);
const perLanguage = Math.ceil(totalPages / LANGUAGES.length);
const concurrency = values.concurrency ? Number(values.concurrency) : undefined;
const root = '.data/bench';
const stale = `.data/bench-stale-${process.pid}`;
const cmsDir = `${root}/cms`;
const cacheDir = `${root}/content-cache`;
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

if (existsSync(root)) await rename(root, stale);
let t = performance.now();
const generated = await generateSampleCms({ outDir: cmsDir, scale: perLanguage, seed: 1, ...(products ? { products } : {}) });
const generateMs = performance.now() - t;

const cms = await startCmsServer({ dataDir: cmsDir, port: 0 });
t = performance.now();
const pulled = await pullContent({ baseUrl: cms.url, cacheDir, languages: LANGUAGES, concurrency: 16 });
const pullMs = performance.now() - t;
await cms.close();
process.env.CONTENT_CACHE_DIR = cacheDir;

if (products !== undefined) {
  const rows: Array<[string, string]> = [
    ['CMS pages per language', String(generated.pagesPerLanguage)],
    ['generate sample CMS', `${seconds(generateMs)} s`],
    ['CMS pull', `${pulled.changedDocuments.length} documents in ${seconds(pullMs)} s`],
    ...(await runScaleBuild({ root, cmsDir, cacheDir, rounds, shards: values.shards })),
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log('\nBuild benchmark at catalogue scale');
  for (const [key, value] of rows) console.log(`  ${key.padEnd(width)}  ${value}`);
  await rm(stale, { recursive: true, force: true });
  process.exit(0);
}

interface Round {
  ours: BuildResult & { userMs: number; systemMs: number };
  bare: BareBuild;
}

async function buildOurs(round: number): Promise<Round['ours']> {
  const before = process.cpuUsage();
  const result = await buildSite({
    outDir: `${root}/dist-${round}`,
    concurrency,
    incremental: values.incremental,
    cacheDir: `${root}/astro-cache-${round}`,
  });
  const { user, system } = process.cpuUsage(before);
  return { ...result, userMs: user / 1000, systemMs: system / 1000 };
}

const done: Round[] = [];
for (let round = 1; round <= rounds; round++) {
  // Alternating which goes first, so neither always follows the other's writes.
  if (round % 2) {
    const ours = await buildOurs(round);
    done.push({ ours, bare: await buildBareAstro(`${root}/bare-${round}`, ours.pages) });
  } else {
    const bare = await buildBareAstro(`${root}/bare-${round}`, done[0]!.ours.pages);
    done.push({ ours: await buildOurs(round), bare });
  }
}

const cpu = (user: number, system: number) => `${seconds(user + system)} s (user ${seconds(user)}, kernel ${seconds(system)})`;
const rows: Array<[string, string]> = [
  ['CMS pages per language', String(generated.pagesPerLanguage)],
  ['generate sample CMS', `${seconds(generateMs)} s`],
  [
    'pull',
    `${pulled.changedDocuments.length} documents in ${seconds(pullMs)} s (${Math.round(pulled.changedDocuments.length / (pullMs / 1000))} docs/s)`,
  ],
  ['build concurrency', String(concurrency ?? 'configured (BUILD_CONCURRENCY, default 2)')],
];
done.forEach(({ ours, bare }, i) => {
  rows.push(
    [`round ${i + 1}: cold build`, `${ours.pages} pages in ${seconds(ours.ms)} s (${Math.round(ours.pages / (ours.ms / 1000))} pages/s)`],
    [
      '  of which',
      `content ${seconds(ours.steps.load)} s, Astro ${seconds(ours.steps.astro)} s, host rules ${seconds(ours.steps.after)} s, compression ${seconds(ours.steps.compress)} s`,
    ],
    ['  CPU time', `${cpu(ours.userMs, ours.systemMs)}; compressing pages ${seconds(ours.cpu.compression)} s of it`],
    ['  bare Astro', `${seconds(bare.ms)} s, CPU ${cpu(bare.userMs, bare.systemMs)}`],
    ['  ratio', `${(ours.ms / bare.ms).toFixed(2)}×`],
  );
});
const oursMs = median(done.map((r) => r.ours.ms));
const bareMs = median(done.map((r) => r.bare.ms));
rows.push(
  [
    `median of ${rounds}: cold build`,
    `${seconds(oursMs)} s, CPU ${cpu(median(done.map((r) => r.ours.userMs)), median(done.map((r) => r.ours.systemMs)))}`,
  ],
  ['  bare Astro', `${seconds(bareMs)} s, CPU ${cpu(median(done.map((r) => r.bare.userMs)), median(done.map((r) => r.bare.systemMs)))}`],
  ['  ratio to bare Astro', `${(oursMs / bareMs).toFixed(2)}×`],
);
if (values.incremental) {
  const warm = await buildSite({
    outDir: `${root}/dist-${rounds}`,
    concurrency,
    incremental: true,
    cacheDir: `${root}/astro-cache-${rounds}`,
  });
  rows.push(['unchanged rebuild (incrementalBuild)', `${seconds(warm.ms)} s`]);
}
rows.push(
  ['peak memory (RSS), our builds', `${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`],
  ['peak memory, bare Astro', `${Math.max(...done.map((r) => r.bare.peakMiB)).toFixed(0)} MiB`],
);

const width = Math.max(...rows.map(([k]) => k.length));
console.log('\nBuild benchmark');
for (const [key, value] of rows) console.log(`  ${key.padEnd(width)}  ${value}`);
// After the figures: a large delete slows the file system's next writes.
await rm(stale, { recursive: true, force: true });
