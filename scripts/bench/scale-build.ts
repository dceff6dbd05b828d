/**
 * The catalogue-scale part of `npm run bench:build -- --products N`: the product pull from a
 * commerce API on the benchmark's catalogue (calls and time), then each cold build in a process
 * of its own (cold-build.ts), measured whole: wall time, CPU time, peak memory of its process
 * tree, pages and files written, and the time per page, the figure that should stay flat as
 * the catalogue grows.
 */
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pullProducts } from '../../src/node/catalogue/pull-products.ts';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import { catalogueSchema } from '../sample-data/catalogue-schema.ts';
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

async function countFiles(dir: string): Promise<{ files: number; compressed: number }> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile());
  return { files: files.length, compressed: files.filter((e) => e.name.endsWith('.br') || e.name.endsWith('.gz')).length };
}

/** One cold build in a child process, measured with everything it starts. */
async function measuredBuild(outDir: string, astroCache: string, cacheDir: string) {
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
      ['  files written', `${build.files} (${build.compressed} of them .br/.gz copies)`],
      [
        '  time per page',
        `${(build.wallMs / result.pages).toFixed(2)} ms wall, ${((build.userMs + build.systemMs) / result.pages).toFixed(2)} ms CPU`,
      ],
    );
  }
  return rows;
}
