/** The regions and their currencies (a configured unit, decimals and separator; a range as min - max). */
import { describe, expect, it } from 'vitest';
import { currencyFormatOf, isRegion, REGION_CURRENCIES, REGIONS } from '../../src/lib/i18n/regions.ts';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import { formatMoney, formatPrice, formatPriceRange } from '../../src/lib/format/currency.ts';

describe('the regions', () => {
  it('are Taiwan, Hong Kong, Macao and mainland China, each pricing in its own currency', () => {
    expect(REGIONS).toEqual(['TW', 'HK', 'MO', 'CN']);
    expect(Object.fromEntries(REGIONS.map((r) => [r, REGION_CURRENCIES[r].code]))).toEqual({ TW: 'TWD', HK: 'HKD', MO: 'MOP', CN: 'CNY' });
    expect(isRegion('MO')).toBe(true);
    expect(isRegion('JP')).toBe(false);
    expect(isRegion('constructor')).toBe(false);
  });

  it('show each currency with its unit, whole units (the catalogue prices in whole units) and a thousands comma', () => {
    const shown = (region: (typeof REGIONS)[number]) => [
      formatPrice(12990, REGION_CURRENCIES[region]),
      formatPriceRange(590, 1290, REGION_CURRENCIES[region]),
    ];
    expect(shown('TW')).toEqual(['NT$12,990', 'NT$590 - NT$1,290']);
    expect(shown('HK')).toEqual(['HK$12,990', 'HK$590 - HK$1,290']);
    expect(shown('MO')).toEqual(['MOP$12,990', 'MOP$590 - MOP$1,290']);
    expect(shown('CN')).toEqual(['¥12,990', '¥590 - ¥1,290']);
  });

  it("give every language its region's currency, and find a currency's format by its code", () => {
    for (const language of LANGUAGES) expect(language.currency, language.code).toBe(REGION_CURRENCIES[language.region]);
    expect(currencyFormatOf('MOP')).toBe(REGION_CURRENCIES.MO);
    expect(() => currencyFormatOf('JPY')).toThrow(/No region prices in JPY/);
  });

  it('show an amount in the currency it carries, whatever the page (an order placed in CNY on a zh-TW page)', () => {
    expect(formatMoney(1299, 'CNY')).toBe('¥1,299');
    expect(formatMoney(1299, 'MOP')).toBe('MOP$1,299');
    expect(formatMoney(-30, 'HKD')).toBe('-HK$30');
    expect(formatMoney(0, 'TWD')).toBe('NT$0');
  });
});

describe("the local commerce API's prices", () => {
  it('answer a region in its currency, and TWD for an unknown region or a price the catalogue lacks', async () => {
    const { regionPrice } = await import('../../scripts/local-commerce/products.ts');
    const price = (sale: number) => ({ sale, origin: sale });
    const sku = { prices: { TWD: price(1290), HKD: price(319), MOP: price(329), CNY: price(289) } } as never;
    expect(['TW', 'HK', 'MO', 'CN', 'JP'].map((region) => regionPrice(sku, region).sale)).toEqual([1290, 319, 329, 289, 1290]);
    expect(regionPrice({ prices: { TWD: price(1290) } } as never, 'CN').sale).toBe(1290);
  });
});
