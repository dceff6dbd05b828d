/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every HTML, JS, CSS, SVG, JSON and
 * XML file of a build, so hosts serve compressed bytes without compressing on each request
 * (the local server and nginx's gzip_static / brotli_static pick them by Accept-Encoding).
 *
 * Every such file gets both copies, even a tiny one that does not shrink: a release is a copy of
 * the live one with the new build merged over it, and a copy left out would leave the old page's
 * copy beside the new page. Pages change with every publish and are many, so they get a fast
 * Brotli level; the hashed assets under _astro/ are few and never change, so they get the
 * smallest, and a build merged over a release that has them takes its copies as they are.
 */
import { existsSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { COMPRESSIBLE_FILE, PRECOMPRESSED } from '../src/lib/routing/content-encoding.ts';
import { compressFiles, type CompressedBytes, type CompressJob } from './compress-files.ts';
import { filesUnder } from './build/files.ts';

/** The copies written beside each file, as hosts look for them. */
export const ENCODINGS = PRECOMPRESSED;

/**
 * Measured on a 30 KB page: Brotli 5 takes about 0.5 ms and comes within 2 % of level 9 (17 ms
 * on 40 KB). Assets get the best, once.
 */
export const PAGE_BROTLI_QUALITY = 5;
const ASSET_BROTLI_QUALITY = 11;
/** Fewer files than this are compressed in this thread: starting workers would take longer. */
export const WORKER_MIN_FILES = 200;

export interface CompressionResult {
  files: number;
  /** Asset copies taken from the base release instead of compressed again. */
  reused: number;
  bytes: CompressedBytes;
  ms: number;
}

export interface CompressOptions {
  /** A release whose copies of the hashed assets are taken as they are. */
  reuseFrom?: string | null;
  /** Files whose copies are written already (the page pipeline's, build/page-pipeline.ts). */
  written?: ReadonlySet<string>;
}

/** Every compressible file under `dir` (not the host rules' `_host/`, not dot files), relative. */
async function compressibleFiles(dir: string): Promise<string[]> {
  return (await filesUnder(dir)).filter(isCompressible);
}

/** Whether a file of a build (relative path) gets compressed copies: a text file, not the host rules' nor a dot file's. */
export const isCompressible = (file: string): boolean =>
  COMPRESSIBLE_FILE.test(basename(file)) && !file.startsWith('_host/') && !file.split('/').some((part) => part.startsWith('.'));

/** Runs the jobs in one worker thread per core, dealt out in turn (the slow assets apart). */
async function compressInWorkers(dir: string, jobs: readonly CompressJob[]): Promise<CompressedBytes> {
  const count = Math.max(1, availableParallelism());
  const shares = Array.from({ length: count }, (_, i) => jobs.filter((_, j) => j % count === i));
  const results = await Promise.all(
    shares.map(
      (share) =>
        new Promise<CompressedBytes>((resolve, reject) => {
          const worker = new Worker(new URL('./compress-files.ts', import.meta.url), { workerData: { mode: 'files', dir, jobs: share } });
          worker.once('message', resolve);
          worker.once('error', reject);
          worker.once('exit', (code) => code !== 0 && reject(new Error(`a compression worker exited with ${code}`)));
        }),
    ),
  );
  return results.reduce((sum, r) => ({ raw: sum.raw + r.raw, br: sum.br + r.br, gzip: sum.gzip + r.gzip }), { raw: 0, br: 0, gzip: 0 });
}

export async function compressTree(dir: string, options: CompressOptions = {}): Promise<CompressionResult> {
  const started = performance.now();
  const files = (await compressibleFiles(dir)).filter((file) => !options.written?.has(file));
  const jobs: CompressJob[] = [];
  let reused = 0;
  for (const file of files) {
    const asset = file.startsWith('_astro/');
    const base = options.reuseFrom ? join(options.reuseFrom, file) : null;
    if (asset && base && ENCODINGS.every((e) => existsSync(`${base}${e.extension}`))) {
      await Promise.all(ENCODINGS.map((e) => copyFile(`${base}${e.extension}`, join(dir, `${file}${e.extension}`))));
      reused += 1;
      continue;
    }
    jobs.push({ file, brotliQuality: asset ? ASSET_BROTLI_QUALITY : PAGE_BROTLI_QUALITY });
  }
  const bytes = jobs.length < WORKER_MIN_FILES ? compressFiles(dir, jobs) : await compressInWorkers(dir, jobs);
  return { files: files.length, reused, bytes, ms: Math.round(performance.now() - started) };
}
