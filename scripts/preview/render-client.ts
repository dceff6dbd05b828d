/**
 * The preview service's side of the renderer (renderer.ts): starts it in a process of its own
 * on the preview content folder, waits until its bundles are written, and hands it pages to
 * render. A renderer that exits is started again at the next page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { READY_PREFIX, type RenderAnswer, type RenderJob } from './renderer.ts';

export interface Renderer {
  /** The renderer's output folder (its /_astro scripts and styles), once ready. */
  ready(): Promise<{ outDir: string }>;
  render(job: Omit<RenderJob, 'id'>): Promise<RenderAnswer>;
  close(): Promise<void>;
}

const RENDERER = fileURLToPath(new URL('./renderer.ts', import.meta.url));
/** A render that takes longer is failed (its process is ended, and started again at the next page). */
const RENDER_TIMEOUT_MS = 60_000;

export function createRenderer(options: {
  contentDir: string;
  /** More environment for the renderer (the tests' site address and clock). */
  env?: Record<string, string>;
  log?: (line: string) => void;
}): Renderer {
  const log = options.log ?? (() => {});
  let current: {
    child: ChildProcess;
    ready: Promise<{ outDir: string }>;
    waiting: Map<number, (answer: RenderAnswer) => void>;
  } | null = null;
  let nextId = 1;

  const start = () => {
    const started = Date.now();
    const child = spawn(process.execPath, [RENDERER], {
      env: { ...process.env, ...options.env, CONTENT_CACHE_DIR: options.contentDir },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const waiting = new Map<number, (answer: RenderAnswer) => void>();
    const ready = new Promise<{ outDir: string }>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on('line', (line) => {
        if (line.startsWith(READY_PREFIX)) {
          const { outDir } = JSON.parse(line) as { outDir: string };
          log(`[preview] renderer ready in ${Date.now() - started} ms`);
          resolve({ outDir });
          return;
        }
        if (!line.startsWith('{"id":')) return;
        const answer = JSON.parse(line) as RenderAnswer;
        waiting.get(answer.id)?.(answer);
        waiting.delete(answer.id);
      });
      child.once('close', (code) => {
        if (current?.child === child) current = null;
        for (const done of waiting.values()) done({ id: 0, error: `the preview renderer stopped (exit ${code})` });
        waiting.clear();
        reject(new Error(`the preview renderer stopped before it was ready (exit ${code})`));
      });
    });
    ready.catch(() => {});
    createInterface({ input: child.stderr! }).on('line', (line) => {
      if (line.trim()) log(`[preview renderer] ${line}`);
    });
    current = { child, ready, waiting };
    return current;
  };

  return {
    ready: () => (current ?? start()).ready,
    async render(job) {
      const worker = current ?? start();
      await worker.ready;
      const id = nextId++;
      return new Promise<RenderAnswer>((resolve) => {
        const timer = setTimeout(() => {
          worker.waiting.delete(id);
          resolve({ id, error: `the page took over ${RENDER_TIMEOUT_MS / 1000} s to render` });
          worker.child.kill();
        }, RENDER_TIMEOUT_MS);
        worker.waiting.set(id, (answer) => {
          clearTimeout(timer);
          resolve(answer);
        });
        worker.child.stdin!.write(`${JSON.stringify({ ...job, id })}\n`);
      });
    },
    async close() {
      const worker = current;
      current = null;
      if (!worker || worker.child.exitCode !== null) return;
      // Its input closing ends it: Astro's build finishes with nothing to write and removes its folder.
      const closed = new Promise<void>((resolve) => worker.child.once('close', () => resolve()));
      worker.child.stdin!.end();
      const timer = setTimeout(() => worker.child.kill(), 10_000);
      await closed;
      clearTimeout(timer);
    },
  };
}
