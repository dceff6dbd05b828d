/**
 * A local commerce database made before amounts carried their currency opens with every
 * amount it holds taken as TWD (all were then), and its payment sessions gain their currency
 * and return language: nothing is lost, nothing needs deleting. One made before mail was sent
 * keeps its old mails unsent for good. Its sessions go on, each token its own sign-in's line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../scripts/local-commerce/db.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A database file made by `sql`, as an earlier version left it; its path. */
function oldDatabase(sql: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'linea-db-'));
  dirs.push(dir);
  const path = join(dir, 'old.sqlite');
  const old = new DatabaseSync(path);
  old.exec(sql);
  old.close();
  return path;
}

describe('a database of an earlier version', () => {
  it('takes TWD for its coupons, orders, refunds, offers and payment sessions, and keeps every row', () => {
    // The tables as they were: no currency anywhere.
    const path = oldDatabase(`
      CREATE TABLE records (kind TEXT NOT NULL, id TEXT NOT NULL, member_id TEXT NOT NULL, status TEXT NOT NULL, created_at INTEGER NOT NULL, json TEXT NOT NULL, PRIMARY KEY (kind, id));
      CREATE TABLE pay_sessions (token TEXT PRIMARY KEY, order_code TEXT NOT NULL, member_id TEXT NOT NULL, channel TEXT NOT NULL, step TEXT NOT NULL, amount INTEGER NOT NULL, from_checkout INTEGER NOT NULL, created_at INTEGER NOT NULL, ended TEXT);
      CREATE TABLE coupon_offers (coupon_id TEXT PRIMARY KEY, title TEXT NOT NULL, description TEXT NOT NULL, discount INTEGER NOT NULL, threshold INTEGER NOT NULL, start_date INTEGER NOT NULL, end_date INTEGER NOT NULL);
      INSERT INTO records VALUES ('coupon', 'C1', 'M1', 'N', 1, '{"couponId":"C1","discount":100}');
      INSERT INTO records VALUES ('order', 'O1', 'M1', 'UNPAID', 1, '{"orderCode":"O1","total":990}');
      INSERT INTO records VALUES ('refund', 'R1', 'M1', 'WAIT_AUDIT', 1, '{"refundCode":"R1","amount":490}');
      INSERT INTO records VALUES ('address', 'A1', 'M1', 'Y', 1, '{"addressId":"A1"}');
      INSERT INTO pay_sessions VALUES ('t', 'O1', 'M1', 'CARD', 'pay', 990, 1, 1, NULL);
      INSERT INTO coupon_offers VALUES ('CC1', 'T', 'D', 150, 1000, 0, 1);
    `);

    const db = openDatabase(path);
    const json = (kind: string) =>
      JSON.parse((db.prepare('SELECT json FROM records WHERE kind = ?').get(kind) as { json: string }).json) as Record<string, unknown>;
    expect(json('coupon')).toEqual({ couponId: 'C1', discount: 100, currency: 'TWD' });
    expect(json('order')).toEqual({ orderCode: 'O1', total: 990, currency: 'TWD' });
    expect(json('refund')).toEqual({ refundCode: 'R1', amount: 490, currency: 'TWD' });
    // Not an amount: left as it was.
    expect(json('address')).toEqual({ addressId: 'A1' });
    expect(db.prepare('SELECT amount, currency, return_prefix FROM pay_sessions').get()).toEqual({
      amount: 990,
      currency: 'TWD',
      return_prefix: '',
    });
    expect(db.prepare('SELECT coupon_id, currency FROM coupon_offers').get()).toEqual({ coupon_id: 'CC1', currency: 'TWD' });
    db.close();
  });

  it('keeps the mails of before there was a sender as they were: marked sent, so none goes out late', () => {
    const path = oldDatabase(`
      CREATE TABLE mail_outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, to_address TEXT NOT NULL, subject TEXT NOT NULL, text TEXT NOT NULL, created_at INTEGER NOT NULL);
      INSERT INTO mail_outbox (to_address, subject, text, created_at) VALUES ('a@linea.example', 'S', 'T', 42);
    `);
    const db = openDatabase(path);
    expect(db.prepare('SELECT to_address, sent_at, attempts, failed_at FROM mail_outbox').all()).toEqual([
      { to_address: 'a@linea.example', sent_at: 42, attempts: 0, failed_at: null },
    ]);
    db.close();
    // Opened again, nothing changes.
    const again = openDatabase(path);
    again.prepare("INSERT INTO mail_outbox (to_address, subject, text, created_at) VALUES ('b@linea.example', 'S', 'T', 43)").run();
    again.close();
    expect(openDatabase(path).prepare('SELECT to_address, sent_at FROM mail_outbox ORDER BY id').all()).toEqual([
      { to_address: 'a@linea.example', sent_at: 42 },
      { to_address: 'b@linea.example', sent_at: null },
    ]);
  });

  it('keeps the sessions of before token families: each old token stands for its own family', () => {
    const path = oldDatabase(`
      CREATE TABLE access_tokens (token TEXT PRIMARY KEY, member_id TEXT NOT NULL, expires_at INTEGER NOT NULL);
      CREATE TABLE refresh_tokens (token_hash TEXT PRIMARY KEY, member_id TEXT NOT NULL, expires_at INTEGER NOT NULL, revoked INTEGER NOT NULL DEFAULT 0);
      INSERT INTO access_tokens VALUES ('a', 'M1', 9);
      INSERT INTO refresh_tokens VALUES ('h', 'M1', 9, 0);
    `);
    const db = openDatabase(path);
    expect(db.prepare('SELECT token, family_id FROM access_tokens').all()).toEqual([{ token: 'a', family_id: null }]);
    expect(db.prepare('SELECT token_hash, revoked, rotated_at, family_id, successor FROM refresh_tokens').all()).toEqual([
      { token_hash: 'h', revoked: 0, rotated_at: null, family_id: null, successor: null },
    ]);
    db.close();
  });
});
