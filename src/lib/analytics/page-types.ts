/**
 * The analytics page type of a store path (without its language prefix, query or hash): one
 * mapping keyed by path (tests/unit/analytics.test.ts). The women, men, kids and baby landing pages, and the
 * category pages under them, share one type: the feed compares gender landings as one kind of
 * page. First match wins.
 */
const RULES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/(index\.html)?$/, 'home'],
  [/^\/(women|men|kids|baby)\.html$|^\/c\//, 'landing'],
  [/^\/search\.html$/, 'search'],
  [/^\/product\/|^\/product-detail\.html$/, 'product'],
  [/^\/product-size-chart\.html$/, 'size-chart'],
  [/^\/(official|staff)-styling-detail\.html$/, 'styling'],
  [/^\/cart\.html$/, 'cart'],
  [/^\/payment[/_]/, 'payment'],
  [/^\/(login|register|third_party|forget_password|reset-email)\.html$/, 'login'],
  [/^\/account\/|^\/(inbox|email|membershipcoupon)\.html$/, 'member'],
  [/^\/(coupon-collect|voucherDescription)\.html$/, 'coupon'],
  [/^\/(newsletter-subscription|subscription-success|subscription-failure|unsubscribe)\.html$/, 'newsletter'],
  [/^\/press\//, 'press'],
  [/^\/shop\//, 'shop'],
  [/^\/(not-found|current-limiter)\.html$/, 'error'],
];

export function pageTypeOf(path: string): string {
  return RULES.find(([pattern]) => pattern.test(path))?.[1] ?? 'content';
}
