/** Product-by-codes batching: 200 ms debounce, one request per code list, a failed batch yields []. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_CODE_BATCH_DELAY_MS } from '../../src/lib/constants.ts';
import { createCodeBatcher } from '../../src/lib/product/code-batcher.ts';

const product = (productCode: string) => ({ productCode, name: productCode });

describe('product code batching', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it(`sends the codes asked for within ${PRODUCT_CODE_BATCH_DELAY_MS} ms as one request, without duplicates`, async () => {
    expect(PRODUCT_CODE_BATCH_DELAY_MS).toBe(200);
    const fetchProducts = vi.fn(async (codes: string[]) => codes.map(product));
    const request = createCodeBatcher({ fetchProducts, delayMs: PRODUCT_CODE_BATCH_DELAY_MS });
    const first = request(['A', 'B']);
    vi.advanceTimersByTime(PRODUCT_CODE_BATCH_DELAY_MS - 1);
    const second = request(['B', 'C']);
    expect(fetchProducts).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchProducts).toHaveBeenCalledTimes(1);
    expect(fetchProducts).toHaveBeenCalledWith(['A', 'B', 'C']);
    expect((await first).map((p) => p.productCode)).toEqual(['A', 'B']);
    expect((await second).map((p) => p.productCode)).toEqual(['B', 'C']);
  });

  it('starts a new batch after one has gone', async () => {
    const fetchProducts = vi.fn(async (codes: string[]) => codes.map(product));
    const request = createCodeBatcher({ fetchProducts, delayMs: PRODUCT_CODE_BATCH_DELAY_MS });
    const first = request(['A']);
    await vi.advanceTimersByTimeAsync(PRODUCT_CODE_BATCH_DELAY_MS);
    await first;
    const second = request(['D']);
    await vi.advanceTimersByTimeAsync(PRODUCT_CODE_BATCH_DELAY_MS);
    expect((await second).map((p) => p.productCode)).toEqual(['D']);
    expect(fetchProducts.mock.calls).toEqual([[['A']], [['D']]]);
  });

  it('answers an empty list to everyone in a failed batch, and unknown codes are left out', async () => {
    const failing = createCodeBatcher({
      fetchProducts: async () => Promise.reject(new Error('down')),
      delayMs: PRODUCT_CODE_BATCH_DELAY_MS,
    });
    const a = failing(['A']);
    const b = failing(['B']);
    await vi.advanceTimersByTimeAsync(PRODUCT_CODE_BATCH_DELAY_MS);
    expect(await a).toEqual([]);
    expect(await b).toEqual([]);
    const partial = createCodeBatcher({ fetchProducts: async () => [product('A')], delayMs: PRODUCT_CODE_BATCH_DELAY_MS });
    const c = partial(['A', 'Z']);
    await vi.advanceTimersByTimeAsync(PRODUCT_CODE_BATCH_DELAY_MS);
    expect((await c).map((p) => p.productCode)).toEqual(['A']);
  });

  it('sends nothing for nothing', async () => {
    const fetchProducts = vi.fn(async () => []);
    const request = createCodeBatcher({ fetchProducts, delayMs: PRODUCT_CODE_BATCH_DELAY_MS });
    expect(await request([])).toEqual([]);
    await vi.advanceTimersByTimeAsync(PRODUCT_CODE_BATCH_DELAY_MS);
    expect(fetchProducts).not.toHaveBeenCalled();
  });
});
