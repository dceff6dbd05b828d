/**
 * The language dialog once a first visit may need it (client/greetings.ts decides): it offers
 * the language the browser prefers when that is not the page's. Answered, closed or not
 * needed, it is settled for a year. False when nothing was offered, so the next greeting may go.
 */
import { LANGUAGE_OFFER_POPUP_ID, languageOfferCookie, languageToOffer } from '../lib/popups/language-offer.ts';
import { openPagePopup } from './page-popup.ts';
import type { BrowserLanguageEntry } from '../lib/i18n/browser-language.ts';

const settle = () => {
  document.cookie = languageOfferCookie();
};

export function offerLanguage(dialog: HTMLDialogElement): boolean {
  const languages = JSON.parse(dialog.dataset.languages ?? '[]') as BrowserLanguageEntry[];
  const offered = languageToOffer(navigator.languages, document.documentElement.lang, languages);
  const offer = offered && dialog.querySelector<HTMLElement>(`[data-offer="${offered.code}"]`);
  if (!offer) {
    settle();
    return false;
  }
  offer.hidden = false;
  dialog.setAttribute('aria-labelledby', offer.querySelector('h2')!.id);
  dialog.setAttribute('lang', offered.code);
  const go = offer.querySelector<HTMLAnchorElement>('[data-offer-go]')!;
  // The same page in the other language keeps what the shopper was looking at.
  if (go.hasAttribute('data-same-page')) go.href = `${go.pathname}${location.search}${location.hash}`;
  go.addEventListener('click', settle);
  return openPagePopup(dialog, { id: LANGUAGE_OFFER_POPUP_ID, content: null, className: 'language-offer' }, settle);
}
