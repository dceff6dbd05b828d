/**
 * The catalogue-scale part of `npm run bench:build -- --products N`: the product pull from a
 * commerce API on the benchmark's catalogue (calls and time), then each cold build in a process
 * of its own (cold-build.ts), measured whole: wall time, CPU time, peak memory of its process
 * tree, pages and files written, and the time per page, the figure that should stay flat as
 * the catalogue grows.
 *
 * With `shards`, the cold build is a sharded one (scripts/shards/): one shard a language, each
 * in a process of its own, one after the other, then the merge in one too; each measured as a
 * single build is, and the wall time a build with one runner a shard would take.
 */
import { spawn } from 'node:child_process';
import { readdir, readFile, stat } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pullProducts } from '../../src/node/catalogue/pull-products.ts';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import { catalogueSchema } from '../sample-data/catalogue-schema.ts';
import { FREE_PLAN_MAX_FILES, PAID_PLAN_MAX_FILES, cloudflareUploads, planUpload } from '../../src/lib/routing/hosts/cloudflare.ts';
import { netlifyUploads } from '../../src/lib/routing/hosts/netlify.ts';
import type { BuildResult } from '../build-site.ts';
import { countingFetch, startCatalogueApi } from './catalogue-api.ts';
import { childrenCpuMs, samplePeakMemory } from './process-tree.ts';

export interface ScaleBuildOptions {
  root: string;
  /** The generated sample CMS (its catalogue.json is the API's catalogue). */
  cmsDir: string;
  /** The content cache the CMS was pulled into; the products are pulled beside. */
  cacheDir: string;
  rounds: number;
  /** Build in shards, one a language, and merge them. */
  shards?: boolean;
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

interface Upload {
  files: number;
  bytes: number;
}

/** The release's files, and what each host gets of them (docs/deployment.md): the figures to hold against the hosts' limits. */
export async function countFiles(dir: string): Promise<{
  files: number;
  compressed: number;
  bytes: number;
  cloudflare: Upload & { deployments: { paid: number; free: number } };
  netlify: Upload;
}> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)));
  const sizes = new Map<string, number>();
  for (const file of files) sizes.set(file, (await stat(join(dir, file))).size);
  const upload = (keep: (file: string) => boolean): Upload & { list: string[] } => {
    const list = files.filter(keep);
    return { list, files: list.length, bytes: list.reduce((sum, file) => sum + sizes.get(file)!, 0) };
  };
  const { list, ...cloudflare } = upload(cloudflareUploads);
  const deployments = (limit: number) => {
    try {
      return 1 + planUpload(list, limit).shards.length;
    } catch {
      return NaN;
    }
  };
  const { list: _netlifyList, ...netlify } = upload(netlifyUploads);
  return {
    files: files.length,
    compressed: files.filter((file) => file.endsWith('.br') || file.endsWith('.gz')).length,
    bytes: [...sizes.values()].reduce((a, b) => a + b, 0),
    cloudflare: { ...cloudflare, deployments: { paid: deployments(PAID_PLAN_MAX_FILES), free: deployments(FREE_PLAN_MAX_FILES) } },
    netlify,
  };
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

interface Measured {
  output: string;
  wallMs: number;
  userMs: number;
  systemMs: number;
  peakMiB: number;
  /** What else the machine ran: the wall time is the process's only when this stays below the cores. */
  load: { before: number; after: number };
}

/** A Node script in a child process, measured with everything it starts. */
async function measuredProcess(script: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<Measured> {
  const loadBefore = loadavg()[0]!;
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const child = spawn(process.execPath, [fileURLToPath(new URL(script, import.meta.url)), ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const memory = samplePeakMemory(child.pid!);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const wallMs = performance.now() - started;
  const peakBytes = memory.stop();
  if (code !== 0) throw new Error(`${script} ${args.join(' ')} failed (exit ${code}):\n${output.slice(-2000)}`);
  const cpuAfter = childrenCpuMs();
  return {
    output,
    wallMs,
    userMs: cpuAfter.user - cpuBefore.user,
    systemMs: cpuAfter.system - cpuBefore.system,
    peakMiB: peakBytes / 1024 / 1024,
    load: { before: loadBefore, after: loadavg()[0]! },
  };
}

/** One cold build (or one shard of one: `languages`) in a child process, measured whole. */
async function measuredBuild(outDir: string, astroCache: string, cacheDir: string, languages?: readonly string[]) {
  const measured = await measuredProcess('./cold-build.ts', [outDir, astroCache, ...(languages ? [languages.join(',')] : [])], {
    CONTENT_CACHE_DIR: cacheDir,
  });
  const line = measured.output.split('\n').find((l) => l.startsWith('RESULT '));
  if (!line) throw new Error('the cold build printed no result');
  const result = JSON.parse(line.slice('RESULT '.length)) as BuildResult & { bundledMs: number | null };
  return { ...measured, result };
}

const cpuOf = (m: Measured) => `${seconds(m.userMs + m.systemMs)} s (user ${seconds(m.userMs)}, kernel ${seconds(m.systemMs)})`;
const loadOf = (m: Measured) => `load ${m.load.before.toFixed(1)} before, ${m.load.after.toFixed(1)} after`;

/** The release's files and what each host gets of them, as rows. */
function releaseRows(files: Awaited<ReturnType<typeof countFiles>>): Array<[string, string]> {
  return [
    ['  files written', `${files.files} (${files.compressed} of them .br/.gz copies), ${mib(files.bytes)}: what nginx serves`],
    [
      '  uploaded to Cloudflare',
      `${files.cloudflare.files} files, ${mib(files.cloudflare.bytes)}: ${files.cloudflare.deployments.paid} deployment(s) on a paid plan, ${files.cloudflare.deployments.free} on the free one`,
    ],
    ['  uploaded to Netlify', `${files.netlify.files} files, ${mib(files.netlify.bytes)}`],
  ];
}

/**
 * A sharded cold build: each language's shard, one after the other (on separate runners they
 * would run side by side), then the merge; all on one BUILD_NOW, as on CI (docs/deployment.md).
 */
async function shardedBuild(root: string, cacheDir: string, round: number): Promise<Array<[string, string]>> {
  const now = process.env.BUILD_NOW?.trim() || String(Date.now());
  process.env.BUILD_NOW = now;
  const rows: Array<[string, string]> = [];
  const shardDirs: string[] = [];
  const shards: Array<Awaited<ReturnType<typeof measuredBuild>>> = [];
  for (const language of LANGUAGES) {
    const outDir = join(root, `shard-${round}-${language.code}`);
    shardDirs.push(outDir);
    const shard = await measuredBuild(outDir, join(root, `astro-cache-${round}-${language.code}`), cacheDir, [language.code]);
    shards.push(shard);
    const { result } = shard;
    rows.push(
      [
        `round ${round}: shard ${language.code}`,
        `${result.pages} pages in ${seconds(shard.wallMs)} s, CPU ${cpuOf(shard)}, peak ${shard.peakMiB.toFixed(0)} MiB, ${loadOf(shard)}`,
      ],
      [
        '  of which',
        `bundle ${result.bundledMs === null ? '?' : seconds(result.bundledMs)} s; content ${seconds(result.steps.load)} s, Astro ${seconds(result.steps.astro)} s (bundle and render), record ${seconds(result.steps.after)} s, compression ${seconds(result.steps.compress)} s`,
      ],
    );
  }
  const releaseDir = join(root, `release-${round}`);
  const merge = await measuredProcess('../merge-shards.ts', [releaseDir, ...shardDirs], {});
  rows.push(
    [`round ${round}: merge`, `${seconds(merge.wallMs)} s, CPU ${cpuOf(merge)}, peak ${merge.peakMiB.toFixed(0)} MiB, ${loadOf(merge)}`],
    ['  merge says', merge.output.trim().split('\n').at(-1) ?? ''],
  );
  const slowest = shards.reduce((a, b) => (b.wallMs > a.wallMs ? b : a));
  const sumCpu = shards.reduce((sum, s) => sum + s.userMs + s.systemMs, 0);
  const bundles = shards.flatMap((s) => (s.result.bundledMs === null ? [] : [s.result.bundledMs]));
  rows.push(
    [
      '  with one runner a shard',
      `${seconds(slowest.wallMs + merge.wallMs)} s: the slowest shard (${seconds(slowest.wallMs)} s) and the merge (${seconds(merge.wallMs)} s)`,
    ],
    [
      '  each runner repeats',
      `its install (not measured here), the bundle (${seconds(Math.min(...bundles))}–${seconds(Math.max(...bundles))} s, in the shard's time above), loading the whole content (in it too) and the pull or the content cache's download (the pulls above)`,
    ],
    [
      '  all shards, one after the other',
      `${seconds(shards.reduce((sum, s) => sum + s.wallMs, 0))} s, CPU ${seconds(sumCpu)} s (with the merge ${seconds(sumCpu + merge.userMs + merge.systemMs)} s)`,
    ],
    ...releaseRows(await countFiles(releaseDir)),
  );
  return rows;
}

export async function runScaleBuild(options: ScaleBuildOptions): Promise<Array<[string, string]>> {
  const { root, cmsDir, cacheDir, rounds } = options;
  const catalogue = catalogueSchema.parse(JSON.parse(await readFile(join(cmsDir, 'catalogue.json'), 'utf8')));
  const api = await startCatalogueApi(catalogue);
  const counter = countingFetch();
  const t = performance.now();
  try {
    await pullProducts({ apiBaseUrl: api.apiBaseUrl, cacheDir, languages: LANGUAGES, fetch: counter.fetch });
  } finally {
    await api.close();
  }
  const pullMs = performance.now() - t;
  const rows: Array<[string, string]> = [
    ['products', `${catalogue.products.length} in ${LANGUAGES.length} languages`],
    ['product pull', `${counter.total()} calls in ${seconds(pullMs)} s`],
  ];
  for (let round = 1; round <= rounds; round++) {
    if (options.shards) {
      rows.push(...(await shardedBuild(root, cacheDir, round)));
      continue;
    }
    const outDir = join(root, `dist-${round}`);
    const build = await measuredBuild(outDir, join(root, `astro-cache-${round}`), cacheDir);
    const { result } = build;
    rows.push(
      [`round ${round}: cold build`, `${result.pages} pages in ${seconds(build.wallMs)} s (the build's own clock ${seconds(result.ms)} s)`],
      [
        '  of which',
        `content ${seconds(result.steps.load)} s, Astro ${seconds(result.steps.astro)} s, host rules ${seconds(result.steps.after)} s, compression ${seconds(result.steps.compress)} s`,
      ],
      [
        '  CPU time (process tree)',
        `${seconds(build.userMs + build.systemMs)} s (user ${seconds(build.userMs)}, kernel ${seconds(build.systemMs)})`,
      ],
      ['  peak memory (process tree RSS)', `${build.peakMiB.toFixed(0)} MiB`],
      ['  load average (1 min)', `${build.load.before.toFixed(1)} before, ${build.load.after.toFixed(1)} after`],
      ...releaseRows(await countFiles(outDir)),
      [
        '  time per page',
        `${(build.wallMs / result.pages).toFixed(2)} ms wall, ${((build.userMs + build.systemMs) / result.pages).toFixed(2)} ms CPU`,
      ],
    );
  }
  return rows;
}
