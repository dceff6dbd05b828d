/**
 * The member's inbox: messages from the store, newest first, read or unread. Each message is a
 * `records` row (kind 'inbox') whose status is its read flag, so the unread count is one query.
 * Every change answers the unread count, for the header's badge.
 */
import type { DatabaseSync } from 'node:sqlite';
import { transaction } from '../db.ts';
import { fieldFailure, type RouteKit } from '../kit.ts';
import { listRecords } from '../records.ts';

/** How many of a member's messages are unread. */
export const unreadOf = (db: DatabaseSync, memberId: string) =>
  (db.prepare("SELECT COUNT(*) AS n FROM records WHERE kind = 'inbox' AND member_id = ? AND status = 'N'").get(memberId) as { n: number })
    .n;

export function registerInboxRoutes({ db, handle }: RouteKit): void {
  const unread = (memberId: string) => ({ unread: unreadOf(db, memberId) });

  /** The member's own messages of these ids; one unknown (or another member's) refuses them all. */
  function ownMessages(memberId: string, messageIds: string[]): string[] {
    const ids = [...new Set(messageIds)];
    const known = db.prepare("SELECT 1 FROM records WHERE kind = 'inbox' AND id = ? AND member_id = ?");
    if (ids.some((id) => !known.get(id, memberId)))
      throw fieldFailure('INBOX_MESSAGE_NOT_FOUND', 'A message is no longer in your inbox', 'messageIds');
    return ids;
  }
  const markRead = db.prepare(
    "UPDATE records SET status = 'Y', json = json_set(json, '$.read', 'Y') WHERE kind = 'inbox' AND member_id = ? AND status = 'N' AND (? IS NULL OR id = ?)",
  );

  handle('inboxList', ({ body, member }) => ({ ...listRecords(db, 'inbox', member.id, body), ...unread(member.id) }));
  handle('inboxUnread', ({ member }) => unread(member.id));
  handle('inboxRead', ({ body, member }) =>
    transaction(db, () => {
      for (const id of ownMessages(member.id, body.messageIds)) markRead.run(member.id, id, id);
      return unread(member.id);
    }),
  );
  handle('inboxReadAll', ({ member }) =>
    transaction(db, () => {
      markRead.run(member.id, null, null);
      return unread(member.id);
    }),
  );
  handle('inboxDelete', ({ body, member }) =>
    transaction(db, () => {
      const remove = db.prepare("DELETE FROM records WHERE kind = 'inbox' AND id = ? AND member_id = ?");
      for (const id of ownMessages(member.id, body.messageIds)) remove.run(id, member.id);
      return unread(member.id);
    }),
  );
}
