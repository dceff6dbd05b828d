import { describe, expect, it } from 'vitest';
import { backgroundCss } from '../../src/lib/cms/background.ts';
import { markExternalLinks } from '../../src/lib/cms/custom-html.ts';
import { parseResizeSuffix, responsiveSrcset, withResizeSuffix } from '../../src/lib/cms/image-url.ts';
import { formatPrice, formatPriceRange } from '../../src/lib/format/currency.ts';
import { brandDate, formatMoment } from '../../src/lib/format/dates.ts';
import { DATE_FORMAT, DATE_SLASH_FORMAT, DATE_TIME_FORMAT, DATE_TIME_SECONDS_FORMAT, TIME_FORMAT } from '../../src/lib/constants.ts';
import { level2ProductId, productAddress, productDetailHref, readProductId } from '../../src/lib/product/product-id.ts';

const TWD = { code: 'TWD', unit: 'NT$', decimals: 0, thousandsSeparator: ',' };
const HKD2 = { code: 'HKD', unit: 'HK$', decimals: 2, thousandsSeparator: '' };

describe('image resize suffix', () => {
  it('appends _r-500-500 by default', () => {
    expect(withResizeSuffix('https://img.example.com/a/b.jpg')).toBe('https://img.example.com/a/b.jpg_r-500-500');
  });
  it('keeps the query after the suffix', () => {
    expect(withResizeSuffix('/media/b.jpg?v=2', '750-300')).toBe('/media/b.jpg_r-750-300?v=2');
  });
  it('leaves a URL that already has a suffix, an SVG or a data URL alone', () => {
    expect(withResizeSuffix('/media/b.jpg_r-100-100')).toBe('/media/b.jpg_r-100-100');
    expect(withResizeSuffix('/media/logo.svg')).toBe('/media/logo.svg');
    expect(withResizeSuffix('data:image/png;base64,xx')).toBe('data:image/png;base64,xx');
  });
  it('rejects a malformed size', () => {
    expect(() => withResizeSuffix('/a.jpg', '500x500')).toThrow(/width/);
  });
  it('parses the suffix back', () => {
    expect(parseResizeSuffix('/media/b.jpg_r-300-200')).toEqual({ basePath: '/media/b.jpg', width: 300, height: 200 });
    expect(parseResizeSuffix('/media/b.jpg')).toBeNull();
  });
  it('builds a srcset whose heights follow the aspect ratio', () => {
    expect(responsiveSrcset('/a.jpg', 2, [400, 800])).toBe('/a.jpg_r-400-200 400w, /a.jpg_r-800-400 800w');
    expect(responsiveSrcset('/a.svg', 2)).toBe('');
  });
});

describe('currency', () => {
  it('uses the unit, decimals and thousands separator', () => {
    expect(formatPrice(12990, TWD)).toBe('NT$12,990');
    expect(formatPrice(1299.5, HKD2)).toBe('HK$1299.50');
    expect(formatPrice(0, TWD)).toBe('NT$0');
  });
  it('shows a range as min - max, and one price when equal', () => {
    expect(formatPriceRange(590, 1290, TWD)).toBe('NT$590 - NT$1,290');
    expect(formatPriceRange(1290, 590, TWD)).toBe('NT$590 - NT$1,290');
    expect(formatPriceRange(590, 590, TWD)).toBe('NT$590');
  });
});

describe('page background', () => {
  it('is empty without settings', () => {
    expect(backgroundCss(null)).toBe('');
  });
  it('maps each fit mode', () => {
    const css = (fit: 'FILL' | 'MIDDLE' | 'STRETCHING' | 'RESPONSIVE' | 'TILE') =>
      backgroundCss({ imageUrl: '/a.jpg', attachment: 'fixed', fit });
    expect(css('FILL')).toContain('background-size: cover');
    expect(css('MIDDLE')).toContain('background-position: center; background-repeat: no-repeat');
    expect(css('STRETCHING')).toContain('background-size: 100% 100%');
    expect(css('RESPONSIVE')).toContain('background-size: 100% auto');
    expect(css('TILE')).toContain('background-repeat: repeat');
    expect(css('TILE')).toContain('background-attachment: fixed');
  });
  it('sets a colour on its own', () => {
    expect(backgroundCss({ color: '#f5f1ea', attachment: 'scroll', fit: 'FILL' })).toBe('background-color: #f5f1ea');
  });
});

describe('custom content links', () => {
  it('adds nofollow to external links only', () => {
    const html = '<a href="https://other.example/x">x</a> <a href="/women.html">w</a> <a href="http://localhost:4321/a">s</a>';
    expect(markExternalLinks(html, 'http://localhost:4321')).toBe(
      '<a href="https://other.example/x" rel="nofollow noopener">x</a> <a href="/women.html">w</a> <a href="http://localhost:4321/a">s</a>',
    );
  });
  it('merges with an existing rel', () => {
    expect(markExternalLinks('<a rel="sponsored" href="https://o.example">o</a>', 'https://shop.example')).toBe(
      '<a rel="sponsored nofollow noopener" href="https://o.example">o</a>',
    );
  });
});

describe('product ids', () => {
  it('builds the level-2 id from omsSkuCode, colour and size', () => {
    expect(level2ProductId('ABCDEF123XYZ', '09', '003')).toBe('ABCDEF09003XYZ');
  });
  it("links to the product's own page, and drops an undefined productId from product links", () => {
    expect(productDetailHref('L000123', undefined)).toBe('/product/L000123.html');
    expect(productDetailHref('L000123', null)).toBe('/product/L000123.html');
    expect(productDetailHref('L000123', 'X1')).toBe('/product/L000123.html?productId=X1');
  });
  it("gives a product page's address for its query: the code in the path, the choice's productId, other parameters kept", () => {
    expect(productAddress('', 'L1', '?productCode=L1&productId=undefined&utm_source=ad', null)).toBe('/product/L1.html?utm_source=ad');
    expect(productAddress('/en-gb', 'L1', '?productCode=L1', 'X2')).toBe('/en-gb/product/L1.html?productId=X2');
    expect(productAddress('', 'L1', '?productId=X1&utm_source=ad', 'X2')).toBe('/product/L1.html?productId=X2&utm_source=ad');
    expect(productAddress('', 'L1', '', null)).toBe('/product/L1.html');
  });
  it('reads a productId from a query, an empty or "undefined" one being none', () => {
    expect(readProductId('?productCode=L1&productId=X1')).toBe('X1');
    expect(readProductId('?productCode=L1&productId=undefined')).toBeNull();
    expect(readProductId('?productId=')).toBeNull();
    expect(readProductId('')).toBeNull();
  });
});

describe('dates of the account pages', () => {
  // 2026-03-04 05:06:07 UTC is 13:06:07 on the brand's clock (UTC+8), whatever the device's zone.
  const moment = Date.UTC(2026, 2, 4, 5, 6, 7);
  it("are written in the store's own formats: date, date and time, with seconds, the slash date and the time", () => {
    expect(
      [DATE_FORMAT, DATE_TIME_FORMAT, DATE_TIME_SECONDS_FORMAT, DATE_SLASH_FORMAT, TIME_FORMAT].map((format) =>
        formatMoment(moment, format),
      ),
    ).toEqual(['2026-03-04', '2026-03-04 13:06', '2026-03-04 13:06:07', '2026/03/04', '13:06:07']);
    expect(formatMoment(moment)).toBe('2026-03-04');
  });
  it("turn the date over at the brand's midnight, not UTC's", () => {
    expect(formatMoment(Date.UTC(2026, 11, 31, 16, 0, 0), DATE_TIME_FORMAT)).toBe('2027-01-01 00:00');
    expect(brandDate(Date.UTC(2026, 11, 31, 15, 59, 59), 1)).toBe('2027-01-01');
  });
});
