/**
 * Ending sessions: what logout does to one session, and what a password reset, a password
 * change and closing an account do to every session of a member.
 */
import type { DatabaseSync } from 'node:sqlite';
import type { Context } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { REFRESH_COOKIE, SESSION_HINT_COOKIE } from '../../src/lib/api/contract.ts';

/** Clears the refresh cookie and the readable hint cookie of this answer. */
export function clearSessionCookies(c: Context): void {
  deleteCookie(c, REFRESH_COOKIE, { path: '/api/auth' });
  deleteCookie(c, SESSION_HINT_COOKIE, { path: '/' });
}

/**
 * Signs a member out everywhere: every refresh token revoked without the rotation grace
 * (rotated_at NULL), and every access token deleted, or a session taken over earlier would
 * keep working until its access token expired.
 */
export function endSessionsOf(db: DatabaseSync, memberId: string): void {
  db.prepare('UPDATE refresh_tokens SET revoked = 1, rotated_at = NULL WHERE member_id = ?').run(memberId);
  db.prepare('DELETE FROM access_tokens WHERE member_id = ?').run(memberId);
}
