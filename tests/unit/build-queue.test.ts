import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BuildQueue,
  DEFAULT_DEBOUNCE_MS,
  RECENT_BUILDS,
  changeSetOf,
  languagesOf,
  mergeChange,
  mergeChangeSets,
  type ChangeSet,
} from '../../scripts/publish/build-queue.ts';

/** A build that takes `ms` and records what it was given; fails when `fail` says so. */
function recorder(ms: number, fail: (set: ChangeSet, index: number) => boolean = () => false) {
  const builds: Array<{ set: ChangeSet; at: number }> = [];
  const run = async (set: ChangeSet) => {
    const index = builds.length;
    builds.push({ set, at: Date.now() });
    await new Promise((resolve) => setTimeout(resolve, ms));
    if (fail(set, index)) throw new Error(`build ${index} failed: zh_TW/pages/women.json field components.0.type`);
    return { pages: Object.keys(set.documents).length };
  };
  return { builds, run };
}

const page = (n: number) => `zh_TW/pages/p${n}.json`;
const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);
const D = DEFAULT_DEBOUNCE_MS;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe('build queue', () => {
  it('waits for a short quiet (the debounce), then builds once', async () => {
    expect(D).toBeLessThanOrEqual(1000);
    const { builds, run } = recorder(200);
    const queue = new BuildQueue({ run });
    queue.enqueue({ id: 'a', changed: [page(1)] });
    await vi.advanceTimersByTimeAsync(D - 100);
    queue.enqueue({ id: 'b', changed: [page(2)] });
    await vi.advanceTimersByTimeAsync(D - 1);
    expect(builds).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(builds).toHaveLength(1);
    expect(builds[0]!.at - T0).toBe(2 * D - 100);
    expect(Object.keys(builds[0]!.set.documents)).toEqual([page(1), page(2)]);
    expect(builds[0]!.set.sources).toEqual(['a', 'b']);
  });

  it.each([100, 800, 4000, 12_000])(
    '100 publishes within 10 s lead to at most 2 builds, and every document is built (builds of %i ms)',
    async (buildMs) => {
      vi.setSystemTime(T0);
      const { builds, run } = recorder(buildMs);
      const queue = new BuildQueue({ run });
      for (let i = 0; i < 100; i++) {
        queue.enqueue({ id: `d${i}`, changed: [page(i)] });
        await vi.advanceTimersByTimeAsync(100); // 100 publishes over 10 s
      }
      await vi.advanceTimersByTimeAsync(60_000);
      expect(builds).toHaveLength(2);
      const built = builds.flatMap((b) => Object.keys(b.set.documents));
      expect(built).toHaveLength(100);
      expect(new Set(built).size).toBe(100);
      // The steady stream did not wait for quiet: the first build started by the 5 s maximum.
      expect(builds[0]!.at - T0).toBe(5000);
    },
  );

  it('a publish during a build goes into the next build, never the running one', async () => {
    const { builds, run } = recorder(3000);
    const queue = new BuildQueue({ run });
    queue.enqueue({ id: 'a', changed: [page(1)] });
    await vi.advanceTimersByTimeAsync(D);
    expect(builds).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(500);
    queue.enqueue({ id: 'b', changed: [page(2)] });
    expect(queue.state().running?.changeSet.sources).toEqual(['a']);
    expect(Object.keys(queue.state().queued!.changeSet.documents)).toEqual([page(2)]);
    // Its debounce passes while the first build still runs: it waits for the end.
    await vi.advanceTimersByTimeAsync(2000);
    expect(builds).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(builds).toHaveLength(2);
    expect(Object.keys(builds[1]!.set.documents)).toEqual([page(2)]);
    expect(builds[1]!.at - T0).toBeGreaterThanOrEqual(D + 3000); // straight after the first build ended
    expect(builds[1]!.at - T0).toBeLessThanOrEqual(D + 3001);
    await vi.advanceTimersByTimeAsync(5000);
    expect(queue.state()).toMatchObject({ queued: null, running: null, builds: 2, last: { ok: true } });
  });

  it('runs one build at a time', async () => {
    let running = 0;
    let most = 0;
    const queue = new BuildQueue({
      run: async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 7000));
        running -= 1;
      },
    });
    for (let i = 0; i < 60; i++) {
      queue.enqueue({ id: `d${i}`, changed: [page(i)] });
      await vi.advanceTimersByTimeAsync(500);
    }
    await vi.advanceTimersByTimeAsync(60_000);
    expect(most).toBe(1);
  });

  it('keeps a failed change set, reports it, and builds it with the next publish (not on its own)', async () => {
    const { builds, run } = recorder(100, (_, index) => index === 0);
    const onBuild = vi.fn();
    const queue = new BuildQueue({ run, onBuild });
    queue.enqueue({ id: 'bad', changed: [page(1), page(2)] });
    await vi.advanceTimersByTimeAsync(2000);
    expect(builds).toHaveLength(1);
    const state = queue.state();
    expect(state.last).toMatchObject({ ok: false, error: expect.stringContaining('field components.0.type') });
    expect(state.queued).toMatchObject({ dueAt: null });
    expect(Object.keys(state.queued!.changeSet.documents)).toEqual([page(1), page(2)]);
    expect(onBuild).toHaveBeenCalledWith(expect.objectContaining({ ok: false }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(builds).toHaveLength(1); // no retry loop on a malformed document

    queue.enqueue({ id: 'fix', changed: [page(2)] });
    await vi.advanceTimersByTimeAsync(2000);
    expect(builds).toHaveLength(2);
    expect(Object.keys(builds[1]!.set.documents).sort()).toEqual([page(1), page(2)]);
    expect(builds[1]!.set.sources).toEqual(['bad', 'fix']);
    expect(queue.state()).toMatchObject({ queued: null, last: { ok: true, result: { pages: 2 } } });
  });

  it('a failed build with publishes waiting behind it goes on with both', async () => {
    const { builds, run } = recorder(3000, (_, index) => index === 0);
    const queue = new BuildQueue({ run });
    queue.enqueue({ id: 'a', changed: [page(1)] });
    await vi.advanceTimersByTimeAsync(2000);
    queue.enqueue({ id: 'b', deleted: [page(1)], changed: [page(3)] });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(builds).toHaveLength(2);
    expect(builds[1]!.set.documents).toEqual({ [page(1)]: 'deleted', [page(3)]: 'changed' });
  });

  it('ignores a publish naming nothing, but builds a rebuild request (a date boundary)', async () => {
    const { builds, run } = recorder(10);
    const queue = new BuildQueue({ run });
    expect(queue.enqueue({ id: 'ping' })).toBe(false);
    expect(queue.enqueue({ id: 'boundary:soon', rebuild: true })).toBe(true);
    await vi.advanceTimersByTimeAsync(2000);
    expect(builds).toHaveLength(1);
    expect(builds[0]!.set.rebuild).toBe(true);
  });

  it('shows the running build and its start in its state', async () => {
    const { run } = recorder(5000);
    const queue = new BuildQueue({ run });
    queue.enqueue({ id: 'a', published: [page(1)] });
    expect(queue.state().queued).toMatchObject({ firstAt: T0, dueAt: T0 + D });
    await vi.advanceTimersByTimeAsync(D + 100);
    expect(queue.state().running).toMatchObject({ startedAt: T0 + D, changeSet: { documents: { [page(1)]: 'published' } } });
    expect(JSON.parse(JSON.stringify(queue.state())).running.changeSet.documents).toEqual({ [page(1)]: 'published' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(queue.state().last).toMatchObject({ startedAt: T0 + D, finishedAt: T0 + D + 5000, ok: true });
  });

  it('shows a build made before it existed (the startup build) as the last one, until the next', async () => {
    const { run } = recorder(100);
    const startup = {
      changeSet: { documents: {}, products: [], sources: ['startup'], moreSources: 0, rebuild: true },
      startedAt: T0 - 9000,
      finishedAt: T0 - 1000,
      ok: true,
      result: { pages: 9 },
    };
    const queue = new BuildQueue({ run, last: startup });
    expect(queue.state()).toMatchObject({ last: startup, builds: 0 });
    queue.enqueue({ id: 'a', changed: [page(1)] });
    await vi.advanceTimersByTimeAsync(D + 200);
    expect(queue.state()).toMatchObject({ last: { ok: true, changeSet: { sources: ['a'] } }, builds: 1 });
  });

  it('keeps the last 20 finished builds, newest first, so each publish of a burst can be found', async () => {
    expect(RECENT_BUILDS).toBe(20);
    const { run } = recorder(10);
    const queue = new BuildQueue({ run });
    for (let n = 1; n <= 22; n++) {
      queue.enqueue({ id: `s${n}`, changed: [page(n)] });
      await vi.advanceTimersByTimeAsync(D + 50);
    }
    const { recent, last, builds } = queue.state();
    expect(builds).toBe(22);
    expect(recent).toHaveLength(20);
    expect(recent[0]).toBe(last);
    expect(recent.map((record) => record.changeSet.sources[0])).toEqual(Array.from({ length: 20 }, (_, i) => `s${22 - i}`));
  });

  it('close() stops scheduling and lets the running build finish', async () => {
    const { builds, run } = recorder(1000);
    const queue = new BuildQueue({ run });
    queue.enqueue({ id: 'a', changed: [page(1)] });
    await vi.advanceTimersByTimeAsync(1500);
    queue.enqueue({ id: 'b', changed: [page(2)] });
    const closed = queue.close();
    await vi.advanceTimersByTimeAsync(10_000);
    await closed;
    expect(builds).toHaveLength(1);
    expect(queue.state().last?.ok).toBe(true);
    expect(() => queue.enqueue({ id: 'c', changed: [page(3)] })).toThrow(/closed/);
  });
});

describe('merging changes', () => {
  it('resolves a document changed twice by what the build needs', () => {
    expect(mergeChange('deleted', 'published')).toBe('changed');
    expect(mergeChange('deleted', 'changed')).toBe('changed');
    expect(mergeChange('published', 'changed')).toBe('published');
    expect(mergeChange('published', 'deleted')).toBe('deleted');
    expect(mergeChange('changed', 'deleted')).toBe('deleted');
    expect(mergeChange('changed', 'published')).toBe('changed');
    expect(mergeChange(undefined, 'published')).toBe('published');
  });

  it('unions documents of every language and names the languages', () => {
    const set = mergeChangeSets(
      changeSetOf({ id: 'a', changed: ['zh_TW/config.json'], deleted: ['zh_TW/pages/old.json'] }),
      changeSetOf({ id: 'b', published: ['zh_TW/pages/old.json', 'en_GB/pages/women.json'] }),
    );
    expect(set.documents).toEqual({
      'zh_TW/config.json': 'changed',
      'zh_TW/pages/old.json': 'changed',
      'en_GB/pages/women.json': 'published',
    });
    expect(languagesOf(mergeChangeSets(set, changeSetOf({ id: 'c', changed: ['switch-config.json'] })))).toEqual(['all', 'en_GB', 'zh_TW']);
  });

  it('keeps a bounded list of sources', () => {
    let set = changeSetOf({ id: 's0', changed: [page(0)] });
    for (let i = 1; i < 500; i++) set = mergeChangeSets(set, changeSetOf({ id: `s${i}`, changed: [page(i)] }));
    expect(set.sources).toHaveLength(200);
    expect(set.sources[0]).toBe('s0');
    expect(set.moreSources).toBe(300);
  });
});
