/**
 * A full database (its COMMERCE_DB_MAX_MB cap reached, as a full disk would): reads keep being
 * answered, and a write that cannot be saved answers 507 STORAGE_FULL with the contract's
 * envelope, in the contract's calls and outside them (the captcha stand-in, the collector);
 * a disk that fails answers 503 STORAGE_UNAVAILABLE. Never a bare 500.
 */
import type { DatabaseSync } from 'node:sqlite';
import { describe, expect, it, vi } from 'vitest';
import { capDatabaseSize } from '../../../scripts/local-commerce/storage.ts';
import { commerceDbMaxMegabytes, COMMERCE_DB_MAX_MB_DEFAULT } from '../../../src/node/env.ts';
import {
  call,
  DEMO,
  expectFailure,
  expectSuccess,
  freeSkus,
  login,
  sampleEnv,
  SEEDED,
  TAIPEI_ADDRESS,
  toAnswer,
  type Answer,
  type App,
} from '../../fixtures/commerce-app.ts';

/** Caps the database at the pages it has now: the next write needing a page is refused. */
const fillUp = (db: DatabaseSync) => capDatabaseSize(db, 0);

/** Repeats a write until it is not a success (the pages it fills run out); answers that answer. */
async function untilRefused(write: (i: number) => Promise<Answer>): Promise<Answer> {
  for (let i = 0; i < 2_000; i++) {
    const answer = await write(i);
    const success = answer.status === 204 || (answer.status === 200 && (answer.json as { success?: boolean } | null)?.success !== false);
    if (!success) return answer;
  }
  throw new Error('The database never filled up');
}

const postJson = async (app: App, path: string, body: unknown) =>
  toAnswer(await app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));

const expectStorageFull = (answer: Answer) => {
  const envelope = expectFailure(answer, 'STORAGE_FULL', { status: 507 });
  expect(envelope.msg).toMatch(/full/i);
};

describe('a full database', () => {
  it('is a cap in megabytes, 1 GiB unless COMMERCE_DB_MAX_MB says otherwise (16 at least)', () => {
    expect(COMMERCE_DB_MAX_MB_DEFAULT).toBe(1024);
    vi.stubEnv('COMMERCE_DB_MAX_MB', '');
    expect(commerceDbMaxMegabytes()).toBe(1024);
    vi.stubEnv('COMMERCE_DB_MAX_MB', ' 64 ');
    expect(commerceDbMaxMegabytes()).toBe(64);
    for (const bad of ['8', '1.5', 'lots', '-100']) {
      vi.stubEnv('COMMERCE_DB_MAX_MB', bad);
      expect(() => commerceDbMaxMegabytes(), bad).toThrow(/COMMERCE_DB_MAX_MB/);
    }
    vi.unstubAllEnvs();
    const { db } = sampleEnv();
    const { pageSize } = db.prepare('SELECT page_size AS pageSize FROM pragma_page_size').get() as { pageSize: number };
    const { pages } = db.prepare('SELECT page_count AS pages FROM pragma_page_count').get() as { pages: number };
    expect(capDatabaseSize(db, 64)).toEqual({ maxPages: (64 * 1024 * 1024) / pageSize, pages });
    // Never below what the database holds already: it is full, not shrunk.
    expect(capDatabaseSize(db, 0)).toEqual({ maxPages: pages, pages });
  });

  it('answers reads; sign-in and a cart add answer STORAGE_FULL once they cannot be saved, a signed-in member still reads', async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    fillUp(db);
    expectSuccess('memberInfo', await call(app, 'memberInfo', {}, { token }));
    expectSuccess('cartDetail', await call(app, 'cartDetail', {}, { token }));
    expectSuccess('orderDetail', await call(app, 'orderDetail', { orderCode: SEEDED.unpaid }, { token }));
    expect((await app.request('/api/_admin')).status).toBe(200);
    expectStorageFull(await untilRefused(() => call(app, 'login', { account: DEMO.email, password: DEMO.password })));
    // A cart add, in a transaction of its own.
    const skus = freeSkus(db, 1);
    expectStorageFull(
      await untilRefused((i) =>
        call(app, 'cartAdd', { productCode: skus[i]!.productCode, skuCode: skus[i]!.skuCode, quantity: 1 }, { token }),
      ),
    );
    // What was there stays readable.
    expectSuccess('memberInfo', await call(app, 'memberInfo', {}, { token }));
    expectSuccess('cartDetail', await call(app, 'cartDetail', {}, { token }));
  });

  it('the captcha stand-in, the collector and the tag manager stand-in answer STORAGE_FULL with the envelope', async () => {
    const { app, db } = sampleEnv({ captcha: true });
    fillUp(db);
    expectStorageFull(await untilRefused(() => postJson(app, '/api/_standin/captcha/solve', { pass: true })));
    expectStorageFull(
      await untilRefused(async (i) =>
        toAnswer(
          await app.request('/datarcvr/event', {
            method: 'POST',
            body: new URLSearchParams({ event_name: 'search', event_prop: `{"keywords":"coat ${i}"}` }),
          }),
        ),
      ),
    );
    expectStorageFull(await untilRefused((i) => postJson(app, '/api/_standin/tag-hits', { page: `/p-${i}.html`, events: ['page_view'] })));
  });

  it('a disk that fails answers 503 STORAGE_UNAVAILABLE; a full one by its system error 507; anything else a 500 envelope', async () => {
    const { app, db } = sampleEnv();
    const failing = (error: Error) => () => {
      throw error;
    };
    // SQLite's "disk I/O error" (SQLITE_IOERR_WRITE, an extended code of SQLITE_IOERR), and a file write on a full disk.
    app.get('/api/_io', failing(Object.assign(new Error('disk I/O error'), { code: 'ERR_SQLITE_ERROR', errcode: 778 })));
    app.get('/api/_nospace', failing(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })));
    expectFailure(await toAnswer(await app.request('/api/_io')), 'STORAGE_UNAVAILABLE', { status: 503 });
    expectStorageFull(await toAnswer(await app.request('/api/_nospace')));
    // A fault of ours is still an envelope, outside the contract's calls too.
    db.exec('DROP TABLE captcha_tokens');
    const broken = await postJson(app, '/api/_standin/captcha/solve', { pass: true });
    expectFailure(broken, 'SERVER_ERROR', { status: 500 });
    expect(broken.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('a full database, where a transaction or a unique check stood between', () => {
  // SQLite rolls a whole transaction back by itself when a plain insert finds the database full:
  // db.ts's transaction() rolls back only a transaction still open, so SQLITE_FULL reaches the answer.
  it('an address saved (a transaction) answers STORAGE_FULL', async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    fillUp(db);
    expectStorageFull(await untilRefused((i) => call(app, 'addressSave', { ...TAIPEI_ADDRESS, detail: `信義路 ${i} 號` }, { token })));
  });

  // Registering keeps the form's fields until the mailed link opens the account: a registration
  // that cannot be kept says so, rather than that a mail went out.
  it('registration answers STORAGE_FULL when it cannot be kept', async () => {
    const { app, db } = sampleEnv({ attemptRules: { registrationAddress: { points: 10_000, duration: 3600 } } });
    fillUp(db);
    expectStorageFull(
      await untilRefused((i) =>
        call(app, 'register', { name: 'Full', email: `full${i}@linea.example`, password: 'Full2026x', agreeTerms: true }),
      ),
    );
  });
});
