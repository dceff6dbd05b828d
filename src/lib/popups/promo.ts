/**
 * The home page's promotion pop-up (tests/unit/promo-popup.test.ts): the CMS's popup config says email (the
 * newsletter's email form) or custom (the editors' HTML, only between customStartTime and
 * customEndTime). It shows on home while the custom-popup-seen cookie is not Y. Closing it
 * sets that cookie for the browser session; with "don't show this again" ticked on the email
 * type, or once the address is subscribed, for a year.
 */
import { isWithinWindow } from '../cms/schedule.ts';

import { CUSTOM_POPUP_SEEN_COOKIE } from './greeting-names.ts';

export { CUSTOM_POPUP_SEEN_COOKIE, PROMO_POPUP_ID } from './greeting-names.ts';
export const DONT_PROMPT_DAYS = 365;

export type PromoType = 'email' | 'custom' | 'none';

export interface PromoConfig {
  type: PromoType;
  start: number | null;
  end: number | null;
}

/** Whether the pop-up shows now, given its config and the seen cookie's value. */
export function promoShows(config: PromoConfig, seen: string | null, now: number): boolean {
  if (seen === 'Y') return false;
  if (config.type === 'email') return true;
  return config.type === 'custom' && isWithinWindow(now, config.start, config.end);
}

/** The seen cookie a close sets: for the session, or for a year (email type with don't-prompt ticked, or subscribed). */
export function seenCookie(type: PromoType, longLived: boolean): string {
  const base = `${CUSTOM_POPUP_SEEN_COOKIE}=Y; Path=/; SameSite=Lax`;
  return type === 'email' && longLived ? `${base}; Max-Age=${DONT_PROMPT_DAYS * 24 * 3600}` : base;
}

/**
 * What the email pop-up saves for a signed-in member when the switch ties the pop-up to the
 * member (popupEmailBindsMember Y): the address, the newsletter by email, and every category N,
 * for the member to choose on the newsletter page.
 */
export function memberPopupSubscription(email: string, categories: readonly string[]) {
  return {
    subscribeEmail: email.trim(),
    extensionEmail: '',
    phoneFlag: 'N' as const,
    smsFlag: 'N' as const,
    emailFlag: 'Y' as const,
    popupNoticeFlag: 'N' as const,
    subscribeMap: Object.fromEntries(categories.map((value) => [value, 'N' as const])),
  };
}
