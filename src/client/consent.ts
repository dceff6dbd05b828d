/**
 * The shopper's cookie consent on every page that runs scripts: what the stored choice allows
 * loads on demand (analytics: client/analytics.ts; marketing: the line-shopping referral),
 * and the banner's code (consent-banner.ts) loads only while a choice is missing or the
 * footer's cookie settings ask for it. A returning shopper's page pays for a cookie read.
 */
import { CONSENT_COOKIE, COOKIE_SETTINGS_HASH, parseConsent } from '../lib/consent/consent.ts';
import { cookieValue } from '../lib/cookies.ts';
import { applyConsent } from './consent-apply.ts';

const stored = parseConsent(cookieValue(document.cookie, CONSENT_COOKIE));
if (stored) applyConsent(stored);
const openBanner = (focus: boolean) => void import('./consent-banner.ts').then(({ showBanner }) => showBanner(focus));
if (!stored || location.hash === COOKIE_SETTINGS_HASH) openBanner(false);

document.addEventListener('click', (event) => {
  if (!(event.target instanceof Element) || !event.target.closest('[data-consent-open]')) return;
  event.preventDefault();
  openBanner(true);
});
