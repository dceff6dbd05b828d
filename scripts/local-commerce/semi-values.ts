/**
 * A made-to-order item's choices (the cart's semiValues): checked against the product's options
 * when it goes into the cart, stored as option and value keys, and named in the request's
 * language when a cart line is answered.
 */
import type { CatalogueProduct } from '../sample-data/catalogue-schema.ts';
import { localText } from './request-language.ts';

export interface SemiValue {
  semiName: string;
  semiValue: string;
}

/** null when the choices fit the product; else the msgCode of what is wrong. */
export function semiValuesProblem(
  product: CatalogueProduct,
  chosen: readonly SemiValue[],
): 'CART_SEMI_REQUIRED' | 'CART_SEMI_INVALID' | null {
  for (const value of chosen) {
    const option = product.semiOptions.find((o) => o.key === value.semiName);
    if (!option || !option.values.some((v) => v.key === value.semiValue)) return 'CART_SEMI_INVALID';
  }
  if (product.semiOptions.some((o) => !chosen.some((v) => v.semiName === o.key))) return 'CART_SEMI_REQUIRED';
  return null;
}

/** Stored keys → names in the request's language; a key the product no longer has is left out. */
export function namedSemiValues(product: CatalogueProduct, stored: string | null): SemiValue[] {
  const keys = stored ? (JSON.parse(stored) as SemiValue[]) : [];
  return keys.flatMap((k) => {
    const option = product.semiOptions.find((o) => o.key === k.semiName);
    const value = option?.values.find((v) => v.key === k.semiValue);
    return option && value ? [{ semiName: localText(option.names), semiValue: localText(value.names) }] : [];
  });
}
