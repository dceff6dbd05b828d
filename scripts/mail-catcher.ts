/**
 * MailDev, the mail catcher `npm start` runs when no SMTP server is configured: the store's mail
 * goes to it over SMTP as it would to a real server, and lands in its web inbox; the browser
 * tests read it from its REST API (GET /api/email). Both listen on this machine only: the inbox
 * holds every reset link. Each start keeps its mail in a folder of its own, removed on close.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SmtpSettings } from '../src/build/env.ts';

export interface MailCatcher {
  /** The web inbox, e.g. http://127.0.0.1:4324 (its REST API under /api). */
  url: string;
  smtp: SmtpSettings;
  close(): Promise<void>;
}

export async function startMailCatcher(ports: { web: number; smtp: number }): Promise<MailCatcher> {
  // A development tool: loaded only when it runs, so a start with SMTP_HOST needs no dev dependencies.
  const { MailDev } = await import('maildev');
  const mailDirectory = await mkdtemp(join(tmpdir(), 'linea-maildev-'));
  const maildev = new MailDev({ smtp: ports.smtp, web: ports.web, ip: '127.0.0.1', webIp: '127.0.0.1', mailDirectory, silent: true });
  try {
    await maildev.start();
  } catch (error) {
    await rm(mailDirectory, { recursive: true, force: true });
    throw new Error(
      `MailDev could not listen on ports ${ports.web} and ${ports.smtp} (MAILDEV_WEB_PORT, MAILDEV_SMTP_PORT): ${(error as Error).message}`,
    );
  }
  return {
    url: `http://127.0.0.1:${ports.web}`,
    smtp: { host: '127.0.0.1', port: ports.smtp, secure: false },
    async close() {
      await maildev.stop();
      await rm(mailDirectory, { recursive: true, force: true });
    },
  };
}
