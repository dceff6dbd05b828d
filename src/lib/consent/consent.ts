/**
 * The shopper's cookie consent (tests/unit/analytics.test.ts, consent): necessary, analytics and marketing.
 * Necessary is always on (the session, the cart, the captcha where it guards a form);
 * analytics and marketing are off until the shopper says yes. The choice is kept in a
 * readable cookie, so the page's first script can tell before loading anything else.
 *
 * The value carries a version: when the categories change, every shopper is asked again
 * rather than being held to a choice about something else.
 */
import { cookieValue } from '../cookies.ts';

export const CONSENT_COOKIE = 'lin_consent';
export const CONSENT_VERSION = 1;
/** Half a year: long enough not to nag, short enough that a choice is renewed. */
export const CONSENT_DAYS = 180;

/**
 * The footer's cookie settings link goes to the privacy policy with this fragment: pages that
 * run no script (press) still reach the settings, and pages that do open them in place.
 */
export const COOKIE_SETTINGS_HASH = '#cookie-settings';

export const CONSENT_CATEGORIES = ['necessary', 'analytics', 'marketing'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

export interface Consent {
  analytics: boolean;
  marketing: boolean;
}

/** The stored choice, or null when there is none to go by (never chosen, another version, garbled). */
export function parseConsent(value: string | null): Consent | null {
  const match = /^v(\d+)\.a([01])\.m([01])$/.exec(value ?? '');
  if (!match || Number(match[1]) !== CONSENT_VERSION) return null;
  return { analytics: match[2] === '1', marketing: match[3] === '1' };
}

export function consentValue(consent: Consent): string {
  return `v${CONSENT_VERSION}.a${consent.analytics ? 1 : 0}.m${consent.marketing ? 1 : 0}`;
}

export function consentCookie(consent: Consent): string {
  return `${CONSENT_COOKIE}=${consentValue(consent)}; Path=/; SameSite=Lax; Max-Age=${CONSENT_DAYS * 86_400}`;
}

/** Whether a category may run under a choice; before any choice only the necessary ones may. */
export function allows(consent: Consent | null, category: ConsentCategory): boolean {
  if (category === 'necessary') return true;
  return consent?.[category] ?? false;
}

/** The same, read from a `document.cookie` string. */
export function cookiesAllow(cookies: string, category: ConsentCategory): boolean {
  return allows(parseConsent(cookieValue(cookies, CONSENT_COOKIE)), category);
}
