/**
 * Home's promotion pop-up once its rule says it shows (scripts/promo-popup.ts decides, with
 * nothing else loaded): registered like every pop-up (stores/popups.ts), kept in view, and
 * closed every way (its close control, Escape, a click outside, "No, thanks") with the seen
 * cookie set. The email form is checked as the spec has it (UR_EMAIL_08 empty, UR_EMAIL_06
 * malformed) and subscribes the address with the newsletter's double opt-in; the checks and
 * the API client load only when the shopper submits.
 */
import { clickedOutside, keepInView } from '../lib/popups/placement.ts';
import { PROMO_POPUP_ID, seenCookie, type PromoType } from '../lib/popups/promo.ts';
import { closePopup, openPopup } from '../stores/popups.ts';

export function openPromo(dialog: HTMLDialogElement, type: PromoType): void {
  if (!openPopup({ id: PROMO_POPUP_ID, content: type, className: 'promo-popup' })) return;

  const texts = JSON.parse(dialog.dataset.texts ?? '{}') as Record<string, string>;
  const form = dialog.querySelector<HTMLFormElement>('[data-promo-form]');
  const input = form?.querySelector<HTMLInputElement>('input[name="email"]');
  const error = dialog.querySelector<HTMLElement>('#promo-popup-error');
  const done = dialog.querySelector<HTMLElement>('[data-promo-done]');
  let subscribed = false;
  const stopFollowing = keepInView(dialog);

  const finish = () => {
    const dontPrompt = form?.querySelector<HTMLInputElement>('input[name="dontPrompt"]')?.checked ?? false;
    document.cookie = seenCookie(type, dontPrompt || subscribed);
    stopFollowing();
    closePopup(PROMO_POPUP_ID);
    if (dialog.open) dialog.close();
  };
  dialog.querySelector('[data-promo-close]')?.addEventListener('click', finish);
  dialog.querySelector('[data-promo-decline]')?.addEventListener('click', finish);
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    finish();
  });
  dialog.addEventListener('click', (event) => {
    if (clickedOutside(dialog, event)) finish();
  });

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
      dialog.querySelector<HTMLElement>('[data-promo-close]')?.focus();
    })();
  });

  dialog.showModal();
}
