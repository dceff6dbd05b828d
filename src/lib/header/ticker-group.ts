/**
 * Which announcement ticker a page shows, and whether it
 * shows. The CMS ticker document keys its configs by these group codes (schema.ts tickerSchema).
 *
 * Paths are store paths without the language prefix, query or hash. Rules are tried in
 * order and the first match wins, so the specific account pages (info, address, security)
 * come before the account area as a whole.
 *
 * | Path                                                        | Kind                 | Group |
 * |-------------------------------------------------------------|----------------------|-------|
 * | /login.html                                                 | login                | none  |
 * | /shop/…  (shop_list.html, shop.html)                        | shop                 | none  |
 * | /coupon-collect.html                                        | coupon-collect       | none  |
 * | /evaluation.html                                            | evaluation           | none  |
 * | /not-found.html                                             | not-found            | none  |
 * | /account/info.html                                          | account info         | C     |
 * | /account/address.html                                       | address              | C     |
 * | /account/security/…, /email.html                            | security             | C     |
 * | /register.html, /forget_password.html, /reset-email.html,   | auth                 | C     |
 * |   /third_party.html                                         |                      |       |
 * | /cart.html                                                  | cart                 | C     |
 * | /payment/…, /payment_….html (e.g. payment_settlement)       | payment              | C     |
 * | /account/order/…, /account/detail.html                      | order                | B     |
 * | /account/coupon.html, /membershipcoupon.html,               | coupon               | B     |
 * |   /voucherDescription.html                                  |                      |       |
 * | /account/… (every other account page)                       | account              | B     |
 * | /inbox.html                                                 | inbox                | B     |
 * | /, /index.html, /women.html, /men.html, /kids.html,         | home (gender homes)  | B     |
 * |   /baby.html                                                |                      |       |
 * | /c/{code}.html                                              | category             | B     |
 * | /search.html, /product-detail.html, /product-size-chart.html,| search, product      | A     |
 * |   /official-styling-detail.html, /staff-styling-detail.html,| detail, styling,     |       |
 * |   anything else (CMS pages, press, newsletter…)             | other                |       |
 *
 * Why register is C and not "no ticker": of the sign-in pages only login has no ticker, and
 * auth pages are C; register is an auth page.
 * Why /email.html is security: the mobile redirect sends it to /account/security/email.
 * Why /account/order/evaluate.html is B: it is an order page of the account area; the
 * "evaluation" page without a ticker is the public /evaluation.html.
 */
import type { tickerConfigSchema, tickerSchema } from '../cms/schema.ts';
import type { z } from 'zod';

export const TICKER_GROUPS = ['A', 'B', 'C'] as const;
export type TickerGroup = (typeof TICKER_GROUPS)[number];
export type TickerConfig = z.infer<typeof tickerConfigSchema>;
export type TickerDocument = z.infer<typeof tickerSchema>;

const GENDER_HOMES = ['women', 'men', 'kids', 'baby'];
const AUTH_PAGES = ['register', 'forget_password', 'reset-email', 'third_party'];

/** First match wins: most specific first. */
const RULES: ReadonlyArray<readonly [RegExp, TickerGroup | null]> = [
  // No ticker
  [/^\/login\.html$/, null],
  [/^\/shop(\/|\.html$)/, null],
  [/^\/coupon-collect\.html$/, null],
  [/^\/evaluation\.html$/, null],
  [/^\/not-found\.html$/, null],
  // C: account info, address, security, auth, cart, payment
  [/^\/account\/(info|address)\.html$/, 'C'],
  [/^\/account\/security\//, 'C'],
  [/^\/email\.html$/, 'C'],
  [new RegExp(`^/(${AUTH_PAGES.join('|')})\\.html$`), 'C'],
  [/^\/cart\.html$/, 'C'],
  [/^\/payment(\/|_[^/]*\.html$)/, 'C'],
  // B: account (with order and coupon pages), coupon, inbox, home, category
  [/^\/account\//, 'B'],
  [/^\/(membershipcoupon|voucherDescription|inbox)\.html$/, 'B'],
  [new RegExp(`^/((index|${GENDER_HOMES.join('|')})\\.html)?$`), 'B'],
  [/^\/c\/[^/]+\.html$/, 'B'],
];

/** The ticker group of a page, or null for the pages without a ticker. */
export function tickerGroupFor(pathWithoutLanguagePrefix: string): TickerGroup | null {
  const path = normalize(pathWithoutLanguagePrefix);
  for (const [pattern, group] of RULES) if (pattern.test(path)) return group;
  return 'A';
}

/** '/cart.html?x#y' → '/cart.html'; '' → '/'. */
function normalize(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  return bare.startsWith('/') ? bare : `/${bare}`;
}

/** The ticker config for a page, if the page has a ticker and the CMS configured one. */
export function tickerConfigFor(ticker: TickerDocument | null | undefined, pathWithoutLanguagePrefix: string): TickerConfig | null {
  const group = tickerGroupFor(pathWithoutLanguagePrefix);
  return group ? (ticker?.web[group] ?? null) : null;
}

/**
 * Shown when displayFlag is Y, unless the shopper closed the ticker this session. Closing is
 * only possible where closeButton is Y, so a ticker without a close button is not hidden by a
 * close done on another page's ticker.
 */
export function shouldShowTicker(
  config: Pick<TickerConfig, 'displayFlag' | 'closeButton'> | null | undefined,
  closedThisSession: boolean,
): boolean {
  if (!config || config.displayFlag !== 'Y') return false;
  return !(closedThisSession && canCloseTicker(config));
}

/** closeButton Y lets the shopper close the ticker. */
export function canCloseTicker(config: Pick<TickerConfig, 'closeButton'>): boolean {
  return config.closeButton === 'Y';
}

/** The page a ticker links to when it invites visitors to open an account. */
const REGISTER_PAGE = /^\/([a-z-]+\/)?register\.html$/;

/**
 * A ticker for visitors only: one that invites the shopper to register (it links to the
 * register page, as the CMS sample's first-purchase coupon ticker does). A signed-in member
 * has an account, so the header's pre-paint check hides it for them (static-scripts.ts). The
 * CMS ticker has no audience field: the link is what says whom it speaks to.
 */
export function isVisitorsOnlyTicker(config: Pick<TickerConfig, 'linkFlag' | 'pcLink'>): boolean {
  if (config.linkFlag !== 'Y' || !config.pcLink) return false;
  const url = URL.parse(config.pcLink, 'https://store.invalid');
  return url !== null && REGISTER_PAGE.test(url.pathname);
}
