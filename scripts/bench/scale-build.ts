/**
 * The catalogue-scale part of `npm run bench:build -- --products N`: the product pull from a
 * commerce API on the benchmark's catalogue (calls and time), then each cold build in a process
 * of its own (cold-build.ts), measured whole: wall time, CPU time, peak memory of its process
 * tree, pages and files written, and the time per page, the figure that should stay flat as
 * the catalogue grows.
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

/** One cold build in a child process, measured with everything it starts. */
async function measuredBuild(outDir: string, astroCache: string, cacheDir: string) {
  const loadBefore = loadavg()[0]!;
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const child = spawn(process.execPath, [fileURLToPath(new URL('./cold-build.ts', import.meta.url)), outDir, astroCache], {
    env: { ...process.env, CONTENT_CACHE_DIR: cacheDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const memory = samplePeakMemory(child.pid!);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const wallMs = performance.now() - started;
  const peakBytes = memory.stop();
  if (code !== 0) throw new Error(`the cold build failed (exit ${code}):\n${output.slice(-2000)}`);
  const cpuAfter = childrenCpuMs();
  const line = output.split('\n').find((l) => l.startsWith('RESULT '));
  if (!line) throw new Error('the cold build printed no result');
  const result = JSON.parse(line.slice('RESULT '.length)) as BuildResult;
  return {
    result,
    wallMs,
    userMs: cpuAfter.user - cpuBefore.user,
    systemMs: cpuAfter.system - cpuBefore.system,
    peakMiB: peakBytes / 1024 / 1024,
    // What else the machine ran: the wall time is the build's only when this stays below the cores.
    load: { before: loadBefore, after: loadavg()[0]! },
    ...(await countFiles(outDir)),
  };
}

export async function runScaleBuild(options: ScaleBuildOptions): Promise<Array<[string, string]>> {
  const { root, cmsDir, cacheDir, rounds } = options;
  const catalogue = catalogueSchema.parse(JSON.parse(await readFile(join(cmsDir, 'catalogue.json'), 'utf8')));
  const api = await startCatalogueApi(catalogue);
  const counter = countingFetch();
  let t = performance.now();
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
    t = performance.now();
    const build = await measuredBuild(join(root, `dist-${round}`), join(root, `astro-cache-${round}`), cacheDir);
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
      ['  files written', `${build.files} (${build.compressed} of them .br/.gz copies), ${mib(build.bytes)}: what nginx serves`],
      [
        '  uploaded to Cloudflare',
        `${build.cloudflare.files} files, ${mib(build.cloudflare.bytes)}: ${build.cloudflare.deployments.paid} deployment(s) on a paid plan, ${build.cloudflare.deployments.free} on the free one`,
      ],
      ['  uploaded to Netlify', `${build.netlify.files} files, ${mib(build.netlify.bytes)}`],
      [
        '  time per page',
        `${(build.wallMs / result.pages).toFixed(2)} ms wall, ${((build.userMs + build.systemMs) / result.pages).toFixed(2)} ms CPU`,
      ],
    );
  }
  return rows;
}
