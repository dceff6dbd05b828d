/**
 * The names of the pop-ups that may greet a page view and of their seen cookies, apart from
 * their rules: the page's greeting script (client/greetings.ts) decides with these alone, so a
 * returning shopper's page loads neither pop-up's code.
 */
export const MEMBER_PRIVACY_POPUP_ID = 'member-privacy';
export const MEMBER_PRIVACY_SEEN_COOKIE = 'lin_member_privacy_seen';
export const PROMO_POPUP_ID = 'promo';
export const CUSTOM_POPUP_SEEN_COOKIE = 'lin_custom_popup_seen';
export const LANGUAGE_OFFER_POPUP_ID = 'language-offer';
export const LANGUAGE_OFFER_COOKIE = 'lin_language_offered';
