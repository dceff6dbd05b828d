/**
 * A made-to-order item's choices (the cart's semiValues): checked against the product's options
 * when it goes into the cart, stored as option and value keys (in the cart, then in the order),
 * and named in the request's language when a cart line or an order is answered.
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

/** A cart row's stored choices (JSON of keys), or none. */
export const storedSemiValues = (stored: string | null): SemiValue[] => (stored ? (JSON.parse(stored) as SemiValue[]) : []);

/** Keys → names in the request's language; a key the product no longer has is left out. */
export function namedSemiValues(product: CatalogueProduct | null, keys: readonly SemiValue[]): SemiValue[] {
  if (!product) return [];
  return keys.flatMap((k) => {
    const option = product.semiOptions.find((o) => o.key === k.semiName);
    const value = option?.values.find((v) => v.key === k.semiValue);
    return option && value ? [{ semiName: localText(option.names), semiValue: localText(value.names) }] : [];
  });
}
