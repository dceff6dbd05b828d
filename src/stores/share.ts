/**
 * Sharing a product: the device's own share sheet where the browser has one (phones), else
 * the address copied for pasting. Either way the analytics share event says what was shared
 * and how; a share the shopper cancelled is no share.
 */
import { sendEvent } from './analytics-events.ts';

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

export async function shareProduct(product: { url: string; title: string; productCode: string }): Promise<ShareOutcome> {
  let outcome: ShareOutcome;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: product.title, url: product.url });
      outcome = 'shared';
    } catch (error) {
      outcome = (error as DOMException).name === 'AbortError' ? 'cancelled' : 'failed';
    }
  } else {
    try {
      await navigator.clipboard.writeText(product.url);
      outcome = 'copied';
    } catch {
      outcome = 'failed';
    }
  }
  if (outcome === 'shared' || outcome === 'copied')
    void sendEvent('share', { spu: product.productCode, channel: outcome === 'shared' ? 'system' : 'link', url: product.url }, null);
  return outcome;
}
