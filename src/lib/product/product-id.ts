/**
 * Level-2 product id: the first 6 characters of omsSkuCode, then colorNo, then
 * sizeNo, then the last 3 characters of omsSkuCode.
 */
export function level2ProductId(omsSkuCode: string, colorNo: string, sizeNo: string): string {
  if (omsSkuCode.length < 9) throw new RangeError(`omsSkuCode "${omsSkuCode}" is shorter than 9 characters`);
  return `${omsSkuCode.slice(0, 6)}${colorNo}${sizeNo}${omsSkuCode.slice(-3)}`;
}

/** A product's own page (pre-rendered in every language). */
export const productPagePath = (productCode: string) => `/product/${encodeURIComponent(productCode)}.html`;

/** The legacy address of a product, `/product-detail.html?productCode=…`, which hosts rewrite to its page. */
export const PRODUCT_QUERY_PATH = '/product-detail.html';
/** What a product code may be: a page name of letters, digits and dashes. */
export const PRODUCT_CODE_PATTERN = /^[A-Za-z0-9-]{1,40}$/;

/** Link to a product's page; an undefined productId (the chosen colour and size) is left out. */
export function productDetailHref(productCode: string, productId?: string | null): string {
  return `${productPagePath(productCode)}${productId ? `?${new URLSearchParams({ productId })}` : ''}`;
}

/** The productId of a product address's query; an empty or "undefined" one (old links) is none. */
export function readProductId(search: string): string | null {
  const productId = new URLSearchParams(search).get('productId');
  return productId && productId !== 'undefined' ? productId : null;
}

/**
 * A product page's address for the query it was opened with: productCode goes (the path says
 * it), productId is the current choice (or none), every other parameter (a campaign's) stays.
 */
export function productAddress(prefix: string, productCode: string, search: string, productId: string | null): string {
  const query = new URLSearchParams(search);
  query.delete('productCode');
  if (productId) query.set('productId', productId);
  else query.delete('productId');
  const rest = query.toString();
  return `${prefix}${productPagePath(productCode)}${rest ? `?${rest}` : ''}`;
}
