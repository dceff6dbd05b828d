/**
 * The pages of a build compressed and scanned while Astro renders them: Astro hands each page
 * over as it renders it (src/node/rendered-pages.ts), and worker threads write its Brotli and
 * gzip copies and read its inline scripts for the Content-Security-Policy (compress-files.ts,
 * 'pages' mode). Astro renders on one thread, so the workers mostly use the core it leaves idle;
 * when they fall behind, Astro's thread compresses the next page itself rather than wait.
 * Afterwards only what Astro did not hand over (its assets, the host rules' copies) is
 * compressed, and only the pages not scanned are read.
 *
 * A build of fewer pages than compress.ts starts workers for starts none: the sink then takes
 * nothing, and the files are compressed afterwards as before.
 */
import { existsSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PageSink } from '../../src/node/rendered-pages.ts';
import { PRECOMPRESSED } from '../../src/lib/routing/content-encoding.ts';
import { isCompressible, PAGE_BROTLI_QUALITY, WORKER_MIN_FILES } from '../compress.ts';
import { pageTaker, type CompressedBytes, type PageMessage, type PageWorkerReply } from '../compress-files.ts';
import type { PageScan } from '../security/release-scan.ts';

/**
 * Pages handed over and not yet compressed, across the workers, above which Astro's thread
 * compresses its next page itself: enough to keep the workers busy, few enough to hold (about
 * 40 KB each) in memory.
 */
const MAX_WAITING = 64;
/**
 * One worker fewer than the cores: Astro's thread (with V8's collector and the file writes)
 * takes more than one core, and a worker per core made it wait for the CPU (on 2 cores, two
 * workers were slower than one in each of two paired runs). One worker compresses a page in
 * about a third of the time Astro takes to render it.
 */
const PIPELINE_WORKERS = Math.max(1, availableParallelism() - 1);

export interface PipelineResult {
  /** Files whose copies were written (paths relative to the output folder). */
  written: Set<string>;
  /** The inline-script scan of each HTML page handed over. */
  scans: Record<string, PageScan>;
  bytes: CompressedBytes;
  /** Pages handed over that Astro did not write where we expected: their copies were removed. */
  unwritten: string[];
  /** How many pages Astro's thread compressed itself, the workers being full. */
  takenHere: number;
  /** CPU time (ms) spent compressing and scanning the pages handed over, on every thread. */
  cpuMs: number;
}

export interface PagePipeline {
  sink: PageSink;
  /** Ends the workers once Astro is done; the copies of a file Astro did not write are removed. */
  finish(): Promise<PipelineResult>;
  /** Stops the workers without waiting (a failed build). */
  stop(): void;
}

interface PipelineWorker {
  worker: Worker;
  waiting: number;
  done: Promise<{ bytes: CompressedBytes; scans: Record<string, PageScan>; cpuMs: number }>;
}

export function startPagePipeline(dir: string): PagePipeline {
  const workers: PipelineWorker[] = [];
  const written = new Set<string>();
  let failure: Error | null = null;
  // The pages Astro's thread takes itself when the workers are full: once Astro renders faster
  // than a worker compresses, waiting would leave its core idle.
  const own = pageTaker(dir, PAGE_BROTLI_QUALITY);
  let takenHere = 0;
  const waiting = () => workers.reduce((sum, w) => sum + w.waiting, 0);

  const startWorker = (): PipelineWorker => {
    const worker = new Worker(new URL('../compress-files.ts', import.meta.url), {
      workerData: { mode: 'pages', dir, brotliQuality: PAGE_BROTLI_QUALITY },
    });
    const entry: PipelineWorker = { worker, waiting: 0, done: null! };
    entry.done = new Promise((resolve, reject) => {
      let ended = false;
      worker.on('message', (reply: PageWorkerReply) => {
        if ('taken' in reply) {
          entry.waiting -= 1;
          written.add(reply.taken);
        } else {
          ended = true;
          resolve(reply);
        }
      });
      worker.once('error', (error) => {
        failure = error;
        reject(error);
      });
      worker.once('exit', (code) => {
        // Gone before its totals (an early end is a failure too: finish() would wait for ever).
        if (ended) return;
        failure ??= new Error(`A page compression worker exited with ${code} before it was done`);
        reject(failure);
      });
    });
    entry.done.catch(() => {});
    return entry;
  };

  const sink: PageSink = {
    expect(count) {
      if (count < WORKER_MIN_FILES || workers.length > 0) return;
      for (let i = 0; i < PIPELINE_WORKERS; i++) workers.push(startWorker());
    },
    async page(file, body) {
      if (workers.length === 0 || !isCompressible(file)) return;
      if (failure) throw failure;
      if (waiting() >= MAX_WAITING) {
        // The workers' acknowledgements are messages: a render that never waits for I/O would
        // not let them in, and would take every page itself.
        await new Promise((resolve) => setImmediate(resolve));
        if (failure) throw failure;
      }
      if (waiting() >= MAX_WAITING) {
        own.take(file, body);
        written.add(file);
        takenHere += 1;
        return;
      }
      // The worker with the fewest pages waiting.
      const target = workers.reduce((a, b) => (b.waiting < a.waiting ? b : a));
      target.waiting += 1;
      target.worker.postMessage({ file, body } satisfies PageMessage);
    },
  };

  return {
    sink,
    async finish() {
      for (const { worker } of workers) worker.postMessage({ end: true } satisfies PageMessage);
      const results = await Promise.all(workers.map((w) => w.done));
      const scans: Record<string, PageScan> = {};
      const bytes: CompressedBytes = { raw: 0, br: 0, gzip: 0 };
      let cpuMs = 0;
      for (const result of [...results, own]) {
        Object.assign(scans, result.scans);
        cpuMs += result.cpuMs;
        bytes.raw += result.bytes.raw;
        bytes.br += result.bytes.br;
        bytes.gzip += result.bytes.gzip;
      }
      // A page handed over that Astro then did not write there (a path we named wrongly): its
      // copies would stand beside nothing. They go, and the caller says so.
      const unwritten = [...written].filter((file) => !existsSync(join(dir, file)));
      for (const file of unwritten) {
        for (const { extension } of PRECOMPRESSED) rmSync(join(dir, `${file}${extension}`), { force: true });
        written.delete(file);
        delete scans[file];
      }
      return { written, scans, bytes, unwritten, takenHere, cpuMs };
    },
    stop() {
      for (const { worker } of workers) void worker.terminate();
    },
  };
}
