/**
 * The product page's data: the product's static detail (a JSON the build wrote, served by the
 * CDN) and its live price and stock from the commerce API. Kept apart because they fail
 * apart: without live stock the page still shows the product, and offers a retry.
 */
import { atom } from 'nanostores';
import { productDetailSchema, type ProductDetail, type ProductStock } from '../lib/api/contract.ts';
import { getPlatform } from './platform.ts';
import { apiClient } from './lazy-auth.ts';

export type ProductState = { status: 'loading' } | { status: 'ready'; detail: ProductDetail } | { status: 'not-found' } | { status: 'error' };
export const $product = atom<ProductState>({ status: 'loading' });

/** Where the build put a product's detail in a language. */
export const productDataUrl = (languageCode: string, productCode: string) => `/product-data/${languageCode}/${encodeURIComponent(productCode)}.json`;

export async function loadProduct(languageCode: string, productCode: string): Promise<void> {
  if (!/^[A-Za-z0-9-]+$/.test(productCode)) return $product.set({ status: 'not-found' });
  $product.set({ status: 'loading' });
  try {
    const res = await getPlatform().fetch(productDataUrl(languageCode, productCode));
    // The CDN sends unknown paths to the not-found page: a redirect or HTML is no product.
    if (res.status === 404 || res.redirected || !(res.headers.get('content-type') ?? '').includes('json')) return $product.set({ status: 'not-found' });
    if (!res.ok) return $product.set({ status: 'error' });
    const parsed = productDetailSchema.safeParse(await res.json());
    $product.set(parsed.success ? { status: 'ready', detail: parsed.data } : { status: 'error' });
  } catch {
    $product.set({ status: 'error' });
  }
}

export type StockState = { status: 'loading' } | { status: 'ready'; bySku: ReadonlyMap<string, ProductStock['skus'][number]> } | { status: 'error' };
export const $stock = atom<StockState>({ status: 'loading' });

export async function loadStock(productCode: string, region: 'TW' | 'HK' | 'MO' | 'CN'): Promise<void> {
  $stock.set({ status: 'loading' });
  const result = await (await apiClient()).call('productStock', { productCode, region });
  if (!result.ok) {
    if (result.kind !== 'aborted') $stock.set({ status: 'error' });
    return;
  }
  $stock.set({ status: 'ready', bySku: new Map(result.data.skus.map((s) => [s.skuCode, s])) });
}
