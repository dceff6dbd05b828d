/**
 * What live stock and prices change on a product page: which sizes of the colour are sold
 * out, the price (range) with its colour and struck-through regular price, and whether the
 * whole product is sold out. The island draws it; before the island runs, the page's early
 * script (client/product-live.ts) writes the same view into the server's HTML. One function
 * for both, so the two cannot disagree.
 */
import type { CurrencyFormat } from '../i18n/regions.ts';
import { isRedPrice, type PriceGroups } from './rules.ts';
import { isSoldOut, priceToShow, sizeOptions, type LiveStock, type PriceToShow, type SizeOption, type SkuTable } from './selection.ts';

export interface LiveViewInput {
  table: SkuTable;
  colorNo: string;
  /** The chosen size; a sold-out size counts as none. */
  sizeNo: string | null;
  priceGroup: string;
  priceGroups: PriceGroups;
}

export interface LiveView {
  sizes: SizeOption[];
  chosen: SizeOption | null;
  price: PriceToShow;
  red: boolean;
  soldOut: boolean;
}

export function liveView({ table, colorNo, sizeNo, priceGroup, priceGroups }: LiveViewInput, live: LiveStock): LiveView {
  const sizes = sizeOptions(table, colorNo, live);
  const chosen = sizes.find((s) => s.sizeNo === sizeNo && !s.soldOut) ?? null;
  const price = priceToShow(table, live, colorNo, chosen?.sizeNo ?? null);
  return { sizes, chosen, price, red: isRedPrice(priceGroup, price.min, price.regular, priceGroups), soldOut: isSoldOut(table, live) };
}

/**
 * What the early script needs to redraw the server's HTML (the article's data-live-product):
 * the first choice's input, and how to write prices and the sold-out labels.
 */
export interface LiveProductConfig {
  productCode: string;
  input: LiveViewInput;
  currency: CurrencyFormat;
  /** The regular price's text with "{price}" for the amount (product.originalPrice). */
  originTemplate: string;
}
