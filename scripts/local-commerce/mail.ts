/**
 * The outbox: how a route sends mail. The mail is a mail_outbox row written in the route's own
 * transaction, so a reset token is never kept without its mail, nor a mail sent for a change
 * that rolled back: the sender (mail-sender.ts) reads the table only after the synchronous
 * transaction is over, hands the rows to SMTP and retries while the server is away. An answer
 * never waits for (or fails with) the mail server.
 *
 * A mail to a member is composed in the member's preferred language (members.prefer_lang), not
 * the language of the request that caused it: the store's back office, the payment provider
 * and the deadlines act in no member's language. A mail may be held (`notBefore`) under a
 * `topic`, so a later event can withdraw it while it waits (order-mail.ts).
 */
import type { DatabaseSync } from 'node:sqlite';
import { localizedPath } from '../../src/lib/cms/pages.ts';
import type { CatalogueProduct } from '../sample-data/catalogue-schema.ts';
import { requestLanguage, withRequestLanguage } from './request-language.ts';

/** What a mail says: its subject, its plain text and the same as HTML. */
export interface MailBody {
  subject: string;
  text: string;
  html?: string;
}

export interface Mail extends MailBody {
  to: string;
  /** What the mail is about, e.g. `order-placed:O20261207000001`: withdraw() finds it by this. */
  topic?: string;
  /** Not sent before this moment (ms). */
  notBefore?: number;
}

/** What composing a mail may read: links in its language, and the catalogue to name products in it. */
export interface ComposeContext {
  link: Outbox['link'];
  productOf: (productCode: string) => CatalogueProduct | null;
}

/** A mail to a member's address, composed when queued in that member's preferred language. */
export interface MemberMail extends Omit<Mail, keyof MailBody> {
  compose: (context: ComposeContext) => MailBody;
}

export interface Outbox {
  queue(mail: Mail | MemberMail): void;
  /** Takes back the mails of `topic` not sent yet; whether there was one. */
  withdraw(topic: string): boolean;
  /** `listener` runs after each queued mail, once the current transaction is over. */
  onQueued(listener: () => void): void;
  /**
   * The absolute address of a store page in the request's language (a member mail's while it
   * is composed), for a mail. It is the configured site's, never one from the request's
   * headers: a caller who chose the Host of a reset request would otherwise get the member's
   * reset link sent to their own server.
   */
  link(pagePath: string, query: Record<string, string>): string;
}

const outboxes = new WeakMap<DatabaseSync, Outbox>();

/**
 * The outbox of `db`'s mail (the last one made for it: the app's), for code that is handed the
 * database alone (case-rules.ts saves a new case with `db`).
 */
export const outboxOf = (db: DatabaseSync): Outbox | undefined => outboxes.get(db);

export function createOutbox(db: DatabaseSync, now: () => number, siteOrigin: string): Outbox {
  const listeners: Array<() => void> = [];
  const insert = db.prepare(
    'INSERT INTO mail_outbox (to_address, subject, text, html, topic, created_at, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const preferredLanguage = db.prepare('SELECT prefer_lang FROM members WHERE email = ? COLLATE NOCASE');
  const product = db.prepare('SELECT json FROM products WHERE product_code = ?');
  const productOf = (code: string) => {
    const row = product.get(code) as { json: string } | undefined;
    return row ? (JSON.parse(row.json) as CatalogueProduct) : null;
  };
  const composeFor = (to: string, compose: MemberMail['compose']): MailBody => {
    const language = (preferredLanguage.get(to) as { prefer_lang: string | null } | undefined)?.prefer_lang;
    const context = { link: outbox.link, productOf };
    // Without a preference, the language the member is using the store in now.
    return language ? withRequestLanguage(language, () => compose(context)) : compose(context);
  };
  const outbox: Outbox = {
    queue(mail) {
      const at = now();
      const { subject, text, html } = 'compose' in mail ? composeFor(mail.to, mail.compose) : mail;
      insert.run(mail.to, subject, text, html ?? null, mail.topic ?? null, at, Math.max(at, mail.notBefore ?? at));
      for (const listener of listeners) setImmediate(listener);
    },
    withdraw(topic) {
      return db.prepare('DELETE FROM mail_outbox WHERE topic = ? AND sent_at IS NULL AND failed_at IS NULL').run(topic).changes > 0;
    },
    onQueued(listener) {
      listeners.push(listener);
    },
    link(pagePath, query) {
      const search = new URLSearchParams(query).toString();
      return `${siteOrigin}${localizedPath(requestLanguage(), pagePath)}${search ? `?${search}` : ''}`;
    },
  };
  outboxes.set(db, outbox);
  return outbox;
}
