/**
 * MailDev, the mail catcher `npm start` runs when no SMTP server is configured: the store's mail
 * goes to it over SMTP as it would to a real server, and lands in its web inbox; the browser
 * tests read it from its REST API (GET /api/email). Each start keeps its mail in a folder of its
 * own, removed on close.
 *
 * The inbox holds every reset link, so it is this machine's only, and more than by listening on
 * 127.0.0.1: MailDev's own web server lets any site's page read it (CORS for every origin), and a
 * page of a site whose name points at 127.0.0.1 (DNS rebinding) is same-origin to it. So we start
 * MailDev's SMTP side alone and serve its inbox ourselves, from its packages, without CORS and
 * only under this machine's names.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SmtpSettings } from '../src/node/env.ts';
import { isLoopbackHost } from './request-checks.ts';

export interface MailCatcher {
  /** The web inbox, e.g. http://127.0.0.1:4324 (its REST API under /api). */
  url: string;
  smtp: SmtpSettings;
  close(): Promise<void>;
}

export async function startMailCatcher(ports: { web: number; smtp: number }): Promise<MailCatcher> {
  // Development tools: loaded only when they run, so a start with SMTP_HOST needs no dev dependencies.
  const [{ MailDev }, { createAPIServer }, { registerUI }] = await Promise.all([
    import('maildev'),
    import('@maildev/api'),
    import('@maildev/ui/server'),
  ]);
  const mailDirectory = await mkdtemp(join(tmpdir(), 'linea-maildev-'));
  const maildev = new MailDev({ smtp: ports.smtp, ip: '127.0.0.1', mailDirectory, disableWeb: true, silent: true });
  let inbox: ReturnType<typeof createAPIServer> | null = null;
  try {
    const { storage, smtp } = await maildev.start();
    inbox = createAPIServer({
      port: ports.web,
      host: '127.0.0.1',
      basePath: '',
      storage,
      smtp,
      cors: { origin: false, credentials: false },
    });
    inbox.server.addHook('onRequest', async (request, reply) => {
      if (!isLoopbackHost(request.headers.host)) await reply.code(421).send({ error: 'This inbox answers only as 127.0.0.1 or localhost' });
    });
    await inbox.registerPlugins();
    await registerUI(inbox.server, { basePath: '' });
    await inbox.listen();
  } catch (error) {
    await inbox?.stop().catch(() => {});
    await maildev.stop().catch(() => {});
    await rm(mailDirectory, { recursive: true, force: true });
    throw new Error(
      `MailDev could not listen on ports ${ports.web} and ${ports.smtp} (MAILDEV_WEB_PORT, MAILDEV_SMTP_PORT): ${(error as Error).message}`,
    );
  }
  const started = inbox;
  return {
    url: `http://127.0.0.1:${ports.web}`,
    smtp: { host: '127.0.0.1', port: ports.smtp, secure: false },
    async close() {
      await started.stop();
      await maildev.stop();
      await rm(mailDirectory, { recursive: true, force: true });
    },
  };
}
