/**
 * Builds the site from content-cache/ with Astro, as a function (the publish service and
 * the benchmark call it) and as a CLI (`npm run build` pulls first).
 */
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
}

export async function buildSite(options: BuildOptions = {}): Promise<BuildResult> {
  const outDir = options.outDir ?? 'dist';
  const started = performance.now();
  // The route table is memoised per process; a new build must read the cache afresh.
  resetSite();
  await build({
    outDir,
    logLevel: 'warn',
    ...(options.concurrency ? { build: { concurrency: options.concurrency } } : {}),
    ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}),
    experimental: { incrementalBuild: options.incremental ?? false },
  });
  await writeHostRules(outDir);
  return { outDir, pages: await countPages(outDir), ms: Math.round(performance.now() - started) };
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
