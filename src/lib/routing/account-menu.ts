/**
 * The account area's menu, grouped the way a member thinks of it: what they bought, what
 * followed a purchase, what they keep with us, and their settings. The hub and every account
 * page show it; each entry is a page of app-pages.ts.
 */
export interface AccountMenuGroup {
  /** Key under account.menu.* in public/locales. */
  key: 'orders' | 'afterSales' | 'mine' | 'settings';
  /** Page paths (unprefixed); each one's title is its appPages key. */
  paths: readonly string[];
}

export const ACCOUNT_MENU: readonly AccountMenuGroup[] = [
  { key: 'orders', paths: ['/account/order/order-list.html', '/account/order/evaluate.html'] },
  { key: 'afterSales', paths: ['/account/refund.html', '/account/replace-list.html', '/account/ticket-list.html'] },
  {
    key: 'mine',
    paths: ['/account/coupon.html', '/account/favorites.html', '/account/invoice.html', '/inbox.html', '/account/recycle.html'],
  },
  {
    key: 'settings',
    paths: ['/account/info.html', '/account/address.html', '/account/security/info.html', '/account/cancellation-clause.html'],
  },
];

/** Pages reached from a menu entry, which the menu shows as where the member is. */
const PARENT_ENTRY: Readonly<Record<string, string>> = {
  '/account/security/email.html': '/account/security/info.html',
  '/account/security/password.html': '/account/security/info.html',
  '/account/ticket-detail.html': '/account/ticket-list.html',
};

/** How a menu entry marks the current page: 'page' for the page itself, 'true' for the entry it was reached from. */
export function menuCurrent(entry: string, current: string): 'page' | 'true' | undefined {
  if (entry === current) return 'page';
  return PARENT_ENTRY[current] === entry ? 'true' : undefined;
}

/** The appPages title key of a page path: '/account/info.html' → 'account/info'. */
export const titleKeyOf = (path: string) => path.replace(/^\//, '').replace(/\.html$/, '');
