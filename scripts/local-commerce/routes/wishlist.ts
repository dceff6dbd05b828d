/** The wishlist: products a member keeps, each checked for whether it can still be bought. */
import type { DatabaseSync } from 'node:sqlite';
import { isValidProduct } from '../../../src/lib/product/wishlist.ts';
import { transaction } from '../db.ts';
import { ApiFailure, type RouteKit } from '../kit.ts';
import { productSummary } from '../products.ts';
import { requestRegion } from '../request-language.ts';

const PAGE_SIZE = 20;

/** How many products a member keeps (the badge, and the account hub). */
export const wishTotalOf = (db: DatabaseSync, memberId: string) =>
  (db.prepare('SELECT COUNT(*) AS n FROM wishes WHERE member_id = ?').get(memberId) as { n: number }).n;

export function registerWishlistRoutes(kit: RouteKit): void {
  const { db, now, handle, productOf } = kit;
  const wishTotal = (memberId: string) => wishTotalOf(db, memberId);

  handle('wishCount', ({ member }) => [wishTotal(member.id)]);
  handle('wishList', ({ body, member }) => {
    const rows = db
      .prepare('SELECT product_code FROM wishes WHERE member_id = ? ORDER BY created_at DESC LIMIT ? OFFSET ?')
      .all(member.id, PAGE_SIZE, (body.page - 1) * PAGE_SIZE) as Array<{ product_code: string }>;
    const list = rows.flatMap(({ product_code }) => {
      const product = productOf(product_code);
      if (!product) return [];
      const valid = isValidProduct(product);
      return [{ spuInfo: productSummary(kit, product, requestRegion()), status: valid ? 'CHECK_SUCCESS' : 'CHECK_FAIL' }];
    });
    return { list, total: wishTotal(member.id) };
  });
  handle('wishInsert', ({ body, member }) =>
    transaction(db, () => {
      for (const item of body.productList) {
        if (!productOf(item.productCode)) throw new ApiFailure('WISH_PRODUCT_NOT_FOUND', `Unknown product ${item.productCode}`);
        db.prepare('INSERT OR IGNORE INTO wishes (member_id, product_code, sku_code, created_at) VALUES (?, ?, ?, ?)').run(
          member.id,
          item.productCode,
          item.skuCode,
          now(),
        );
      }
      return { total: wishTotal(member.id) };
    }),
  );
  handle('wishDelete', ({ body, member }) =>
    transaction(db, () => {
      for (const item of body.productList)
        db.prepare('DELETE FROM wishes WHERE member_id = ? AND product_code = ?').run(member.id, item.productCode);
      return { total: wishTotal(member.id) };
    }),
  );
}
