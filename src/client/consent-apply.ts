/** What a consent choice allows, started once per page: analytics, and with marketing the tag manager and the line-shopping referral. */
import type { Consent } from '../lib/consent/consent.ts';

let applied: Consent = { analytics: false, marketing: false };

export function applyConsent(consent: Consent): void {
  if (consent.analytics && !applied.analytics) void import('./analytics.ts');
  if (consent.marketing && !applied.marketing) void import('../stores/third-party.ts').then(({ startTagManager }) => startTagManager());
  // Only a landing address with a referral needs the referral's code.
  if (consent.marketing && !applied.marketing && location.search.includes('ecid='))
    void import('../lib/analytics/line-referral.ts').then(({ lineReferralEcid, lineEcidCookie }) => {
      const ecid = lineReferralEcid(location.search);
      if (ecid) document.cookie = lineEcidCookie(ecid);
    });
  applied = { analytics: applied.analytics || consent.analytics, marketing: applied.marketing || consent.marketing };
}

/** Whether `consent` takes back something this page already runs. */
export function withdraws(consent: Consent): boolean {
  return (applied.analytics && !consent.analytics) || (applied.marketing && !consent.marketing);
}
