/**
 * Colour and size choice on the product page: which SKU a choice is, which sizes of a colour
 * are sold out, the price to show, the quantity allowed. Pure over the static detail and the
 * live stock (absent while it loads, when the static prices stand in).
 */
import type { ProductDetail, ProductStock } from '../api/contract.ts';
import { MAX_QUANTITY_PER_LINE } from '../api/contract-values.ts';

type Sku = ProductDetail['skus'][number];
/** The part of a product these rules read: its SKUs and sizes (the page's live script has only these). */
export type SkuTable = { skus: Array<Pick<Sku, 'skuCode' | 'colorNo' | 'sizeNo' | 'price'>>; sizes: ProductDetail['sizes'] };
export type LiveSku = ProductStock['skus'][number];
export type LiveStock = ReadonlyMap<string, LiveSku> | null;

export function skuFor<S extends Pick<Sku, 'colorNo' | 'sizeNo'>>(detail: { skus: S[] }, colorNo: string, sizeNo: string | null): S | null {
  if (!sizeNo) return null;
  return detail.skus.find((s) => s.colorNo === colorNo && s.sizeNo === sizeNo) ?? null;
}

/** The choice a link makes: its productId (level-2 id) picks colour and size; otherwise the first colour, no size. */
export function initialSelection(detail: ProductDetail, productId: string | null): { colorNo: string; sizeNo: string | null } {
  const sku = productId ? detail.skus.find((s) => s.productId === productId) : undefined;
  return sku ? { colorNo: sku.colorNo, sizeNo: sku.sizeNo } : { colorNo: detail.colours[0]!.colorNo, sizeNo: null };
}

export interface SizeOption {
  sizeNo: string;
  alias: string;
  skuCode: string | null;
  /** null while stock is unknown */
  stock: number | null;
  soldOut: boolean;
}

export function sizeOptions(detail: SkuTable, colorNo: string, live: LiveStock): SizeOption[] {
  return detail.sizes.map((size) => {
    const sku = skuFor(detail, colorNo, size.sizeNo);
    const stock = sku && live ? (live.get(sku.skuCode)?.stock ?? 0) : null;
    return { sizeNo: size.sizeNo, alias: size.alias, skuCode: sku?.skuCode ?? null, stock, soldOut: !sku || stock === 0 };
  });
}

/** Every SKU of the product is out of stock (the sold-out corner mark). Unknown stock is not sold out. */
export function isSoldOut(detail: Pick<SkuTable, 'skus'>, live: LiveStock): boolean {
  return live !== null && detail.skus.every((s) => (live.get(s.skuCode)?.stock ?? 0) === 0);
}

export interface PriceToShow {
  min: number;
  max: number;
  /** The regular price (the highest of the SKUs shown): what the price-colour rule compares with. */
  regular: number;
  /** The regular price to strike through, when it is above what is asked. */
  origin: number | null;
}

/** The chosen SKU's price, or the range over the colour's SKUs; live prices win over the build's. */
export function priceToShow(detail: Pick<SkuTable, 'skus'>, live: LiveStock, colorNo: string, sizeNo: string | null): PriceToShow {
  const chosen = skuFor(detail, colorNo, sizeNo);
  const skus = chosen ? [chosen] : detail.skus.filter((s) => s.colorNo === colorNo);
  const prices = (skus.length ? skus : detail.skus).map((s) => live?.get(s.skuCode)?.price ?? s.price);
  const min = Math.min(...prices.map((p) => p.sale));
  const max = Math.max(...prices.map((p) => p.sale));
  const origin = Math.max(...prices.map((p) => p.origin));
  return { min, max, regular: origin, origin: origin > max ? origin : null };
}

/** At most the stock and the per-line cap; 0 when nothing can be added. */
export function maxQuantity(stock: number | null): number {
  if (stock === null) return MAX_QUANTITY_PER_LINE;
  return Math.max(0, Math.min(stock, MAX_QUANTITY_PER_LINE));
}
