/**
 * Pages that are not CMS content: the sign-in pages, and the pages that need a signed-in
 * member (cart, payment, coupons, inbox and the account area), each with its island.
 */
import { PAYMENT_RETURN_PATHS } from './payment-returns.ts';
import { titleKeyOf } from './account-menu.ts';

/**
 * Every app page's island id. Each has its entry in the registry of components/app-pages/registry.ts
 * (what renders it, with which props): `npm run check` fails for an id without one.
 */
export const APP_ISLANDS = [
  'login',
  'register',
  'forget-password',
  'reset-email',
  'email-verify',
  'third-party',
  'account-hub',
  'security',
  'security-email',
  'security-password',
  'addresses',
  'coupon-wallet',
  'invoices',
  'inbox',
  'tickets',
  'ticket-detail',
  'recycle',
  'close-account',
  'order-list',
  'order-detail',
  'evaluate',
  'evaluations',
  'apply-refund',
  'only-refund',
  'refund-return',
  'refund-list',
  'view-refund',
  'refund-logistics',
  'replace',
  'replace-list',
  'apply-aftermarket',
  'apply-prepay',
  'view-prepay',
  'third-party-pay',
  'search-results',
  'product-detail',
  'favorites',
  'coupon-collect',
  'voucher-description',
  'my-coupons',
  'cart',
  'checkout',
  'settlement',
  'payment-success',
  'payment-complete',
  'payment-failed',
  'payment-return',
  'newsletter-subscribe',
  'newsletter-confirm',
  'newsletter-failure',
  'newsletter-unsubscribe',
] as const;

export type AppIsland = (typeof APP_ISLANDS)[number];

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
  { path: '/coupon-collect.html', titleKey: 'couponCollect', accessCheck: false, island: 'coupon-collect' },
  { path: '/voucherDescription.html', titleKey: 'voucherDescription', accessCheck: false, island: 'voucher-description' },
  // A product's published evaluations: for everyone, linked from the product page.
  { path: '/evaluation.html', titleKey: 'evaluation', accessCheck: false, island: 'evaluations' },
  // A member is needed to place an order, yet the route is public: the island signs a visitor in first.
  { path: '/payment_settlement.html', titleKey: 'paymentSettlement', accessCheck: false, island: 'settlement' },
  // The newsletter: subscribing, the mailed links (the confirmation and the signed unsubscribe link), and where a dead link ends.
  { path: '/newsletter-subscription.html', titleKey: 'newsletterSubscription', accessCheck: false, island: 'newsletter-subscribe' },
  { path: '/subscription-success.html', titleKey: 'subscriptionSuccess', accessCheck: false, island: 'newsletter-confirm' },
  { path: '/subscription-failure.html', titleKey: 'subscriptionFailure', accessCheck: false, island: 'newsletter-failure' },
  { path: '/unsubscribe.html', titleKey: 'unsubscribe', accessCheck: false, island: 'newsletter-unsubscribe' },
  // Where the payment providers send the shopper back: public, the island checks the order with the API.
  ...Object.values(PAYMENT_RETURN_PATHS).map((path) => ({
    path,
    titleKey: 'paymentReturn',
    accessCheck: false,
    island: 'payment-return' as const,
  })),
];

const AUTH_PAGES: AppPage[] = [
  { path: '/login.html', titleKey: 'login', accessCheck: false, island: 'login' },
  { path: '/register.html', titleKey: 'register', accessCheck: false, island: 'register' },
  { path: '/forget_password.html', titleKey: 'forgetPassword', accessCheck: false, island: 'forget-password' },
  { path: '/reset-email.html', titleKey: 'resetEmail', accessCheck: false, island: 'reset-email' },
  // The link of the email-change mail: it may be opened on another device, without a session.
  { path: '/email.html', titleKey: 'emailVerify', accessCheck: false, island: 'email-verify' },
  { path: '/third_party.html', titleKey: 'thirdParty', accessCheck: false, island: 'third-party' },
];

const ACCOUNT_PAGES = [
  'info',
  'cancellation-clause',
  'security/info',
  'security/email',
  'security/password',
  'address',
  'order/order-list',
  'order/evaluate',
  'apply-refund',
  'apply-prepay',
  'apply-aftermarket',
  'view-prepay',
  'view-refund',
  'only-refund',
  'refund-return',
  'replace',
  'detail',
  'refund',
  'refund-logistics',
  'replace-list',
  'ticket-list',
  'ticket-detail',
  'recycle',
  'coupon',
  'favorites',
  'invoice',
];

/** The routes only a signed-in member may open: cart, payment, coupons, inbox and the account area. */
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

/** The island of each guarded page. */
const GUARDED_ISLANDS: Readonly<Record<string, AppIsland>> = {
  '/cart.html': 'cart',
  '/payment/payment.html': 'checkout',
  '/payment/success.html': 'payment-success',
  '/payment/complete.html': 'payment-complete',
  '/payment/failed.html': 'payment-failed',
  '/account/favorites.html': 'favorites',
  '/membershipcoupon.html': 'my-coupons',
  '/inbox.html': 'inbox',
  '/account/info.html': 'account-hub',
  '/account/security/info.html': 'security',
  '/account/security/email.html': 'security-email',
  '/account/security/password.html': 'security-password',
  '/account/address.html': 'addresses',
  '/account/coupon.html': 'coupon-wallet',
  '/account/invoice.html': 'invoices',
  '/account/ticket-list.html': 'tickets',
  '/account/ticket-detail.html': 'ticket-detail',
  '/account/recycle.html': 'recycle',
  '/account/cancellation-clause.html': 'close-account',
  '/account/order/order-list.html': 'order-list',
  '/account/detail.html': 'order-detail',
  '/account/order/evaluate.html': 'evaluate',
  '/account/apply-refund.html': 'apply-refund',
  '/account/only-refund.html': 'only-refund',
  '/account/refund-return.html': 'refund-return',
  '/account/refund.html': 'refund-list',
  '/account/view-refund.html': 'view-refund',
  '/account/refund-logistics.html': 'refund-logistics',
  '/account/replace.html': 'replace',
  '/account/replace-list.html': 'replace-list',
  '/account/apply-aftermarket.html': 'apply-aftermarket',
  '/account/apply-prepay.html': 'apply-prepay',
  '/account/view-prepay.html': 'view-prepay',
  '/payment/third-party-pay.html': 'third-party-pay',
};

export const APP_PAGES: readonly AppPage[] = [
  ...PUBLIC_PAGES,
  ...AUTH_PAGES,
  ...GUARDED_PATHS.map((path) => ({
    path,
    titleKey: titleKeyOf(path),
    accessCheck: true,
    island: GUARDED_ISLANDS[path]!,
  })),
];

/** Old addresses answered with a permanent redirect to the page's current address. */
export const PATH_REDIRECTS: Readonly<Record<string, string>> = {
  '/forget_password_phone.html': '/forget_password.html',
  '/newsletter_subscription.html': '/newsletter-subscription.html',
};
