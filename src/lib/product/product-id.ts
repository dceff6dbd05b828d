/**
 * Level-2 product id: the first 6 characters of omsSkuCode, then colorNo, then
 * sizeNo, then the last 3 characters of omsSkuCode.
 */
export function level2ProductId(omsSkuCode: string, colorNo: string, sizeNo: string): string {
  if (omsSkuCode.length < 9) throw new RangeError(`omsSkuCode "${omsSkuCode}" is shorter than 9 characters`);
  return `${omsSkuCode.slice(0, 6)}${colorNo}${sizeNo}${omsSkuCode.slice(-3)}`;
}

/** Product-detail link; an undefined productId is left out of the link. */
export function productDetailHref(productCode: string, productId?: string | null): string {
  const query = new URLSearchParams({ productCode });
  if (productId) query.set('productId', productId);
  return `/product-detail.html?${query.toString()}`;
}
