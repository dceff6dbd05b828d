/**
 * Deterministic seed from the sample catalogue: products and stock, demo members (README),
 * and for the demo member a cart, a wishlist, an order in every order status, a refund in
 * every refund status and an exchange in every exchange status. The rest of the account
 * (profile, coupons and the offers anyone may collect, addresses, invoices, the inbox,
 * tickets, recycling) is seed-account.ts's.
 */
import { createHash } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { EXCHANGE_STATUSES, ORDER_STATUSES, REFUND_STATUSES, REFUND_TYPES, type Order } from '../../src/lib/api/contract.ts';
import type { Catalogue, CatalogueProduct } from '../sample-data/catalogue-schema.ts';
import { transaction } from './db.ts';
import { hashPassword } from './passwords.ts';
import { seedAccount } from './seed-account.ts';

export const DEMO_MEMBERS = [
  { id: 'M0001', name: '林小美', email: 'demo@linea.example', password: 'Linea2026', mobile: '0912345678', preferLang: 'zh-TW' },
  { id: 'M0002', name: 'Chan Tai Man', email: 'hk.member@linea.example', password: 'Linea2026', mobile: '91234567', preferLang: 'en-GB' },
] as const;

const DAY = 86_400_000;
const stableSalt = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

export function seedDatabase(db: DatabaseSync, catalogue: Catalogue): void {
  const already = db.prepare('SELECT COUNT(*) AS n FROM products').get() as { n: number };
  if (already.n > 0) return;
  const t0 = catalogue.generatedAt;
  transaction(db, () => {
    const insertProduct = db.prepare('INSERT INTO products (product_code, json, updated_at) VALUES (?, ?, ?)');
    const insertSku = db.prepare('INSERT INTO skus (sku_code, product_code, stock, json) VALUES (?, ?, ?, ?)');
    for (const product of catalogue.products) {
      insertProduct.run(product.productCode, JSON.stringify(product), t0);
      for (const sku of product.skus) insertSku.run(sku.skuCode, product.productCode, sku.stock, JSON.stringify(sku));
    }
    const insertMember = db.prepare(
      'INSERT INTO members (id, name, email, mobile, password_hash, prefer_lang, agreement_version, privacy_version, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    for (const m of DEMO_MEMBERS)
      insertMember.run(
        m.id,
        m.name,
        m.email,
        m.mobile,
        hashPassword(m.password, stableSalt(m.email)),
        m.preferLang,
        '2026.1',
        '2026.1',
        t0 - 400 * DAY,
      );

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

    const insertRecord = db.prepare('INSERT INTO records (kind, id, member_id, status, created_at, json) VALUES (?, ?, ?, ?, ?, ?)');
    const record = (kind: string, id: string, status: string | null, createdAt: number, json: object) =>
      insertRecord.run(kind, id, demo, status, createdAt, JSON.stringify(json));

    const orders: Order[] = ORDER_STATUSES.map((status, i) => {
      const product = sellable[i % sellable.length]!;
      const sku = inStockSku(product);
      const colour = product.colours.find((c) => c.colorNo === sku.colorNo)!;
      const size = product.sizes.find((s) => s.sizeNo === sku.sizeNo)!;
      const unitPrice = sku.prices.TWD?.sale ?? 0;
      const quantity = 1 + (i % 2);
      return {
        orderCode: `O2026${String(i + 1).padStart(6, '0')}`,
        status,
        orderType: 'DEFAULT',
        createdAt: t0 - (i + 1) * DAY,
        shippingType: i % 3 === 0 ? 'PICKUP' : 'EXPRESS',
        discount: i % 4 === 0 ? 100 : 0,
        total: unitPrice * quantity - (i % 4 === 0 ? 100 : 0),
        freight: 0,
        couponId: i % 4 === 0 ? 'C0001' : null,
        products: [
          {
            productId: sku.productId,
            skuCode: sku.skuCode,
            productCode: product.productCode,
            quantity,
            purchasedQty: quantity,
            giftFlag: 'N',
            productDetailInfo: {
              skuName: product.names['zh-TW']!,
              colorCode: colour.code,
              sizeCode: size.sizeNo,
              sizeAlias: size.alias,
              colorAlias: colour.names['zh-TW']!,
              unitPrice,
              omsSkuCode: sku.omsSkuCode,
            },
          },
        ],
      };
    });
    for (const order of orders) record('order', order.orderCode, order.status, order.createdAt, order);
    REFUND_STATUSES.forEach((status, i) => {
      const order = orders[i % orders.length]!;
      record('refund', `R2026${String(i + 1).padStart(6, '0')}`, status, t0 - i * DAY, {
        refundCode: `R2026${String(i + 1).padStart(6, '0')}`,
        orderCode: order.orderCode,
        refundType: REFUND_TYPES[i % REFUND_TYPES.length],
        status,
        amount: order.total,
        reason: ['尺寸不合', '顏色與想像不同', '商品瑕疵'][i % 3]!,
        createdAt: t0 - i * DAY,
      });
    });
    EXCHANGE_STATUSES.forEach((status, i) => {
      const order = orders[i % orders.length]!;
      record('exchange', `E2026${String(i + 1).padStart(6, '0')}`, status, t0 - i * DAY, {
        exchangeCode: `E2026${String(i + 1).padStart(6, '0')}`,
        orderCode: order.orderCode,
        status,
        reason: '換大一號',
        createdAt: t0 - i * DAY,
      });
    });
    (['REPAIR', 'QUALITY_ISSUE', 'ALTERATION'] as const).forEach((serviceType, i) => {
      const order = orders.find((o) => o.status === 'FINISHED')!;
      const code = `S2026${String(i + 1).padStart(6, '0')}`;
      const status = (['WAIT_CONFIRM', 'SUCCESS', 'REFUSED'] as const)[i]!;
      record('aftersale', code, status, t0 - i * DAY, {
        afterSaleCode: code,
        orderCode: order.orderCode,
        serviceType,
        status,
        reason: ['拉鍊損壞', '布料起毛球', '褲長修改'][i]!,
        createdAt: t0 - i * DAY,
      });
    });
    seedAccount(db, { t0, orders, demo, hk: DEMO_MEMBERS[1].id });
  });
}
