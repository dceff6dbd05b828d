/**
 * The language dialog (776 px wide; tests/unit/language-offer.test.ts). A first-time visitor whose browser prefers
 * another of the store's languages than the page's is offered this page in that language, in
 * that language's own words. It greets before the other pop-ups: a shopper who cannot read the
 * page cannot answer them. Once answered, or closed, or found not needed (the browser's
 * language is the page's, or none of ours), it is settled for a year: the choice stays the
 * shopper's, and the language chooser in the header is there for a change of mind.
 */
import { preferredStoreLanguage, type BrowserLanguageEntry } from '../i18n/browser-language.ts';
import { LANGUAGE_OFFER_COOKIE } from './greeting-names.ts';

export { LANGUAGE_OFFER_COOKIE, LANGUAGE_OFFER_POPUP_ID } from './greeting-names.ts';
export const LANGUAGE_DIALOG_WIDTH_PX = 776;
export const LANGUAGE_OFFER_REMEMBER_DAYS = 365;

/**
 * The language to offer on a page in `pageLanguageCode`, or null when there is none to offer.
 * `languages`: every store language (the page's too), as the dialog carries them.
 */
export function languageToOffer(
  browserLanguages: readonly string[],
  pageLanguageCode: string,
  languages: readonly BrowserLanguageEntry[],
): BrowserLanguageEntry | null {
  const preferred = preferredStoreLanguage(browserLanguages, languages);
  return preferred && preferred.code !== pageLanguageCode ? preferred : null;
}

export function languageOfferCookie(): string {
  return `${LANGUAGE_OFFER_COOKIE}=Y; Path=/; SameSite=Lax; Max-Age=${LANGUAGE_OFFER_REMEMBER_DAYS * 24 * 3600}`;
}
