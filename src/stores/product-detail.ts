/**
 * The product page's data: the product's static detail (a JSON the build wrote, served by the
 * CDN), the editors' content for it (an HTML fragment the build wrote), and its live price and
 * stock from the commerce API. Kept apart because they fail apart: without live stock the page
 * still shows the product, and offers a retry. Everything is in the page's language and region.
 */
import { atom } from 'nanostores';
import { productDetailSchema, type ProductDetail, type ProductStock } from '../lib/api/contract.ts';
import { getPlatform } from './platform.ts';
import { callApi } from './session.ts';

export type ProductState =
  { status: 'loading' } | { status: 'ready'; detail: ProductDetail } | { status: 'not-found' } | { status: 'error' };
export const $product = atom<ProductState>({ status: 'loading' });

/** Where the build put a product's detail in a language. */
export const productDataUrl = (languageCode: string, productCode: string) =>
  `/product-data/${languageCode}/${encodeURIComponent(productCode)}.json`;
/** Where the build put the editors' content of a product page code in a language. */
export const productContentUrl = (languageCode: string, productPageCode: string) =>
  `/product-content/${languageCode}/${encodeURIComponent(productPageCode)}.html`;

export async function loadProduct(productCode: string): Promise<void> {
  if (!/^[A-Za-z0-9-]+$/.test(productCode)) return $product.set({ status: 'not-found' });
  $product.set({ status: 'loading' });
  const platform = getPlatform();
  try {
    const res = await platform.fetch(productDataUrl(platform.language().code, productCode));
    // The CDN sends unknown paths to the not-found page: a redirect or HTML is no product.
    if (res.status === 404 || res.redirected || !(res.headers.get('content-type') ?? '').includes('json'))
      return $product.set({ status: 'not-found' });
    if (!res.ok) return $product.set({ status: 'error' });
    const parsed = productDetailSchema.safeParse(await res.json());
    $product.set(parsed.success ? { status: 'ready', detail: parsed.data } : { status: 'error' });
  } catch {
    $product.set({ status: 'error' });
  }
}

/** The editors' content of the product's page, as the build rendered it; null while loading, without one, or when it failed (the page is whole without it). */
export const $productContent = atom<string | null>(null);
let contentRequest = 0;

export async function loadProductContent(productPageCode: string | null): Promise<void> {
  const request = ++contentRequest;
  $productContent.set(null);
  if (!productPageCode) return;
  const platform = getPlatform();
  let html: string | null = null;
  try {
    const res = await platform.fetch(productContentUrl(platform.language().code, productPageCode));
    // The CDN sends unknown paths to the not-found page: only the fragment itself counts.
    html = res.ok && !res.redirected ? await res.text() : null;
  } catch {
    html = null;
  }
  if (request === contentRequest) $productContent.set(html);
}

export type StockState =
  { status: 'loading' } | { status: 'ready'; bySku: ReadonlyMap<string, ProductStock['skus'][number]> } | { status: 'error' };
export const $stock = atom<StockState>({ status: 'loading' });

export async function loadStock(productCode: string): Promise<void> {
  $stock.set({ status: 'loading' });
  const result = await callApi('productStock', { productCode, region: getPlatform().language().region });
  if (!result.ok) {
    if (result.kind !== 'aborted') $stock.set({ status: 'error' });
    return;
  }
  $stock.set({ status: 'ready', bySku: new Map(result.data.skus.map((s) => [s.skuCode, s])) });
}
