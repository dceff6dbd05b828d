/**
 * The local commerce API's state: SQLite through node:sqlite. One generic `records` table
 * holds the member-owned documents (orders, refunds, exchanges, after-sales cases, evaluations,
 * coupons, addresses, invoices, tickets, inbox, recycling bookings, the default invoice carrier)
 * as JSON with their status, so every list call is one query. What is not a document has its own
 * table: mailed email codes, the mail outbox, payment sessions and pictures' bytes.
 */
import { DatabaseSync } from 'node:sqlite';

/** The versions the store starts with, which the demo members have accepted. */
export const FIRST_AGREEMENT_VERSION = '2026.1';

export const SCHEMA = `
CREATE TABLE IF NOT EXISTS members (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL UNIQUE COLLATE NOCASE, mobile TEXT,
  password_hash TEXT, prefer_lang TEXT, agreement_version TEXT, privacy_version TEXT,
  provider TEXT, provider_id TEXT, created_at INTEGER NOT NULL, birthday TEXT, gender TEXT, closed_at INTEGER,
  UNIQUE (provider, provider_id)
);
-- A sign-in's tokens share a family_id (routes/auth.ts): a rotated refresh token played back
-- after its grace ends the family, access tokens included. successor: the token it was rotated
-- to, encrypted under a key only the rotated token's holder can derive, so a replay within the
-- grace gets that same token back rather than a new one.
CREATE TABLE IF NOT EXISTS access_tokens (token TEXT PRIMARY KEY, member_id TEXT NOT NULL, expires_at INTEGER NOT NULL, family_id TEXT);
CREATE TABLE IF NOT EXISTS refresh_tokens (
  token_hash TEXT PRIMARY KEY, member_id TEXT NOT NULL, expires_at INTEGER NOT NULL, revoked INTEGER NOT NULL DEFAULT 0, rotated_at INTEGER,
  family_id TEXT, successor TEXT
);
-- token: the SHA-256 of the mailed reset token (routes/auth.ts).
CREATE TABLE IF NOT EXISTS reset_tokens (token TEXT PRIMARY KEY, member_id TEXT NOT NULL, expires_at INTEGER NOT NULL, used INTEGER NOT NULL DEFAULT 0);
-- Links mailed to sign a member in without the password (routes/auth.ts): the token's SHA-256.
CREATE TABLE IF NOT EXISTS sign_in_links (token_hash TEXT PRIMARY KEY, member_id TEXT NOT NULL, expires_at INTEGER NOT NULL, used INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS provider_codes (code TEXT PRIMARY KEY, provider TEXT NOT NULL, provider_id TEXT NOT NULL, name TEXT NOT NULL, email TEXT NOT NULL, expires_at INTEGER NOT NULL, used INTEGER NOT NULL DEFAULT 0, code_challenge TEXT);
-- Social sign-ins started (oauth-states.ts): the nonce's hash, and the PKCE verifier.
CREATE TABLE IF NOT EXISTS oauth_states (nonce_hash TEXT PRIMARY KEY, provider TEXT NOT NULL, verifier TEXT, expires_at INTEGER NOT NULL, used INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS products (product_code TEXT PRIMARY KEY, json TEXT NOT NULL, updated_at INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS skus (sku_code TEXT PRIMARY KEY, product_code TEXT NOT NULL, stock INTEGER NOT NULL, json TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS cart_lines (
  cart_id INTEGER PRIMARY KEY AUTOINCREMENT, member_id TEXT NOT NULL, product_code TEXT NOT NULL, sku_code TEXT NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity > 0), created_at INTEGER NOT NULL,
  alter_mode TEXT, final_inseam REAL, case_flag TEXT NOT NULL DEFAULT 'N', gift_flag TEXT NOT NULL DEFAULT 'N', semi_values TEXT,
  UNIQUE (member_id, sku_code)
);
CREATE TABLE IF NOT EXISTS wishes (member_id TEXT NOT NULL, product_code TEXT NOT NULL, sku_code TEXT NOT NULL, created_at INTEGER NOT NULL, PRIMARY KEY (member_id, product_code));
CREATE TABLE IF NOT EXISTS records (
  kind TEXT NOT NULL, id TEXT NOT NULL, member_id TEXT NOT NULL, status TEXT, created_at INTEGER NOT NULL, json TEXT NOT NULL,
  PRIMARY KEY (kind, id)
);
CREATE INDEX IF NOT EXISTS records_by_member ON records (kind, member_id, created_at DESC);
-- Checkout's inputs as an order was placed from them (the address as saved then, the invoice asked
-- for, the payment method), the hem and wrapping of its lines, and its tracking payload; the order
-- record (records, kind 'order') is what the order is now. seq numbers the order codes.
CREATE TABLE IF NOT EXISTS order_checkout (
  seq INTEGER PRIMARY KEY, order_code TEXT NOT NULL UNIQUE, member_id TEXT NOT NULL, delivery_type TEXT NOT NULL,
  address_json TEXT, store_code TEXT, invoice_json TEXT NOT NULL, payment_method TEXT NOT NULL,
  services_json TEXT NOT NULL, tracking_json TEXT NOT NULL, created_at INTEGER NOT NULL
);
-- A payment started with the provider (pay-sessions.ts): checkout's own, or one the member starts
-- later; which step of the order it pays (pay, payDeposit, payRest), how much, and how it ended
-- (null while open, PAID or CANCELLED). The token is the provider's session id.
CREATE TABLE IF NOT EXISTS pay_sessions (
  token TEXT PRIMARY KEY, order_code TEXT NOT NULL, member_id TEXT NOT NULL, channel TEXT NOT NULL, step TEXT NOT NULL,
  amount INTEGER NOT NULL, currency TEXT NOT NULL DEFAULT 'TWD', return_prefix TEXT NOT NULL DEFAULT '', from_checkout INTEGER NOT NULL, created_at INTEGER NOT NULL, ended TEXT
);
-- Coupons anyone may collect; a collected one becomes the member's record (kind 'coupon').
CREATE TABLE IF NOT EXISTS coupon_offers (
  coupon_id TEXT PRIMARY KEY, title TEXT NOT NULL, description TEXT NOT NULL, currency TEXT NOT NULL DEFAULT 'TWD', discount INTEGER NOT NULL,
  threshold INTEGER NOT NULL, start_date INTEGER NOT NULL, end_date INTEGER NOT NULL, redeem_code TEXT
);
-- A code mailed to confirm a new email address, with the link token mailed beside it, both
-- kept hashed as the refresh tokens are. A six-digit code is guarded by its tries, not its hash.
CREATE TABLE IF NOT EXISTS email_codes (
  id INTEGER PRIMARY KEY AUTOINCREMENT, member_id TEXT NOT NULL, email TEXT NOT NULL, code_hash TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE, expires_at INTEGER NOT NULL, tries INTEGER NOT NULL DEFAULT 0,
  used INTEGER NOT NULL DEFAULT 0, created_at INTEGER NOT NULL
);
-- Every mail the API sends (mail.ts), kept until the SMTP server has taken it (mail-sender.ts):
-- sent_at then; failed_at once it was refused for good or ran out of tries. html is the same
-- mail's HTML part; topic names what a held mail is about, so a later event can withdraw it.
CREATE TABLE IF NOT EXISTS mail_outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT, to_address TEXT NOT NULL, subject TEXT NOT NULL, text TEXT NOT NULL, created_at INTEGER NOT NULL,
  next_attempt_at INTEGER NOT NULL DEFAULT 0, attempts INTEGER NOT NULL DEFAULT 0, sent_at INTEGER, failed_at INTEGER,
  last_error TEXT, message_id TEXT, html TEXT, topic TEXT
);
-- The pictures members upload (ticket messages, after-sales cases, evaluations), served at
-- /api/ticket/attachment/{id} (pictures.ts).
CREATE TABLE IF NOT EXISTS attachments (
  id TEXT PRIMARY KEY, member_id TEXT NOT NULL, name TEXT NOT NULL, mime TEXT NOT NULL, bytes BLOB NOT NULL, created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS analytics (id INTEGER PRIMARY KEY AUTOINCREMENT, path TEXT NOT NULL, body TEXT NOT NULL, received_at INTEGER NOT NULL);
-- What the risk service would receive with each order: the fingerprint's blackbox, or NULL
-- when the shopper's browser gave none in time (routes/checkout.ts).
CREATE TABLE IF NOT EXISTS risk_checks (order_code TEXT PRIMARY KEY, blackbox TEXT, received_at INTEGER NOT NULL);
-- The stand-in captcha's tokens (routes/stand-ins.ts): each answers once, passed or failed.
CREATE TABLE IF NOT EXISTS captcha_tokens (token TEXT PRIMARY KEY, passed INTEGER NOT NULL, used INTEGER NOT NULL DEFAULT 0, created_at INTEGER NOT NULL);
-- The local tag manager's hits (routes/stand-ins.ts): the page and the dataLayer events it saw.
CREATE TABLE IF NOT EXISTS tag_hits (id INTEGER PRIMARY KEY AUTOINCREMENT, page TEXT NOT NULL, events TEXT NOT NULL, received_at INTEGER NOT NULL);
-- The current membership agreement and privacy policy (kind 'membership' or 'privacy'): the
-- version members are asked to accept, and whether they are asked (pop_flag Y). The admin page edits them.
-- Newsletter addresses (routes/newsletter.ts): pending until the mailed link confirms them.
-- token_hash is the hash of the live confirmation link's token.
CREATE TABLE IF NOT EXISTS newsletter_subscriptions (
  email TEXT PRIMARY KEY COLLATE NOCASE, status TEXT NOT NULL, language TEXT NOT NULL, token_hash TEXT,
  token_expires_at INTEGER, created_at INTEGER NOT NULL, confirmed_at INTEGER, unsubscribed_at INTEGER
);
-- Registrations waiting for the link mailed to their address (pending-registrations.ts): the
-- form's fields, the password as its scrypt hash and the link's token as its SHA-256. used_at
-- once the link opened the account (the hash is then dropped); kept until expires_at.
CREATE TABLE IF NOT EXISTS pending_registrations (
  id INTEGER PRIMARY KEY AUTOINCREMENT, token_hash TEXT NOT NULL UNIQUE, email TEXT NOT NULL COLLATE NOCASE, name TEXT NOT NULL,
  password_hash TEXT, agreement_version TEXT NOT NULL, privacy_version TEXT NOT NULL, created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL, used_at INTEGER
);
CREATE INDEX IF NOT EXISTS pending_registrations_by_expiry ON pending_registrations (expires_at);
-- Keys the API signs with, made once per database (the unsubscribe links, the known-device cookie).
CREATE TABLE IF NOT EXISTS signing_keys (name TEXT PRIMARY KEY, secret TEXT NOT NULL);
INSERT OR IGNORE INTO signing_keys (name, secret) VALUES ('newsletter', lower(hex(randomblob(32))));
INSERT OR IGNORE INTO signing_keys (name, secret) VALUES ('known-device', lower(hex(randomblob(32))));
-- Attempts counted by attempt-limits.ts (rate-limiter-flexible's table: key, points, expiry in ms).
CREATE TABLE IF NOT EXISTS attempt_limits (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER);
CREATE TABLE IF NOT EXISTS agreement_versions (kind TEXT PRIMARY KEY, version TEXT NOT NULL, pop_flag TEXT NOT NULL);
INSERT OR IGNORE INTO agreement_versions (kind, version, pop_flag) VALUES ('membership', '${FIRST_AGREEMENT_VERSION}', 'Y'), ('privacy', '${FIRST_AGREEMENT_VERSION}', 'Y');
`;

export function openDatabase(path: string): DatabaseSync {
  const db = new DatabaseSync(path);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;');
  db.exec(SCHEMA);
  // Databases made before a column existed: add it (an existing column is fine).
  const added = [
    'refresh_tokens ADD COLUMN rotated_at INTEGER',
    // Tokens of before families each stand alone (routes/auth.ts reads a NULL family as its own hash).
    'refresh_tokens ADD COLUMN family_id TEXT',
    'refresh_tokens ADD COLUMN successor TEXT',
    'access_tokens ADD COLUMN family_id TEXT',
    'products ADD COLUMN updated_at INTEGER NOT NULL DEFAULT 0',
    'cart_lines ADD COLUMN alter_mode TEXT',
    'cart_lines ADD COLUMN final_inseam REAL',
    "cart_lines ADD COLUMN case_flag TEXT NOT NULL DEFAULT 'N'",
    "cart_lines ADD COLUMN gift_flag TEXT NOT NULL DEFAULT 'N'",
    'cart_lines ADD COLUMN semi_values TEXT',
    'members ADD COLUMN birthday TEXT',
    'members ADD COLUMN gender TEXT',
    'members ADD COLUMN closed_at INTEGER',
    // SQLite cannot add a UNIQUE column: the index below makes it unique.
    'coupon_offers ADD COLUMN redeem_code TEXT',
    // Amounts carry their currency since mainland China and Macao were added; before, all were TWD.
    "coupon_offers ADD COLUMN currency TEXT NOT NULL DEFAULT 'TWD'",
    "pay_sessions ADD COLUMN currency TEXT NOT NULL DEFAULT 'TWD'",
    "pay_sessions ADD COLUMN return_prefix TEXT NOT NULL DEFAULT ''",
    'provider_codes ADD COLUMN code_challenge TEXT',
    'mail_outbox ADD COLUMN next_attempt_at INTEGER NOT NULL DEFAULT 0',
    'mail_outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0',
    'mail_outbox ADD COLUMN sent_at INTEGER',
    'mail_outbox ADD COLUMN failed_at INTEGER',
    'mail_outbox ADD COLUMN last_error TEXT',
    'mail_outbox ADD COLUMN message_id TEXT',
    'mail_outbox ADD COLUMN html TEXT',
    'mail_outbox ADD COLUMN topic TEXT',
  ];
  const addedNow = added.filter((column) => {
    try {
      db.exec(`ALTER TABLE ${column}`);
      return true;
    } catch {
      return false; // already there
    }
  });
  // Mails kept before there was a sender were never meant to leave: they stay as they are.
  if (addedNow.includes('mail_outbox ADD COLUMN sent_at INTEGER')) db.exec('UPDATE mail_outbox SET sent_at = created_at');
  db.exec('CREATE INDEX IF NOT EXISTS mail_outbox_due ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL');
  db.exec(
    "UPDATE records SET json = json_set(json, '$.currency', 'TWD') WHERE kind IN ('coupon', 'order', 'refund') AND json_extract(json, '$.currency') IS NULL",
  );
  db.exec('CREATE INDEX IF NOT EXISTS refresh_tokens_by_family ON refresh_tokens (family_id)');
  // NULLs do not collide in a unique index, so offers without a code are fine.
  db.exec('CREATE UNIQUE INDEX IF NOT EXISTS coupon_offers_by_redeem_code ON coupon_offers (redeem_code)');
  return db;
}

/** Runs `work` in one IMMEDIATE transaction: all of it lands, or none. */
export function transaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    // SQLite rolls some failures back itself (a full database among them): a ROLLBACK then fails
    // and would hide the error that says why.
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
