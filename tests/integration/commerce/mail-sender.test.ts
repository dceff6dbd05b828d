/**
 * The API's mail over real SMTP (docs/commerce-api.md, Mail): routes queue it in the outbox, the sender hands it
 * to MailDev (the catcher `npm start` runs) with nodemailer, and the test reads it from MailDev's
 * REST API as the browser tests do. A server that is away is tried again later; a refusal for
 * good ends the tries; nothing is lost either way.
 */
import { request } from 'node:http';
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { createCommerceApp } from '../../../scripts/local-commerce/app.ts';
import { createOutbox, type Outbox } from '../../../scripts/local-commerce/mail.ts';
import {
  FIRST_RETRY_MS,
  LONGEST_RETRY_MS,
  MAX_ATTEMPTS,
  retryDelay,
  startMailSender,
} from '../../../scripts/local-commerce/mail-sender.ts';
import { startMailCatcher, type MailCatcher } from '../../../scripts/mail-catcher.ts';
import type { SmtpSettings } from '../../../src/node/env.ts';
import {
  call,
  checkoutEnv,
  DEMO,
  expectSuccess,
  NOW,
  order,
  PICKUP,
  sampleEnv,
  shopper,
  SITE_ORIGIN,
  type Env,
} from '../../fixtures/commerce-app.ts';
import { caughtMails } from '../../fixtures/maildev.ts';
import { freePort } from '../../fixtures/ports.ts';

const FROM = 'LINEA <no-reply@linea.example>';

const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

async function catcher(): Promise<MailCatcher> {
  const started = await startMailCatcher({ web: await freePort(), smtp: await freePort() });
  closing.push(() => started.close());
  return started;
}

/** `env`'s database with an app whose outbox a sender to `smtp` reads, as `npm start` has them. */
function mailingEnv(smtp: SmtpSettings, env: Env = sampleEnv()) {
  const outbox = createOutbox(env.db, () => env.clock.now, SITE_ORIGIN);
  const app = createCommerceApp({ db: env.db, now: () => env.clock.now, siteOrigin: SITE_ORIGIN, outbox });
  return { ...env, app, outbox, sender: () => sender(env, outbox, smtp) };
}

function sender(env: Env, outbox: Outbox, smtp: SmtpSettings) {
  const lines: string[] = [];
  const started = startMailSender({
    db: env.db,
    outbox,
    transport: nodemailer.createTransport(smtp),
    from: FROM,
    now: () => env.clock.now,
    log: (line) => lines.push(line),
  });
  closing.push(() => started.close());
  return Object.assign(started, { lines });
}

const caughtBy = (mail: MailCatcher, to: string) => caughtMails(mail.url, to);

const outboxRows = (env: Env) =>
  env.db
    .prepare('SELECT to_address, text, attempts, next_attempt_at, sent_at, failed_at, last_error, message_id FROM mail_outbox ORDER BY id')
    .all() as Array<{
    to_address: string;
    text: string;
    attempts: number;
    next_attempt_at: number;
    sent_at: number | null;
    failed_at: number | null;
    last_error: string | null;
    message_id: string | null;
  }>;

describe('mail over SMTP', () => {
  it('sends a reset link in the page language, with the configured site’s address, and the link resets the password', async () => {
    const mail = await catcher();
    const env = mailingEnv(mail.smtp);
    const running = env.sender();
    expectSuccess('forgetPassword', await call(env.app, 'forgetPassword', { email: DEMO.email }, { language: 'en-GB' }));
    await running.idle();

    const [caught] = await caughtBy(mail, DEMO.email);
    expect(caught!.subject).toBe('Reset your password');
    expect(caught!.from).toEqual([{ address: 'no-reply@linea.example', name: 'LINEA' }]);
    expect(caught!.headers['auto-submitted']).toBe('auto-generated');
    // The site configured, never the Host the request named.
    const link = new URL(/https?:\/\/\S+/.exec(caught!.text)![0]);
    expect(link.origin).toBe(SITE_ORIGIN);
    expect(link.pathname).toBe('/en-gb/reset-email.html');
    expectSuccess(
      'resetPassword',
      await call(env.app, 'resetPassword', { token: link.searchParams.get('token')!, password: 'Mailed2027' }),
    );
    expectSuccess('login', await call(env.app, 'login', { account: DEMO.email, password: 'Mailed2027' }));

    const [row] = outboxRows(env);
    // Sent, the row keeps no link: a copy of the table resets nobody's password.
    expect(row).toMatchObject({ text: '', attempts: 1, sent_at: NOW, failed_at: null, last_error: null });
    expect(row!.message_id).toMatch(/^<.+@linea\.example>$/);
  });

  it('ignores a forwarded host: the link in the mail stays the site’s', async () => {
    const mail = await catcher();
    const env = mailingEnv(mail.smtp);
    const running = env.sender();
    expectSuccess(
      'forgetPassword',
      await call(
        env.app,
        'forgetPassword',
        { email: DEMO.email },
        {
          from: { 'sec-fetch-site': 'same-origin', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
        },
      ),
    );
    await running.idle();
    const [caught] = await caughtBy(mail, DEMO.email);
    expect(caught!.text).not.toContain('evil.example');
    expect(caught!.text).toContain(`${SITE_ORIGIN}/reset-email.html?token=`);
  });

  it('mails the order confirmation with its lines, total and a link to the order, as text and as HTML', async () => {
    const mail = await catcher();
    const env = mailingEnv(mail.smtp, checkoutEnv());
    const running = env.sender();
    const me = await shopper(env, [[1, 2]]);
    const placed = expectSuccess('orderCreate', await order(env, me, PICKUP));
    const { email } = env.db.prepare('SELECT email FROM members WHERE id = ?').get(me.memberId) as { email: string };
    await running.idle();
    const [caught] = await caughtBy(mail, email);
    expect(caught!.subject).toBe(`訂單 ${placed.orderCode} 已成立`);
    // The mini catalogue's first product, two at NT$490, collected at a store (no freight).
    expect(caught!.text).toMatch(/ × 2 {2}NT\$980\n/);
    expect(caught!.text).toContain('總計：NT$980');
    expect(caught!.text).toContain(`${SITE_ORIGIN}/account/detail.html?orderCode=${placed.orderCode}`);
    // The same in its HTML part, a line an item.
    expect(caught!.html).toMatch(/<li>[^<]+ × 2 {2}NT\$980<\/li>/);
    expect(caught!.html).toContain(`<a href="${SITE_ORIGIN}/account/detail.html?orderCode=${placed.orderCode}">查看訂單</a>`);
  });

  it('keeps a mail while the server is away, tries again after 30 s, and a restart sends what was left', async () => {
    const smtp = { host: '127.0.0.1', port: await freePort(), secure: false };
    const env = mailingEnv(smtp);
    const first = env.sender();
    expectSuccess('forgetPassword', await call(env.app, 'forgetPassword', { email: DEMO.email }));
    await first.idle();
    expect(outboxRows(env)).toMatchObject([{ attempts: 1, next_attempt_at: NOW + 30_000, sent_at: null, failed_at: null }]);
    expect(outboxRows(env)[0]!.last_error).toMatch(/ECONNREFUSED/);
    expect(first.lines.join('\n')).toMatch(/trying again in 30 s/);
    await first.close();

    // The server is back on that port, the wait has passed: the next start sends it.
    const mail = await startMailCatcher({ web: await freePort(), smtp: smtp.port });
    closing.push(() => mail.close());
    env.clock.now += 30_000;
    await env.sender().idle();
    expect(await caughtBy(mail, DEMO.email)).toHaveLength(1);
    expect(outboxRows(env)).toMatchObject([{ attempts: 2, sent_at: NOW + 30_000 }]);
  });

  it('ends the tries on a permanent refusal (5xx), kept with its reason', async () => {
    const env = mailingEnv({ host: '127.0.0.1', port: 1, secure: false });
    // A server that takes no message this size answers 552, a permanent failure.
    const { MailDev } = await import('maildev');
    const smtpPort = await freePort();
    const strict = new MailDev({ smtp: smtpPort, ip: '127.0.0.1', disableWeb: true, silent: true, maxMessageSize: 64 });
    await strict.start();
    closing.push(() => strict.stop());
    const running = sender(env, env.outbox, { host: '127.0.0.1', port: smtpPort, secure: false });
    expectSuccess('forgetPassword', await call(env.app, 'forgetPassword', { email: DEMO.email }));
    await running.idle();
    const [row] = outboxRows(env);
    expect(row).toMatchObject({ attempts: 1, sent_at: null, failed_at: NOW });
    expect(row!.last_error).toMatch(/552|size/i);
    expect(running.lines.join('\n')).toMatch(/gave up on mail 1 to demo/);
  });

  it('waits twice as long after each failure, 30 s up to an hour, and gives up after 10 tries', () => {
    expect([FIRST_RETRY_MS, LONGEST_RETRY_MS, MAX_ATTEMPTS]).toEqual([30_000, 3_600_000, 10]);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(retryDelay)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000]);
  });

  it('gives up after the 10th try, and keeps the reason', async () => {
    const env = mailingEnv({ host: '127.0.0.1', port: await freePort(), secure: false });
    expectSuccess('forgetPassword', await call(env.app, 'forgetPassword', { email: DEMO.email }));
    env.db.prepare('UPDATE mail_outbox SET attempts = 9').run();
    const running = env.sender();
    await running.idle();
    expect(outboxRows(env)).toMatchObject([{ attempts: 10, sent_at: null, failed_at: NOW, text: '' }]);
    expect(running.lines.join('\n')).toMatch(/gave up on mail 1 to demo@linea\.example after 10 tries: .*ECONNREFUSED/);
  });

  it('does not send a mail twice when its row cannot be marked sent: it pauses 30 s instead', async () => {
    const mail = await catcher();
    const env = mailingEnv(mail.smtp);
    expectSuccess('forgetPassword', await call(env.app, 'forgetPassword', { email: DEMO.email }));
    // The table takes no change (a full disk, a lock held too long).
    env.db.exec("CREATE TRIGGER frozen BEFORE UPDATE ON mail_outbox BEGIN SELECT RAISE(ABORT, 'disk full'); END");
    const running = env.sender();
    await running.idle();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await caughtBy(mail, DEMO.email)).toHaveLength(1);
    expect(running.lines.join('\n')).toMatch(/could not be read or written \(disk full\); pausing 30 s/);
  });

  it('serves its inbox to this machine only: no CORS for other sites, and none under another name', async () => {
    const mail = await catcher();
    const answer = await fetch(`${mail.url}/api/email`, { headers: { origin: 'https://evil.example' } });
    expect(answer.status).toBe(200);
    // Without the header, a browser gives the other site's page nothing of the answer.
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    const underName = (host: string) =>
      new Promise<number>((resolve, reject) =>
        request(`${mail.url}/api/email`, { headers: { host } }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        })
          .on('error', reject)
          .end(),
      );
    // A name someone pointed at 127.0.0.1 (DNS rebinding) is refused; this machine's names pass.
    expect(await underName('rebind.evil.example')).toBe(421);
    expect(await underName(new URL(mail.url).host)).toBe(200);
    expect(await underName(`localhost:${new URL(mail.url).port}`)).toBe(200);
  });
});
