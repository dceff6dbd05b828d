/**
 * Live price and stock of product cards: one batched product-by-codes call per 200 ms
 * (lib/product/code-batcher.ts), in the page's region and language. It is a public read
 * (public-api.ts), without the member client and its schemas: a visitor's category page must
 * not load them. A failed batch answers no products, and the cards keep
 * the build's figures.
 */
import type { ProductSummary } from '../lib/api/contract.ts';
import { PRODUCT_CODE_BATCH_DELAY_MS } from '../lib/constants.ts';
import { createCodeBatcher } from '../lib/product/code-batcher.ts';
import { getPlatform } from './platform.ts';
import { callPublic } from './public-api.ts';

/** The contract's cap on codes per call. */
const CODES_PER_CALL = 100;

let batcher: ((codes: readonly string[]) => Promise<ProductSummary[]>) | null = null;

/** The live summaries of `codes` (those the API knows), batched with every request of the next 200 ms. */
export function requestProducts(codes: readonly string[]): Promise<ProductSummary[]> {
  batcher ??= createCodeBatcher<ProductSummary>({
    delayMs: PRODUCT_CODE_BATCH_DELAY_MS,
    fetchProducts: async (all) => {
      const { code: language, region } = getPlatform().language();
      const chunks = Array.from({ length: Math.ceil(all.length / CODES_PER_CALL) }, (_, i) =>
        all.slice(i * CODES_PER_CALL, (i + 1) * CODES_PER_CALL),
      );
      const answers = await Promise.all(
        chunks.map(async (codes) => {
          const result = await callPublic('productsByCodes', { codes, region, language });
          return result.ok ? result.data : [];
        }),
      );
      return answers.flat();
    },
  });
  return batcher(codes);
}
