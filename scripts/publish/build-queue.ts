/**
 * The publish service's build queue: coalesces publishes into change sets and runs at most
 * one build at a time.
 *
 * - Debounce: a build starts once publishes have been quiet for `debounceMs` (0.2 s: the
 *   webhooks of one save arrive within milliseconds, and the wait is part of edit to live),
 *   but no later than `maxWaitMs` (5 s) after the first publish it holds, so a steady stream
 *   still builds every 5 s. 100 publishes within 10 s therefore make at most 2 builds.
 * - A publish arriving while a build runs is merged into the next change set, never into the
 *   running one (its pull may already be past that document) and never lost.
 * - A failed build's change set is kept and merged into the next build, which starts with
 *   the next publish (or `enqueue({ rebuild: true })`). It is not retried on its own: the
 *   usual cause is a malformed document, and retrying it would fail the same way until an
 *   editor publishes the fix. The failure stays in `state().last` for /status meanwhile.
 *
 * Timers and the clock are injectable; the defaults read the globals at call time, so
 * Vitest's fake timers drive them too.
 */
import { CodedError } from '../../src/lib/errors.ts';

export type DocumentChange = 'published' | 'changed' | 'deleted';

/** What one publish brings: a webhook payload fits, so does a scheduled boundary. */
export interface ChangeInput {
  /** Delivery id, or a label such as "boundary:2026-11-22T00:00:00.000Z". */
  id: string;
  published?: readonly string[];
  changed?: readonly string[];
  deleted?: readonly string[];
  /** Product codes the commerce API changed (added, edited or removed): the catalogue is pulled for them. */
  products?: readonly string[];
  /** Build even without documents: a start/end date passing, a manual rebuild. */
  rebuild?: boolean;
}

export interface ChangeSet {
  /** Cache path → what happened to it since the last good build (see mergeChange). */
  documents: Readonly<Record<string, DocumentChange>>;
  /** Product codes a catalogue change named since the last good build, sorted. */
  products: readonly string[];
  /** Delivery ids and labels merged in, oldest first (the first MAX_SOURCES). */
  sources: readonly string[];
  /** Sources beyond MAX_SOURCES, counted only. */
  moreSources: number;
  rebuild: boolean;
}

/** Sources listed per change set; the rest are counted, so a long outage cannot grow it without bound. */
export const MAX_SOURCES = 200;
export const DEFAULT_DEBOUNCE_MS = 200;
export const DEFAULT_MAX_WAIT_MS = 5000;
/** Finished builds /status lists, newest first: enough to see what a burst of publishes did. */
export const RECENT_BUILDS = 20;

/**
 * One document's change after another. What the build needs is whether the document exists
 * now and whether it existed at the last good build: the later event says the first, the
 * earlier one the second.
 * - deleted, then published or changed: it existed before and exists again → changed;
 * - published, then changed: still new since the last build → published;
 * - anything, then deleted → deleted (a document published and deleted in between leaves a
 *   delete of something the build never had, which is harmless);
 * - otherwise the later one.
 */
export function mergeChange(earlier: DocumentChange | undefined, later: DocumentChange): DocumentChange {
  if (earlier === undefined || later === 'deleted') return later;
  if (earlier === 'deleted') return 'changed';
  if (earlier === 'published') return 'published';
  return 'changed';
}

export function emptyChangeSet(): ChangeSet {
  return { documents: Object.create(null) as Record<string, DocumentChange>, products: [], sources: [], moreSources: 0, rebuild: false };
}

/** `later` merged over `earlier`; neither is changed. */
export function mergeChangeSets(earlier: ChangeSet, later: ChangeSet): ChangeSet {
  const documents = Object.assign(Object.create(null) as Record<string, DocumentChange>, earlier.documents);
  for (const [path, change] of Object.entries(later.documents)) documents[path] = mergeChange(documents[path], change);
  const sources = [...earlier.sources, ...later.sources];
  return {
    documents,
    products: earlier.products.length === 0 ? later.products : [...new Set([...earlier.products, ...later.products])].sort(),
    sources: sources.slice(0, MAX_SOURCES),
    moreSources: earlier.moreSources + later.moreSources + Math.max(0, sources.length - MAX_SOURCES),
    rebuild: earlier.rebuild || later.rebuild,
  };
}

export function changeSetOf(input: ChangeInput): ChangeSet {
  let set: ChangeSet = {
    ...emptyChangeSet(),
    products: [...new Set(input.products ?? [])].sort(),
    sources: [input.id],
    rebuild: input.rebuild ?? false,
  };
  // Within one delivery the lists are disjoint (the webhook schema says so); the order
  // published, changed, deleted only matters for malformed input.
  for (const [list, change] of [
    [input.published, 'published'],
    [input.changed, 'changed'],
    [input.deleted, 'deleted'],
  ] as const) {
    const documents = Object.create(null) as Record<string, DocumentChange>;
    for (const path of list ?? []) documents[path] = change;
    set = mergeChangeSets(set, { ...emptyChangeSet(), documents });
  }
  return set;
}

/** The CMS languages a change set touches: a path's first folder, or 'all' for a global document. */
export function languagesOf(set: ChangeSet): string[] {
  const languages = new Set(Object.keys(set.documents).map((path) => (path.includes('/') ? path.slice(0, path.indexOf('/')) : 'all')));
  return [...languages].sort();
}

export const documentCount = (set: ChangeSet) => Object.keys(set.documents).length;

export interface BuildRecord<R> {
  changeSet: ChangeSet;
  startedAt: number;
  finishedAt: number;
  ok: boolean;
  /** What run() returned, when it succeeded. */
  result?: R;
  /** The error's message, in the words run() gave it. */
  error?: string;
}

export interface BuildQueueState<R> {
  /** Waiting for the next build; dueAt null means it waits for the next publish (after a failure). */
  queued: { changeSet: ChangeSet; firstAt: number | null; dueAt: number | null } | null;
  running: { changeSet: ChangeSet; startedAt: number } | null;
  last: BuildRecord<R> | null;
  /** The last RECENT_BUILDS finished builds, newest first (`last` is the first). */
  recent: BuildRecord<R>[];
  /** Builds finished since the service started, failed ones included. */
  builds: number;
}

export interface BuildQueueOptions<R> {
  run: (changeSet: ChangeSet) => Promise<R>;
  debounceMs?: number;
  maxWaitMs?: number;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** Told about every finished build, good or failed. */
  onBuild?: (record: BuildRecord<R>) => void;
  /** A build made before the queue existed (the service's startup build): the last one until the next. */
  last?: BuildRecord<R>;
}

export class BuildQueue<R = unknown> {
  readonly #run: (changeSet: ChangeSet) => Promise<R>;
  readonly #debounceMs: number;
  readonly #maxWaitMs: number;
  readonly #now: () => number;
  readonly #setTimer: (callback: () => void, ms: number) => unknown;
  readonly #clearTimer: (handle: unknown) => void;
  readonly #onBuild: (record: BuildRecord<R>) => void;

  #pending: ChangeSet | null = null;
  /** First and last publish since the pending set was last scheduled; null: not scheduled. */
  #firstAt: number | null = null;
  #lastAt: number | null = null;
  #timer: unknown = null;
  #running: { changeSet: ChangeSet; startedAt: number; done: Promise<void> } | null = null;
  #recent: BuildRecord<R>[] = [];
  #builds = 0;
  #closed = false;

  constructor(options: BuildQueueOptions<R>) {
    this.#run = options.run;
    this.#debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
    this.#maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
    if (this.#maxWaitMs < this.#debounceMs) throw new RangeError('maxWaitMs must be at least debounceMs');
    this.#now = options.now ?? (() => Date.now());
    this.#setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
    this.#clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
    this.#onBuild = options.onBuild ?? (() => {});
    if (options.last) this.#recent.push(options.last);
  }

  /** Queues a publish. A change with no documents, no products and no rebuild flag is ignored (false). */
  enqueue(input: ChangeInput): boolean {
    if (this.#closed) throw new CodedError('BUILD_QUEUE_CLOSED', 'the build queue is closed');
    const set = changeSetOf(input);
    if (documentCount(set) === 0 && set.products.length === 0 && !set.rebuild) return false;
    this.#pending = this.#pending ? mergeChangeSets(this.#pending, set) : set;
    const now = this.#now();
    this.#firstAt ??= now;
    this.#lastAt = now;
    this.#arm();
    return true;
  }

  state(): BuildQueueState<R> {
    return {
      queued: this.#pending ? { changeSet: this.#pending, firstAt: this.#firstAt, dueAt: this.#dueAt() } : null,
      running: this.#running ? { changeSet: this.#running.changeSet, startedAt: this.#running.startedAt } : null,
      last: this.#recent[0] ?? null,
      recent: [...this.#recent],
      builds: this.#builds,
    };
  }

  /** Resolves when no build runs and none is due (a change set kept after a failure waits). */
  async idle(): Promise<void> {
    while (this.#running || (this.#pending && this.#firstAt !== null)) {
      if (this.#running) await this.#running.done;
      else await new Promise<void>((resolve) => this.#setTimer(resolve, Math.max(0, (this.#dueAt() ?? this.#now()) - this.#now())));
    }
  }

  /** Stops scheduling; the running build, if any, finishes. Queued changes are dropped. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer !== null) this.#clearTimer(this.#timer);
    this.#timer = null;
    await this.#running?.done;
  }

  #dueAt(): number | null {
    if (this.#firstAt === null || this.#lastAt === null) return null;
    return Math.min(this.#lastAt + this.#debounceMs, this.#firstAt + this.#maxWaitMs);
  }

  #arm(): void {
    if (this.#timer !== null) this.#clearTimer(this.#timer);
    this.#timer = null;
    const due = this.#dueAt();
    if (due === null || this.#closed) return;
    this.#timer = this.#setTimer(
      () => {
        this.#timer = null;
        this.#start();
      },
      Math.max(0, due - this.#now()),
    );
  }

  #start(): void {
    // A build is running: its end re-arms the timer for what waits.
    if (this.#running || !this.#pending || this.#closed) return;
    const changeSet = this.#pending;
    this.#pending = null;
    this.#firstAt = null;
    this.#lastAt = null;
    const startedAt = this.#now();
    const done = (async () => {
      let record: BuildRecord<R>;
      try {
        const result = await this.#run(changeSet);
        record = { changeSet, startedAt, finishedAt: this.#now(), ok: true, result };
      } catch (error) {
        record = {
          changeSet,
          startedAt,
          finishedAt: this.#now(),
          ok: false,
          error: error instanceof Error ? error.message : String(error),
        };
        // Kept for the next build, under what arrived meanwhile (which is newer).
        this.#pending = this.#pending ? mergeChangeSets(changeSet, this.#pending) : changeSet;
      }
      this.#recent.unshift(record);
      this.#recent.length = Math.min(this.#recent.length, RECENT_BUILDS);
      this.#builds += 1;
      this.#running = null;
      try {
        this.#onBuild(record);
      } catch {
        // A broken listener must not stop the queue.
      }
      this.#arm();
    })();
    this.#running = { changeSet, startedAt, done };
  }
}
