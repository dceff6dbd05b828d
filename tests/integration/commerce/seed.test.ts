/**
 * The seed: the catalogue and the demo member's records, the same for the same catalogue; the
 * orders and cases in every status, walked along the state machine, none due at the start.
 */
import { describe, expect, it } from 'vitest';
import type { DatabaseSync } from 'node:sqlite';
import {
  AFTER_SALE_INITIAL,
  AFTER_SALE_TRANSITIONS,
  EXCHANGE_INITIAL,
  MACHINES,
  REFUND_INITIAL,
  statusesOf,
  type MachineName,
  type Transition,
} from '../../../src/lib/orders/state-machine.ts';
import { MACHINE_RECORDS } from '../../../scripts/local-commerce/case-records.ts';
import { openDatabase } from '../../../scripts/local-commerce/db.ts';
import { DEMO_MEMBERS, seedDatabase } from '../../../scripts/local-commerce/seed.ts';
import {
  call,
  checkoutEnv,
  DAY,
  DEMO,
  type Env,
  expectSuccess,
  login,
  NOW,
  OTHER,
  sampleCatalogue,
  sampleEnv,
} from '../../fixtures/commerce-app.ts';

const catalogue = sampleCatalogue();

/** Every table, for the seed checks. */
function wholeDatabase(db: DatabaseSync): Record<string, unknown[]> {
  const tables = (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as Array<{
      name: string;
    }>
  )
    .map((t) => t.name)
    // Signing keys are random per database on purpose: a key anyone could reproduce signs nothing.
    .filter((name) => name !== 'signing_keys');
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

  it('refuses a database an older seed wrote, rather than answer from records of another shape', () => {
    const db = openDatabase(':memory:');
    db.prepare('INSERT INTO products (product_code, json) VALUES (?, ?)').run('L000001', '{}');
    expect(() => seedDatabase(db, catalogue)).toThrow(/seeded before orders and after-sales/);
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

/** Every seeded code and its status: the browser tests use them (the report of the orders work lists them too). */
const SEEDED_STATUSES: Record<MachineName, string[]> = {
  order: [
    'UNPAID',
    'WAIT_SHIP',
    'PARTIAL_SHIP',
    'SHIPPED',
    'WAIT_PICK',
    'FINISHED',
    'CANCELLED',
    'CLOSED',
    'WAIT_BACK',
    'WAIT_CONFIRM',
    'WAIT_DEPOSIT_PAY',
    'WAIT_REST_PAY',
    'REST_PAY_CANCELLED',
    'FINISHED',
    'FINISHED',
    'FINISHED',
    'FINISHED',
  ],
  refund: [
    'RETURN_UNAPPROVED',
    'WAIT_RETURN_STORE',
    'WAIT_SEND_STORE',
    'WAIT_SEND_WH',
    'WAIT_CONFIRM',
    'WAIT_BUYER_CONFIRM',
    'BUYER_UNCONFIRMED',
    'REFUND_UNAPPROVED',
    'REFUSED',
    'SUCCESS',
    'SELLER_CONFIRMED',
    'CLOSED',
    'FAILED',
    'PART_REFUND_FAILURE',
    'OFFLINE_SUCCESS',
    'TIME_CLOSED',
    'CONFIRM_RETURNED_STORE',
    'WAIT_BUYER_RETURN_GOODS',
    'WAIT_REFUND_TO_BUYER',
    'SELLER_REFUND_AUDIT',
    'SUCCESS',
  ],
  exchange: ['EXCHANGE_UNAPPROVED', 'UNUPLOAD_EXPR', 'UNCONFIRM_RCV', 'CANCELLED', 'INBOUND', 'REPLACEMENT_SHIPPED', 'CLOSED', 'REFUSED'],
  afterSale: [
    'RETURN_UNAPPROVED',
    'WAIT_BUYER_RETURN_GOODS',
    'REFUSED',
    'CLOSED',
    'WAIT_SEND_WH',
    'WAIT_SEND_STORE',
    'WAIT_CONFIRM',
    'SUCCESS',
  ],
};
const PREFIX: Record<MachineName, string> = { order: 'O', refund: 'R', exchange: 'E', afterSale: 'S' };

interface Seeded {
  status: string;
  refundType?: keyof typeof REFUND_INITIAL;
  history: Array<{ status: string; at: number; by: string }>;
}
const seededOf = (db: DatabaseSync, machine: MachineName) =>
  (
    db
      .prepare('SELECT id, json FROM records WHERE kind = ? AND member_id = ? ORDER BY id')
      .all(MACHINE_RECORDS[machine].kind, DEMO.id) as Array<{ id: string; json: string }>
  ).map((r) => ({ id: r.id, ...(JSON.parse(r.json) as Seeded) }));
const statusesOfAll = (db: DatabaseSync) =>
  db
    .prepare(
      "SELECT kind, id, status FROM records WHERE kind IN ('order', 'refund', 'exchange', 'aftersale', 'evaluation') ORDER BY kind, id",
    )
    .all();

describe('the seeded orders and cases', () => {
  it('are these codes in these statuses, with three evaluations (two published)', () => {
    const { db } = sampleEnv();
    for (const machine of Object.keys(SEEDED_STATUSES) as MachineName[])
      expect(seededOf(db, machine).map((r) => [r.id, r.status])).toEqual(
        SEEDED_STATUSES[machine].map((status, i) => [`${PREFIX[machine]}2026${String(i + 1).padStart(6, '0')}`, status]),
      );
    expect(new Set(SEEDED_STATUSES.afterSale)).toEqual(new Set(statusesOf(AFTER_SALE_TRANSITIONS)));
    expect(db.prepare("SELECT id, status FROM records WHERE kind = 'evaluation' ORDER BY id").all()).toEqual([
      { id: 'V2026000001', status: 'Y' },
      { id: 'V2026000002', status: 'Y' },
      { id: 'V2026000003', status: 'N' },
    ]);
  });

  it('each has a history along its table: opened by the member in a first status, then one allowed step after another', () => {
    const { db } = sampleEnv();
    const first: Record<MachineName, (r: Seeded) => string[]> = {
      order: () => ['UNPAID', 'WAIT_SHIP', 'WAIT_DEPOSIT_PAY'],
      refund: (r) => [REFUND_INITIAL[r.refundType!]],
      exchange: () => [EXCHANGE_INITIAL],
      afterSale: () => [AFTER_SALE_INITIAL],
    };
    for (const machine of Object.keys(MACHINES) as MachineName[]) {
      const table = MACHINES[machine] as readonly Transition[];
      for (const record of seededOf(db, machine)) {
        const [opened, ...steps] = record.history;
        expect(first[machine](record), record.id).toContain(opened!.status);
        expect(opened!.by).toBe('MEMBER');
        steps.reduce((from, step) => {
          expect(
            table.some((row) => row.from === from.status && row.to === step.status && row.by === step.by),
            `${record.id} ${from.status} → ${step.status}`,
          ).toBe(true);
          expect(step.at, record.id).toBeGreaterThanOrEqual(from.at);
          return step;
        }, opened!);
        expect(record.history.at(-1)!.status).toBe(record.status);
      }
    }
  });

  it('holds no more units of a line in cases than it has, and nothing falls due in the first 23 hours', async () => {
    const { app, db, clock } = sampleEnv({ accessTokenTtlSeconds: 2 * 86_400 });
    const { token } = await login(app);
    const orders = expectSuccess('orderList', await call(app, 'orderList', { pageSize: 100 }, { token })).list;
    const held = new Map<string, number>();
    const hold = (status: string, orderCode: string, lines: Array<{ productId: string; quantity: number }>) => {
      if (['REFUSED', 'CLOSED', 'CANCELLED', 'TIME_CLOSED'].includes(status)) return;
      for (const l of lines) held.set(`${orderCode} ${l.productId}`, (held.get(`${orderCode} ${l.productId}`) ?? 0) + l.quantity);
    };
    for (const r of expectSuccess('refundList', await call(app, 'refundList', { pageSize: 100 }, { token })).list)
      hold(r.status, r.orderCode, r.lines);
    for (const e of expectSuccess('exchangeList', await call(app, 'exchangeList', { pageSize: 100 }, { token })).list)
      hold(e.status, e.orderCode, [e.line]);
    for (const a of expectSuccess('afterSaleList', await call(app, 'afterSaleList', { pageSize: 100 }, { token })).list)
      hold(a.status, a.orderCode, [a.line]);
    for (const order of orders)
      for (const line of order.products)
        expect(line.quantity - (held.get(`${order.orderCode} ${line.productId}`) ?? 0)).toBe(line.returnableQty);

    const atStart = statusesOfAll(db);
    clock.now = NOW + 23 * 3_600_000;
    expectSuccess('orderList', await call(app, 'orderList', {}, { token }));
    expect(statusesOfAll(db)).toEqual(atStart);
    clock.now = NOW + DAY;
    expectSuccess('orderList', await call(app, 'orderList', {}, { token }));
    expect(statusesOfAll(db)).not.toEqual(atStart);
  });

  it('seeds the same statuses from the small checkout catalogue', () => {
    const { db } = checkoutEnv();
    for (const machine of Object.keys(SEEDED_STATUSES) as MachineName[])
      expect(seededOf(db, machine).map((r) => r.status)).toEqual(SEEDED_STATUSES[machine]);
  });
});
