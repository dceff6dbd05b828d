/**
 * Atomic releases (docs/publishing.md). Every build goes into its own `<root>/<id>/`; the live
 * site is the `<root>/current` symlink, swapped by rename() so a reader resolving it sees
 * either the old release or the new one, never a mix and never nothing.
 *
 *   <root>/
 *     current -> 20261121T230102.123Z-3fa9c1   (relative, so the root can be mounted anywhere)
 *     history.json                             (activation stack + log, replaced atomically)
 *     20261121T230102.123Z-3fa9c1/             (a release: the site, then .release.json written last)
 *
 * A release is complete when its marker `.release.json` exists: it is written last, after the
 * build, by rename, so a half-written release can never be activated. A failed build's
 * directory is removed and `current` is never touched. Who builds a release is written beside it
 * (`.building-<id>`, the builder's pid) before its folder exists and removed once it is complete,
 * so a folder left unfinished by a build that was killed is known and removed, at the service's
 * start and after each publish, while a build of a process still running is left alone.
 *
 * One process publishes at a time in practice (the publish service); mutations (activate,
 * rollback, prune) still take an in-process queue and a lock file, so `npm run rollback`
 * cannot interleave with a publish.
 */
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { link, mkdir, open, readdir, readFile, readlink, realpath, rename, rm, stat, symlink, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { releasesDir, releasesKeep, releaseSwitchCommand } from '../../src/node/env.ts';
import { CodedError } from '../../src/lib/errors.ts';

export const CURRENT_LINK = 'current';
export const HISTORY_FILE = 'history.json';
export const MARKER_FILE = '.release.json';
const LOCK_FILE = '.lock';
/**
 * The lock files this process holds now. A lock file naming this process that is not here was
 * left by an earlier process given the same pid (a container restart often is): taken over,
 * where waiting for it would block every publish and rollback until someone deleted it.
 */
const locksHeldHere = new Set<string>();
/** The builder files (`.building-<id>`) of the builds running in this process, for the same reason. */
const buildsHere = new Set<string>();
/** Names the process building release <id>: made before its folder, removed once it is complete. */
const BUILDER_PREFIX = '.building-';
/**
 * A release being removed: prune renames the folder (one operation, whatever its size) and
 * deletes it after, so the next publish does not wait for the deletion of some 180,000 files.
 * One left by a process that stopped meanwhile is deleted by the next prune.
 */
const REMOVING_PREFIX = '.removing-';
/** Astro's hashed assets: a name never changes content, so any release may hold any of them. */
export const ASSETS_DIR = '_astro';
const HISTORY_STACK_MAX = 100;
const HISTORY_LOG_MAX = 200;
/** `20261121T230102.123Z-3fa9c1`: sorts by creation time as a string. */
const ID_PATTERN = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})\.(\d{3})Z-[0-9a-f]{6}$/;

export type ReleaseErrorCode =
  | 'RELEASE_ID_INVALID'
  | 'RELEASE_NOT_FOUND'
  | 'RELEASE_INCOMPLETE'
  | 'RELEASE_IS_LIVE'
  | 'RELEASE_BUILD_FAILED'
  | 'NO_PREVIOUS_RELEASE'
  | 'RELEASES_LOCKED';

export class ReleaseError extends CodedError {
  declare readonly code: ReleaseErrorCode;
  constructor(code: ReleaseErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}

/** What `.release.json` holds. */
export interface ReleaseMarker {
  id: string;
  createdAt: string;
  completedAt: string;
  /** What the release was built from, in words: "npm start", "publish: zh-TW page 1203"… */
  source: string;
  pages: number;
  /** The release this one was seeded from (an incremental build merged over it), or null. */
  seededFrom: string | null;
  /**
   * Hashed build assets of the release that was live when this one was completed, linked in
   * because this build does not have them: a page served just before the swap still finds its
   * scripts and styles just after it. One generation only (carried assets are not carried again).
   */
  carriedAssets: string[];
}

export interface ReleaseInfo {
  id: string;
  createdAt: string;
  complete: boolean;
  live: boolean;
  source?: string;
  pages?: number;
  seededFrom?: string | null;
}

export interface HistoryEntry {
  at: string;
  action: 'activate' | 'rollback';
  id: string;
  from: string | null;
}

interface History {
  version: 1;
  /** Activation stack, oldest first; rollback pops it. */
  stack: string[];
  log: HistoryEntry[];
}

export interface ReleasesStatus {
  root: string;
  live: string | null;
  /** Where `rollback()` would go. */
  previous: string | null;
  releases: ReleaseInfo[];
  history: HistoryEntry[];
}

export type SeedFrom = 'current' | 'empty';
/** How a seeded release gets the live one's files: hard links (fast; never write a file in place, see replaceFile) or a full copy. */
export type SeedMethod = 'link' | 'copy';

export interface PreparedRelease {
  id: string;
  dir: string;
  seededFrom: string | null;
}

export type ReleaseOutcome =
  { ok: true; release: ReleaseMarker; previous: string | null; removed: string[] } | { ok: false; id: string; error: Error };

export interface ReleaseManagerOptions {
  /** Default RELEASES_DIR (`releases`). */
  root?: string;
  /** Default RELEASES_KEEP (5). */
  keep?: number;
  now?: () => Date;
  seedMethod?: SeedMethod;
  /** How long a mutation waits for another process's lock before giving up. */
  lockTimeoutMs?: number;
  /** Default RELEASE_SWITCH_COMMAND: run after each switch of `current` (see afterSwitch). */
  switchCommand?: string;
  /** Where removed releases are reported; default console.log. */
  log?: (line: string) => void;
  /**
   * Seed the next release ahead: once a release is live, a copy of it (hard links) is made in
   * the background, and the next `prepare({ seedFrom: 'current' })` takes it when it is still a
   * copy of the live release, instead of linking every file of the live one while a publish waits
   * (183,000 files at 5,000 products). The publish service and its benchmark set it; `dispose()`
   * removes the copy. Off by default: a one-off manager (rollback, tests) never needs it.
   */
  seedAhead?: boolean;
}

export function isReleaseId(value: string): boolean {
  return ID_PATTERN.test(value);
}

function idTime(id: string): Date {
  const m = ID_PATTERN.exec(id);
  if (!m) throw new ReleaseError('RELEASE_ID_INVALID', `"${id}" is not a release id`);
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!, +m[7]!));
}

function formatId(time: Date): string {
  const stamp = time.toISOString().replace(/[-:]/g, ''); // 20261121T230102.123Z
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}

/** Writes a file by rename, so readers see the old content or the new, and a hard link into another release is replaced, never written through. */
export async function replaceFile(path: string, data: string | Uint8Array): Promise<void> {
  const tmp = join(dirname(path), `.${basename(path)}.${randomBytes(4).toString('hex')}.tmp`);
  await mkdir(dirname(path), { recursive: true });
  const handle = await open(tmp, 'w');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(tmp, path);
}

/** Pages of a built site: its .html files, less the 404.html of each language (a copy of its not-found page, by the host rules). */
export async function countPages(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((e) => e.endsWith('.html') && !e.endsWith('404.html')).length;
}

/** Mirrors a tree with hard links (directories made, files linked, symlinks recreated), a few operations in flight at once. */
export async function linkTree(from: string, to: string): Promise<number> {
  const files: string[] = [];
  const links: Array<[string, string]> = [];
  await mkdir(to, { recursive: true });
  const walk = async (rel: string): Promise<void> => {
    const entries = await readdir(join(from, rel), { withFileTypes: true });
    for (const entry of entries) {
      const path = rel ? `${rel}${sep}${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        await mkdir(join(to, path));
        await walk(path);
      } else if (entry.isSymbolicLink()) {
        links.push([await readlink(join(from, path)), path]);
      } else if (entry.isFile()) {
        files.push(path);
      }
    }
  };
  await walk('');
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const path = files[next++]!;
      await link(join(from, path), join(to, path));
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
  for (const [target, path] of links) await symlink(target, join(to, path));
  return files.length;
}

/** Runs the system's cp (GNU coreutils) with the given flags from one tree's contents into another. */
function systemCp(flags: string[], from: string, to: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn('cp', [...flags, `${from}/.`, to], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (code) =>
      code === 0 ? done() : fail(new Error(`cp ${flags.join(' ')} ${from} ${to} failed (${code}): ${stderr.trim()}`)),
    );
  });
}

/**
 * Seeds `to` with the files of `from`. Measured on the 10,000-page sample (10,474 files, 450 MB,
 * ext4, 2 cores): `cp -al` 0.2–0.7 s, linkTree 0.5–0.8 s, a full copy 6–30 s (`cp -a`, or
 * fs.cp). So hard links, by `cp -al` where GNU cp is, else by linkTree.
 */
async function seedTree(method: SeedMethod, from: string, to: string): Promise<void> {
  await mkdir(to);
  if (method === 'copy') return systemCp(['-a', '--reflink=auto'], from, to);
  try {
    await systemCp(['-al'], from, to);
  } catch {
    await rm(to, { recursive: true, force: true });
    await linkTree(from, to);
  }
}

export interface ReleaseManager {
  readonly root: string;
  /** `<root>/current`: what the static server, nginx or a CDN upload serves. */
  readonly currentPath: string;
  /** A fresh directory to build into; `seedFrom: 'current'` starts it as a copy of the live release. */
  prepare(options?: { seedFrom?: SeedFrom }): Promise<PreparedRelease>;
  /** Marks a built release complete: checks it has index.html, then writes `.release.json` last. */
  complete(id: string, details: { source: string; pages?: number }): Promise<ReleaseMarker>;
  /** Makes a complete release live by an atomic symlink swap; refuses an incomplete one. */
  activate(id: string): Promise<{ id: string; previous: string | null }>;
  /** Removes a release that is not live (a failed build's, for one). */
  discard(id: string): Promise<void>;
  /** prepare → build → complete → activate → prune; a failure removes the release, leaves `current` alone and is returned, not thrown. */
  release(options: {
    source: string;
    seedFrom?: SeedFrom;
    build: (dir: string, id: string, seededFrom: string | null) => Promise<{ pages?: number } | void>;
  }): Promise<ReleaseOutcome>;
  /** Makes the release live before the current one (by activation order) live again. */
  rollback(): Promise<{ from: string | null; to: string }>;
  /**
   * Keeps the newest `keep` complete releases plus the live one and the one before it; removes
   * the folders of builds that stopped unfinished (their process is gone) and says what it removed.
   * Returns removed ids.
   */
  prune(): Promise<string[]>;
  live(): Promise<string | null>;
  list(): Promise<ReleasesStatus>;
  /** Resolves when the copy seeded ahead (`seedAhead`) and the removals started by publishes are done: for benchmarks and tests. */
  settled(): Promise<void>;
  /** Removes the copy seeded ahead, once any removal under way is done: call when the service stops. */
  dispose(): Promise<void>;
}

/** How long the switch command may run before it is stopped. */
const SWITCH_COMMAND_TIMEOUT_MS = 30_000;

/**
 * Runs the deployment's switch command (RELEASE_SWITCH_COMMAND) once `current` points at `id`.
 * Inside the lock, so two switches' commands run in their order. The release is live by then
 * whatever the command does, so a failure is logged loudly, not thrown: the host goes on
 * serving the new files with its old includes until the command succeeds.
 */
async function afterSwitch(command: string, id: string, dir: string): Promise<void> {
  if (!command) return;
  const failure = await new Promise<string | null>((done) => {
    execFile(
      '/bin/sh',
      ['-c', command],
      { env: { ...process.env, RELEASE_ID: id, RELEASE_DIR: dir }, timeout: SWITCH_COMMAND_TIMEOUT_MS },
      (error, stdout, stderr) => {
        const output = `${stdout}${stderr}`.trim();
        if (!error) return done(null);
        const why = error.killed ? `was stopped after ${SWITCH_COMMAND_TIMEOUT_MS / 1000} s` : `exited with ${error.code ?? error.signal}`;
        done(`${why}${output ? `: ${output.slice(-500)}` : ''}`);
      },
    );
  });
  if (failure === null) console.log(`[releases] ${id} live; RELEASE_SWITCH_COMMAND ran`);
  else
    console.error(
      `[releases] ${id} is live, but RELEASE_SWITCH_COMMAND (${command}) ${failure}. The host may still send the previous release's headers and redirect maps: run it by hand.`,
    );
}

/** Whether process `pid` runs (one this process may not signal runs too). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether a lock or builder file naming `pid` belongs to a process that still runs. One naming
 * this process that it does not hold (`heldHere`) was left by an earlier process given the same
 * pid, as a container restart often does.
 */
const holderRuns = (pid: number, heldHere: boolean): boolean =>
  Number.isInteger(pid) && pid > 0 && (pid === process.pid ? heldHere : processRuns(pid));

export function createReleaseManager(options: ReleaseManagerOptions = {}): ReleaseManager {
  const root = resolve(options.root ?? releasesDir());
  const keep = options.keep ?? releasesKeep();
  const now = options.now ?? (() => new Date());
  const seedMethod = options.seedMethod ?? 'link';
  const lockTimeoutMs = options.lockTimeoutMs ?? 30_000;
  const switchCommand = options.switchCommand ?? releaseSwitchCommand();
  const log = options.log ?? console.log;
  const seedAhead = options.seedAhead ?? false;
  const currentPath = join(root, CURRENT_LINK);
  const historyPath = join(root, HISTORY_FILE);
  /** Releases this process is building, with the release each was seeded from. */
  const building = new Map<string, string | null>();
  let lastIdMs = 0;
  let queue: Promise<unknown> = Promise.resolve();
  /** The copy of the live release seeded ahead (`seedAhead`), while it is made and until a publish takes it. */
  let ahead: Promise<PreparedRelease | null> | null = null;
  /** Removals of releases that prune renamed aside and deletes in the background. */
  const removals = new Set<Promise<void>>();

  const dirOf = (id: string): string => {
    if (!isReleaseId(id)) throw new ReleaseError('RELEASE_ID_INVALID', `"${id}" is not a release id`);
    return join(root, id);
  };
  const builderFileOf = (id: string) => join(root, `${BUILDER_PREFIX}${id}`);

  /** Says that this process builds `id`, before its folder is made. */
  async function claimBuild(id: string): Promise<void> {
    await writeFile(builderFileOf(id), String(process.pid), { flag: 'wx' });
    buildsHere.add(builderFileOf(id));
  }

  /** The build of `id` is over (complete, or given up): its folder is a release or is gone. */
  async function endBuild(id: string): Promise<void> {
    building.delete(id);
    await unlink(builderFileOf(id)).catch(() => {});
    buildsHere.delete(builderFileOf(id));
  }

  /** Whether a process that still runs, this one or another, builds `id`. */
  async function buildRuns(id: string): Promise<boolean> {
    const holder = Number(await readFile(builderFileOf(id), 'utf8').catch(() => ''));
    return holderRuns(holder, buildsHere.has(builderFileOf(id)));
  }

  async function live(): Promise<string | null> {
    try {
      const target = await readlink(currentPath);
      const id = basename(target);
      return isReleaseId(id) ? id : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async function readMarker(id: string): Promise<ReleaseMarker | null> {
    try {
      const marker = JSON.parse(await readFile(join(dirOf(id), MARKER_FILE), 'utf8')) as ReleaseMarker;
      return marker.id === id ? marker : null;
    } catch {
      return null;
    }
  }

  async function readHistory(): Promise<History> {
    let text: string;
    try {
      text = await readFile(historyPath, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, stack: [], log: [] };
      throw error;
    }
    try {
      const data = JSON.parse(text) as History;
      if (data.version === 1 && Array.isArray(data.stack) && Array.isArray(data.log)) return data;
    } catch {
      // Reported below, as a history of the wrong shape is.
    }
    // A hand edit, or a disk that filled up: publishing goes on, with a stack rebuilt from the
    // releases in the order they were made, so a rollback still has somewhere to go.
    console.error(`[releases] ${historyPath} is not a release history: rebuilt from the releases' ids at the next switch`);
    return { version: 1, stack: await releaseIds(), log: [] };
  }

  /**
   * After a switch: the release is live whatever happens here, so a history that cannot be
   * written is logged, not reported as the switch's failure.
   */
  async function writeHistory(history: History): Promise<void> {
    history.stack = history.stack.slice(-HISTORY_STACK_MAX);
    history.log = history.log.slice(-HISTORY_LOG_MAX);
    await replaceFile(historyPath, `${JSON.stringify(history, null, 2)}\n`).catch((error: Error) =>
      console.error(`[releases] the switch is done, but ${historyPath} could not be written: ${error.message}`),
    );
  }

  async function releaseIds(): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(root);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return names.filter(isReleaseId).sort();
  }

  /**
   * Where a rollback goes: the stack entry below the live release's latest activation (the top
   * of the stack if the live one is not on it, e.g. a crash between swap and history write),
   * skipping releases that are gone or incomplete.
   */
  async function previousOf(history: History, liveId: string | null): Promise<{ target: string | null; below: string[] }> {
    const at = liveId ? history.stack.lastIndexOf(liveId) : -1;
    const below = at >= 0 ? history.stack.slice(0, at) : [...history.stack];
    while (below.length) {
      const candidate = below[below.length - 1]!;
      if (candidate !== liveId && (await readMarker(candidate)) && existsSync(join(root, candidate, 'index.html')))
        return { target: candidate, below };
      below.pop();
    }
    return { target: null, below };
  }

  async function withLock<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(async () => {
      await mkdir(root, { recursive: true });
      const lockPath = join(root, LOCK_FILE);
      const started = Date.now();
      for (;;) {
        try {
          const handle = await open(lockPath, 'wx');
          locksHeldHere.add(lockPath);
          await handle.writeFile(String(process.pid));
          await handle.close();
          break;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
          const holder = Number(await readFile(lockPath, 'utf8').catch(() => ''));
          const alive = holderRuns(holder, locksHeldHere.has(lockPath));
          // A lock left by a process that died (or an earlier one with our pid) is taken over; an
          // empty one (being written) is waited for.
          if (!alive && holder) await unlink(lockPath).catch(() => {});
          else if (Date.now() - started > lockTimeoutMs)
            throw new ReleaseError('RELEASES_LOCKED', `${lockPath} is held by process ${holder || 'unknown'}`);
          else await new Promise((r) => setTimeout(r, 25));
        }
      }
      try {
        return await work();
      } finally {
        await unlink(lockPath).catch(() => {});
        locksHeldHere.delete(lockPath);
      }
    });
    queue = run.catch(() => {});
    return run;
  }

  async function verify(id: string): Promise<ReleaseMarker> {
    const dir = dirOf(id);
    if (!existsSync(dir)) throw new ReleaseError('RELEASE_NOT_FOUND', `Release ${id} does not exist in ${root}`);
    const marker = await readMarker(id);
    if (!marker) throw new ReleaseError('RELEASE_INCOMPLETE', `Release ${id} is incomplete (no ${MARKER_FILE}): it cannot go live`);
    const index = await stat(join(dir, 'index.html')).catch(() => null);
    if (!index?.isFile()) throw new ReleaseError('RELEASE_INCOMPLETE', `Release ${id} has no index.html: it cannot go live`);
    return marker;
  }

  /** The swap: a new symlink under a temporary name, renamed over `current` (atomic on POSIX). */
  async function swapTo(id: string): Promise<void> {
    const tmp = join(root, `.${CURRENT_LINK}.${randomBytes(4).toString('hex')}.tmp`);
    await symlink(id, tmp);
    try {
      await rename(tmp, currentPath);
    } catch (error) {
      await unlink(tmp).catch(() => {});
      throw error;
    }
  }

  /** A fresh release id, later than every one this manager made. */
  function nextId(): string {
    const ms = Math.max(now().getTime(), lastIdMs + 1);
    lastIdMs = ms;
    return formatId(new Date(ms));
  }

  /** A copy of the live release (hard links, its marker unlinked) under a builder's claim; null when none is live or the copy failed. */
  async function seedCopy(): Promise<PreparedRelease | null> {
    const id = nextId();
    const dir = join(root, id);
    await claimBuild(id);
    building.set(id, null);
    try {
      if (!(await live())) throw new Error('no live release');
      const source = await realpath(currentPath);
      await seedTree(seedMethod, source, dir);
      await rm(join(dir, MARKER_FILE), { force: true });
      building.set(id, basename(source));
      return { id, dir, seededFrom: basename(source) };
    } catch {
      await rm(dir, { recursive: true, force: true });
      await endBuild(id);
      return null;
    }
  }

  /** Gives up a copy seeded ahead: its folder and its claim go. */
  async function dropCopy(copy: PreparedRelease): Promise<void> {
    await rm(copy.dir, { recursive: true, force: true }).catch(() => {});
    await endBuild(copy.id);
  }

  /** Starts the copy of the live release for the next publish, unless the one held is of it already. */
  function seedNext(): void {
    if (!seedAhead) return;
    const previous = ahead;
    ahead = (async () => {
      const held = await previous;
      const liveId = await live().catch(() => null);
      if (held && held.seededFrom === liveId) return held;
      if (held) await dropCopy(held);
      return liveId ? seedCopy() : null;
    })().catch(() => null);
  }

  /**
   * The copy seeded ahead, as release `id`, when it is a copy of what is live now (a rollback or
   * another process's publish since it was made: it is not, and is dropped). Renamed to the new
   * id, so that ids still say when a release was made.
   */
  async function takeCopy(id: string, dir: string): Promise<string | null> {
    const held = await ahead;
    ahead = null;
    if (!held) return null;
    const liveId = await live();
    if (!liveId || held.seededFrom !== liveId || basename(await realpath(currentPath)) !== liveId) {
      await dropCopy(held);
      return null;
    }
    await rename(held.dir, dir);
    await endBuild(held.id);
    return held.seededFrom;
  }

  async function prepare(prepareOptions: { seedFrom?: SeedFrom } = {}): Promise<PreparedRelease> {
    await mkdir(root, { recursive: true });
    const id = nextId();
    const dir = join(root, id);
    await claimBuild(id);
    building.set(id, null);
    try {
      let seededFrom: string | null = null;
      const liveId = prepareOptions.seedFrom === 'current' ? await live() : null;
      const taken = liveId ? await takeCopy(id, dir) : null;
      if (taken) {
        seededFrom = taken;
        building.set(id, seededFrom);
      } else if (liveId) {
        // The live release's real path, resolved once: a swap meanwhile cannot mix two seeds.
        const source = await realpath(currentPath);
        await seedTree(seedMethod, source, dir);
        // The seed's marker is the live release's (a hard link to it): unlinked, never rewritten.
        await rm(join(dir, MARKER_FILE), { force: true });
        seededFrom = basename(source);
        building.set(id, seededFrom);
      } else {
        await mkdir(dir);
      }
      return { id, dir, seededFrom };
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      await endBuild(id);
      throw error;
    }
  }

  /** Links the live release's own assets that `dir` lacks into it; returns their paths. */
  async function carryAssets(dir: string): Promise<string[]> {
    const liveId = await live();
    if (!liveId) return [];
    const liveDir = join(root, liveId);
    const inherited = new Set((await readMarker(liveId))?.carriedAssets ?? []);
    const entries = await readdir(join(liveDir, ASSETS_DIR), { recursive: true, withFileTypes: true }).catch(() => []);
    const carried: string[] = [];
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const path = relative(liveDir, join(entry.parentPath, entry.name)).split(sep).join('/');
      if (inherited.has(path) || existsSync(join(dir, path))) continue;
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await link(join(liveDir, path), join(dir, path));
      carried.push(path);
    }
    return carried.sort();
  }

  async function complete(id: string, details: { source: string; pages?: number }): Promise<ReleaseMarker> {
    const dir = dirOf(id);
    const index = await stat(join(dir, 'index.html')).catch(() => null);
    if (!index?.isFile()) throw new ReleaseError('RELEASE_INCOMPLETE', `Release ${id} has no index.html: the build did not finish`);
    const marker: ReleaseMarker = {
      id,
      createdAt: idTime(id).toISOString(),
      completedAt: now().toISOString(),
      source: details.source,
      pages: details.pages ?? (await countPages(dir)),
      seededFrom: building.get(id) ?? null,
      carriedAssets: await carryAssets(dir),
    };
    await replaceFile(join(dir, MARKER_FILE), `${JSON.stringify(marker, null, 2)}\n`);
    await endBuild(id);
    return marker;
  }

  async function activate(id: string): Promise<{ id: string; previous: string | null }> {
    return withLock(async () => {
      await verify(id);
      const previous = await live();
      // Read before the swap: a history that cannot be read fails the activation with nothing switched.
      const history = await readHistory();
      await swapTo(id);
      if (history.stack[history.stack.length - 1] !== id) history.stack.push(id);
      history.log.push({ at: now().toISOString(), action: 'activate', id, from: previous });
      await writeHistory(history);
      await afterSwitch(switchCommand, id, dirOf(id));
      return { id, previous };
    });
  }

  async function discard(id: string): Promise<void> {
    const dir = dirOf(id);
    if ((await live()) === id) throw new ReleaseError('RELEASE_IS_LIVE', `Release ${id} is live: it cannot be removed`);
    try {
      await rm(dir, { recursive: true, force: true });
    } finally {
      await endBuild(id);
    }
  }

  async function rollback(): Promise<{ from: string | null; to: string }> {
    return withLock(async () => {
      const history = await readHistory();
      const from = await live();
      const { target, below } = await previousOf(history, from);
      if (!target) {
        throw new ReleaseError(
          'NO_PREVIOUS_RELEASE',
          from ? `No release before ${from} to roll back to` : `No release is live in ${root}, so there is nothing to roll back`,
        );
      }
      await swapTo(target);
      // The rolled-back release leaves the stack: a second rollback goes one further back.
      history.stack = below;
      history.log.push({ at: now().toISOString(), action: 'rollback', id: target, from });
      await writeHistory(history);
      await afterSwitch(switchCommand, target, dirOf(target));
      return { from, to: target };
    });
  }

  /**
   * Deletes a release folder renamed aside, then says so; `wait`: before returning, else in the
   * background (a publish's own prune: the next publish must not wait for it).
   */
  async function removeAside(aside: string, line: string, wait: boolean): Promise<void> {
    const removal = (async () => {
      const entries = await readdir(aside, { recursive: true, withFileTypes: true }).catch(() => []);
      await rm(aside, { recursive: true, force: true });
      log(`${line} (${entries.filter((e) => !e.isDirectory()).length} files)`);
    })().catch((error: Error) => console.error(`[releases] removing ${aside} failed: ${error.message}`));
    removals.add(removal);
    void removal.finally(() => removals.delete(removal));
    if (wait) await removal;
  }

  async function prune(pruneOptions: { background?: boolean } = {}): Promise<string[]> {
    const wait = !pruneOptions.background;
    return withLock(async () => {
      const liveId = await live();
      const history = await readHistory();
      const { target: previous } = await previousOf(history, liveId);
      const inHistory = new Set(history.stack);
      const complete: string[] = [];
      const removed: string[] = [];
      const remove = async (id: string, why: string) => {
        // Gone from the releases at once (a rename), deleted after.
        const aside = join(root, `${REMOVING_PREFIX}${id}`);
        await rename(join(root, id), aside);
        removed.push(id);
        await removeAside(aside, `[releases] removed ${id}, ${why}`, wait);
      };
      for (const id of await releaseIds()) {
        // The builder first: a build completes by writing its marker and only then ending, so
        // a build seen ended here has its marker on disk if it finished.
        if (await buildRuns(id)) continue;
        if (await readMarker(id)) complete.push(id);
        else if (id !== liveId && !inHistory.has(id)) {
          await remove(id, 'a build that stopped before it finished');
          await unlink(builderFileOf(id)).catch(() => {});
        }
      }
      const kept = new Set(complete.slice(-keep));
      if (liveId) kept.add(liveId);
      if (previous) kept.add(previous);
      for (const id of complete) if (!kept.has(id)) await remove(id, `older than the newest ${keep} kept`);
      for (const name of await readdir(root)) {
        // Temporary files of a swap or history write that a crash left behind.
        if (name.startsWith('.') && name.endsWith('.tmp')) await rm(join(root, name), { force: true });
        // A removal that a process stopped in the middle of (this one's own are under way).
        else if (name.startsWith(REMOVING_PREFIX) && removals.size === 0)
          await removeAside(join(root, name), `[releases] removed ${name.slice(REMOVING_PREFIX.length)}, left half removed`, wait);
        // A builder file whose build stopped before its folder was made. One without a pid yet is
        // being written, its folder still to come: left alone.
        else if (name.startsWith(BUILDER_PREFIX) && !existsSync(join(root, name.slice(BUILDER_PREFIX.length)))) {
          const holder = Number(await readFile(join(root, name), 'utf8').catch(() => ''));
          if (holder > 0 && !holderRuns(holder, buildsHere.has(join(root, name)))) await rm(join(root, name), { force: true });
        }
      }
      return removed.sort();
    });
  }

  /** After a publish, whether it went live or not: a failed clean-up is reported, not a failed publish. */
  function pruneAfterPublish(): Promise<string[]> {
    return prune({ background: true }).catch((error: Error) => {
      console.error(`[releases] pruning ${root} failed: ${error.message}`);
      return [];
    });
  }

  async function release(releaseOptions: {
    source: string;
    seedFrom?: SeedFrom;
    build: (dir: string, id: string, seededFrom: string | null) => Promise<{ pages?: number } | void>;
  }): Promise<ReleaseOutcome> {
    let prepared: PreparedRelease | null = null;
    try {
      prepared = await prepare({ seedFrom: releaseOptions.seedFrom ?? 'empty' });
      const built = await releaseOptions.build(prepared.dir, prepared.id, prepared.seededFrom);
      const marker = await complete(prepared.id, {
        source: releaseOptions.source,
        ...(built?.pages !== undefined ? { pages: built.pages } : {}),
      });
      const { previous } = await activate(prepared.id);
      const removed = await pruneAfterPublish();
      seedNext();
      return { ok: true, release: marker, previous, removed };
    } catch (error) {
      const id = prepared?.id ?? '';
      if (prepared && (await live()) !== prepared.id) await discard(prepared.id).catch(() => {});
      await pruneAfterPublish();
      // The copy may have gone into the failed release: the next publish gets one all the same.
      seedNext();
      const cause = error instanceof Error ? error : new Error(String(error));
      return {
        ok: false,
        id,
        error:
          cause instanceof ReleaseError
            ? cause
            : new ReleaseError('RELEASE_BUILD_FAILED', `Release ${id || '(not prepared)'} failed: ${cause.message}`, { cause }),
      };
    }
  }

  async function list(): Promise<ReleasesStatus> {
    const liveId = await live();
    const history = await readHistory();
    const { target: previous } = await previousOf(history, liveId);
    const releases: ReleaseInfo[] = [];
    for (const id of (await releaseIds()).reverse()) {
      const marker = await readMarker(id);
      releases.push({
        id,
        createdAt: idTime(id).toISOString(),
        complete: Boolean(marker),
        live: id === liveId,
        ...(marker ? { source: marker.source, pages: marker.pages, seededFrom: marker.seededFrom } : {}),
      });
    }
    return { root, live: liveId, previous, releases, history: history.log.slice(-20).reverse() };
  }

  async function settled(): Promise<void> {
    await ahead;
    while (removals.size > 0) await Promise.all([...removals]);
  }

  async function dispose(): Promise<void> {
    const held = await ahead;
    ahead = null;
    if (held) await dropCopy(held);
    await settled();
  }

  return {
    root,
    currentPath,
    prepare,
    complete,
    activate,
    discard,
    release,
    rollback,
    prune: () => prune(),
    live,
    list,
    settled,
    dispose,
  };
}

/** The path a release directory is served at, relative to the working directory (for logs). */
export function displayPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') ? rel : path;
}
