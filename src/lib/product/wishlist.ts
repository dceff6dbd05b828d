/** Wishlist validity: a product is valid when enabledFlag is Y and its approval is listed. */
import type { ProductSummary } from '../api/contract.ts';

/** Here rather than in the contract, so the header's wishlist store needs no zod. */
export const WISH_VALID_APPROVALS = ['LIST', 'AUTOLIST', 'BE_GOING_TO_LIST'] as const;

export interface WishEntry {
  spuInfo: Pick<ProductSummary, 'productCode' | 'enabledFlag' | 'approval'> & Partial<ProductSummary>;
  status: string;
}

export function isValidProduct(product: Pick<ProductSummary, 'enabledFlag' | 'approval'>): boolean {
  return product.enabledFlag === 'Y' && (WISH_VALID_APPROVALS as readonly string[]).includes(product.approval);
}

export function isValidWish(entry: WishEntry): boolean {
  return isValidProduct(entry.spuInfo);
}
