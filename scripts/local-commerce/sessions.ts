/**
 * Ending sessions: what a password reset, a password change and closing an account do to
 * every session of a member. (The cookies of this answer: session-cookies.ts.)
 */
import type { DatabaseSync } from 'node:sqlite';

/**
 * Signs a member out everywhere: every refresh token revoked without the rotation grace
 * (rotated_at NULL), and every access token deleted, or a session taken over earlier would
 * keep working until its access token expired.
 */
export function endSessionsOf(db: DatabaseSync, memberId: string): void {
  db.prepare('UPDATE refresh_tokens SET revoked = 1, rotated_at = NULL WHERE member_id = ?').run(memberId);
  db.prepare('DELETE FROM access_tokens WHERE member_id = ?').run(memberId);
}
