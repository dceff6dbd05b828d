/**
 * The store's field formats, each a named pattern, in one place: the form framework checks
 * them before sending and the API (through the contract) on receipt, so both give the same
 * answer. Plain patterns, no schema library, so a page checks its fields without loading the
 * contract.
 */
import { ALPHANUMERIC_MAX_LENGTH, ALPHANUMERIC_MIN_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';

/** 8–20 characters with at least one digit and one letter. */
export const PASSWORD_PATTERN = new RegExp(`^(?=.*\\d)(?=.*[A-Za-z]).{${PASSWORD_MIN_LENGTH},${PASSWORD_MAX_LENGTH}}$`);
/** 6–16 letters and digits (member codes, coupon codes). */
export const ALPHANUMERIC_PATTERN = new RegExp(`^[A-Za-z0-9]{${ALPHANUMERIC_MIN_LENGTH},${ALPHANUMERIC_MAX_LENGTH}}$`);
/**
 * Something, an @, and a domain with a dot neither first nor last. The lookahead checks the
 * domain's characters once, so the dot search is linear: without it, a long domain of dots
 * ending in a space ('a@' + 'a.' × 50 000 + ' ') backtracked quadratically, seconds per test.
 */
export const EMAIL_PATTERN = /^[^\s@]+@(?=[^\s@]+$)[^\s@]+\.[^\s@]+$/;

/** Taiwan mobile: 09 and 8 digits. */
export const TW_MOBILE_PATTERN = /^09\d{8}$/;
/** Mainland China mobile: 1, then 3–9, then 9 digits. */
export const CN_MOBILE_PATTERN = /^1[3-9]\d{9}$/;
/**
 * Hong Kong: 8 digits starting 4–9. The plan gives mobile numbers the 4, 5, 6, 7, 8 and 9
 * ranges (landlines start 2 or 3), so a receiver reachable by SMS passes and a landline does not.
 */
export const HK_MOBILE_PATTERN = /^[4-9]\d{7}$/;
/** Macao: 8 digits starting 6, the mobile range (landlines start 28). */
export const MO_MOBILE_PATTERN = /^6\d{7}$/;
/** Landline: 3–4 digits of area code, a dash, 7–8 digits. */
export const LANDLINE_PATTERN = /^\d{3,4}-\d{7,8}$/;
/** Eight digits: the company tax id (統一編號) and other 8-digit numbers. */
export const EIGHT_DIGITS_PATTERN = /^\d{8}$/;

/**
 * Names of people: Chinese characters, Latin letters (accents included), spaces, and the
 * punctuation names carry: the middle dots (阿沛·阿旺, 阿沛‧阿旺 as Taiwan writes it, ・), apostrophes,
 * hyphens and full stops.
 * The accented letters are U+00C0–U+024F without × (U+00D7) and ÷ (U+00F7), signs, not letters.
 */
export const NAME_PATTERN =
  /^[\p{Script=Han}A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F][\p{Script=Han}A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F ·‧・.'’-]*$/u;

/** Mobile-barcode invoice carrier (the invoice's vehicleCode, 手機條碼): a slash and 7 characters of [0-9A-Z.+-]. */
export const MOBILE_BARCODE_PATTERN = /^\/[0-9A-Z.+-]{7}$/;
/** A convenience store's or one of our shops' code, as the store-pickup map services give it. */
export const PICKUP_STORE_CODE_PATTERN = /^[0-9A-Za-z-]{1,20}$/;
/** One of our shops' codes, as the CMS's shop list gives it. */
export const SHOP_CODE_PATTERN = /^[A-Z0-9]{3,12}$/;
/** Two capitals and 14 digits: a parcel's logistics code, and the natural-person certificate carrier. */
export const LOGISTICS_CODE_PATTERN = /^[A-Z]{2}\d{14}$/;
/** ID-like: a capital, a capital or digit, then 8 digits (national and resident certificate numbers). */
export const ID_LIKE_PATTERN = /^[A-Z][A-Z0-9]\d{8}$/;
/** Pictures a member may attach: gif, png, jpg, jpeg, bmp. */
export const IMAGE_EXTENSION_PATTERN = /\.(?:gif|png|jpe?g|bmp)$/i;
/** A calendar date as the forms send it. */
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What "strip emoji and symbols" removes from free text: pictographs and their joiners,
 * skin-tone and variation selectors, keycaps, flags (with the tag characters U+E0020–U+E007F
 * of subdivision flags such as England's, which otherwise stayed behind, invisible), and #, &
 * and !. Written as alternatives, not one character class: a class holding the joiner, the
 * selectors and the keycap mark beside pictographs reads as a joined sequence, which ESLint's
 * no-misleading-character-class refuses. The full-width ！＃＆ of Chinese text go too.
 */
export const EMOJI_AND_SYMBOLS_PATTERN =
  /\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|[\u{1F3FB}-\u{1F3FF}]|[\u{E0020}-\u{E007F}]|\u200D|\uFE0E|\uFE0F|\u20E3|[#&!\uFF01\uFF03\uFF06]/gu;
/** Newlines and tabs, removed from one-line text. */
export const LINE_BREAKS_AND_TABS_PATTERN = /[\r\n\t]/g;
