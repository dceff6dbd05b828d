/**
 * The cookies of a returning shopper, as most tests start: they have closed the pop-ups that
 * greet a first visit (the language dialog among them) and answered the cookie banner with "necessary only", so neither covers
 * the page a test drives. Tests of analytics give their consent with `analyticsConsentCookie`.
 */
import { MEMBER_PRIVACY_SEEN_COOKIE } from '../../src/lib/popups/member-privacy.ts';
import { CUSTOM_POPUP_SEEN_COOKIE } from '../../src/lib/popups/promo.ts';
import { CONSENT_COOKIE, consentValue } from '../../src/lib/consent/consent.ts';
import { LANGUAGE_OFFER_COOKIE } from '../../src/lib/popups/language-offer.ts';

const cookie = (name: string, value: string) => ({
  name,
  value,
  domain: '127.0.0.1',
  path: '/',
  expires: -1,
  httpOnly: false,
  secure: false,
  sameSite: 'Lax' as const,
});

export const SEEN_PRIVACY_COOKIE = cookie(MEMBER_PRIVACY_SEEN_COOKIE, 'Y');
/** The language dialog answered (the test browser prefers en-US, which it would offer on every Chinese page). */
export const SETTLED_LANGUAGE_COOKIE = cookie(LANGUAGE_OFFER_COOKIE, 'Y');
export const NECESSARY_ONLY_COOKIE = cookie(CONSENT_COOKIE, consentValue({ analytics: false, marketing: false }));
/** The greetings closed, the cookie banner not yet answered. */
export const SEEN_GREETING_COOKIES = [cookie(CUSTOM_POPUP_SEEN_COOKIE, 'Y'), SEEN_PRIVACY_COOKIE, SETTLED_LANGUAGE_COOKIE];
export const SEEN_POPUP_COOKIES = [...SEEN_GREETING_COOKIES, NECESSARY_ONLY_COOKIE];
export const analyticsConsentCookie = () => cookie(CONSENT_COOKIE, consentValue({ analytics: true, marketing: false }));
export const marketingConsentCookie = () => cookie(CONSENT_COOKIE, consentValue({ analytics: false, marketing: true }));
