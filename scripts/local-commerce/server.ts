/**
 * Starts the local commerce API on its own port (npm start proxies /api and /datarcvr to it).
 *   node scripts/local-commerce/server.ts [--port 4410] [--db .data/commerce.sqlite]
 */
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import nodemailer from 'nodemailer';
import { catalogueSchema } from '../sample-data/catalogue-schema.ts';
import { ensureSampleContent } from '../local-cms/embedded.ts';
import { createCommerceApp } from './app.ts';
import { openDatabase } from './db.ts';
import { createOutbox } from './mail.ts';
import { startMailSender } from './mail-sender.ts';
import { seedDatabase } from './seed.ts';
import { capDatabaseSize } from './storage.ts';
import {
  captchaRequired,
  commerceDbMaxMegabytes,
  commerceDbPath,
  mailFrom,
  registrationsPerHour,
  siteUrl,
  smtpSettings,
  type SmtpSettings,
} from '../../src/node/env.ts';

export interface CommerceApiOptions {
  /** SQLite file, or ':memory:' for a fresh database. */
  dbPath?: string;
  port?: number;
  host?: string;
  /** Where mail goes; default the SMTP_* settings. Without either, mail stays in the outbox. */
  smtp?: SmtpSettings;
  /** The sender of its mail; default MAIL_FROM's. */
  from?: string;
  /** The megabytes its database may grow to; default COMMERCE_DB_MAX_MB's. */
  maxDbMegabytes?: number;
  log?: (line: string) => void;
}

export async function startCommerceApi(options: CommerceApiOptions = {}) {
  const {
    dbPath = commerceDbPath(),
    port = 0,
    host = '127.0.0.1',
    smtp = smtpSettings(),
    from = mailFrom(),
    maxDbMegabytes = commerceDbMaxMegabytes(),
    log = () => {},
  } = options;
  const cmsDir = await ensureSampleContent({ log });
  const catalogue = catalogueSchema.parse(JSON.parse(await readFile(join(cmsDir, 'catalogue.json'), 'utf8')));
  if (dbPath !== ':memory:') await mkdir(dirname(dbPath), { recursive: true });
  const db = openDatabase(dbPath);
  seedDatabase(db, catalogue);
  // Capped once seeded, so the store always starts: a database already at its cap answers reads
  // and refuses writes (STORAGE_FULL), as on a full disk, until the cap is raised or room is made.
  const { maxPages, pages } = capDatabaseSize(db, maxDbMegabytes);
  if (pages >= maxPages)
    log(`[commerce] the database is at its cap (COMMERCE_DB_MAX_MB=${maxDbMegabytes}): writes answer STORAGE_FULL until it is raised`);
  // The site shows the captcha when it is configured, and then the API asks for its pass.
  // Wherever any region's pages show the captcha, every sign-in needs it: the region comes from a
  // header the caller chooses, so a bot would otherwise pick the region without one.
  const perHour = registrationsPerHour();
  const site = new URL(siteUrl());
  const siteOrigin = site.origin;
  const outbox = createOutbox(db, Date.now, siteOrigin);
  const sender = smtp
    ? startMailSender({
        db,
        outbox,
        transport: nodemailer.createTransport({
          ...smtp,
          // Credentials are never sent over a connection left in clear.
          requireTLS: !smtp.secure && smtp.auth !== undefined,
          // A server that does not answer is tried again later (mail-sender.ts), and never holds
          // up a stop for minutes (nodemailer waits 2 and 10 by default).
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        }),
        from,
        log,
      })
    : null;
  if (!smtp) log('[commerce] no SMTP server (SMTP_HOST): mail is kept in the mail_outbox table, unsent');
  const app = createCommerceApp({
    db,
    captcha: captchaRequired(),
    siteOrigin,
    outbox,
    // Served over HTTPS (production): Secure, prefixed cookies.
    secureCookies: site.protocol === 'https:',
    ...(perHour === undefined ? {} : { attemptRules: { registrationAddress: { points: perHour, duration: 3600 } } }),
  });
  return new Promise<{ url: string; port: number; close(): Promise<void> }>((resolve) => {
    const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => {
      log(`[commerce] API on http://${host}:${info.port} (${dbPath})`);
      resolve({
        url: `http://${host}:${info.port}`,
        port: info.port,
        close: () =>
          new Promise<void>((done) =>
            server.close(() => {
              void (sender?.close() ?? Promise.resolve()).finally(() => {
                db.close();
                done();
              });
            }),
          ),
      });
    });
  });
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '4410' }, db: { type: 'string' } } });
  const api = await startCommerceApi({ port: Number(values.port), ...(values.db ? { dbPath: values.db } : {}), log: console.log });
  console.log(`Commerce API at ${api.url}/api`);
}
