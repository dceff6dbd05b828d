/**
 * The compressing itself, synchronously: a file's Brotli and gzip copies written beside it.
 * Worker threads run it (one per core, each busy from start to end; zlib's asynchronous calls
 * cost half as much again in hand-offs), in one of two ways:
 * - 'files' (compress.ts): the files named in workerData, read from the folder, bytes posted at the end;
 * - 'pages' (build/page-pipeline.ts): pages posted as Astro renders them, each also scanned for
 *   the Content-Security-Policy; each page acknowledged, the bytes and scans posted at the end.
 * In its own thread, compress.ts runs compressFiles for a few files.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { scanPage, type PageScan } from './security/release-scan.ts';

export interface CompressJob {
  /** Relative to the folder. */
  file: string;
  brotliQuality: number;
}

export interface CompressedBytes {
  raw: number;
  br: number;
  gzip: number;
}

/** gzip is the copy for the few clients without Brotli: level 3 is within 5 % of level 6 at half the time. */
const GZIP_LEVEL = 3;

const noBytes = (): CompressedBytes => ({ raw: 0, br: 0, gzip: 0 });

/** Writes `raw`'s two copies beside `path` and adds their sizes to `bytes`. */
function writeCopies(path: string, raw: Uint8Array, brotliQuality: number, bytes: CompressedBytes): void {
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const gz = gzipSync(raw, { level: GZIP_LEVEL });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gz);
  bytes.raw += raw.length;
  bytes.br += br.length;
  bytes.gzip += gz.length;
}

export function compressFiles(dir: string, jobs: readonly CompressJob[]): CompressedBytes {
  const bytes = noBytes();
  for (const { file, brotliQuality } of jobs) {
    const path = join(dir, file);
    writeCopies(path, readFileSync(path), brotliQuality, bytes);
  }
  return bytes;
}

/** A page from the pipeline, or its end. */
export type PageMessage = { file: string; body: Uint8Array } | { end: true };
/** What a 'pages' worker posts: each page taken, then its totals. */
export type PageWorkerReply = { taken: string } | { bytes: CompressedBytes; scans: Record<string, PageScan>; cpuMs: number };

interface WorkerInput {
  mode: 'files' | 'pages';
  dir: string;
  jobs?: CompressJob[];
  brotliQuality?: number;
}

/** Pages compressed (and scanned, if HTML) one by one, with their totals. */
export interface PageTaker {
  take(file: string, body: Uint8Array): void;
  readonly bytes: CompressedBytes;
  readonly scans: Record<string, PageScan>;
  /** CPU time (ms) this thread spent in take(): the benchmark's account of what compression costs. */
  readonly cpuMs: number;
}

/** This thread's CPU time in ms (user and system): a worker's own, not the process's. */
function threadCpuMs(): number {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
}

export function pageTaker(dir: string, brotliQuality: number): PageTaker {
  const bytes = noBytes();
  const scans: Record<string, PageScan> = {};
  const folders = new Set<string>();
  let cpuMs = 0;
  return {
    bytes,
    scans,
    get cpuMs() {
      return cpuMs;
    },
    take(file, body) {
      const started = threadCpuMs();
      const path = join(dir, file);
      // Astro writes the page itself, maybe after this: its folder may not be there yet.
      const folder = dirname(path);
      if (!folders.has(folder)) {
        mkdirSync(folder, { recursive: true });
        folders.add(folder);
      }
      writeCopies(path, body, brotliQuality, bytes);
      if (file.endsWith('.html')) scans[file] = scanPage(Buffer.from(body).toString('utf8'));
      cpuMs += threadCpuMs() - started;
    },
  };
}

/** 'pages' mode: until the end message, each page taken as it comes and acknowledged. */
function takePages(dir: string, brotliQuality: number): void {
  const taker = pageTaker(dir, brotliQuality);
  parentPort!.on('message', (message: PageMessage) => {
    if ('end' in message) {
      parentPort!.postMessage({ bytes: taker.bytes, scans: taker.scans, cpuMs: taker.cpuMs } satisfies PageWorkerReply);
      parentPort!.close();
      return;
    }
    taker.take(message.file, message.body);
    parentPort!.postMessage({ taken: message.file } satisfies PageWorkerReply);
  });
}

const input = workerData as WorkerInput | null;
if (!isMainThread && input?.mode === 'files') parentPort!.postMessage(compressFiles(input.dir, input.jobs ?? []));
if (!isMainThread && input?.mode === 'pages') takePages(input.dir, input.brotliQuality!);
