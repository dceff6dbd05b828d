/** The shop pages: the list of every shop, and each shop's own page. */
export const SHOP_LIST_PATH = '/shop/shop_list.html';
/**
 * The older address of a shop, chosen by the `storeCode` query: one page with every shop on it.
 * Hosts send a known code on to the shop's own page (lib/routing/moved-query-pages.ts); the page
 * stays for any other (it says the shop is not found), and is not indexed.
 */
export const SHOP_DETAIL_PATH = '/shop/shop.html';
export const SHOP_CODE_QUERY = 'storeCode';

/** A shop's own page, language-neutral (localise it like any store path): its address for people and search engines. */
export function shopPagePath(code: string): string {
  return `/shop/${encodeURIComponent(code)}.html`;
}
