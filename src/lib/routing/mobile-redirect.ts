/**
 * The mobile redirect: a phone's browser is sent to the mobile site, to the page
 * that matches the one it asked for. Pure and dependency-free, so the same code runs in the
 * local static server (HTTP 302), in the generated host rules and in the pre-paint inline
 * script (bundled into it at build time).
 *
 * Decisions of ours, where the brand's rules say nothing:
 * - the mobile site's paths are the desktop page's name without `.html` (`_` becomes `-`);
 * - a store's all-wares page is `/shop/wares/{storeCode}`;
 * - search-engine crawlers are never redirected: their smartphone crawlers say "Android …
 *   Mobile", and sending them to the mobile root would unlist every press release.
 */
export const MOBILE_USER_AGENT_KEYWORDS = ['android', 'iphone', 'symbian', 'windows phone', 'ipod', 'mobile'] as const;

/** Googlebot/2.1, bingbot/2.0, Baiduspider, YandexBot, Applebot, … ("Cubot" phones are not bots). */
const CRAWLER_PATTERN = /bot(?:[/;)-]|$)|crawler|spider|slurp|facebookexternalhit|mediapartners-google|chrome-lighthouse/i;

export function isCrawlerUserAgent(userAgent: string | null | undefined): boolean {
  return CRAWLER_PATTERN.test(userAgent ?? '');
}

export function isMobileUserAgent(userAgent: string | null | undefined): boolean {
  const ua = (userAgent ?? '').toLowerCase();
  return MOBILE_USER_AGENT_KEYWORDS.some((keyword) => ua.includes(keyword)) && !isCrawlerUserAgent(ua);
}

/** Desktop query names → the mobile site's; the others listed are kept as they are; the rest are dropped. */
export const MOBILE_QUERY_NAMES: Readonly<Record<string, string>> = {
  productCode: 'pid',
  productId: 'skuId',
  uid: 'userId',
  oid: 'orderId',
  description: 'description',
  ugcId: 'ugcId',
  styleId: 'styleId',
};

/** The pages of a language's CMS config: a path and its code. */
export interface MobileCmsPage {
  path: string;
  code: string;
}

const TO_ROOT = new Set(['/', '/index.html', '/cart.html', '/account/favorites.html']);
const SAME_NAME = new Set([
  '/evaluation.html',
  '/official-styling-detail.html',
  '/staff-styling-detail.html',
  '/newsletter-subscription.html',
  '/unsubscribe.html',
  '/forget_password.html',
  '/reset-email.html',
]);

/** A look's own page (lib/styling/paths.ts): its kind and id. */
export const LOOK_PAGE_PATTERN = /^\/(official|staff)-styling\/([^/]+)\.html$/;

/** Every desktop path the rules name (host rules list them even where this store has no page yet). */
export const MOBILE_NAMED_PATHS: readonly string[] = [
  ...TO_ROOT,
  ...SAME_NAME,
  '/product-detail.html',
  '/search.html',
  '/email.html',
  '/account/security/email.html',
  '/account/security/password.html',
  '/coupon-collect.html',
  '/order/evaluate.html',
  '/account/order/evaluate.html',
  '/payment_settlement.html',
];

/**
 * The mobile URL for a desktop request, or null when the request stays (not a phone).
 * `path` is the path inside the language (no `/en-gb` prefix); `languageSegment` is put back in
 * front of the mobile path.
 */
export function mobileRedirectTarget(input: {
  path: string;
  query: URLSearchParams;
  userAgent: string | null | undefined;
  mobileSiteUrl: string;
  languageSegment?: string;
  cmsPages: readonly MobileCmsPage[];
}): string | null {
  if (!isMobileUserAgent(input.userAgent)) return null;
  const { path, query } = input;
  const prefix = input.languageSegment ? `/${input.languageSegment}` : '';
  const base = input.mobileSiteUrl.replace(/\/+$/, '');
  const to = (mobilePath: string, params = mappedQuery(query)) => {
    const search = params.toString();
    return `${base}${prefix}${mobilePath}${search ? `?${search}` : ''}`;
  };

  if (TO_ROOT.has(path) || path.startsWith('/payment/') || path === '/payment_settlement.html') return to('/');
  if (path === '/product-detail.html') return to('/product');
  // A product's own page: its code is in the path, where the mobile site wants pid.
  const product = /^\/product\/([^/]+)\.html$/.exec(path);
  if (product) return to('/product', new URLSearchParams([['pid', product[1]!], ...mappedQuery(query)]));
  if (path === '/search.html') {
    const storeCode = query.get('storeCode')?.trim();
    if (query.get('searchType') === 'storeCode' && storeCode)
      return to(`/shop/wares/${encodeURIComponent(storeCode)}`, new URLSearchParams());
    return to('/search');
  }
  if (path === '/email.html' || path === '/account/security/email.html') return to('/account/security/email');
  if (path === '/account/security/password.html') return to('/account/security/password');
  if (path === '/coupon-collect.html') {
    const couponId = query.get('couponId');
    return to(couponId ? `/coupon-collect/${encodeURIComponent(couponId)}` : '/coupon-collect', new URLSearchParams());
  }
  if (path === '/order/evaluate.html' || path === '/account/order/evaluate.html') return to('/evaluation');
  if (SAME_NAME.has(path)) return to(path.replace(/\.html$/, '').replace('_', '-'));
  // A look's own page: the mobile site shows it on its kind's page, by styleId.
  const look = LOOK_PAGE_PATTERN.exec(path);
  if (look) return to(`/${look[1]}-styling-detail`, new URLSearchParams([['styleId', look[2]!], ...mappedQuery(query)]));
  const category = /^\/c\/([^/]+)\.html$/.exec(path);
  if (category) return to(`/home/c_mobile/${category[1]}`);
  const page = input.cmsPages.find((p) => p.path === path);
  return to(page ? `/home/${encodeURIComponent(page.code)}` : '/');
}

/** The CMS pages of each language, by the language's URL segment ('' for the default language). */
export type MobilePagesBySegment = Readonly<Record<string, readonly MobileCmsPage[]>>;

/**
 * The mobile URL for a request to the store (a full path, language prefix included), or
 * null. The caller decides which requests are pages (the server: HTML files only).
 */
export function mobileRedirectForRequest(input: {
  pathname: string;
  search: string;
  userAgent: string | null | undefined;
  mobileSiteUrl: string;
  pages: MobilePagesBySegment;
}): string | null {
  if (!input.mobileSiteUrl || !isMobileUserAgent(input.userAgent)) return null;
  const first = input.pathname.split('/')[1] ?? '';
  const segment = first !== '' && first in input.pages ? first : '';
  const path = segment ? input.pathname.slice(segment.length + 1) || '/' : input.pathname;
  return mobileRedirectTarget({
    path,
    query: new URLSearchParams(input.search),
    userAgent: input.userAgent,
    mobileSiteUrl: input.mobileSiteUrl,
    languageSegment: segment,
    cmsPages: input.pages[segment] ?? [],
  });
}

function mappedQuery(query: URLSearchParams): URLSearchParams {
  const mapped = new URLSearchParams();
  for (const [name, value] of query) {
    const mobileName = MOBILE_QUERY_NAMES[name];
    if (mobileName && value !== 'undefined') mapped.append(mobileName, value);
  }
  return mapped;
}
