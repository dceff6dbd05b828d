/** Colour, size, stock and the price to show on the product page (lib/product/selection.ts). */
import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../src/lib/api/contract.ts';
import {
  initialSelection,
  isSoldOut,
  maxQuantity,
  priceToShow,
  sizeOptions,
  skuFor,
  type LiveSku,
} from '../../src/lib/product/selection.ts';

const sku = (colorNo: string, sizeNo: string, sale: number, origin = sale) => ({
  skuCode: `P${colorNo}${sizeNo}`,
  omsSkuCode: `450011-25W${colorNo}${sizeNo}`,
  productId: `id-${colorNo}-${sizeNo}`,
  colorNo,
  sizeNo,
  price: { sale, origin },
});
const detail = {
  productCode: 'P',
  colours: [
    { colorNo: '01', code: 'NAVY', hex: '#000080', name: 'Navy', images: ['/a.jpg'] },
    { colorNo: '02', code: 'RED', hex: '#ff0000', name: 'Red', images: ['/b.jpg'] },
  ],
  sizes: [
    { sizeNo: '001', alias: 'S' },
    { sizeNo: '002', alias: 'M' },
    { sizeNo: '003', alias: 'L' },
  ],
  // The red one comes in S and M only; L costs more; the navy is marked down.
  skus: [sku('01', '001', 790, 990), sku('01', '002', 790, 990), sku('01', '003', 890, 1090), sku('02', '001', 990), sku('02', '002', 990)],
} as unknown as ProductDetail;
const live = (stocks: Record<string, number>) =>
  new Map<string, LiveSku>(
    Object.entries(stocks).map(([skuCode, stock]) => [
      skuCode,
      { skuCode, stock, price: detail.skus.find((s) => s.skuCode === skuCode)!.price },
    ]),
  );

describe('product selection', () => {
  it('starts from the productId of the link, else the first colour with no size', () => {
    expect(initialSelection(detail, 'id-02-002')).toEqual({ colorNo: '02', sizeNo: '002' });
    expect(initialSelection(detail, null)).toEqual({ colorNo: '01', sizeNo: null });
    expect(initialSelection(detail, 'no-such-id')).toEqual({ colorNo: '01', sizeNo: null });
  });

  it('marks a size sold out when it has no SKU in the colour or no stock; unknown stock is not sold out', () => {
    expect(sizeOptions(detail, '02', null).map((s) => [s.alias, s.soldOut, s.stock])).toEqual([
      ['S', false, null],
      ['M', false, null],
      ['L', true, null],
    ]);
    const stock = live({ P01001: 0, P01002: 4, P01003: 1, P02001: 3, P02002: 0 });
    expect(sizeOptions(detail, '01', stock).map((s) => [s.alias, s.soldOut, s.stock])).toEqual([
      ['S', true, 0],
      ['M', false, 4],
      ['L', false, 1],
    ]);
    expect(skuFor(detail, '02', '003')).toBeNull();
  });

  it('is sold out as a whole only when every SKU is', () => {
    expect(isSoldOut(detail, null)).toBe(false);
    expect(isSoldOut(detail, live({ P01001: 0, P01002: 0, P01003: 0, P02001: 0, P02002: 1 }))).toBe(false);
    expect(isSoldOut(detail, live({ P01001: 0, P01002: 0, P01003: 0, P02001: 0, P02002: 0 }))).toBe(true);
  });

  it("shows the colour's range until a size is chosen, then that SKU's price, with the regular price to compare", () => {
    expect(priceToShow(detail, null, '01', null)).toEqual({ min: 790, max: 890, regular: 1090, origin: 1090 });
    expect(priceToShow(detail, null, '01', '001')).toEqual({ min: 790, max: 790, regular: 990, origin: 990 });
    // Not marked down: nothing to strike, and the regular price is the price itself.
    expect(priceToShow(detail, null, '02', '001')).toEqual({ min: 990, max: 990, regular: 990, origin: null });
  });

  it('live prices win over the build', () => {
    const stock = new Map<string, LiveSku>([['P02001', { skuCode: 'P02001', stock: 2, price: { sale: 690, origin: 990 } }]]);
    expect(priceToShow(detail, stock, '02', '001')).toEqual({ min: 690, max: 690, regular: 990, origin: 990 });
  });

  it('allows at most the stock and the per-line cap', () => {
    expect(maxQuantity(null)).toBe(99);
    expect(maxQuantity(3)).toBe(3);
    expect(maxQuantity(500)).toBe(99);
    expect(maxQuantity(0)).toBe(0);
  });
});
