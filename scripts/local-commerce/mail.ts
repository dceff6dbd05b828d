/**
 * The one place the local API "sends" mail: into the mail_outbox table (db.ts). A real
 * system hands the same message to SMTP here; the callers only say to whom and what. Under
 * the test hooks, GET /api/_test/mail?to=… reads what an address was sent, newest first.
 */
import type { DatabaseSync } from 'node:sqlite';
import type { Hono } from 'hono';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export function sendMail(db: DatabaseSync, mail: Mail, sentAt: number): void {
  db.prepare('INSERT INTO mail_outbox (to_address, subject, text, created_at) VALUES (?, ?, ?, ?)').run(
    mail.to,
    mail.subject,
    mail.text,
    sentAt,
  );
}

/** Local only: lets tests and a developer read the mails a real system would have sent. */
export function registerMailTestHook(app: Hono, db: DatabaseSync): void {
  app.get('/api/_test/mail', (c) => {
    const rows = db
      .prepare('SELECT subject, text, created_at FROM mail_outbox WHERE to_address = ? COLLATE NOCASE ORDER BY id DESC')
      .all(c.req.query('to') ?? '') as Array<{ subject: string; text: string; created_at: number }>;
    return c.json({ mails: rows.map((r) => ({ subject: r.subject, text: r.text, createdAt: r.created_at })) });
  });
}
