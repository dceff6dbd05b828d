/**
 * The member-owned documents of the `records` table (db.ts): each is stored as the contract's
 * JSON with its kind, owner and status, so a list is one query and a read is one parse.
 */
import type { DatabaseSync } from 'node:sqlite';

export interface PageQuery {
  page: number;
  pageSize: number;
  status?: string;
}

/** One page of a member's records of a kind, newest first, with the total; `status` filters. */
export function listRecords(db: DatabaseSync, kind: string, memberId: string, { page, pageSize, status }: PageQuery) {
  const where = status ? 'kind = ? AND member_id = ? AND status = ?' : 'kind = ? AND member_id = ?';
  const args = status ? [kind, memberId, status] : [kind, memberId];
  const rows = db
    .prepare(`SELECT json FROM records WHERE ${where} ORDER BY created_at DESC, id LIMIT ? OFFSET ?`)
    .all(...args, pageSize, (page - 1) * pageSize) as Array<{ json: string }>;
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
