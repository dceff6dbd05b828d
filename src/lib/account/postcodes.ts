/**
 * Postcodes by region: Taiwan's are 3 digits or Chunghwa Post's 3+2 and 3+3 codes, optional;
 * the mainland's 6 digits, required; Hong Kong and Macao have none, so their addresses have no
 * such field. Apart from validation/patterns.ts, which every page's first scripts load: only
 * the address form and the contract need these.
 */
import type { Region } from '../i18n/regions.ts';

export const TW_POSTCODE_PATTERN = /^\d{3}(?:\d{2,3})?$/;
export const CN_POSTCODE_PATTERN = /^\d{6}$/;

/** How a region's addresses take a postcode: its pattern, and whether one is needed. */
export interface PostcodeRule {
  pattern: RegExp;
  required: boolean;
}
const POSTCODE_RULES: Readonly<Record<Region, PostcodeRule | null>> = {
  TW: { pattern: TW_POSTCODE_PATTERN, required: false },
  HK: null,
  MO: null,
  CN: { pattern: CN_POSTCODE_PATTERN, required: true },
};

/** A region's postcode rule; null for a region without postcodes (or an unknown one). */
export function postcodeRuleOf(region: string): PostcodeRule | null {
  return Object.hasOwn(POSTCODE_RULES, region) ? POSTCODE_RULES[region as Region] : null;
}

/**
 * What is wrong with an address's postcode in its region, as an error code; null when it is
 * right. Empty and '0' (the API's "none") are no postcode.
 */
export function postcodeProblem(value: string, region: string): string | null {
  const rule = postcodeRuleOf(region);
  const given = value !== '' && value !== '0';
  if (!rule) return given ? 'AD_ZIP_NONE' : null;
  if (!given) return rule.required ? 'AD_ZIP_REQUIRED' : null;
  return rule.pattern.test(value) ? null : `AD_ZIP_${region}`;
}
