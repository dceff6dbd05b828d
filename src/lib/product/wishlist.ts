/** Wishlist validity: a product is valid when enabledFlag is Y and its approval is listed. */
import type { ProductSummary } from '../api/contract.ts';
import { WISH_VALID_APPROVALS } from '../api/contract-values.ts';

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
