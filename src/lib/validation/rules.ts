/**
 * The named format rules of the store's forms: each answers whether a value passes, and the
 * strip rules clean free text. The patterns themselves are in patterns.ts; the form framework
 * (lib/forms) turns a failing rule into its error code.
 */
import {
  ALPHANUMERIC_PATTERN,
  CN_MOBILE_PATTERN,
  EIGHT_DIGITS_PATTERN,
  EMAIL_PATTERN,
  EMOJI_AND_SYMBOLS_PATTERN,
  HK_MOBILE_PATTERN,
  ID_LIKE_PATTERN,
  IMAGE_EXTENSION_PATTERN,
  LANDLINE_PATTERN,
  LINE_BREAKS_AND_TABS_PATTERN,
  LOGISTICS_CODE_PATTERN,
  MO_MOBILE_PATTERN,
  MOBILE_BARCODE_PATTERN,
  NAME_PATTERN,
  PASSWORD_PATTERN,
  PICKUP_STORE_CODE_PATTERN,
  TW_MOBILE_PATTERN,
} from './patterns.ts';
import type { Region } from '../i18n/regions.ts';

const tester = (pattern: RegExp) => (value: string) => pattern.test(value);

export const isPassword = tester(PASSWORD_PATTERN);
export const isAlphanumeric = tester(ALPHANUMERIC_PATTERN);
export const isEmail = tester(EMAIL_PATTERN);
export const isTaiwanMobile = tester(TW_MOBILE_PATTERN);
export const isMainlandMobile = tester(CN_MOBILE_PATTERN);
export const isHongKongMobile = tester(HK_MOBILE_PATTERN);
export const isMacaoMobile = tester(MO_MOBILE_PATTERN);
export const isLandline = tester(LANDLINE_PATTERN);
export const isEightDigits = tester(EIGHT_DIGITS_PATTERN);
export const isName = tester(NAME_PATTERN);
export const isMobileBarcode = tester(MOBILE_BARCODE_PATTERN);
export const isLogisticsCode = tester(LOGISTICS_CODE_PATTERN);
export const isIdLike = tester(ID_LIKE_PATTERN);
export const isImageFileName = tester(IMAGE_EXTENSION_PATTERN);
export const isPickupStoreCode = tester(PICKUP_STORE_CODE_PATTERN);

const PHONE_PATTERNS: Readonly<Record<Region, RegExp>> = {
  TW: TW_MOBILE_PATTERN,
  HK: HK_MOBILE_PATTERN,
  MO: MO_MOBILE_PATTERN,
  CN: CN_MOBILE_PATTERN,
};

/**
 * The mobile-number pattern of a region; null for a region without a check (anything passes).
 * An own key only: 'constructor' or 'toString' must not find Object.prototype's functions.
 */
export function phonePatternOf(region: string): RegExp | null {
  return Object.hasOwn(PHONE_PATTERNS, region) ? PHONE_PATTERNS[region as Region] : null;
}

/** A region's phone check: CN, HK, MO and TW have one; other regions always pass. */
export function isPhoneOfRegion(value: string, region: string): boolean {
  return phonePatternOf(region)?.test(value) ?? true;
}

/** Free text without emoji, #, & and !. */
export function stripEmojiAndSymbols(text: string): string {
  return text.replace(EMOJI_AND_SYMBOLS_PATTERN, '');
}

/** Whether text holds anything stripEmojiAndSymbols would remove. */
export function hasEmojiOrSymbols(text: string): boolean {
  return stripEmojiAndSymbols(text) !== text;
}

/** One-line text: newlines and tabs removed. */
export function stripLineBreaksAndTabs(text: string): string {
  return text.replace(LINE_BREAKS_AND_TABS_PATTERN, '');
}
