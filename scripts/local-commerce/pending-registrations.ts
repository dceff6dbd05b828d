/**
 * Registrations waiting for their mailed link (routes/auth.ts). Registering answers the same
 * for an address with an account and one without, so the account is opened only by the link
 * mailed to the address: until then the form's fields wait here, the password already hashed and
 * the link's token kept as its SHA-256, so a copy of the table opens no account.
 *
 * Anyone may register any address, so what is kept is bounded like the other tables strangers
 * can fill: rows go once their link has expired, and only the newest PENDING_REGISTRATIONS_KEPT
 * stay. Each registration mails someone, so one mailbox is sent only so many an hour, counted by
 * rate-limiter-flexible in the attempt limits' table under a prefix of its own (as the collector's).
 */
import type { DatabaseSync } from 'node:sqlite';
import { createAllowance, type AttemptRuleValue } from './attempt-limits.ts';
import { randomToken, sha256 } from './tokens.ts';

/** How long a mailed registration link opens the account: a day, to reach a mailbox read once a day. */
export const REGISTRATION_LINK_MS = 24 * 3_600_000;
/** Pending registrations kept at most: far more than a day of the store's sign-ups. */
export const PENDING_REGISTRATIONS_KEPT = 10_000;
/** Registration mails to one mailbox, account or not: a typo corrected a few times, and no flood. */
export const REGISTRATION_MAILBOX_RULE: AttemptRuleValue = { points: 5, duration: 3600 };

/** What the form sent, as the account will be opened with it. */
export interface RegistrationFields {
  name: string;
  email: string;
  passwordHash: string;
  /** The versions in force when the terms were agreed to. */
  agreementVersion: string;
  privacyVersion: string;
}

/** What a link's token finds: the registration to open, or why there is none. */
export type PendingLookup = { kind: 'pending'; id: number; fields: RegistrationFields } | { kind: 'used' } | { kind: 'expired' };

/** Counts a registration mail to `email`; above the mailbox's allowance, 429 TOO_MANY_ATTEMPTS with the wait. */
export function createRegistrationMailboxLimit(db: DatabaseSync, rule: AttemptRuleValue = REGISTRATION_MAILBOX_RULE) {
  const spend = createAllowance(db, rule, 'registrationMailbox');
  return (email: string): Promise<void> => spend(email.trim().toLowerCase());
}

/** Keeps a registration until its link is opened; answers the link's token (only its hash is kept). */
export function keepPendingRegistration(db: DatabaseSync, now: number, fields: RegistrationFields): string {
  db.prepare('DELETE FROM pending_registrations WHERE expires_at <= ?').run(now);
  const token = randomToken();
  const { lastInsertRowid } = db
    .prepare(
      `INSERT INTO pending_registrations (token_hash, email, name, password_hash, agreement_version, privacy_version, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      sha256(token),
      fields.email,
      fields.name,
      fields.passwordHash,
      fields.agreementVersion,
      fields.privacyVersion,
      now,
      now + REGISTRATION_LINK_MS,
    );
  // Ids only grow: everything older than the newest PENDING_REGISTRATIONS_KEPT goes.
  db.prepare('DELETE FROM pending_registrations WHERE id <= ?').run(BigInt(lastInsertRowid) - BigInt(PENDING_REGISTRATIONS_KEPT));
  return token;
}

/**
 * The registration a link's token opens. A used one is kept until it would have expired, so its
 * second use is told the account is open; after that, and for a token never mailed, it has expired.
 */
export function pendingRegistrationOf(db: DatabaseSync, now: number, token: string): PendingLookup {
  const row = db
    .prepare(
      'SELECT id, email, name, password_hash, agreement_version, privacy_version, expires_at, used_at FROM pending_registrations WHERE token_hash = ?',
    )
    .get(sha256(token)) as
    | {
        id: number;
        email: string;
        name: string;
        password_hash: string | null;
        agreement_version: string;
        privacy_version: string;
        expires_at: number;
        used_at: number | null;
      }
    | undefined;
  if (!row || row.expires_at <= now) return { kind: 'expired' };
  if (row.used_at !== null || row.password_hash === null) return { kind: 'used' };
  return {
    kind: 'pending',
    id: row.id,
    fields: {
      name: row.name,
      email: row.email,
      passwordHash: row.password_hash,
      agreementVersion: row.agreement_version,
      privacyVersion: row.privacy_version,
    },
  };
}

/** Marks a registration's link used; the password's hash now lives with the member only. */
export function usePendingRegistration(db: DatabaseSync, now: number, id: number): void {
  db.prepare('UPDATE pending_registrations SET used_at = ?, password_hash = NULL WHERE id = ?').run(now, id);
}
