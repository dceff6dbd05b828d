/**
 * The product page's data: the product's static detail (in the pre-rendered page itself, or,
 * on the query-string shell, a JSON the build wrote and the CDN serves), the editors' content
 * for it (on the shell only: an HTML fragment the build wrote), and its live price and stock
 * from the commerce API. Kept apart because they fail apart: without live stock the page still
 * shows the product, and offers a retry. Everything is in the page's language and region.
 *
 * Only light calls (lib/api/core.ts): a visitor's product page loads neither the member
 * client nor the contract's schemas.
 */
import { atom } from 'nanostores';
import type { ProductDetail, ProductStock } from '../lib/api/contract.ts';
import { PRODUCT_CODE_PATTERN } from '../lib/product/product-id.ts';
import { getPlatform } from './platform.ts';
import { callPublic } from './public-api.ts';

export type ProductState =
  { status: 'loading' } | { status: 'ready'; detail: ProductDetail } | { status: 'not-found' } | { status: 'error' };
export const $product = atom<ProductState>({ status: 'loading' });

/** Where the build put a product's detail in a language. */
export const productDataUrl = (languageCode: string, productCode: string) =>
  `/product-data/${languageCode}/${encodeURIComponent(productCode)}.json`;
/** Where the build put the editors' content of a product page code in a language. */
export const productContentUrl = (languageCode: string, productPageCode: string) =>
  `/product-content/${languageCode}/${encodeURIComponent(productPageCode)}.html`;

/**
 * The build wrote the file from a validated cache, so it is trusted; this only makes sure a
 * truncated or foreign answer (a proxy's JSON) cannot break the page it is drawn into.
 */
function looksLikeProduct(value: unknown): value is ProductDetail {
  const v = value as Partial<ProductDetail> | null;
  return (
    typeof v?.productCode === 'string' &&
    typeof v.name === 'string' &&
    Array.isArray(v.colours) &&
    v.colours.length > 0 &&
    v.colours.every((c) => Array.isArray(c.images) && c.images.length > 0) &&
    Array.isArray(v.sizes) &&
    v.sizes.length > 0 &&
    Array.isArray(v.skus) &&
    v.skus.length > 0 &&
    Array.isArray(v.semiOptions)
  );
}

export async function loadProduct(productCode: string): Promise<void> {
  if (!PRODUCT_CODE_PATTERN.test(productCode)) return $product.set({ status: 'not-found' });
  $product.set({ status: 'loading' });
  const platform = getPlatform();
  try {
    const res = await platform.fetch(productDataUrl(platform.language().code, productCode));
    // The CDN sends unknown paths to the not-found page: a redirect or HTML is no product.
    if (res.status === 404 || res.redirected || !(res.headers.get('content-type') ?? '').includes('json'))
      return $product.set({ status: 'not-found' });
    if (!res.ok) return $product.set({ status: 'error' });
    const body: unknown = await res.json();
    $product.set(looksLikeProduct(body) ? { status: 'ready', detail: body } : { status: 'error' });
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

export type LiveSkus = ReadonlyMap<string, ProductStock['skus'][number]>;
export type StockState =
  | { status: 'loading'; productCode: string | null }
  | { status: 'ready'; productCode: string; bySku: LiveSkus }
  | { status: 'error'; productCode: string };
export const $stock = atom<StockState>({ status: 'loading', productCode: null });

let stockRequest: { productCode: string; done: Promise<void> } | null = null;

/**
 * Live price and stock of every SKU. A call for the product already loaded or on its way is
 * not made again (the page's early script and the island both ask); `refresh` asks anew
 * (after an add to cart, or a retry).
 */
export function loadStock(productCode: string, options: { refresh?: boolean } = {}): Promise<void> {
  const current = $stock.get();
  if (!options.refresh) {
    if (current.status === 'ready' && current.productCode === productCode) return Promise.resolve();
    if (stockRequest?.productCode === productCode) return stockRequest.done;
  }
  const request = { productCode, done: fetchStock(productCode) };
  stockRequest = request;
  void request.done.finally(() => {
    if (stockRequest === request) stockRequest = null;
  });
  return request.done;
}

async function fetchStock(productCode: string): Promise<void> {
  // A refresh keeps the figures shown until the new ones come; another product starts afresh.
  const shown = $stock.get();
  if (shown.status !== 'ready' || shown.productCode !== productCode) $stock.set({ status: 'loading', productCode });
  const result = await callPublic('productStock', { productCode, region: getPlatform().language().region });
  if (!result.ok) {
    if (result.kind !== 'aborted') $stock.set({ status: 'error', productCode });
    return;
  }
  $stock.set({ status: 'ready', productCode, bySku: new Map(result.data.skus.map((s) => [s.skuCode, s])) });
}
