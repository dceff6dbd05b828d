/**
 * The cookie banner (components/consent/ConsentBanner.astro) once it is needed: shown with the
 * choice as it stands, and each of its buttons saves a choice and applies it. Withdrawing a
 * consent reloads the page, since a script already running cannot be unloaded.
 */
import { CONSENT_COOKIE, consentCookie, parseConsent, type Consent } from '../lib/consent/consent.ts';
import { cookieValue } from '../lib/cookies.ts';
import { applyConsent, withdraws } from './consent-apply.ts';

const banner = document.querySelector<HTMLElement>('[data-consent]');
const form = banner?.querySelector<HTMLFormElement>('[data-consent-form]');
const box = (name: 'analytics' | 'marketing') => form?.elements.namedItem(name) as HTMLInputElement | null;

function choose(consent: Consent): void {
  document.cookie = consentCookie(consent);
  if (banner) banner.hidden = true;
  if (withdraws(consent)) location.reload();
  else applyConsent(consent);
}

form?.addEventListener('submit', (event) => {
  event.preventDefault();
  choose({ analytics: box('analytics')?.checked ?? false, marketing: box('marketing')?.checked ?? false });
});
banner?.querySelector('[data-consent-all]')?.addEventListener('click', () => choose({ analytics: true, marketing: true }));
banner?.querySelector('[data-consent-necessary]')?.addEventListener('click', () => choose({ analytics: false, marketing: false }));

/** Shows the banner; `focus` moves focus to it (opened from the footer, not on arrival). */
export function showBanner(focus: boolean): void {
  if (!banner) return;
  const stored = parseConsent(cookieValue(document.cookie, CONSENT_COOKIE));
  for (const name of ['analytics', 'marketing'] as const) {
    const input = box(name);
    if (input) input.checked = stored?.[name] ?? false;
  }
  banner.hidden = false;
  if (focus) banner.querySelector<HTMLElement>('#consent-title')?.focus();
}
