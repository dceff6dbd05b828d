/**
 * Atomic releases (docs/publishing.md, Releases), on real temporary directories: the swap seen by a reader
 * in another thread and by HTTP clients of the static server, refusal of incomplete releases,
 * failed builds, retention, rollback and its CLI.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { lstat, mkdtemp, readdir, readFile, readlink, rm, stat, symlink, unlink, writeFile, mkdir } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createReleaseManager,
  HISTORY_FILE,
  isReleaseId,
  linkTree,
  MARKER_FILE,
  replaceFile,
  ReleaseError,
  type ReleaseManager,
} from '../../scripts/publish/releases.ts';
import { startStaticServer } from '../../scripts/static-server.ts';
import { startNginx } from '../fixtures/nginx.ts';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'releases-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A page whose every part names its release, long enough to be streamed in several chunks. */
function page(id: string, name: string): string {
  return `<!doctype html><html><head><title>${name}</title></head><body data-release="${id}">${`<p>${id}</p>`.repeat(2000)}</body></html>\n`;
}

async function built(manager: ReleaseManager, source = 'test'): Promise<string> {
  const { id, dir } = await manager.prepare();
  for (const name of ['index.html', 'a.html', 'b.html']) await writeFile(join(dir, name), page(id, name));
  await manager.complete(id, { source });
  return id;
}

async function released(manager: ReleaseManager): Promise<string> {
  const id = await built(manager);
  await manager.activate(id);
  return id;
}

describe('release ids and layout', () => {
  it('gives ids that sort by creation time, a relative current symlink and a marker written last', async () => {
    let clock = Date.UTC(2026, 10, 21, 23, 1, 2, 123);
    const manager = createReleaseManager({ root, keep: 5, now: () => new Date(clock) });
    const first = await built(manager, 'npm start');
    const second = await built(manager); // same clock: still after the first
    clock += 1000;
    const third = await built(manager);
    expect(first).toMatch(/^20261121T230102\.123Z-[0-9a-f]{6}$/);
    expect([third, first, second].sort()).toEqual([first, second, third]);
    await manager.activate(first);
    expect((await lstat(join(root, 'current'))).isSymbolicLink()).toBe(true);
    expect(await readlink(join(root, 'current'))).toBe(first);
    const marker = JSON.parse(await readFile(join(root, first, MARKER_FILE), 'utf8'));
    expect(marker).toMatchObject({
      id: first,
      createdAt: '2026-11-21T23:01:02.123Z',
      source: 'npm start',
      pages: 3,
      seededFrom: null,
      carriedAssets: [],
    });
    const status = await manager.list();
    expect(status.live).toBe(first);
    expect(status.releases.map((r) => [r.id, r.live, r.pages])).toEqual([
      [third, false, 3],
      [second, false, 3],
      [first, true, 3],
    ]);
    expect(isReleaseId('../etc')).toBe(false);
    await expect(manager.activate('../etc')).rejects.toMatchObject({ code: 'RELEASE_ID_INVALID' });
  });
});

/**
 * Reads `current` the way the static server does (realpath once, then both pages under it)
 * in a tight loop in a worker thread, until told to stop. Counts reads, errors and mixes.
 */
const READER = `
const { parentPort, workerData } = require('node:worker_threads');
const { realpathSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const stop = new Int32Array(workerData.stop);
let reads = 0, errors = 0, mixes = 0, firstError = '';
parentPort.postMessage('ready');
while (Atomics.load(stop, 0) === 0) {
  try {
    const base = realpathSync(workerData.current);
    const a = readFileSync(join(base, 'a.html'), 'utf8');
    const b = readFileSync(join(base, 'b.html'), 'utf8');
    const idA = /data-release="([^"]+)"/.exec(a)[1];
    const idB = /data-release="([^"]+)"/.exec(b)[1];
    if (idA !== idB || !a.endsWith('</html>\\n') || !b.endsWith('</html>\\n') || base.split('/').pop() !== idA) mixes++;
    reads++;
  } catch (error) {
    errors++;
    firstError ||= String(error && error.code || error);
  }
}
parentPort.postMessage({ reads, errors, mixes, firstError });
`;

async function withReader(
  current: string,
  swaps: () => Promise<void>,
): Promise<{ reads: number; errors: number; mixes: number; firstError: string }> {
  const stop = new SharedArrayBuffer(4);
  const worker = new Worker(READER, { eval: true, workerData: { current, stop } });
  const messages: unknown[] = [];
  const ready = new Promise<void>((resolve) => worker.once('message', () => resolve()));
  const done = new Promise<{ reads: number; errors: number; mixes: number; firstError: string }>((resolve, reject) => {
    worker.on('message', (m) => {
      messages.push(m);
      if (typeof m === 'object') resolve(m as never);
    });
    worker.once('error', reject);
  });
  await ready;
  await swaps();
  Atomics.store(new Int32Array(stop), 0, 1);
  const result = await done;
  await worker.terminate();
  return result;
}

describe('activation', () => {
  it('is atomic: a reader resolving current in a tight loop during 400 swaps never sees ENOENT or a mix', async () => {
    const manager = createReleaseManager({ root, keep: 10 });
    const ids = [await built(manager), await built(manager), await built(manager)];
    await manager.activate(ids[0]!);
    const result = await withReader(manager.currentPath, async () => {
      for (let i = 1; i <= 400; i++) await manager.activate(ids[i % 3]!);
    });
    expect(result.reads).toBeGreaterThan(400);
    expect(result).toMatchObject({ errors: 0, mixes: 0 });
  });

  it('(the same reader catches a non-atomic swap: unlink, then link)', async () => {
    const manager = createReleaseManager({ root, keep: 10 });
    const ids = [await built(manager), await built(manager)];
    const current = join(root, 'current');
    await symlink(ids[0]!, current);
    const result = await withReader(current, async () => {
      for (let i = 1; i <= 20000; i++) {
        await unlink(current);
        await symlink(ids[i % 2]!, current);
      }
    });
    expect(result.errors).toBeGreaterThan(0);
    expect(result.firstError).toBe('ENOENT');
  });

  it('refuses a release without its marker or without index.html, and leaves current alone', async () => {
    const manager = createReleaseManager({ root, keep: 5 });
    const live = await released(manager);
    const half = await manager.prepare();
    await writeFile(join(half.dir, 'index.html'), page(half.id, 'index.html'));
    await expect(manager.activate(half.id)).rejects.toMatchObject({ code: 'RELEASE_INCOMPLETE' });
    const empty = await manager.prepare();
    await expect(manager.complete(empty.id, { source: 'test' })).rejects.toMatchObject({ code: 'RELEASE_INCOMPLETE' });
    expect(existsSync(join(empty.dir, MARKER_FILE))).toBe(false);
    const gutted = await built(manager);
    await rm(join(root, gutted, 'index.html'));
    await expect(manager.activate(gutted)).rejects.toMatchObject({ code: 'RELEASE_INCOMPLETE' });
    const forged = await manager.prepare();
    await writeFile(join(forged.dir, 'index.html'), 'x');
    await writeFile(join(forged.dir, MARKER_FILE), JSON.stringify({ id: live }));
    await expect(manager.activate(forged.id)).rejects.toMatchObject({ code: 'RELEASE_INCOMPLETE' });
    await expect(manager.activate('20261121T230102.123Z-000000')).rejects.toMatchObject({ code: 'RELEASE_NOT_FOUND' });
    expect(await manager.live()).toBe(live);
  });
});

describe('release(): build, complete, activate, prune', () => {
  it('makes a successful build live and reports it', async () => {
    const manager = createReleaseManager({ root, keep: 5 });
    const first = await released(manager);
    const outcome = await manager.release({
      source: 'publish: zh-TW page 1203',
      build: async (dir, id) => {
        for (const name of ['index.html', 'a.html']) await writeFile(join(dir, name), page(id, name));
        return { pages: 2 };
      },
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.previous).toBe(first);
    expect(outcome.release).toMatchObject({ source: 'publish: zh-TW page 1203', pages: 2, seededFrom: null });
    expect(await manager.live()).toBe(outcome.release.id);
  });

  it('a failed build leaves current serving the old release, removes its directory and returns the error', async () => {
    const manager = createReleaseManager({ root, keep: 5 });
    const live = await released(manager);
    const before = await readdir(root);
    let buildDir = '';
    const outcome = await manager.release({
      source: 'publish',
      build: async (dir, id) => {
        buildDir = dir;
        await writeFile(join(dir, 'index.html'), page(id, 'index.html'));
        throw new Error('zh-TW page 1203: components[2].kind is not a known component');
      },
    });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error).toBeInstanceOf(ReleaseError);
    expect(outcome.error).toMatchObject({ code: 'RELEASE_BUILD_FAILED' });
    expect(outcome.error.message).toContain('components[2].kind is not a known component');
    expect(existsSync(buildDir)).toBe(false);
    expect(await manager.live()).toBe(live);
    expect(readFileSync(join(realpathSync(manager.currentPath), 'a.html'), 'utf8')).toContain(live);
    expect((await readdir(root)).sort()).toEqual(before.sort());
  });

  it('a build that finishes without index.html never goes live', async () => {
    const manager = createReleaseManager({ root, keep: 5 });
    const live = await released(manager);
    const outcome = await manager.release({ source: 'publish', build: async (dir) => void (await writeFile(join(dir, 'a.html'), 'half')) });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'RELEASE_INCOMPLETE' } });
    expect(await manager.live()).toBe(live);
  });

  it('seeds from current with hard links, without the marker; replaceFile never writes through to the live release', async () => {
    const manager = createReleaseManager({ root, keep: 5 });
    const live = await released(manager);
    await mkdir(join(root, live, '_astro'));
    await writeFile(join(root, live, '_astro', 'app.js'), 'js');
    await symlink('a.html', join(root, live, 'alias.html'));
    const seeded = await manager.prepare({ seedFrom: 'current' });
    expect(seeded.seededFrom).toBe(live);
    expect(existsSync(join(seeded.dir, MARKER_FILE))).toBe(false);
    expect((await stat(join(seeded.dir, 'b.html'))).ino).toBe((await stat(join(root, live, 'b.html'))).ino);
    expect(await readFile(join(seeded.dir, '_astro', 'app.js'), 'utf8')).toBe('js');
    expect(await readlink(join(seeded.dir, 'alias.html'))).toBe('a.html');
    // The fallback where GNU cp is missing gives the same tree.
    const mirror = join(root, 'mirror');
    expect(await linkTree(join(root, live), mirror)).toBe(5);
    expect((await stat(join(mirror, '_astro', 'app.js'))).ino).toBe((await stat(join(root, live, '_astro', 'app.js'))).ino);
    expect(await readlink(join(mirror, 'alias.html'))).toBe('a.html');
    await replaceFile(join(seeded.dir, 'a.html'), page(seeded.id, 'a.html'));
    await replaceFile(join(seeded.dir, 'index.html'), page(seeded.id, 'index.html'));
    expect(await readFile(join(root, live, 'a.html'), 'utf8')).toBe(page(live, 'a.html'));
    const marker = await manager.complete(seeded.id, { source: 'publish' });
    expect(marker.seededFrom).toBe(live);
    await manager.activate(seeded.id);
    expect(await readFile(join(manager.currentPath, 'a.html'), 'utf8')).toContain(seeded.id);
    expect(await readFile(join(manager.currentPath, 'b.html'), 'utf8')).toContain(live);
  });

  it('can seed with a full copy instead (separate files)', async () => {
    const manager = createReleaseManager({ root, keep: 5, seedMethod: 'copy' });
    const live = await released(manager);
    const seeded = await manager.prepare({ seedFrom: 'current' });
    expect((await stat(join(seeded.dir, 'b.html'))).ino).not.toBe((await stat(join(root, live, 'b.html'))).ino);
    expect(await readFile(join(seeded.dir, 'b.html'), 'utf8')).toBe(page(live, 'b.html'));
    expect(existsSync(join(seeded.dir, MARKER_FILE))).toBe(false);
  });
});

describe('assets across a swap', () => {
  it('a release carries the hashed assets of the one live before it (one generation), so a page served before the swap finds them after', async () => {
    const manager = createReleaseManager({ root, keep: 5 });
    const withAssets = async (names: string[]) => {
      const { id, dir } = await manager.prepare();
      await writeFile(join(dir, 'index.html'), page(id, 'index.html'));
      await mkdir(join(dir, '_astro', 'chunks'), { recursive: true });
      for (const name of names) await writeFile(join(dir, '_astro', name), name);
      const marker = await manager.complete(id, { source: 'test' });
      await manager.activate(id);
      return { id, marker, files: (await readdir(join(dir, '_astro'), { recursive: true })).filter((f) => f.includes('.')).sort() };
    };
    const a = await withAssets(['app.A1.js', 'chunks/lazy.A1.js', 'shared.S.css']);
    expect(a.marker.carriedAssets).toEqual([]);
    const b = await withAssets(['app.B1.js', 'shared.S.css']);
    expect(b.marker.carriedAssets).toEqual(['_astro/app.A1.js', '_astro/chunks/lazy.A1.js']);
    expect(b.files).toEqual(['app.A1.js', 'app.B1.js', 'chunks/lazy.A1.js', 'shared.S.css']);
    expect((await stat(join(root, b.id, '_astro', 'app.A1.js'))).ino).toBe((await stat(join(root, a.id, '_astro', 'app.A1.js'))).ino);
    const c = await withAssets(['app.C1.js']);
    expect(c.marker.carriedAssets).toEqual(['_astro/app.B1.js', '_astro/shared.S.css']);
    expect(c.files).toEqual(['app.B1.js', 'app.C1.js', 'shared.S.css']);
  });
});

describe('the releases lock', () => {
  const lockFile = () => join(root, '.lock');
  /** The pid of a process that has exited. */
  const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid;

  it('takes over a lock left by a process that died, and one naming this process that it does not hold (a restart reused the pid)', async () => {
    const manager = createReleaseManager({ root, keep: 5, lockTimeoutMs: 1000 });
    for (const holder of [deadPid(), process.pid]) {
      await writeFile(lockFile(), String(holder));
      const id = await released(manager);
      expect(realpathSync(join(root, 'current'))).toBe(realpathSync(join(root, id)));
      expect(existsSync(lockFile())).toBe(false);
    }
  });

  it('waits for a live holder, and says who holds it when that takes too long', async () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      const manager = createReleaseManager({ root, keep: 5, lockTimeoutMs: 300 });
      const id = await built(manager);
      await writeFile(lockFile(), String(holder.pid));
      const error = await manager.activate(id).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ReleaseError);
      expect((error as ReleaseError).message).toBe(`${lockFile()} is held by process ${holder.pid}`);
    } finally {
      holder.kill();
    }
  });

  it('keeps two managers of one process on one root apart: the second waits for the first', async () => {
    // The first holds the lock for half a second: its switch command runs inside it.
    const first = createReleaseManager({ root, keep: 5, switchCommand: 'sleep 0.5' });
    const second = createReleaseManager({ root, keep: 5, lockTimeoutMs: 5000, switchCommand: '' });
    const [one, two] = [await built(first), await built(second)];
    const order: string[] = [];
    const slow = first.activate(one).then(() => order.push('first'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(existsSync(join(root, '.lock'))).toBe(true);
    await Promise.all([slow, second.activate(two).then(() => order.push('second'))]);
    expect(order).toEqual(['first', 'second']);
    expect(realpathSync(join(root, 'current'))).toBe(realpathSync(join(root, two)));
  });
});

describe('retention', () => {
  it('keeps the newest N, and always the live release and the one before it', async () => {
    const manager = createReleaseManager({ root, keep: 2 });
    const [a, b, c] = [await released(manager), await released(manager), await released(manager)];
    expect(await manager.prune()).toEqual([a]);
    await manager.rollback(); // b live, a gone: nothing before b any more
    const [d, e] = [await built(manager), await built(manager)];
    // Newest two are d and e; b is live. c, rolled back from, goes.
    expect(await manager.prune()).toEqual([c]);
    expect((await manager.list()).releases.map((r) => r.id)).toEqual([e, d, b]);
    await manager.activate(d);
    await manager.activate(e);
    const [f, g] = [await built(manager), await built(manager)];
    // Newest two are f and g; e is live and d before it: b goes.
    expect(await manager.prune()).toEqual([b]);
    expect((await manager.list()).releases.map((r) => r.id)).toEqual([g, f, e, d]);
  });

  it('removes a crash leftover (incomplete, old) but not a build in progress', async () => {
    let clock = Date.UTC(2026, 10, 21, 12);
    const manager = createReleaseManager({ root, keep: 5, now: () => new Date(clock) });
    await released(manager);
    const leftover = '20261121T100000.000Z-abcdef';
    await mkdir(join(root, leftover));
    await writeFile(join(root, '.current.1234.tmp'), '');
    const inProgress = await manager.prepare();
    clock += 2 * 60 * 60 * 1000;
    expect(await manager.prune()).toEqual([leftover]);
    expect(existsSync(inProgress.dir)).toBe(true);
    expect(existsSync(join(root, '.current.1234.tmp'))).toBe(false);
  });

  it('removes the folder of a build killed midway at the next start and at the next publish, keeping the live and rollback releases', async () => {
    const manager = createReleaseManager({ root, keep: 5 });
    const [first, previous, live] = [await released(manager), await released(manager), await released(manager)];
    const killedAtStart = await killedBuild(root);
    expect(existsSync(join(root, killedAtStart))).toBe(true);

    // The service starting again: a fresh manager over the same root.
    const lines: string[] = [];
    const restarted = createReleaseManager({ root, keep: 5, log: (line) => lines.push(line) });
    expect(await restarted.prune()).toEqual([killedAtStart]);
    expect(lines).toEqual([`[releases] removed ${killedAtStart}, a build that stopped before it finished (20 files)`]);

    const killedBeforePublish = await killedBuild(root);
    const outcome = await restarted.release({
      source: 'publish',
      build: async (dir, id) => writeFile(join(dir, 'index.html'), page(id, 'index.html')),
    });
    expect(outcome.ok && outcome.removed).toEqual([killedBeforePublish]);
    const kept = (await restarted.list()).releases.map((r) => r.id);
    expect(kept).toEqual([outcome.ok ? outcome.release.id : '', live, previous, first]);
    // Nothing says a build runs any more.
    expect((await readdir(root)).filter((name) => name.startsWith('.building-'))).toEqual([]);
  });

  it('keeps a release another process is still building, until that process is gone', async () => {
    const manager = createReleaseManager({ root, keep: 5 });
    await released(manager);
    const build = await startBuild(root);
    try {
      expect(await manager.prune()).toEqual([]);
      expect(existsSync(join(root, build.id, 'page-0.html'))).toBe(true);
    } finally {
      build.child.kill('SIGKILL');
      await once(build.child, 'exit');
    }
    expect(await manager.prune()).toEqual([build.id]);
  });
});

describe('the next release seeded ahead (seedAhead)', () => {
  /** A publish as the publisher makes one: seeded from the live release, one page written anew. */
  const publish = (manager: ReleaseManager) =>
    manager.release({
      source: 'publish',
      seedFrom: 'current',
      build: async (dir, id) => replaceFile(join(dir, 'a.html'), page(id, 'a.html')),
    });
  /** Folders in the root that are not complete releases: a copy seeded ahead, a removal under way. */
  const unfinished = async () =>
    (await readdir(root, { withFileTypes: true })).filter((e) => e.isDirectory() && !existsSync(join(root, e.name, MARKER_FILE)));

  it('copies the live release after a publish, and the next publish takes that copy instead of linking every file then', async () => {
    const manager = createReleaseManager({ root, keep: 5, seedAhead: true, log: () => {} });
    await released(manager);
    const first = await publish(manager);
    if (!first.ok) throw first.error;
    await manager.settled();
    // The copy: hard links of the live release's files, without its marker, claimed by this process.
    const [copy, ...more] = await unfinished();
    expect(more).toEqual([]);
    const live = join(root, first.release.id);
    expect((await stat(join(root, copy!.name, 'b.html'))).ino).toBe((await stat(join(live, 'b.html'))).ino);
    expect(existsSync(join(root, copy!.name, MARKER_FILE))).toBe(false);
    expect(existsSync(join(root, `.building-${copy!.name}`))).toBe(true);
    expect(await manager.prune()).toEqual([]);
    const copyFolder = (await stat(join(root, copy!.name))).ino;

    const second = await publish(manager);
    if (!second.ok) throw second.error;
    // The same folder, renamed to the new release's id (which still says when it was made).
    expect((await stat(join(root, second.release.id))).ino).toBe(copyFolder);
    expect(second.release.id > copy!.name).toBe(true);
    expect(second.release.seededFrom).toBe(first.release.id);
    expect(readFileSync(join(root, second.release.id, 'a.html'), 'utf8')).toContain(second.release.id);
    // The live release it was copied from is as it was: files are replaced in the copy, never written through.
    expect(readFileSync(join(live, 'a.html'), 'utf8')).toContain(first.release.id);
    await manager.dispose();
    expect(await unfinished()).toEqual([]);
    expect((await readdir(root)).filter((name) => name.startsWith('.building-'))).toEqual([]);
  });

  it('drops a copy of a release no longer live (a rollback since), and seeds the publish from what is live', async () => {
    const manager = createReleaseManager({ root, keep: 5, seedAhead: true, log: () => {} });
    const before = await released(manager);
    const first = await publish(manager);
    if (!first.ok) throw first.error;
    await manager.settled();
    const [stale] = await unfinished();
    await manager.rollback();
    const next = await publish(manager);
    if (!next.ok) throw next.error;
    expect(next.release.seededFrom).toBe(before);
    expect(existsSync(join(root, stale!.name))).toBe(false);
    // What it was seeded from: the rolled-back-to release's page, not the copy's.
    expect(readFileSync(join(root, next.release.id, 'b.html'), 'utf8')).toContain(before);
    await manager.dispose();
    expect(await unfinished()).toEqual([]);
  });

  it('removes old releases after the switch by renaming them aside, and a removal left half done by a stopped process at the next prune', async () => {
    const lines: string[] = [];
    const manager = createReleaseManager({ root, keep: 1, log: (line) => lines.push(line) });
    const old = await released(manager);
    await released(manager);
    const outcome = await publish(manager);
    expect(outcome.ok && outcome.removed).toEqual([old]);
    expect(existsSync(join(root, old))).toBe(false);
    await manager.settled();
    expect(lines).toContain(`[releases] removed ${old}, older than the newest 1 kept (4 files)`);
    expect((await readdir(root)).filter((name) => name.startsWith('.removing-'))).toEqual([]);

    const halfRemoved = join(root, '.removing-20261121T100000.000Z-abcdef');
    await mkdir(join(halfRemoved, 'en-gb'), { recursive: true });
    await writeFile(join(halfRemoved, 'en-gb', 'index.html'), 'left');
    expect(await manager.prune()).toEqual([]);
    expect(existsSync(halfRemoved)).toBe(false);
    expect(lines.at(-1)).toBe('[releases] removed 20261121T100000.000Z-abcdef, left half removed (1 files)');
  });
});

/** A build in another process: it prepares a release, writes 20 files into it and waits. */
async function startBuild(releasesRoot: string): Promise<{ child: ChildProcess; id: string }> {
  const script = `
    import { writeFile } from 'node:fs/promises';
    import { join } from 'node:path';
    import { createReleaseManager } from ${JSON.stringify(join(process.cwd(), 'scripts/publish/releases.ts'))};
    const { id, dir } = await createReleaseManager({ root: ${JSON.stringify(releasesRoot)} }).prepare();
    for (let i = 0; i < 20; i++) await writeFile(join(dir, 'page-' + i + '.html'), 'half a build');
    console.log(id);
    setInterval(() => {}, 60_000);
  `;
  const child = spawn(join(process.cwd(), 'node_modules/.bin/node'), ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(child.stdout!.setEncoding('utf8'), 'data')) as [string];
  return { child, id: line.trim() };
}

/** A build killed midway (SIGKILL: nothing of it runs again); returns its release id. */
async function killedBuild(releasesRoot: string): Promise<string> {
  const { child, id } = await startBuild(releasesRoot);
  child.kill('SIGKILL');
  await once(child, 'exit');
  return id;
}

describe('rollback', () => {
  it('goes back one release at a time by activation order, then says there is none before', async () => {
    const manager = createReleaseManager({ root, keep: 10 });
    const [a, b, c] = [await released(manager), await released(manager), await released(manager)];
    await manager.activate(a); // order of activation: a, b, c, a
    expect(await manager.rollback()).toEqual({ from: a, to: c });
    expect(await manager.rollback()).toEqual({ from: c, to: b });
    expect(await manager.rollback()).toEqual({ from: b, to: a });
    expect((await manager.list()).previous).toBe(null);
    await expect(manager.rollback()).rejects.toMatchObject({
      code: 'NO_PREVIOUS_RELEASE',
      message: `No release before ${a} to roll back to`,
    });
    expect(await manager.live()).toBe(a);
    const history = JSON.parse(await readFile(join(root, HISTORY_FILE), 'utf8'));
    expect(history.log.map((e: { action: string; id: string }) => `${e.action} ${e.id}`)).toEqual([
      `activate ${a}`,
      `activate ${b}`,
      `activate ${c}`,
      `activate ${a}`,
      `rollback ${c}`,
      `rollback ${b}`,
      `rollback ${a}`,
    ]);
  });

  it('with nothing live is a clear error', async () => {
    const manager = createReleaseManager({ root });
    await expect(manager.rollback()).rejects.toMatchObject({
      code: 'NO_PREVIOUS_RELEASE',
      message: expect.stringContaining('No release is live'),
    });
  });

  it('still finds the previous release if a crash came between the swap and the history write', async () => {
    const manager = createReleaseManager({ root, keep: 10 });
    const a = await released(manager);
    const b = await built(manager);
    await symlink(b, join(root, 'tmp-link'));
    await import('node:fs/promises').then((fs) => fs.rename(join(root, 'tmp-link'), join(root, 'current')));
    expect(await manager.rollback()).toEqual({ from: b, to: a });
  });

  it('a history that is not JSON does not stop a publish: the release goes live, reported so, and a new history starts', async () => {
    const manager = createReleaseManager({ root, keep: 10, switchCommand: '' });
    const a = await released(manager);
    await writeFile(join(root, HISTORY_FILE), '{"version":1,"stack":["2026');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const b = await built(manager);
      expect(await manager.activate(b)).toEqual({ id: b, previous: a });
      expect(realpathSync(join(root, 'current'))).toBe(realpathSync(join(root, b)));
      expect(errors.mock.calls.flat().join()).toContain(`${join(root, HISTORY_FILE)} is not a release history`);
      // The stack is rebuilt from the releases in the order they were made, so rollback still works.
      expect(JSON.parse(readFileSync(join(root, HISTORY_FILE), 'utf8')).stack).toEqual([a, b]);
      expect((await manager.list()).live).toBe(b);
      expect(await manager.rollback()).toEqual({ from: b, to: a });
    } finally {
      errors.mockRestore();
    }
  });

  it('a history that cannot be read fails the activation before anything is switched', async () => {
    const manager = createReleaseManager({ root, keep: 10, switchCommand: '' });
    const a = await released(manager);
    await rm(join(root, HISTORY_FILE));
    await mkdir(join(root, HISTORY_FILE));
    const b = await built(manager);
    await expect(manager.activate(b)).rejects.toThrow(/EISDIR/);
    expect(realpathSync(join(root, 'current'))).toBe(realpathSync(join(root, a)));
  });

  it('npm run rollback prints what it did, and fails clearly with no previous release', async () => {
    const manager = createReleaseManager({ root });
    const a = await released(manager);
    const node = join(process.cwd(), 'node_modules/.bin/node');
    const run = () => spawnSync(node, ['scripts/publish/rollback.ts'], { env: { ...process.env, RELEASES_DIR: root }, encoding: 'utf8' });
    let cli = run();
    expect(cli.status).toBe(1);
    expect(cli.stderr).toContain(`No release before ${a} to roll back to`);
    const b = await released(manager);
    cli = run();
    expect(cli.stderr).toBe('');
    expect(cli.status).toBe(0);
    expect(cli.stdout).toMatch(
      new RegExp(
        `^Rolled back from ${b} \\(3 pages, test\\) to ${a} \\(3 pages, test\\)\\.\\n.*current -> ${a}\\nThere is no release before it\\.\\n$`,
      ),
    );
    expect(await manager.live()).toBe(a);
  });
});

function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    // A server that fails inside a request never answers: fail fast and say so.
    req.setTimeout(5000, () => req.destroy(new Error(`${url}: no answer in 5 s`)));
    req.on('error', reject).end();
  });
}

/** Requests pages from `origin` from 8 clients while `manager` swaps between `ids`; every answer must be a whole page of one release. */
async function requestDuringSwaps(manager: ReleaseManager, ids: string[], origin: string): Promise<void> {
  let swapping = true;
  const swaps = (async () => {
    for (let i = 1; swapping; i++) await manager.activate(ids[i % 3]!);
  })();
  const seen = new Set<string>();
  const answers = await Promise.all(
    Array.from({ length: 8 }, async () => {
      const mine: Array<{ status: number; body: string; path: string }> = [];
      for (let i = 0; i < 40; i++) {
        const path = ['/', '/a.html', '/b.html'][i % 3]!;
        mine.push({ ...(await get(`${origin}${path}`)), path });
      }
      return mine;
    }),
  );
  swapping = false;
  await swaps;
  for (const { status, body, path } of answers.flat()) {
    expect(status, path).toBe(200);
    const id = /data-release="([^"]+)"/.exec(body)?.[1] ?? '';
    expect(ids).toContain(id);
    expect(body).toBe(page(id, path === '/' ? 'index.html' : path.slice(1)));
    seen.add(id);
  }
  // The swaps really happened while the requests were answered.
  expect(seen.size).toBeGreaterThan(1);
}

describe('the switch command (RELEASE_SWITCH_COMMAND)', () => {
  it('runs after each activation and rollback, with the release id and folder, in order', async () => {
    const log = join(root, 'switches.log');
    const manager = createReleaseManager({
      root: join(root, 'releases'),
      switchCommand: `printf '%s %s\\n' "$RELEASE_ID" "$(basename "$RELEASE_DIR")" >> '${log}'`,
    });
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const a = await released(manager);
    const b = await released(manager);
    await manager.rollback();
    expect(readFileSync(log, 'utf8')).toBe(`${a} ${a}\n${b} ${b}\n${a} ${a}\n`);
  });

  it('a failing command leaves the release live and says so, with its output', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const manager = createReleaseManager({ root: join(root, 'releases'), switchCommand: 'echo "no such site" >&2; exit 3' });
    const id = await released(manager);
    expect(await manager.live()).toBe(id);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining(`${id} is live, but RELEASE_SWITCH_COMMAND`));
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('exited with 3: no such site'));
  });

  it("makes a real nginx send the new release's include (a header), which without it stays the old one", async () => {
    const manager = createReleaseManager({ root: join(root, 'releases'), keep: 10 });
    const withHeader = async () => {
      const { id, dir } = await manager.prepare();
      await writeFile(join(dir, 'index.html'), page(id, 'index.html'));
      await writeFile(join(dir, 'headers.conf'), `add_header X-Release "${id}" always;\n`);
      await manager.complete(id, { source: 'test' });
      return id;
    };
    const [a, b, c] = [await withHeader(), await withHeader(), await withHeader()];
    await manager.activate(a);
    const nginx = await startNginx(
      root,
      `root ${manager.currentPath}; index index.html; include ${manager.currentPath}/headers.conf;`,
      '',
      {
        reloadable: true,
      },
    );
    const header = async () => (await fetch(`${nginx.origin}/`)).headers.get('x-release');
    try {
      expect(await header()).toBe(a);
      // Without the command: the new release's files, the old release's header.
      await manager.activate(b);
      expect(await header()).toBe(a);
      vi.spyOn(console, 'log').mockImplementation(() => {});
      const reloading = createReleaseManager({
        root: join(root, 'releases'),
        keep: 10,
        switchCommand: `${process.env.NGINX_PATH ?? '/usr/sbin/nginx'} -p '${root}' -c '${join(root, 'nginx.conf')}' -s reload`,
      });
      await reloading.activate(c);
      // The signal is sent when the command returns; nginx reads its configuration just after.
      for (let i = 0; i < 100 && (await header()) !== c; i += 1) await new Promise((r) => setTimeout(r, 50));
      expect(await header()).toBe(c);
    } finally {
      nginx.stop();
    }
  });
});

describe('serving a releases root', () => {
  it('the static server answers every request during swaps with a complete page of one release', async () => {
    const manager = createReleaseManager({ root, keep: 10 });
    const ids = [await built(manager), await built(manager), await built(manager)];
    await manager.activate(ids[0]!);
    const server = await startStaticServer({ root: manager.currentPath, port: 0, mobileSiteUrl: '' });
    try {
      await requestDuringSwaps(manager, ids, server.url);
    } finally {
      await server.close();
    }
  });

  it('so does nginx with root <releases>/current (disable_symlinks off, the default)', async () => {
    const manager = createReleaseManager({ root: join(root, 'releases'), keep: 10 });
    const ids = [await built(manager), await built(manager), await built(manager)];
    await manager.activate(ids[0]!);
    const nginx = await startNginx(root, `root ${manager.currentPath}; index index.html;`);
    try {
      await requestDuringSwaps(manager, ids, nginx.origin);
    } finally {
      nginx.stop();
    }
  });
});
