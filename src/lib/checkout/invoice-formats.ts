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
