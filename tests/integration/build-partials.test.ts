/**
 * The build processes' folders (scripts/build-site.ts): those of a builder whose process is gone
 * are removed when a builder starts; another live builder's are kept.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sweepPartials } from '../../scripts/build-site.ts';

const DIR = join('.data', 'partials');
const made: string[] = [];
afterEach(() => {
  for (const path of made.splice(0)) rmSync(path, { recursive: true, force: true });
});
const folder = (name: string) => {
  const path = join(DIR, name);
  mkdirSync(join(path, '_astro'), { recursive: true });
  made.push(path);
  return path;
};

describe('build folders', () => {
  it("removes a gone builder's, keeps a live one's and anything not named for a builder", () => {
    // Pids above the kernel's pid_max (4,194,304 at most) belong to no process.
    const gone = folder('build-99999999-test1');
    const mine = folder(`build-${process.pid}-test2`);
    const other = folder('notes-test3');
    sweepPartials();
    expect(existsSync(gone)).toBe(false);
    expect(existsSync(mine)).toBe(true);
    expect(existsSync(other)).toBe(true);
  });
});
