/** The chosen refund lines in a page's query: written and read back, and a tampered query loses what is malformed. */
import { describe, expect, it } from 'vitest';
import { formatLinesParam, parseLinesParam } from '../../src/lib/orders/lines-param.ts';

describe('the refund lines of a query', () => {
  it('round-trips', () => {
    const lines = [
      { productId: 'L45100010020001', quantity: 1 },
      { productId: 'L45200020030002', quantity: 3 },
    ];
    expect(formatLinesParam(lines)).toBe('L45100010020001:1,L45200020030002:3');
    expect(parseLinesParam(formatLinesParam(lines))).toEqual(lines);
  });
  it('drops malformed parts: no quantity, zero, negative, too many digits, odd characters', () => {
    expect(parseLinesParam('A1:2,B2,C3:0,D4:-1,E5:1000,F6:x,<script>:1, G7:4 ')).toEqual([
      { productId: 'A1', quantity: 2 },
      { productId: 'G7', quantity: 4 },
    ]);
    expect(parseLinesParam('')).toEqual([]);
  });
});
