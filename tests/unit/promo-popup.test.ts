/** Home's promotion pop-up rules: when it shows, and the seen cookie each way of closing sets. */
import { cookieValue } from '../../src/lib/cookies.ts';
import { describe, expect, it } from 'vitest';
import { CUSTOM_POPUP_SEEN_COOKIE, DONT_PROMPT_DAYS, memberPopupSubscription, promoShows, seenCookie } from '../../src/lib/popups/promo.ts';

const NOW = Date.UTC(2026, 10, 25);
const HOUR = 3_600_000;

describe('promotion pop-up', () => {
  it('shows the email type until seen, and the custom type only inside its window', () => {
    expect(promoShows({ type: 'email', start: null, end: null }, null, NOW)).toBe(true);
    expect(promoShows({ type: 'email', start: null, end: null }, 'Y', NOW)).toBe(false);
    expect(promoShows({ type: 'custom', start: NOW - HOUR, end: NOW + HOUR }, null, NOW)).toBe(true);
    expect(promoShows({ type: 'custom', start: NOW + HOUR, end: null }, null, NOW)).toBe(false);
    expect(promoShows({ type: 'custom', start: null, end: NOW }, null, NOW)).toBe(false);
    expect(promoShows({ type: 'custom', start: NOW - HOUR, end: NOW + HOUR }, 'Y', NOW)).toBe(false);
    expect(promoShows({ type: 'none', start: null, end: null }, null, NOW)).toBe(false);
    // Any value but Y is "not seen".
    expect(promoShows({ type: 'email', start: null, end: null }, 'N', NOW)).toBe(true);
  });

  it("keeps the seen cookie for the session, and for 1 year on the email type with don't prompt ticked", () => {
    expect(DONT_PROMPT_DAYS).toBe(365);
    expect(seenCookie('custom', false)).toBe(`${CUSTOM_POPUP_SEEN_COOKIE}=Y; Path=/; SameSite=Lax`);
    expect(seenCookie('custom', true)).toBe(`${CUSTOM_POPUP_SEEN_COOKIE}=Y; Path=/; SameSite=Lax`);
    expect(seenCookie('email', false)).toBe(`${CUSTOM_POPUP_SEEN_COOKIE}=Y; Path=/; SameSite=Lax`);
    expect(seenCookie('email', true)).toBe(`${CUSTOM_POPUP_SEEN_COOKIE}=Y; Path=/; SameSite=Lax; Max-Age=31536000`);
  });

  it('reads one cookie out of the document’s cookie string', () => {
    expect(cookieValue('a=1; lin_custom_popup_seen=Y; b=2', CUSTOM_POPUP_SEEN_COOKIE)).toBe('Y');
    expect(cookieValue('xlin_custom_popup_seen=Y', CUSTOM_POPUP_SEEN_COOKIE)).toBeNull();
    expect(cookieValue('', CUSTOM_POPUP_SEEN_COOKIE)).toBeNull();
  });

  it('saves a signed-in member’s pop-up address with the newsletter by email and every category N, when the switch ties them', () => {
    expect(memberPopupSubscription(' reader@linea.example ', ['NEW_ARRIVALS', 'STYLING'])).toEqual({
      subscribeEmail: 'reader@linea.example',
      extensionEmail: '',
      phoneFlag: 'N',
      smsFlag: 'N',
      emailFlag: 'Y',
      popupNoticeFlag: 'N',
      subscribeMap: { NEW_ARRIVALS: 'N', STYLING: 'N' },
    });
  });
});
