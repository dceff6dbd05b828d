/**
 * The pop-ups that may greet a shopper on arrival, one per page view: the member-privacy notice
 * when it is due (components/popups/MemberPrivacyPopup.astro), else home's promotion, whose own
 * module applies its rule (components/popups/PromoPopup.astro, promo-dialog.ts). This script is
 * on every page that may greet, so it decides with as little as it can: product pages count
 * every byte against the header's budget.
 */
import { MEMBER_PRIVACY_POPUP_ID, MEMBER_PRIVACY_SEEN_COOKIE } from '../lib/popups/member-privacy.ts';

const dialogOf = (id: string) => document.querySelector<HTMLDialogElement>(`dialog[data-popup="${id}"]`);
const privacy = dialogOf(MEMBER_PRIVACY_POPUP_ID);
const privacySeen = document.cookie.split(/;\s*/).includes(`${MEMBER_PRIVACY_SEEN_COOKIE}=Y`);

if (privacy && !privacySeen) {
  void import('./member-privacy-dialog.ts').then(({ openMemberPrivacy }) => openMemberPrivacy(privacy));
} else if (dialogOf('promo' /* PROMO_POPUP_ID, named here so its module stays off other pages */)) {
  void import('./promo-dialog.ts').then(({ openPromoIfDue }) => openPromoIfDue());
}
