/**
 * Deterministic seed from the sample catalogue: products and stock, demo members (README),
 * and for the demo member a cart and a wishlist; their orders and cases (an order in every order
 * status, a refund, an exchange and an after-sales case in every status, evaluations) are
 * seed-orders.ts's and seed-cases.ts's; the rest of the account (profile, coupons and the offers
 * anyone may collect, addresses, invoices, the inbox, tickets, recycling) is seed-account.ts's.
 * Seeded orders take no stock: the catalogue's stock is what is left after them.
 */
import { createHash } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { Catalogue, CatalogueProduct } from '../sample-data/catalogue-schema.ts';
import { FIRST_AGREEMENT_VERSION, transaction } from './db.ts';
import { hashPassword } from './passwords.ts';
import { saveRecord } from './records.ts';
import { seedAccount } from './seed-account.ts';
import { seedCases } from './seed-cases.ts';
import { seedPicks } from './seed-kit.ts';
import { seedOrders } from './seed-orders.ts';

export const DEMO_MEMBERS = [
  { id: 'M0001', name: '林小美', email: 'demo@linea.example', password: 'Linea2026', mobile: '0912345678', preferLang: 'zh-TW' },
  { id: 'M0002', name: 'Chan Tai Man', email: 'hk.member@linea.example', password: 'Linea2026', mobile: '91234567', preferLang: 'en-GB' },
  { id: 'M0003', name: '王小明', email: 'cn.member@linea.example', password: 'Linea2026', mobile: '13812345678', preferLang: 'zh-CN' },
  { id: 'M0004', name: '何嘉欣', email: 'mo.member@linea.example', password: 'Linea2026', mobile: '66123456', preferLang: 'zh-MO' },
] as const;

const DAY = 86_400_000;
const stableSalt = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/** Raised when what the seed writes changes shape: a database seeded before cannot be read by this API. */
const SEED_VERSION = 2;

export function seedDatabase(db: DatabaseSync, catalogue: Catalogue): void {
  const already = db.prepare('SELECT COUNT(*) AS n FROM products').get() as { n: number };
  const { user_version: version } = db.prepare('PRAGMA user_version').get() as { user_version: number };
  if (already.n > 0 && version < SEED_VERSION)
    throw new Error(
      'The local commerce database was seeded before orders and after-sales had their present shape: delete it (COMMERCE_DB, .data/commerce.sqlite by default) and start again',
    );
  if (already.n > 0) return refreshCatalogue(db, catalogue);
  const t0 = catalogue.generatedAt;
  transaction(db, () => {
    const insertProduct = db.prepare('INSERT INTO products (product_code, json, updated_at) VALUES (?, ?, ?)');
    const insertSku = db.prepare('INSERT INTO skus (sku_code, product_code, stock, json) VALUES (?, ?, ?, ?)');
    for (const product of catalogue.products) {
      insertProduct.run(product.productCode, JSON.stringify(product), t0);
      for (const sku of product.skus) insertSku.run(sku.skuCode, product.productCode, sku.stock, JSON.stringify(sku));
    }
    seedMembers(db, t0);

    const demo = DEMO_MEMBERS[0].id;
    const sellable = catalogue.products.filter((p) => p.enabledFlag === 'Y' && p.skus.some((s) => s.stock > 0));
    const inStockSku = (p: CatalogueProduct) => p.skus.find((s) => s.stock > 0)!;
    const insertCart = db.prepare(
      'INSERT INTO cart_lines (member_id, product_code, sku_code, quantity, created_at) VALUES (?, ?, ?, ?, ?)',
    );
    sellable.slice(0, 2).forEach((p, i) => insertCart.run(demo, p.productCode, inStockSku(p).skuCode, i + 1, t0 - i * DAY));
    const insertWish = db.prepare('INSERT INTO wishes (member_id, product_code, sku_code, created_at) VALUES (?, ?, ?, ?)');
    const disabled = catalogue.products.find((p) => p.enabledFlag === 'N');
    for (const [i, p] of [...sellable.slice(2, 5), ...(disabled ? [disabled] : [])].entries())
      insertWish.run(demo, p.productCode, p.skus[0]!.skuCode, t0 - i * DAY);

    // What follows a purchase (seed-orders.ts, seed-cases.ts): written as the API keeps it.
    const orders = seedOrders(t0, seedPicks(catalogue));
    const cases = seedCases(t0, orders, catalogue);
    const write = (kind: string, id: string, status: string, record: { createdAt: number }) =>
      saveRecord(db, kind, id, demo, status, record.createdAt, record);
    for (const order of orders) write('order', order.orderCode, order.status, order);
    for (const refund of cases.refunds) write('refund', refund.refundCode, refund.status, refund);
    for (const exchange of cases.exchanges) write('exchange', exchange.exchangeCode, exchange.status, exchange);
    for (const afterSale of cases.afterSales) write('aftersale', afterSale.afterSaleCode, afterSale.status, afterSale);
    for (const evaluation of cases.evaluations) write('evaluation', evaluation.evaluationId, evaluation.published, evaluation);
    seedAccount(db, { t0, orders, demo, hk: DEMO_MEMBERS[1].id, cn: DEMO_MEMBERS[2].id, mo: DEMO_MEMBERS[3].id });
    db.exec(`PRAGMA user_version = ${SEED_VERSION}`);
  });
}

/**
 * The demo members' hashes, made once a process: with their stable salts they are the same
 * every time, and every integration test seeds a fresh database, where four scrypt runs were
 * most of a seed's time (about 110 of 120 ms).
 */
const demoHashes = new Map<string, string>();
function demoPasswordHash(member: (typeof DEMO_MEMBERS)[number]): string {
  let hash = demoHashes.get(member.email);
  if (!hash) demoHashes.set(member.email, (hash = hashPassword(member.password, stableSalt(member.email))));
  return hash;
}

/** The demo members; one already there is left as it is (its password may have been changed). */
function seedMembers(db: DatabaseSync, t0: number): void {
  const insert = db.prepare(
    'INSERT OR IGNORE INTO members (id, name, email, mobile, password_hash, prefer_lang, agreement_version, privacy_version, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (const m of DEMO_MEMBERS)
    insert.run(
      m.id,
      m.name,
      m.email,
      m.mobile,
      demoPasswordHash(m),
      m.preferLang,
      FIRST_AGREEMENT_VERSION,
      FIRST_AGREEMENT_VERSION,
      t0 - 400 * DAY,
    );
}

/**
 * A database seeded before keeps its stock, members and orders, but takes the catalogue's
 * present names and prices, and any demo member added since: a new region's currency, language
 * or member reaches it on the next start.
 */
function refreshCatalogue(db: DatabaseSync, catalogue: Catalogue): void {
  transaction(db, () => {
    seedMembers(db, catalogue.generatedAt);
    const product = db.prepare('UPDATE products SET json = ? WHERE product_code = ?');
    const sku = db.prepare('UPDATE skus SET json = ? WHERE sku_code = ?');
    for (const p of catalogue.products) {
      product.run(JSON.stringify(p), p.productCode);
      for (const s of p.skus) sku.run(JSON.stringify(s), s.skuCode);
    }
  });
}
