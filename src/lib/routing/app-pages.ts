/**
 * Pages that are not CMS content: the sign-in pages, and the access-checked pages of
 * spec §2 (cart, payment, coupons, inbox and the account area). Pages whose own issue has
 * not landed yet are shells: a guarded page with its title and the member's name.
 */
export type AppIsland = 'login' | 'register' | 'forget-password' | 'reset-email' | 'third-party' | 'member-shell' | 'search-results' | 'product-detail';

export interface AppPage {
  path: string;
  /** Key under appPages.* in public/locales. */
  titleKey: string;
  accessCheck: boolean;
  island: AppIsland;
}

const PUBLIC_PAGES: AppPage[] = [
  { path: '/search.html', titleKey: 'search', accessCheck: false, island: 'search-results' },
  { path: '/product-detail.html', titleKey: 'productDetail', accessCheck: false, island: 'product-detail' },
];

const AUTH_PAGES: AppPage[] = [
  { path: '/login.html', titleKey: 'login', accessCheck: false, island: 'login' },
  { path: '/register.html', titleKey: 'register', accessCheck: false, island: 'register' },
  { path: '/forget_password.html', titleKey: 'forgetPassword', accessCheck: false, island: 'forget-password' },
  { path: '/reset-email.html', titleKey: 'resetEmail', accessCheck: false, island: 'reset-email' },
  { path: '/third_party.html', titleKey: 'thirdParty', accessCheck: false, island: 'third-party' },
];

const ACCOUNT_PAGES = [
  'info', 'cancellation-clause', 'security/info', 'security/email', 'security/password', 'address', 'order/order-list', 'order/evaluate',
  'apply-refund', 'apply-prepay', 'apply-aftermarket', 'view-prepay', 'view-refund', 'only-refund', 'refund-return', 'replace', 'detail',
  'refund', 'refund-logistics', 'replace-list', 'ticket-list', 'ticket-detail', 'recycle', 'coupon', 'favorites',
];

/** The access-checked routes of spec §2. */
const GUARDED_PATHS = [
  '/cart.html',
  '/payment/payment.html',
  '/payment/success.html',
  '/payment/complete.html',
  '/payment/failed.html',
  '/payment/third-party-pay.html',
  '/membershipcoupon.html',
  '/inbox.html',
  ...ACCOUNT_PAGES.map((page) => `/account/${page}.html`),
];

export const APP_PAGES: readonly AppPage[] = [
  ...PUBLIC_PAGES,
  ...AUTH_PAGES,
  ...GUARDED_PATHS.map((path) => ({ path, titleKey: path.replace(/^\//, '').replace(/\.html$/, ''), accessCheck: true, island: 'member-shell' as const })),
];

/** Old addresses answered with a permanent redirect (spec §2). */
export const PATH_REDIRECTS: Readonly<Record<string, string>> = {
  '/forget_password_phone.html': '/forget_password.html',
};
