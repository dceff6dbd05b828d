/**
 * Builds the site from content-cache/ with Astro, as a function (the publish service and
 * the benchmark call it) and as a CLI (`npm run build` pulls first).
 */
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'astro';
import { resetSite } from '../src/lib/cms/site.ts';
import { writeHostRules } from './host-rules.ts';
import { countPages } from './publish/releases.ts';
import { pull } from './pull-content.ts';

export interface BuildResult {
  outDir: string;
  pages: number;
  ms: number;
}

export interface BuildOptions {
  outDir?: string;
  /** Astro's experimental incremental build: pages whose digest (cacheKey) is unchanged are skipped. */
  incremental?: boolean;
  /** Pages rendered in parallel (Astro's build.concurrency). */
  concurrency?: number;
  /** Astro's cache (optimised images, incremental manifest); the benchmark uses a fresh one. */
  cacheDir?: string;
  /**
   * Render only these pages (URL paths). The output is partial: the caller merges it over a
   * copy of the live release and writes the host rules on the result.
   */
  onlyPaths?: readonly string[];
}

export async function buildSite(options: BuildOptions = {}): Promise<BuildResult> {
  const outDir = options.outDir ?? 'dist';
  const started = performance.now();
  // The route table is memoised per process; a new build must read the cache afresh.
  resetSite();
  const onlyFile = options.onlyPaths ? join(tmpdir(), `linea-only-${process.pid}-${Date.now()}.json`) : null;
  if (onlyFile) {
    await writeFile(onlyFile, JSON.stringify(options.onlyPaths));
    process.env.BUILD_ONLY_PATHS_FILE = onlyFile;
  }
  try {
    await astroBuild(outDir, options);
  } finally {
    if (onlyFile) {
      delete process.env.BUILD_ONLY_PATHS_FILE;
      await rm(onlyFile, { force: true });
    }
  }
  if (!onlyFile) await writeHostRules(outDir);
  return { outDir, pages: await countPages(outDir), ms: Math.round(performance.now() - started) };
}

async function astroBuild(outDir: string, options: BuildOptions): Promise<void> {
  await build({
    outDir,
    logLevel: 'warn',
    ...(options.concurrency ? { build: { concurrency: options.concurrency } } : {}),
    ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}),
    experimental: { incrementalBuild: options.incremental ?? false },
  });
}

if (import.meta.main) {
  try {
    await pull();
    const result = await buildSite({ outDir: process.env.ASTRO_OUT_DIR ?? 'dist' });
    console.log(`[build] ${result.pages} pages in ${(result.ms / 1000).toFixed(1)} s into ${join(result.outDir)}/`);
  } catch (error) {
    console.error(`[build] failed: ${(error as Error).message}`);
    process.exit(1);
  }
}
