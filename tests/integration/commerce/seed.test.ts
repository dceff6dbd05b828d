/**
 * The seed: the catalogue and the demo member's records, the same for the same catalogue.
 */
import { describe, expect, it } from 'vitest';
import type { DatabaseSync } from 'node:sqlite';
import { openDatabase } from '../../../scripts/local-commerce/db.ts';
import { DEMO_MEMBERS, seedDatabase } from '../../../scripts/local-commerce/seed.ts';
import { call, type Env, expectSuccess, login, NOW, OTHER, sampleCatalogue, sampleEnv } from '../../fixtures/commerce-app.ts';

const catalogue = sampleCatalogue();

/** Every table, for the seed checks. */
function wholeDatabase(db: DatabaseSync): Record<string, unknown[]> {
  const tables = (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as Array<{
      name: string;
    }>
  ).map((t) => t.name);
  return Object.fromEntries(tables.map((t) => [t, db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all()]));
}

describe('the seeded account records', () => {
  it('coupons, invoices, tickets and inbox messages are seeded', async () => {
    const { app } = sampleEnv();
    const { token } = await login(app);
    const big = { page: 1, pageSize: 100 };
    const orders = new Set(expectSuccess('orderList', await call(app, 'orderList', big, { token })).list.map((o) => o.orderCode));
    expect(expectSuccess('couponList', await call(app, 'couponList', big, { token })).total).toBeGreaterThan(0);
    const invoices = expectSuccess('invoiceList', await call(app, 'invoiceList', big, { token }));
    expect(invoices.total).toBeGreaterThan(0);
    for (const invoice of invoices.list) expect(orders.has(invoice.orderCode)).toBe(true);
    expect(expectSuccess('ticketList', await call(app, 'ticketList', big, { token })).total).toBeGreaterThan(0);
    expect(expectSuccess('inboxList', await call(app, 'inboxList', big, { token })).total).toBeGreaterThan(0);
  });

  it("the demo member's coupons: usable, used and expired ones, each with its terms", async () => {
    const { app } = sampleEnv();
    const { token } = await login(app);
    const coupons = expectSuccess('couponList', await call(app, 'couponList', { pageSize: 100 }, { token })).list;
    const byId = new Map(coupons.map((c) => [c.couponId, c]));
    const usable = coupons.filter((c) => c.used === 'N' && c.startDate <= NOW && NOW <= c.endDate);
    expect(usable.length).toBeGreaterThanOrEqual(3);
    expect(coupons.filter((c) => c.used === 'Y')).toHaveLength(2);
    expect(coupons.filter((c) => c.used === 'N' && c.endDate < NOW)).toHaveLength(2);
    for (const coupon of coupons) expect(coupon.description, coupon.couponId).toMatch(/[\u4e00-\u9fff]/);
    expect(usable.map((c) => c.couponId)).toEqual(expect.arrayContaining(['C0001', 'C0002']));
    expect(byId.get('C0003')!.used).toBe('Y');
  });

  it('the Hong Kong member has an address in Hong Kong, coupons and messages, and no birthday yet', async () => {
    const { app } = sampleEnv();
    const { token } = await login(app, OTHER.email, OTHER.password);
    expect(expectSuccess('addressList', await call(app, 'addressList', {}, { token }))).toEqual([
      expect.objectContaining({ region: 'HK', mobile: OTHER.mobile, isDefault: 'Y' }),
    ]);
    expect(expectSuccess('couponList', await call(app, 'couponList', {}, { token })).total).toBeGreaterThanOrEqual(2);
    expect(expectSuccess('inboxList', await call(app, 'inboxList', {}, { token }))).toMatchObject({ total: 2, unread: 1 });
    expect(expectSuccess('memberInfo', await call(app, 'memberInfo', {}, { token }))).toMatchObject({ birthday: null, gender: null });
  });
});

describe('seeding', () => {
  it('seeds the catalogue, and seeding twice is a no-op', () => {
    const db = openDatabase(':memory:');
    seedDatabase(db, catalogue);
    const first = wholeDatabase(db);
    expect(first.products).toHaveLength(catalogue.products.length);
    expect(first.skus).toHaveLength(catalogue.products.reduce((n, p) => n + p.skus.length, 0));
    expect(first.members).toHaveLength(DEMO_MEMBERS.length);
    seedDatabase(db, catalogue);
    expect(wholeDatabase(db)).toEqual(first);
  });

  it('the same catalogue gives the same seeded orders and records', async () => {
    const a = sampleEnv();
    const b = sampleEnv();
    expect(wholeDatabase(b.db)).toEqual(wholeDatabase(a.db));
    const list = async (env: Env) =>
      expectSuccess('orderList', await call(env.app, 'orderList', { pageSize: 100 }, { token: (await login(env.app)).token }));
    expect(await list(b)).toEqual(await list(a));
  });
});
