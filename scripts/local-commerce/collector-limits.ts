/**
 * What the analytics collector (and the tag manager's stand-in beside it) takes and keeps. Anyone
 * may post to it, unsigned, so it takes what an SDK sends and no more: a small form of a few named
 * fields (src/lib/analytics/collector.ts: a device-info or one-event post is well under 2 KiB, an
 * order's free event with many lines a few KiB), from one address only so often, and it keeps
 * only its newest rows, so neither its table nor the admin page listing it can grow without end.
 *
 * The allowance is counted by rate-limiter-flexible in the API's own SQLite, as attempt-limits.ts
 * counts sign-ins, in the same table under a prefix of its own.
 */
import type { DatabaseSync } from 'node:sqlite';
import { createAllowance, type AttemptRuleValue } from './attempt-limits.ts';
import { ApiFailure } from './kit.ts';

/** A post's body at most: many times an SDK's largest, refused (413) before it is read whole. */
export const COLLECTOR_BODY_MAX_BYTES = 16 * 1024;
/** Fields in one post at most: the SDK sends 11 or 12. */
export const COLLECTOR_FIELDS_MAX = 32;
/** A field's name: the SDK's are snake_case words. */
const FIELD_NAME = /^[A-Za-z0-9_]{1,64}$/;
/** Rows kept of each list: a month of a busy local test run, at most 80 MiB of full-size posts. */
export const COLLECTOR_KEEP_ROWS = 5_000;
/** Posts from one address: ten a second over a minute, more than any shopper's pages send. */
export const COLLECTOR_RULE: AttemptRuleValue = { points: 600, duration: 60 };
/**
 * Characters of one received value the admin page shows; the rest is counted. Every post the
 * collector takes now fits whole (its form as JSON is at most twice its body: a control
 * character's %01 is \u0001 escaped), so a reader of the page may parse it; only what was kept
 * before the limits is cut.
 */
export const SHOWN_CHARS_MAX = 2 * COLLECTOR_BODY_MAX_BYTES;

const invalid = (message: string) => new ApiFailure('ANALYTICS_FORM_INVALID', message, 400);

/** A collector post's form (application/x-www-form-urlencoded), name → value, if it is one an SDK would send. */
export function collectorForm(text: string): Record<string, string> {
  const form: Record<string, string> = {};
  let fields = 0;
  for (const [name, value] of new URLSearchParams(text)) {
    if (++fields > COLLECTOR_FIELDS_MAX) throw invalid(`A post has at most ${COLLECTOR_FIELDS_MAX} fields`);
    if (!FIELD_NAME.test(name)) throw invalid(`A field name is 1 to 64 letters, digits or _, not "${name.slice(0, 64)}"`);
    if (Object.hasOwn(form, name)) throw invalid(`The field ${name} is sent twice`);
    form[name] = value;
  }
  return form;
}

/** The form type an SDK's beacon sends, parameters allowed. */
export const isFormContentType = (header: string | undefined) => /^application\/x-www-form-urlencoded\s*(;|$)/i.test(header ?? '');

/** Counts a post against its address's allowance; above it, 429 TOO_MANY_ATTEMPTS with the seconds to wait. */
export function createCollectorLimit(db: DatabaseSync, rule: AttemptRuleValue = COLLECTOR_RULE) {
  return createAllowance(db, rule, 'collectorAddress');
}

/** Drops the rows of a received list older than its newest COLLECTOR_KEEP_ROWS (ids only grow). */
export function keepNewest(db: DatabaseSync, table: 'analytics' | 'tag_hits', newestId: number | bigint): void {
  db.prepare(`DELETE FROM ${table} WHERE id <= ?`).run(BigInt(newestId) - BigInt(COLLECTOR_KEEP_ROWS));
}

/** A received value for the admin page: its first SHOWN_CHARS_MAX characters, and how many more there were. */
export const shownPart = (text: string, size = text.length) =>
  size <= SHOWN_CHARS_MAX ? text : `${text.slice(0, SHOWN_CHARS_MAX)}… ${(size - SHOWN_CHARS_MAX).toLocaleString('en-GB')} more characters`;
