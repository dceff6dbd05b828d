/**
 * What a waiting build process reads of the live release before its job comes: the route
 * manifest (`.routes.json`, 6 MB at 5,000 products, 23 MB at 20,000) grows with the catalogue
 * and every publish compares with it, so the spare (scripts/build-site.ts --wait) reads it while
 * it waits, once its bundles are written, from the release `current` points at then. When the
 * job names a release, the value read ahead is used only if it is of that very release and its
 * file is the one read (same device, inode, size and modification time); otherwise, as after a
 * rollback or a publish by another process, it is read then, as it always was.
 */
import { realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';

export interface ReadAhead<T> {
  /** Starts reading the release that `link` (the releases' `current`) resolves to now. */
  start(link: string): void;
  /** The value of `releaseDir`: the one read ahead when it is still that release's, else read now (`ahead` says which). */
  get(releaseDir: string): Promise<{ value: T; ahead: boolean }>;
}

/** Reads `file` of a release with `read`, ahead of time when asked. */
export function readAhead<T>(file: string, read: (releaseDir: string) => Promise<T>): ReadAhead<T> {
  let held: Promise<{ dir: string; key: string; value: T } | null> | null = null;
  const keyOf = async (dir: string) => {
    const stats = await stat(join(dir, file));
    return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}`;
  };
  return {
    start(link) {
      held = (async () => {
        const dir = await realpath(link);
        const key = await keyOf(dir);
        return { dir, key, value: await read(dir) };
      })().catch(() => null);
    },
    async get(releaseDir) {
      const ahead = await held;
      held = null;
      if (ahead) {
        const dir = await realpath(releaseDir).catch(() => null);
        const key = dir === null ? null : await keyOf(dir).catch(() => null);
        // Checked after the read too: the file must be the one that was read.
        if (dir === ahead.dir && key === ahead.key) return { value: ahead.value, ahead: true };
      }
      return { value: await read(releaseDir), ahead: false };
    },
  };
}
