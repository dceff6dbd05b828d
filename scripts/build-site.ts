/**
 * Builds the site from content-cache/ with Astro, as a function (the publish service and
 * the benchmark call it) and as a CLI (`npm run build` pulls first).
 */
import { spawn } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
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
   * A JSON file listing the only pages (URL paths) to render. The output is partial: the
   * caller merges it over a copy of the live release and writes the host rules on the result.
   */
  onlyPathsFile?: string;
}

export async function buildSite(options: BuildOptions = {}): Promise<BuildResult> {
  const outDir = options.outDir ?? 'dist';
  const started = performance.now();
  // The route table is memoised per process; a new build must read the cache afresh.
  resetSite();
  const onlyFile = options.onlyPathsFile;
  if (onlyFile) process.env.BUILD_ONLY_PATHS_FILE = onlyFile;
  try {
    await astroBuild(outDir, options);
  } finally {
    if (onlyFile) delete process.env.BUILD_ONLY_PATHS_FILE;
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

/**
 * Astro renders stale props when it builds twice in one process (a second build with changed
 * content gave the first build's page), so a long-running process builds in a child:
 * `node scripts/build-site.ts --no-pull --out DIR [--only FILE]` (FILE: JSON list of URL paths).
 */
export function buildInChild(options: { outDir: string; onlyPaths?: readonly string[] }): Promise<BuildResult> {
  return new Promise((resolvePromise, reject) => {
    const args = [fileURLToPath(import.meta.url), '--no-pull', '--out', options.outDir];
    const onlyFile = options.onlyPaths ? join(tmpdir(), `linea-only-child-${process.pid}-${Date.now()}.json`) : null;
    const run = async () => {
      if (onlyFile) {
        await writeFile(onlyFile, JSON.stringify(options.onlyPaths));
        args.push('--only', onlyFile);
      }
      const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk) => (output += String(chunk)));
      child.stderr.on('data', (chunk) => (output += String(chunk)));
      child.on('error', reject);
      child.on('close', (code) => {
        if (onlyFile) void rm(onlyFile, { force: true });
        const line = /\[build\] RESULT (\{.*\})/.exec(output);
        if (code === 0 && line) resolvePromise(JSON.parse(line[1]!) as BuildResult);
        else reject(new Error(/\[build\] failed: (.*)/.exec(output)?.[1] ?? `the build exited with ${code}: ${output.slice(-400)}`));
      });
    };
    run().catch(reject);
  });
}

if (import.meta.main) {
  try {
    const { values } = parseArgs({ options: { out: { type: 'string' }, only: { type: 'string' }, 'no-pull': { type: 'boolean', default: false } } });
    if (!values['no-pull']) await pull();
    const result = await buildSite({ outDir: values.out ?? process.env.ASTRO_OUT_DIR ?? 'dist', ...(values.only ? { onlyPathsFile: values.only } : {}) });
    if (values.out) console.log(`[build] RESULT ${JSON.stringify(result)}`);
    console.log(`[build] ${result.pages} pages in ${(result.ms / 1000).toFixed(1)} s into ${join(result.outDir)}/`);
  } catch (error) {
    console.error(`[build] failed: ${(error as Error).message}`);
    process.exit(1);
  }
}
