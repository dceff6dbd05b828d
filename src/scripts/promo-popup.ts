/**
 * Decides whether home's promotion pop-up (components/popups/PromoPopup.astro) opens, by its
 * rule (lib/popups/promo.ts), and loads what draws it only then: a shopper who has seen it
 * loads nothing more.
 */
import { CUSTOM_POPUP_SEEN_COOKIE, PROMO_POPUP_ID, cookieValue, promoShows, type PromoType } from '../lib/popups/promo.ts';

const dialog = document.querySelector<HTMLDialogElement>(`dialog[data-popup="${PROMO_POPUP_ID}"]`);
if (dialog) {
  const type = (dialog.dataset.type ?? 'none') as PromoType;
  const bound = (value: string | undefined) => (value ? Number(value) : null);
  const config = { type, start: bound(dialog.dataset.start), end: bound(dialog.dataset.end) };
  if (promoShows(config, cookieValue(document.cookie, CUSTOM_POPUP_SEEN_COOKIE), Date.now())) {
    void import('./promo-dialog.ts').then(({ openPromo }) => openPromo(dialog, type));
  }
}
