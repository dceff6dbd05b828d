/**
 * The webhook delivery ids the publish service accepted, kept on disk under RELEASES_DIR
 * beside the release history, so that a delivery replayed after a restart is refused as it is
 * within a run (409). Only ids whose signature is still within the accepted window are worth
 * keeping: past it a replay is refused as stale anyway, so expired ids are left out of each
 * write and dropped on reading.
 *
 * The file is replaced whole (written aside, synced, renamed), like the history, so a crash
 * leaves the old list or the new one. One publish service per releases folder, as for the
 * releases themselves; no lock is taken, the writes of this process are put in order.
 *
 * A file that is missing or not a delivery memory does not stop the service: it starts with an
 * empty memory and says so. What that lets through is a replay of a delivery accepted in the
 * last few minutes, and a replay only makes the service pull the named documents' current
 * versions from the CMS again: one needless build, never old content back (docs/publishing.md).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { replaceFile } from './releases.ts';
import { DeliveryLog, WEBHOOK_TOLERANCE_MS } from './webhook.ts';

export const DELIVERIES_FILE = 'deliveries.json';

const memorySchema = z.object({
  version: z.literal(1),
  /** Delivery key → when its signature goes stale (ms since the epoch). */
  deliveries: z.record(z.string().min(1), z.number().finite()),
});

export interface DeliveryMemory {
  /** Where the ids are kept. */
  readonly path: string;
  /** The ids in memory, for verifyWebhook. */
  readonly seen: DeliveryLog;
  /**
   * Writes the ids in memory now (the last of several saves called at once writes them all).
   * A failed write is logged, not thrown: the delivery was authentic and is taken.
   */
  save(): Promise<void>;
}

/** Why `text` is not a delivery memory, in a few words, or its entries. */
function parseMemory(text: string): { entries: Array<[string, number]> } | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { problem: `not JSON (${(error as Error).message})` };
  }
  const parsed = memorySchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { problem: `field ${issue.path.map(String).join('.') || '(root)'}: ${issue.message}` };
  }
  return { entries: Object.entries(parsed.data.deliveries) };
}

/** Reads the delivery memory of a releases folder (an empty one, said in the log, when there is none to read). */
export async function openDeliveryMemory(
  releasesRoot: string,
  options: { now?: () => number; log?: (line: string) => void } = {},
): Promise<DeliveryMemory> {
  const { now = Date.now, log = console.error } = options;
  const path = join(releasesRoot, DELIVERIES_FILE);
  const seen = new DeliveryLog();
  const startEmpty = (why: string) =>
    log(
      `[publish] ${why}: starting with no delivery ids, so a replay of a delivery accepted in the last ${WEBHOOK_TOLERANCE_MS / 60_000} minutes would be taken once`,
    );

  let text: string | null = null;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    startEmpty(code === 'ENOENT' ? `no delivery memory at ${path} yet` : `${path} cannot be read (${(error as Error).message})`);
  }
  if (text !== null) {
    const memory = parseMemory(text);
    if ('problem' in memory) startEmpty(`${path} is not a delivery memory, ${memory.problem}`);
    else {
      const at = now();
      // Oldest first, so the log's bound drops the ones nearest to expiring.
      for (const [key, expiresAt] of memory.entries.sort((a, b) => a[1] - b[1])) if (expiresAt > at) seen.claim(key, expiresAt, at);
    }
  }

  async function write(): Promise<void> {
    const deliveries = Object.fromEntries(seen.entries(now()));
    await replaceFile(path, `${JSON.stringify({ version: 1, deliveries }, null, 1)}\n`).catch((error: Error) =>
      log(`[publish] the delivery ids could not be written to ${path} (${error.message}): after a restart, a replay would be taken`),
    );
  }

  // One write at a time, in order; saves asked for while one waits share the next write.
  let last: Promise<void> = Promise.resolve();
  let waiting: Promise<void> | null = null;
  function save(): Promise<void> {
    waiting ??= last.then(() => {
      waiting = null;
      return write();
    });
    last = waiting;
    return waiting;
  }

  return { path, seen, save };
}
