/**
 * Mobile numbers as the account pages show them while the desensitize switch is Y: the middle
 * becomes four asterisks (always four, whatever it hides, so the mask does not tell the length).
 * Browser-safe, no dependencies. The rules, in the order they apply, on the number trimmed:
 *
 * 1. A number with a hyphen ('02-2345-6789', '+886-912-345678'): its last 4 characters become
 *    '****', hyphens counted as characters, the rest shown as written ('02-2345-****'). A number
 *    of 4 characters or fewer becomes '****'.
 * 2. Otherwise the country code is split off: one of +86, +852, +853, +886 (the store's regions),
 *    or, for any other code, a '+' and digits followed by a space ('+1 4155550123'). The code and
 *    the spaces after it are shown unchanged; a '+' number of another code without a space has no
 *    code split off (its leading characters are counted from the '+'). Spaces inside the national
 *    number are dropped ('0912 345 678' is 0912345678).
 * 3. A +86 number, or a bare mainland mobile (1, 3–9, 9 more digits) keeps `keepLeading` leading
 *    characters of the national number, then '****', then its last 4: '+86 138****5678'.
 *    '86…' without the '+' is not taken for +86 (it could be anything) and follows rule 4.
 * 4. Every other number (Taiwan 0912345678, Hong Kong 91234567, +852…, +853…, +886…) keeps
 *    `keepLeading` leading characters of the national number, '****', and its last 2.
 *
 * Too short to keep the leading and last characters and still hide one: everything but the last
 * 4 (+86) or 2 (others) is hidden, '****6789'; and a national number no longer than those last
 * characters is hidden whole, '****'. The whole number is never shown. `keepLeading` below 0 or
 * not a number counts as 0, a fraction is floored. Nothing throws; '' stays ''.
 */

/** Four asterisks replace the hidden middle, whatever its length. */
const MASK = '****';
/** Digits kept at the end of a +86 number, and of every other. */
const CN_LAST_KEPT = 4;
const OTHER_LAST_KEPT = 2;
/** Country codes of the store's regions, longest first so '+886' is not read as '+88…'. */
const KNOWN_COUNTRY_CODES = ['+886', '+852', '+853', '+86'] as const;
const CN_COUNTRY_CODE = '+86';
const BARE_MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
/** Any other country code: a '+' and digits, then at least one space. */
const SPACED_COUNTRY_CODE = /^(\+\d+)(\s+)/;

/** The country code as written (with the spaces after it) and the national number; code '' for none. */
function splitCountryCode(number: string): { code: string; codeDigits: string; national: string } {
  const known = KNOWN_COUNTRY_CODES.find((code) => number.startsWith(code));
  if (known) {
    const spaces = /^\s*/.exec(number.slice(known.length))?.[0] ?? '';
    const code = known + spaces;
    return { code, codeDigits: known, national: number.slice(code.length) };
  }
  const spaced = SPACED_COUNTRY_CODE.exec(number);
  if (spaced) return { code: spaced[0], codeDigits: spaced[1] ?? '', national: number.slice(spaced[0].length) };
  return { code: '', codeDigits: '', national: number };
}

/** `keepLeading` leading characters, '****', and `lastKept` last characters, with the too-short rules. */
function maskMiddle(characters: readonly string[], keepLeading: number, lastKept: number): string {
  if (characters.length <= lastKept) return MASK;
  const last = characters.slice(-lastKept).join('');
  if (keepLeading + lastKept + 1 > characters.length) return MASK + last;
  return characters.slice(0, keepLeading).join('') + MASK + last;
}

/** The number with its middle masked (see the module comment for the rules). */
export function maskMobile(mobile: string, keepLeading: number): string {
  const number = String(mobile ?? '').trim();
  if (number === '') return '';
  const keep = keepLeading > 0 ? Math.floor(keepLeading) : 0;
  if (number.includes('-')) {
    const characters = Array.from(number);
    return characters.length <= MASK.length ? MASK : characters.slice(0, -MASK.length).join('') + MASK;
  }
  const { code, codeDigits, national } = splitCountryCode(number);
  const nationalCharacters = Array.from(national.replace(/\s+/g, ''));
  const isMainland = codeDigits === CN_COUNTRY_CODE || (code === '' && BARE_MAINLAND_MOBILE.test(national));
  return code + maskMiddle(nationalCharacters, keep, isMainland ? CN_LAST_KEPT : OTHER_LAST_KEPT);
}

/** The two CMS switches the display depends on. */
export interface MaskSwitches {
  desensitizeSwitch: 'Y' | 'N';
  mobileMaskLeadingDigits: number;
}

/**
 * A mobile number for display: '' for none, as is when the desensitize switch is N, masked
 * otherwise (Y, and any other value a bad config might carry: masking is the safe side).
 */
export function displayMobile(mobile: string | null, switches: MaskSwitches): string {
  if (mobile === null || mobile === undefined) return '';
  if (switches.desensitizeSwitch === 'N') return mobile;
  return maskMobile(mobile, switches.mobileMaskLeadingDigits);
}
