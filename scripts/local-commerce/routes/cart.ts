/**
 * The cart: the header's count and mini cart, adding and changing lines, the cart page and its
 * services. Every change answers the cart it made (the cart page's lines and totals, and the
 * count), so a page sets its state from the answer instead of reading the cart again.
 */
import type { ResponseOf } from '../../../src/lib/api/contract.ts';
import { cartLines, miniCartLines } from '../cart-lines.ts';
import { transaction } from '../db.ts';
import { fieldFailure, type RouteKit } from '../kit.ts';
import { chooseCoupon, sum, summarise } from '../pricing.ts';
import { requestCurrency } from '../request-language.ts';
import { semiValuesProblem } from '../semi-values.ts';

export function registerCartRoutes(kit: RouteKit): void {
  const { db, now, handle, productOf, stockOf } = kit;
  const cartTotal = (memberId: string) =>
    (db.prepare('SELECT COALESCE(SUM(quantity), 0) AS n FROM cart_lines WHERE member_id = ?').get(memberId) as { n: number }).n;

  /** The cart page: every line, a summary of the valid ones with the best usable coupon, and the count of every line. */
  function cartDetail(memberId: string): ResponseOf<'cartDetail'> {
    const lines = cartLines(kit, memberId);
    const valid = lines.filter((l) => !l.invalid);
    return {
      currency: requestCurrency(),
      lines,
      summary: summarise(valid, null, chooseCoupon(kit, memberId, sum(valid.map((l) => l.lineTotal)), undefined)),
      count: cartTotal(memberId),
    };
  }

  /**
   * A line's hem and gift wrapping, as chosen (undefined leaves one as it is; a null hem
   * removes it). The product must offer the service (its flags, checked here); whether the
   * service is switched on at all is the switch config's call, which the store checks.
   */
  function setServices(
    cartId: number,
    productCode: string,
    services: { alterMode?: string | null | undefined; finalInseam?: number | null | undefined; caseFlag?: 'Y' | 'N' | undefined },
  ): void {
    const product = productOf(productCode);
    if (services.alterMode && product?.makePantsLengthFlag !== 'Y')
      throw fieldFailure('CART_HEM_NOT_AVAILABLE', 'This product cannot be hemmed', 'alterMode');
    if (services.caseFlag === 'Y' && product?.caseFlag !== 'Y')
      throw fieldFailure('CART_CASE_NOT_AVAILABLE', 'This product cannot be gift-wrapped', 'caseFlag');
    if (services.alterMode !== undefined)
      db.prepare('UPDATE cart_lines SET alter_mode = ?, final_inseam = ? WHERE cart_id = ?').run(
        services.alterMode,
        services.finalInseam ?? null,
        cartId,
      );
    if (services.caseFlag !== undefined) db.prepare('UPDATE cart_lines SET case_flag = ? WHERE cart_id = ?').run(services.caseFlag, cartId);
  }

  handle('cartCount', ({ member }) => cartTotal(member.id));
  handle('miniCart', ({ member }) => [
    { cartList: miniCartLines(kit, member.id), total: cartTotal(member.id), currency: requestCurrency() },
  ]);
  handle('cartAdd', ({ body, member }) =>
    transaction(db, () => {
      const stock = stockOf(body.skuCode);
      const sku = db.prepare('SELECT product_code FROM skus WHERE sku_code = ?').get(body.skuCode) as { product_code: string } | undefined;
      if (stock === undefined || sku?.product_code !== body.productCode)
        throw fieldFailure('CART_SKU_NOT_FOUND', 'This size is not available', 'skuCode');
      // A switched-off product (enabledFlag N) is not for sale even while it has stock; the seed
      // and the wishlist treat it so, but the cart accepted it when the call came directly.
      const product = productOf(body.productCode);
      if (product?.enabledFlag !== 'Y') throw fieldFailure('CART_SKU_NOT_FOUND', 'This product is not available', 'skuCode');
      // Not priced in the region's currency: it would sit in the cart at 0, never to be ordered.
      if (!product.skus.find((s) => s.skuCode === body.skuCode)?.prices[requestCurrency()])
        throw fieldFailure('CART_NOT_SOLD_HERE', 'This item is not sold in this region', 'skuCode');
      const semiProblem = semiValuesProblem(product, body.semiValues ?? []);
      if (semiProblem) throw fieldFailure(semiProblem, 'Choose one value of each made-to-order option', 'semiValues');
      const inCart =
        (
          db.prepare('SELECT quantity FROM cart_lines WHERE member_id = ? AND sku_code = ?').get(member.id, body.skuCode) as
            { quantity: number } | undefined
        )?.quantity ?? 0;
      if (inCart + body.quantity > stock) throw fieldFailure('CART_STOCK_NOT_ENOUGH', `Only ${stock} left`, 'quantity');
      // One line per SKU: adding again adds to it, and a made-to-order item takes the newest choices.
      const semi = body.semiValues?.length ? JSON.stringify(body.semiValues) : null;
      const { cart_id: cartId } = db
        .prepare(
          'INSERT INTO cart_lines (member_id, product_code, sku_code, quantity, created_at, semi_values) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (member_id, sku_code) DO UPDATE SET quantity = quantity + excluded.quantity, semi_values = COALESCE(excluded.semi_values, semi_values) RETURNING cart_id',
        )
        .get(member.id, body.productCode, body.skuCode, body.quantity, now(), semi) as { cart_id: number };
      // The services chosen with the item, in the same transaction: a refused one adds nothing.
      setServices(cartId, body.productCode, body);
      return cartDetail(member.id);
    }),
  );
  handle('cartUpdate', ({ body, member }) =>
    transaction(db, () => {
      const line = db.prepare('SELECT sku_code FROM cart_lines WHERE cart_id = ? AND member_id = ?').get(Number(body.cartId), member.id) as
        { sku_code: string } | undefined;
      if (!line) throw fieldFailure('CART_LINE_NOT_FOUND', 'This item is no longer in your cart', 'cartId');
      if (body.quantity > (stockOf(line.sku_code) ?? 0)) throw fieldFailure('CART_STOCK_NOT_ENOUGH', 'Not enough stock', 'quantity');
      db.prepare('UPDATE cart_lines SET quantity = ? WHERE cart_id = ?').run(body.quantity, Number(body.cartId));
      return cartDetail(member.id);
    }),
  );
  handle('cartRemove', ({ body, member }) =>
    transaction(db, () => {
      const remove = db.prepare('DELETE FROM cart_lines WHERE cart_id = ? AND member_id = ?');
      for (const id of body.cartIds) remove.run(Number(id), member.id);
      return cartDetail(member.id);
    }),
  );

  handle('cartDetail', ({ member }) => cartDetail(member.id));
  handle('cartOptions', ({ body, member }) =>
    transaction(db, () => {
      const row = db
        .prepare('SELECT product_code FROM cart_lines WHERE cart_id = ? AND member_id = ?')
        .get(Number(body.cartId), member.id) as { product_code: string } | undefined;
      if (!row) throw fieldFailure('CART_LINE_NOT_FOUND', 'This item is no longer in your cart', 'cartId');
      setServices(Number(body.cartId), row.product_code, body);
      return cartDetail(member.id);
    }),
  );
}
