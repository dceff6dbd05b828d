/** The shop pages: the list of every shop. */
export const SHOP_LIST_PATH = '/shop/shop_list.html';
/** One shop, chosen by the `storeCode` query (the list links here). */
export const SHOP_DETAIL_PATH = '/shop/shop.html';
export const SHOP_CODE_QUERY = 'storeCode';

/** A shop's page, language-neutral (localise it like any store path). */
export function shopPagePath(code: string): string {
  return `${SHOP_DETAIL_PATH}?${SHOP_CODE_QUERY}=${encodeURIComponent(code)}`;
}
