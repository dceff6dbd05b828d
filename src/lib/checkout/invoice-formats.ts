/**
 * The formats of the mainland's invoice title. Apart from validation/patterns.ts, which every
 * page's first scripts load: only checkout's invoice fields and the contract need them.
 */

/**
 * A mainland company's tax number, its unified social credit code (统一社会信用代码, GB 32100):
 * 18 characters, two of the register and kind, the six-digit area code, then nine of the
 * organisation code and a check character, in digits and capitals without I, O, S, V and Z.
 */
export const CN_TAX_NUMBER_PATTERN = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;
export const isCnTaxNumber = (value: string) => CN_TAX_NUMBER_PATTERN.test(value);

/** A Taiwan company's tax id (統一編號): 8 digits. */
export const TAX_ID_LENGTH = 8;
/** The mainland's tax number: 18 characters. */
export const CN_TAX_NUMBER_LENGTH = 18;

/**
 * A code as its field keeps it, typed or pasted: every space out first, then cut to its length.
 * Cut first (an input's maxlength cuts what is pasted before any script sees it), a pasted
 * "1234 5678" kept "1234 567" and lost its last digit.
 */
export const keepCode = (value: string, length: number): string => value.replace(/\s+/g, '').slice(0, length);
