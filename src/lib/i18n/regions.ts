/**
 * The regions the store sells in, and the currency each one prices in. A language belongs to
 * one region (languages.ts) and shows its prices; a cart is priced, and an order placed, in
 * the currency of the page's region, and an order keeps it. The display rule (tests/unit/regions.test.ts): a
 * configured unit, decimals, an optional thousands separator. The catalogue prices in whole
 * units of every currency, so none shows decimals.
 */
export const REGIONS = ['TW', 'HK', 'MO', 'CN'] as const;
export type Region = (typeof REGIONS)[number];

/** ISO 4217 codes of the regions' currencies, in REGIONS' order. */
export const CURRENCY_CODES = ['TWD', 'HKD', 'MOP', 'CNY'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

export interface CurrencyFormat {
  /** ISO 4217 code, for structured data. */
  code: string;
  /** The unit shown before the amount, e.g. "NT$". */
  unit: string;
  decimals: number;
  /** Thousands separator; empty for none. */
  thousandsSeparator: string;
}

export const REGION_CURRENCIES: Readonly<Record<Region, CurrencyFormat & { code: CurrencyCode }>> = {
  TW: { code: 'TWD', unit: 'NT$', decimals: 0, thousandsSeparator: ',' },
  HK: { code: 'HKD', unit: 'HK$', decimals: 0, thousandsSeparator: ',' },
  MO: { code: 'MOP', unit: 'MOP$', decimals: 0, thousandsSeparator: ',' },
  CN: { code: 'CNY', unit: '¥', decimals: 0, thousandsSeparator: ',' },
};

export function isRegion(value: string): value is Region {
  return (REGIONS as readonly string[]).includes(value);
}

/** The currency a region's carts and orders are in. */
export const currencyOf = (region: Region): CurrencyCode => REGION_CURRENCIES[region].code;

/** How an amount in `currencyCode` shows (e.g. an order's TWD on an en-GB page). */
export function currencyFormatOf(currencyCode: string): CurrencyFormat {
  const format = Object.values(REGION_CURRENCIES).find((c) => c.code === currencyCode);
  if (!format) throw new RangeError(`No region prices in ${currencyCode}`);
  return format;
}
