/**
 * The outbox: how a route sends mail. The mail is a mail_outbox row written in the route's own
 * transaction, so a reset token is never kept without its mail, nor a mail sent for a change
 * that rolled back; mail-sender.ts hands the rows to SMTP afterwards and retries while the
 * server is away. An answer never waits for (or fails with) the mail server.
 */
import type { DatabaseSync } from 'node:sqlite';
import { localizedPath } from '../../src/lib/cms/pages.ts';
import { requestLanguage } from './request-language.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Outbox {
  queue(mail: Mail): void;
  /** `listener` runs after each queued mail, once the current transaction is over. */
  onQueued(listener: () => void): void;
  /**
   * The absolute address of a store page in the request's language, for a mail. It is the
   * configured site's, never one from the request's headers: a caller who chose the Host of a
   * reset request would otherwise get the member's reset link sent to their own server.
   */
  link(pagePath: string, query: Record<string, string>): string;
}

export function createOutbox(db: DatabaseSync, now: () => number, siteOrigin: string): Outbox {
  const listeners: Array<() => void> = [];
  const insert = db.prepare('INSERT INTO mail_outbox (to_address, subject, text, created_at, next_attempt_at) VALUES (?, ?, ?, ?, ?)');
  return {
    queue(mail) {
      const at = now();
      insert.run(mail.to, mail.subject, mail.text, at, at);
      // After the route's synchronous transaction has committed (or rolled the row back).
      for (const listener of listeners) setImmediate(listener);
    },
    onQueued(listener) {
      listeners.push(listener);
    },
    link(pagePath, query) {
      return `${siteOrigin}${localizedPath(requestLanguage(), pagePath)}?${new URLSearchParams(query)}`;
    },
  };
}
