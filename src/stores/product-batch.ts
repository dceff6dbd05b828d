/**
 * Live price and stock of product cards: one batched product-by-codes call per 200 ms
 * (lib/product/code-batcher.ts), per region and language. It is a public call made the
 * light way (lib/api/public-call.ts): a visitor's category page must not load the API client.
 */
import type { ProductSummary } from '../lib/api/contract.ts';
import { PRODUCT_CODE_BATCH_DELAY_MS } from '../lib/constants.ts';
import { createCodeBatcher } from '../lib/product/code-batcher.ts';
import { callPublic } from '../lib/api/public-call.ts';
import { getPlatform } from './platform.ts';

/** The contract's cap on codes per call. */
const CODES_PER_CALL = 100;

type Region = 'TW' | 'HK' | 'MO' | 'CN';
const batchers = new Map<string, (codes: readonly string[]) => Promise<ProductSummary[]>>();

export function requestProducts(codes: readonly string[], region: Region, language: string): Promise<ProductSummary[]> {
  const key = `${region}:${language}`;
  let batcher = batchers.get(key);
  if (!batcher) {
    batcher = createCodeBatcher<ProductSummary>({
      delayMs: PRODUCT_CODE_BATCH_DELAY_MS,
      fetchProducts: async (all) => {
        const chunks = Array.from({ length: Math.ceil(all.length / CODES_PER_CALL) }, (_, i) => all.slice(i * CODES_PER_CALL, (i + 1) * CODES_PER_CALL));
        const answers = await Promise.all(chunks.map((codes) => callPublic('productsByCodes', { codes, region, language }, getPlatform().fetch)));
        return answers.flat();
      },
    });
    batchers.set(key, batcher);
  }
  return batcher(codes);
}
