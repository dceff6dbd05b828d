/**
 * The member-privacy pop-up (tests/unit/member-privacy.test.ts): with the switch memberPrivacySwitch Y, the editors'
 * privacy notice shows on home, product detail, cart, account info, payment settlement, login
 * and register, and nowhere else. Once acknowledged (any way of closing it) it stays closed for a
 * year. It is one of the pop-ups that may greet a shopper on arrival, and it goes first: home's
 * promotion waits for a page view without it.
 */
import { MEMBER_PRIVACY_SEEN_COOKIE } from './greeting-names.ts';

export { MEMBER_PRIVACY_POPUP_ID, MEMBER_PRIVACY_SEEN_COOKIE } from './greeting-names.ts';
export const MEMBER_PRIVACY_REMEMBER_DAYS = 365;

/** The pages it shows on, as paths within a language; product pages count as product detail. */
export const MEMBER_PRIVACY_PAGES: readonly string[] = [
  '/',
  '/product-detail.html',
  '/cart.html',
  '/account/info.html',
  '/payment_settlement.html',
  '/login.html',
  '/register.html',
];

export function showsMemberPrivacy(pathInLanguage: string, kind: string): boolean {
  return kind === 'product' || MEMBER_PRIVACY_PAGES.includes(pathInLanguage);
}

export function memberPrivacySeenCookie(): string {
  return `${MEMBER_PRIVACY_SEEN_COOKIE}=Y; Path=/; SameSite=Lax; Max-Age=${MEMBER_PRIVACY_REMEMBER_DAYS * 24 * 3600}`;
}
