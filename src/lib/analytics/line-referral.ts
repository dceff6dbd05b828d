/**
 * The line-shopping referral: a shopper who arrives from the LINE shopping portal
 * (utm_source containing "lineshopping") with an ecid keeps that ecid for 1 day, so an order
 * placed that day is credited to the referral. It is a marketing cookie: kept only with consent.
 */
export const LINE_ECID_COOKIE = 'lin_line_ecid';
export const LINE_ECID_DAYS = 1;

/** The ecid to keep from a landing address's query, or null. */
export function lineReferralEcid(search: string): string | null {
  const query = new URLSearchParams(search);
  const source = query.get('utm_source') ?? '';
  const ecid = query.get('ecid')?.trim() ?? '';
  return source.toLowerCase().includes('lineshopping') && ecid !== '' ? ecid : null;
}

export function lineEcidCookie(ecid: string): string {
  return `${LINE_ECID_COOKIE}=${encodeURIComponent(ecid)}; Path=/; SameSite=Lax; Max-Age=${LINE_ECID_DAYS * 86_400}`;
}
