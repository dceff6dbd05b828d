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
import { copyFile, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { COMPRESSIBLE_FILE, PRECOMPRESSED } from '../src/lib/routing/content-encoding.ts';

/** The copies written beside each file, as hosts look for them. */
export const ENCODINGS = PRECOMPRESSED;

/**
 * Measured on a 40 KB page: Brotli 5 takes about 1.5 ms and comes within 2 % of level 9 (17 ms);
 * gzip 6 is within 1 % of level 9 at a third of the time. Assets get the best, once.
 */
const PAGE_BROTLI_QUALITY = 5;
const ASSET_BROTLI_QUALITY = 11;
const GZIP_LEVEL = 6;
/** zlib's asynchronous calls run on libuv's thread pool: this many in flight keep both cores busy. */
const IN_FLIGHT = 8;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface CompressionResult {
  files: number;
  /** Asset copies taken from the base release instead of compressed again. */
  reused: number;
  bytes: { raw: number; br: number; gzip: number };
  ms: number;
}

/** Every compressible file under `dir` (not the host rules' `_host/`, not dot files), relative. */
async function compressibleFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && COMPRESSIBLE_FILE.test(e.name) && !e.name.startsWith('.'))
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .filter((file) => !file.startsWith('_host/') && !file.split('/').some((part) => part.startsWith('.')));
}

export async function compressTree(dir: string, options: { reuseFrom?: string | null } = {}): Promise<CompressionResult> {
  const started = performance.now();
  const files = await compressibleFiles(dir);
  const result: CompressionResult = { files: files.length, reused: 0, bytes: { raw: 0, br: 0, gzip: 0 }, ms: 0 };
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      const asset = file.startsWith('_astro/');
      const base = options.reuseFrom ? join(options.reuseFrom, file) : null;
      if (asset && base && ENCODINGS.every((e) => existsSync(`${base}${e.extension}`))) {
        await Promise.all(ENCODINGS.map((e) => copyFile(`${base}${e.extension}`, join(dir, `${file}${e.extension}`))));
        result.reused += 1;
        continue;
      }
      const raw = await readFile(join(dir, file));
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: asset ? ASSET_BROTLI_QUALITY : PAGE_BROTLI_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        }),
        gzipAsync(raw, { level: GZIP_LEVEL }),
      ]);
      const copies = { br, gzip: gz };
      await Promise.all(ENCODINGS.map((e) => writeFile(join(dir, `${file}${e.extension}`), copies[e.coding])));
      result.bytes.raw += raw.length;
      result.bytes.br += br.length;
      result.bytes.gzip += gz.length;
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  result.ms = Math.round(performance.now() - started);
  return result;
}
