/**
 * The member-owned documents of the `records` table (db.ts): each is stored as the contract's
 * JSON with its kind, owner and status, so a list is one query and a read is one parse.
 */
import type { DatabaseSync } from 'node:sqlite';

export interface PageQuery {
  page: number;
  pageSize: number;
  status?: string;
  /** Any of these statuses (a filter entry covering several); with `status`, that one too. */
  statuses?: readonly string[];
}

/**
 * One page of a member's records of a kind, newest first, with the total; `status` filters.
 * `newestBy` names a JSON field to sort by instead of the creation time (a ticket's latest activity).
 */
export function listRecords(
  db: DatabaseSync,
  kind: string,
  memberId: string,
  { page, pageSize, status, statuses = [] }: PageQuery,
  newestBy?: string,
) {
  const wanted = [...new Set([...(status ? [status] : []), ...statuses])];
  const where = `kind = ? AND member_id = ?${wanted.length ? ` AND status IN (${wanted.map(() => '?').join(', ')})` : ''}`;
  const args = [kind, memberId, ...wanted];
  // The field name is the caller's constant, never the request's; json_extract takes it as a parameter all the same.
  const order = newestBy ? 'json_extract(json, ?) DESC, created_at DESC, id' : 'created_at DESC, id';
  const rows = db
    .prepare(`SELECT json FROM records WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`)
    .all(...args, ...(newestBy ? [`$.${newestBy}`] : []), pageSize, (page - 1) * pageSize) as Array<{ json: string }>;
  const { n } = db.prepare(`SELECT COUNT(*) AS n FROM records WHERE ${where}`).get(...args) as { n: number };
  return { list: rows.map((r) => JSON.parse(r.json)), total: n };
}

/** Every record of a kind a member has, newest first. */
export const memberRecords = <T>(db: DatabaseSync, kind: string, memberId: string) =>
  (
    db.prepare('SELECT json FROM records WHERE kind = ? AND member_id = ? ORDER BY created_at DESC, id').all(kind, memberId) as Array<{
      json: string;
    }>
  ).map((r) => JSON.parse(r.json) as T);

/** One record by id; with `memberId`, only when it is that member's (others answer as unknown). */
export function recordOf<T>(db: DatabaseSync, kind: string, id: string, memberId?: string): T | undefined {
  const row = (
    memberId === undefined
      ? db.prepare('SELECT json FROM records WHERE kind = ? AND id = ?').get(kind, id)
      : db.prepare('SELECT json FROM records WHERE kind = ? AND id = ? AND member_id = ?').get(kind, id, memberId)
  ) as { json: string } | undefined;
  return row ? (JSON.parse(row.json) as T) : undefined;
}

/** Every record of a kind a member has, by id and status only (to find the open ones). */
export const recordStatuses = (db: DatabaseSync, kind: string, memberId: string) =>
  db.prepare('SELECT id, status FROM records WHERE kind = ? AND member_id = ? ORDER BY created_at DESC, id').all(kind, memberId) as Array<{
    id: string;
    status: string;
  }>;

/** Writes a member's record: a new one, or the same id again with its creation time kept. */
export function saveRecord(
  db: DatabaseSync,
  kind: string,
  id: string,
  memberId: string,
  status: string | null,
  createdAt: number,
  json: object,
) {
  db.prepare(
    'INSERT INTO records (kind, id, member_id, status, created_at, json) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (kind, id) DO UPDATE SET status = excluded.status, json = excluded.json',
  ).run(kind, id, memberId, status, createdAt, JSON.stringify(json));
}
