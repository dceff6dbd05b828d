/**
 * The accepted webhook delivery ids on disk: kept beside the releases, replaced whole, only as
 * long as their signature could still be accepted, and a file that cannot be read starts an
 * empty memory with a warning instead of stopping the service.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DELIVERIES_FILE, openDeliveryMemory } from '../../scripts/publish/delivery-memory.ts';
import { WEBHOOK_TOLERANCE_MS } from '../../scripts/publish/webhook.ts';

const NOW = Date.UTC(2026, 11, 6, 12, 0, 0);
let root: string;
let lines: string[];
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'deliveries-'));
  lines = [];
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const open = (now = NOW) => openDeliveryMemory(root, { now: () => now, log: (line) => lines.push(line) });
const stored = async () => JSON.parse(await readFile(join(root, DELIVERIES_FILE), 'utf8')) as unknown;

describe('delivery memory', () => {
  it('keeps the accepted ids in the releases folder, and a memory opened later knows them until they expire', async () => {
    const memory = await open();
    expect(memory.path).toBe(join(root, DELIVERIES_FILE));
    memory.seen.claim('id:a', NOW + WEBHOOK_TOLERANCE_MS, NOW);
    memory.seen.claim('id:b', NOW + 1000, NOW);
    await memory.save();
    expect(await stored()).toEqual({ version: 1, deliveries: { 'id:a': NOW + WEBHOOK_TOLERANCE_MS, 'id:b': NOW + 1000 } });
    // Written aside and renamed: nothing half-written is left beside it.
    expect(await readdir(root)).toEqual([DELIVERIES_FILE]);

    const later = await open(NOW + 2000);
    expect(later.seen.has('id:a', NOW + 2000)).toBe(true);
    // Past its signature's window a replay is refused as stale: not worth remembering.
    expect(later.seen.has('id:b', NOW + 2000)).toBe(false);
    expect(later.seen.size).toBe(1);
  });

  it('writes only the ids whose signature could still be accepted', async () => {
    let now = NOW;
    const memory = await openDeliveryMemory(root, { now: () => now, log: (line) => lines.push(line) });
    memory.seen.claim('id:old', NOW + 1000, NOW);
    now += 5000;
    memory.seen.claim('id:new', now + WEBHOOK_TOLERANCE_MS, now);
    await memory.save();
    expect(await stored()).toEqual({ version: 1, deliveries: { 'id:new': now + WEBHOOK_TOLERANCE_MS } });
  });

  it('puts concurrent saves in order, the last one holding every id', async () => {
    const memory = await open();
    const saves = ['a', 'b', 'c'].map((id) => {
      memory.seen.claim(`id:${id}`, NOW + 1000, NOW);
      return memory.save();
    });
    await Promise.all(saves);
    expect(Object.keys(((await stored()) as { deliveries: object }).deliveries)).toEqual(['id:a', 'id:b', 'id:c']);
  });

  it('starts empty, saying so, when there is no file yet', async () => {
    const memory = await open();
    expect(memory.seen.size).toBe(0);
    expect(lines).toEqual([
      `[publish] no delivery memory at ${join(root, DELIVERIES_FILE)} yet: starting with no delivery ids, so a replay of a delivery accepted in the last 5 minutes would be taken once`,
    ]);
  });

  it('starts empty with a warning naming the file and what is wrong when it is not a delivery memory, and writes a good one next', async () => {
    for (const [text, problem] of [
      ['{"version":1,"deliveries":{"id:a":', /is not a delivery memory, not JSON \(/],
      ['{"version":2,"deliveries":{}}', /is not a delivery memory, field version: /],
      ['{"version":1,"deliveries":{"id:a":"soon"}}', /is not a delivery memory, field deliveries\.id:a: /],
    ] as const) {
      await writeFile(join(root, DELIVERIES_FILE), text);
      lines = [];
      const memory = await open();
      expect(memory.seen.size).toBe(0);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(join(root, DELIVERIES_FILE));
      expect(lines[0]).toMatch(problem);
      memory.seen.claim('id:z', NOW + 1000, NOW);
      await memory.save();
      expect(await stored()).toEqual({ version: 1, deliveries: { 'id:z': NOW + 1000 } });
    }
  });

  it('says when the ids cannot be written, without failing the delivery', async () => {
    await writeFile(join(root, 'not-a-folder'), '');
    const memory = await openDeliveryMemory(join(root, 'not-a-folder'), { now: () => NOW, log: (line) => lines.push(line) });
    memory.seen.claim('id:a', NOW + 1000, NOW);
    await expect(memory.save()).resolves.toBeUndefined();
    expect(lines.at(-1)).toMatch(/the delivery ids could not be written to .*not-a-folder\/deliveries\.json .*a replay would be taken/);
  });
});
