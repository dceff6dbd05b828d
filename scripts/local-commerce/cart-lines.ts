/**
 * A member's cart lines with the catalogue's details, as the mini cart and the cart page show
 * them. Prices are the catalogue's in the currency of the request's region, and names are in
 * the request's language: a member who moves to another region sees the same lines in its
 * prices. A SKU the catalogue does not price in that currency is not sold there: the cart page
 * shows it as NOT_SOLD_HERE and the mini cart leaves it out.
 */
import type { CartDetailLine } from '../../src/lib/api/contract-checkout.ts';
import type { CartLine } from '../../src/lib/api/contract.ts';
import { isValidProduct } from '../../src/lib/product/wishlist.ts';
import type { RouteKit } from './kit.ts';
import { localText, requestCurrency } from './request-language.ts';
import { namedSemiValues, storedSemiValues } from './semi-values.ts';

interface CartRow {
  cart_id: number;
  product_code: string;
  sku_code: string;
  quantity: number;
  alter_mode: string | null;
  final_inseam: number | null;
  case_flag: 'Y' | 'N';
  gift_flag: 'Y' | 'N';
  /** A made-to-order item's choices, as keys (semi-values.ts). */
  semi_values: string | null;
}

/** A row with its product and SKU; null when the catalogue no longer has them. */
function withProduct(kit: RouteKit, row: CartRow) {
  const product = kit.productOf(row.product_code);
  const sku = product?.skus.find((s) => s.skuCode === row.sku_code);
  if (!product || !sku) return null;
  const colour = product.colours.find((c) => c.colorNo === sku.colorNo)!;
  const size = product.sizes.find((s) => s.sizeNo === sku.sizeNo)!;
  const priced = sku.prices[requestCurrency()];
  const price = priced ?? { sale: 0, origin: 0 };
  const line: CartLine = {
    cartId: String(row.cart_id),
    productCode: row.product_code,
    skuCode: row.sku_code,
    quantity: row.quantity,
    alterMode: row.alter_mode,
    finalInseam: row.final_inseam,
    productDetail: {
      productDetailInfo: {
        colorAlias: localText(colour.names),
        sizeAlias: size.alias,
        unitPrice: price.sale,
        skuName: localText(product.names),
        colorCode: colour.code,
        semiValues: namedSemiValues(product, storedSemiValues(row.semi_values)),
        priceType: null,
      },
      summaryInfo: { customMadeFlag: product.customMadeFlag, originPrice: price.origin },
    },
  };
  return { line, product, sku, colour, price, priced: priced !== undefined };
}

/** The lines as the cart page shows them: with stock, services and why a line cannot be ordered. */
function detailLine(kit: RouteKit, row: CartRow): CartDetailLine | null {
  const found = withProduct(kit, row);
  if (!found) return null;
  const { line, product, sku, colour, price, priced } = found;
  const stock = kit.stockOf(sku.skuCode) ?? 0;
  const invalidReason = !isValidProduct(product)
    ? 'OFF_SALE'
    : !priced
      ? 'NOT_SOLD_HERE'
      : stock === 0
        ? 'SOLD_OUT'
        : stock < row.quantity
          ? 'STOCK_SHORT'
          : null;
  return {
    ...line,
    productId: sku.productId,
    imageUrl: colour.images[0]!,
    caseFlag: row.case_flag,
    giftFlag: row.gift_flag,
    serviceFlags: { makePantsLengthFlag: product.makePantsLengthFlag, caseFlag: product.caseFlag },
    stock,
    lineTotal: price.sale * row.quantity,
    invalid: invalidReason !== null,
    invalidReason,
  };
}

/** Newest first. */
const cartRows = (kit: RouteKit, memberId: string) =>
  kit.db
    .prepare('SELECT * FROM cart_lines WHERE member_id = ? ORDER BY created_at DESC, cart_id DESC')
    .all(memberId) as unknown as CartRow[];

export const miniCartLines = (kit: RouteKit, memberId: string): CartLine[] =>
  cartRows(kit, memberId).flatMap((row) => {
    const found = withProduct(kit, row);
    return found?.priced ? [found.line] : [];
  });

export const cartLines = (kit: RouteKit, memberId: string): CartDetailLine[] =>
  cartRows(kit, memberId).flatMap((row) => detailLine(kit, row) ?? []);
