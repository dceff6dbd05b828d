/**
 * The pop-ups that may greet a shopper on arrival, one per page view: the language dialog on a
 * first visit whose browser prefers another of our languages (components/popups/
 * LanguageOfferPopup.astro), else the member-privacy notice when it is due (MemberPrivacyPopup.astro),
 * else home's promotion, whose own module applies its rule (PromoPopup.astro, promo-dialog.ts).
 * This script is on every page that may greet, so it decides with the names alone: a returning
 * shopper who has settled them all loads none of their code.
 */
import { cookieValue } from '../lib/cookies.ts';
import {
  CUSTOM_POPUP_SEEN_COOKIE,
  LANGUAGE_OFFER_COOKIE,
  LANGUAGE_OFFER_POPUP_ID,
  MEMBER_PRIVACY_POPUP_ID,
  MEMBER_PRIVACY_SEEN_COOKIE,
  PROMO_POPUP_ID,
} from '../lib/popups/greeting-names.ts';

const dialogOf = (id: string) => document.querySelector<HTMLDialogElement>(`dialog[data-popup="${id}"]`);
const seen = (cookie: string) => cookieValue(document.cookie, cookie) === 'Y';

function greet(): void {
  const privacy = dialogOf(MEMBER_PRIVACY_POPUP_ID);
  if (privacy && !seen(MEMBER_PRIVACY_SEEN_COOKIE)) {
    void import('./member-privacy-dialog.ts').then(({ openMemberPrivacy }) => openMemberPrivacy(privacy));
  } else if (dialogOf(PROMO_POPUP_ID) && !seen(CUSTOM_POPUP_SEEN_COOKIE)) {
    void import('./promo-dialog.ts').then(({ openPromoIfDue }) => openPromoIfDue());
  }
}

const language = dialogOf(LANGUAGE_OFFER_POPUP_ID);
if (language && !seen(LANGUAGE_OFFER_COOKIE)) {
  void import('./language-offer-dialog.ts').then(({ offerLanguage }) => offerLanguage(language) || greet());
} else greet();
