/**
 * What a waiting build process reads of the live release before its job comes
 * (scripts/publish/read-ahead.ts): used only when the job names that very release and its file
 * is still the one read; anything else is read when the job comes.
 */
import { mkdir, mkdtemp, rm, symlink, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readAhead } from '../../scripts/publish/read-ahead.ts';
import { readFile } from 'node:fs/promises';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'read-ahead-'));
  for (const release of ['one', 'two']) {
    await mkdir(join(root, release));
    await writeFile(join(root, release, 'm.json'), `${release}-first`);
  }
  await symlink('one', join(root, 'current'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A reader that counts its reads. */
function counted() {
  const reads: string[] = [];
  const ahead = readAhead('m.json', async (dir) => {
    reads.push(dir);
    return readFile(join(dir, 'm.json'), 'utf8');
  });
  return { ahead, reads };
}

describe('read ahead of the live release', () => {
  it('gives what it read ahead when the job names the release current pointed at, without reading again', async () => {
    const { ahead, reads } = counted();
    ahead.start(join(root, 'current'));
    expect(await ahead.get(join(root, 'one'))).toEqual({ value: 'one-first', ahead: true });
    expect(reads).toHaveLength(1);
    // Used once: the next job reads again (the next spare reads ahead for itself).
    expect(await ahead.get(join(root, 'one'))).toEqual({ value: 'one-first', ahead: false });
  });

  it('reads the release the job names when it is another (a rollback, another publish since)', async () => {
    const { ahead } = counted();
    ahead.start(join(root, 'current'));
    expect(await ahead.get(join(root, 'two'))).toEqual({ value: 'two-first', ahead: false });
  });

  it('reads again when the file was replaced after it was read', async () => {
    const { ahead } = counted();
    ahead.start(join(root, 'current'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await writeFile(join(root, 'one', 'm.json.tmp'), 'one-second');
    await rename(join(root, 'one', 'm.json.tmp'), join(root, 'one', 'm.json'));
    expect(await ahead.get(join(root, 'one'))).toEqual({ value: 'one-second', ahead: false });
  });

  it('reads when the job comes if nothing was read ahead, or the read ahead failed', async () => {
    const { ahead } = counted();
    expect(await ahead.get(join(root, 'one'))).toEqual({ value: 'one-first', ahead: false });
    ahead.start(join(root, 'no-such-link'));
    expect(await ahead.get(join(root, 'two'))).toEqual({ value: 'two-first', ahead: false });
  });
});
