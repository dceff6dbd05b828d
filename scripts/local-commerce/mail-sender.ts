/**
 * Hands the outbox's mails (mail.ts) to an SMTP server with nodemailer, oldest first, as soon as
 * one is queued. A server that is away, or answers with a temporary (4xx) failure, is tried
 * again later, each wait twice the last (30 s up to an hour); a permanent (5xx) refusal, or the
 * last of MAX_ATTEMPTS, ends the mail's tries, logged and kept with its error in mail_outbox.
 *
 * A mail is marked sent after the server took it: a process stopped in between sends it again
 * on its next start (at least once, never lost).
 */
import type { DatabaseSync } from 'node:sqlite';
import type { Transporter } from 'nodemailer';
import type { Outbox } from './mail.ts';

export const FIRST_RETRY_MS = 30_000;
export const LONGEST_RETRY_MS = 3_600_000;
export const MAX_ATTEMPTS = 10;
/** Mails taken from the table at a time. */
const BATCH = 20;

export interface MailSenderOptions {
  db: DatabaseSync;
  outbox: Outbox;
  transport: Pick<Transporter, 'sendMail'>;
  /** The From header, e.g. `LINEA <no-reply@linea.example>`. */
  from: string;
  now?: () => number;
  log?: (line: string) => void;
}

export interface MailSender {
  /** Resolves once every mail due now has been tried (tests, and stopping). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  text: string;
  html: string | null;
  attempts: number;
}

/** The wait after the `attempts`-th failed try. */
export const retryDelay = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), LONGEST_RETRY_MS);

/** SMTP's permanent failures are 5xx replies; anything else (no connection, 4xx) may pass later. */
const permanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500;
};

export function startMailSender({ db, outbox, transport, from, now = Date.now, log = () => {} }: MailSenderOptions): MailSender {
  const due = db.prepare(
    'SELECT id, to_address, subject, text, html, attempts FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ? ORDER BY id LIMIT ?',
  );
  const nextDue = db.prepare('SELECT MIN(next_attempt_at) AS at FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL');
  // The body leaves with the mail: a sent row keeps who, what and when, not the links and codes
  // it carried (a copy of the table would otherwise hold every reset link). A failed one too:
  // its links are no use to anyone now.
  const markSent = db.prepare(
    "UPDATE mail_outbox SET sent_at = ?, attempts = attempts + 1, message_id = ?, last_error = NULL, text = '', html = NULL WHERE id = ?",
  );
  const markRetry = db.prepare('UPDATE mail_outbox SET attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ?');
  const markFailed = db.prepare("UPDATE mail_outbox SET attempts = ?, failed_at = ?, last_error = ?, text = '', html = NULL WHERE id = ?");

  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  /** After the table could not be read or written, nothing is tried before this moment. */
  let pausedUntil = 0;

  async function deliver(row: OutboxRow): Promise<void> {
    let info: { messageId?: string };
    try {
      info = (await transport.sendMail({
        from,
        to: row.to_address,
        subject: row.subject,
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
        // Machine-sent: autoresponders (out of office) stay quiet (RFC 3834).
        headers: { 'Auto-Submitted': 'auto-generated' },
      })) as { messageId?: string };
    } catch (error) {
      const attempts = row.attempts + 1;
      const reason = (error as Error).message.slice(0, 500);
      if (permanent(error) || attempts >= MAX_ATTEMPTS) {
        markFailed.run(attempts, now(), reason, row.id);
        log(`[mail] gave up on mail ${row.id} to ${row.to_address} after ${attempts} tries: ${reason}`);
      } else {
        markRetry.run(attempts, now() + retryDelay(attempts), reason, row.id);
        log(`[mail] mail ${row.id} not sent (${reason}); trying again in ${retryDelay(attempts) / 1000} s`);
      }
      return;
    }
    // Outside the try: the server has the mail, so a failed write here is not a failed send to
    // try again at once. It stops the drain, and the sender pauses (kick).
    markSent.run(now(), info.messageId ?? null, row.id);
  }

  async function drain(): Promise<void> {
    for (;;) {
      const rows = due.all(now(), BATCH) as unknown as OutboxRow[];
      if (rows.length === 0) return;
      for (const row of rows) {
        if (closed) return;
        await deliver(row);
      }
    }
  }

  /** Wakes at the next retry (or the end of a pause); a queued mail wakes it sooner. */
  function schedule(): void {
    clearTimeout(timer);
    if (closed) return;
    const { at } = nextDue.get() as { at: number | null };
    if (at === null) return;
    timer = setTimeout(kick, Math.max(0, at - now(), pausedUntil - now()));
    // Waiting mail does not keep the process alive.
    timer.unref();
  }

  function kick(): void {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = (now() < pausedUntil ? Promise.resolve() : drain())
      .catch((error: unknown) => {
        pausedUntil = now() + FIRST_RETRY_MS;
        log(`[mail] the outbox could not be read or written (${(error as Error).message}); pausing ${FIRST_RETRY_MS / 1000} s`);
      })
      .finally(() => {
        running = null;
        if (closed) return;
        if (again) {
          again = false;
          kick();
          return;
        }
        try {
          schedule();
        } catch (error) {
          log(`[mail] the outbox could not be read: ${(error as Error).message}`);
        }
      });
  }

  outbox.onQueued(kick);
  kick();
  return {
    async idle() {
      // A mail queued just now wakes the sender on the next turn.
      await new Promise((resolve) => setImmediate(resolve));
      while (running) await running;
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      while (running) await running;
    },
  };
}
