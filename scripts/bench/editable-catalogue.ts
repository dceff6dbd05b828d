/**
 * The local commerce API on a catalogue of its own (in memory, on a port of its own), with the
 * catalogue changes a store makes between publishes: prices changed, stock changed, a product
 * added. What the commerce side would do, written straight into its database: a price change
 * or a new product moves the product's updatedAt (what the catalogue pull compares); a stock
 * change does not (stock is live, asked by the pages from the API). For the publish benchmark
 * and the catalogue publish test.
 */
import { serve } from '@hono/node-server';
import { createCommerceApp } from '../local-commerce/app.ts';
import { openDatabase } from '../local-commerce/db.ts';
import { seedDatabase } from '../local-commerce/seed.ts';
import type { Catalogue, CatalogueProduct } from '../sample-data/catalogue-schema.ts';
import { CodedError } from '../../src/lib/errors.ts';

export interface EditableCatalogueApi {
  /** …/api */
  apiBaseUrl: string;
  product(code: string): CatalogueProduct;
  /** Every SKU's sale price of these products, in every currency, times `factor` (rounded); their updatedAt moves. */
  changePrices(codes: readonly string[], factor: number): void;
  /** Every SKU of the product to `stock` units. */
  changeStock(code: string, stock: number): void;
  addProduct(product: CatalogueProduct): void;
  close(): Promise<void>;
}

export async function startEditableCatalogueApi(catalogue: Catalogue): Promise<EditableCatalogueApi> {
  const db = openDatabase(':memory:');
  seedDatabase(db, catalogue);
  const app = createCommerceApp({ db, siteOrigin: 'http://127.0.0.1' });
  // Strictly later than the seed's and any earlier change's, on however fast a machine.
  let clock = Math.max(Date.now(), catalogue.generatedAt);
  const tick = () => (clock = Math.max(clock + 1, Date.now()));
  const product = (code: string): CatalogueProduct => {
    const row = db.prepare('SELECT json FROM products WHERE product_code = ?').get(code) as { json: string } | undefined;
    if (!row) throw new CodedError('BENCH_NO_PRODUCT', `No product ${code} in the catalogue`);
    return JSON.parse(row.json) as CatalogueProduct;
  };
  const save = (p: CatalogueProduct, updatedAt: number) => {
    db.prepare('INSERT OR REPLACE INTO products (product_code, json, updated_at) VALUES (?, ?, ?)').run(
      p.productCode,
      JSON.stringify(p),
      updatedAt,
    );
    const sku = db.prepare('INSERT OR REPLACE INTO skus (sku_code, product_code, stock, json) VALUES (?, ?, ?, ?)');
    for (const s of p.skus) sku.run(s.skuCode, p.productCode, s.stock, JSON.stringify(s));
  };
  const scale = (prices: Record<string, { origin: number; sale: number }>, factor: number) =>
    Object.fromEntries(
      Object.entries(prices).map(([currency, price]) => {
        const sale = Math.max(1, Math.round(price.sale * factor));
        return [currency, { origin: Math.max(price.origin, sale), sale }];
      }),
    );
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve({
        apiBaseUrl: `http://127.0.0.1:${info.port}/api`,
        product,
        changePrices(codes, factor) {
          const at = tick();
          db.exec('BEGIN');
          for (const code of codes) {
            const p = product(code);
            save({ ...p, prices: scale(p.prices, factor), skus: p.skus.map((s) => ({ ...s, prices: scale(s.prices, factor) })) }, at);
          }
          db.exec('COMMIT');
        },
        changeStock(code, stock) {
          db.prepare('UPDATE skus SET stock = ? WHERE product_code = ?').run(stock, code);
        },
        addProduct(p) {
          save(p, tick());
        },
        close: () => new Promise<void>((done) => server.close(() => (db.close(), done()))),
      }),
    );
  });
}
