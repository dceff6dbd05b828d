/**
 * Home's promotion pop-up, when no other greeting came first (client/greetings.ts) and its
 * rule says it shows, opened as a page pop-up (page-popup.ts): every way of closing it (its
 * close control, Escape, a click outside, "No, thanks") sets the seen cookie. The email form is checked as the newsletter's is (UR_EMAIL_08 empty, UR_EMAIL_06
 * malformed) and subscribes the address with the newsletter's double opt-in; the checks and
 * the API client load only when the shopper submits.
 */
import { cookieValue } from '../lib/cookies.ts';
import { CUSTOM_POPUP_SEEN_COOKIE, PROMO_POPUP_ID, promoShows, seenCookie, type PromoType } from '../lib/popups/promo.ts';
import { openPagePopup } from './page-popup.ts';

/** Opens home's promotion if its rule says it shows now. */
export function openPromoIfDue(): void {
  const dialog = document.querySelector<HTMLDialogElement>(`dialog[data-popup="${PROMO_POPUP_ID}"]`);
  if (!dialog) return;
  const type = (dialog.dataset.type ?? 'none') as PromoType;
  const bound = (value: string | undefined) => (value ? Number(value) : null);
  const config = { type, start: bound(dialog.dataset.start), end: bound(dialog.dataset.end) };
  if (promoShows(config, cookieValue(document.cookie, CUSTOM_POPUP_SEEN_COOKIE), Date.now())) openPromo(dialog, type);
}

function openPromo(dialog: HTMLDialogElement, type: PromoType): void {
  const texts = JSON.parse(dialog.dataset.texts ?? '{}') as Record<string, string>;
  const form = dialog.querySelector<HTMLFormElement>('[data-promo-form]');
  const input = form?.querySelector<HTMLInputElement>('input[name="email"]');
  const error = dialog.querySelector<HTMLElement>('#promo-popup-error');
  const done = dialog.querySelector<HTMLElement>('[data-promo-done]');
  let subscribed = false;
  const opened = openPagePopup(dialog, { id: PROMO_POPUP_ID, content: type, className: 'promo-popup' }, () => {
    const dontPrompt = form?.querySelector<HTMLInputElement>('input[name="dontPrompt"]')?.checked ?? false;
    document.cookie = seenCookie(type, dontPrompt || subscribed);
  });
  if (!opened) return;

  const showError = (text: string | null) => {
    if (!error || !input) return;
    error.textContent = text ?? '';
    error.hidden = text === null;
    input.toggleAttribute('aria-invalid', text !== null);
    if (text) input.focus();
  };
  form?.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      const email = input?.value ?? '';
      const [{ checkField }, { emailField }] = await Promise.all([import('../lib/forms/form.ts'), import('../lib/forms/common-fields.ts')]);
      const code = await checkField(emailField(), { email });
      if (code) return showError(texts[code] ?? code);
      showError(null);
      const { subscribeFromPopup } = await import('../stores/newsletter.ts');
      const result = await subscribeFromPopup(email, {
        bindsMember: dialog.dataset.bindsMember === 'Y',
        categories: JSON.parse(dialog.dataset.categories ?? '[]') as string[],
      });
      if (!result.ok) {
        if (result.kind === 'failure') showError(texts[result.msgCode] ?? result.msg ?? texts.failed ?? '');
        else if (result.kind === 'network') showError(texts.failed ?? '');
        return;
      }
      subscribed = true;
      form.hidden = true;
      if (done) {
        done.textContent = texts[result.data] ?? '';
        done.hidden = false;
      }
      dialog.querySelector<HTMLElement>('.modal__close')?.focus();
    })();
  });
}
