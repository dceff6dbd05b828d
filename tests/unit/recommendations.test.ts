/** What a product list offers: each product once, and never the product whose page it is on. */
import { describe, expect, it } from 'vitest';
import { recommendedTiles } from '../../src/lib/product/recommendations.ts';

const tiles = (...codes: string[]) => codes.map((productCode, i) => ({ productCode, slot: i }));

describe('recommended tiles', () => {
  it("leave out the product whose page they are on, keeping the editors' order", () => {
    expect(recommendedTiles(tiles('L1', 'L2', 'L3'), 'L2').map((t) => t.productCode)).toEqual(['L1', 'L3']);
  });

  it('offer each product once, at its first place', () => {
    expect(recommendedTiles(tiles('L1', 'L2', 'L1', 'L3', 'L2'), null).map((t) => t.slot)).toEqual([0, 1, 3]);
    expect(recommendedTiles(tiles('L2', 'L1', 'L2'), 'L1').map((t) => t.slot)).toEqual([0]);
  });

  it('may leave nothing: a list of the product alone offers nothing', () => {
    expect(recommendedTiles(tiles('L1', 'L1'), 'L1')).toEqual([]);
  });
});
