/**
 * The early script's config for a product page (the article's data-live-product): the first
 * choice's live-view input and how to write prices. Apart from live-view.ts, which the early
 * script loads at start, so that only the island carries the code that writes it.
 */
import type { ProductDetail } from '../api/contract.ts';
import type { CurrencyFormat } from '../i18n/regions.ts';
import type { LiveProductConfig } from './live-view.ts';
import { priceGroupsOf, type PriceGroups } from './rules.ts';

/** Only what the live view reads goes in: the attribute is in the page's HTML. */
export function liveProductConfig(
  detail: Pick<ProductDetail, 'productCode' | 'colours' | 'skus' | 'sizes' | 'priceGroup'>,
  priceGroups: PriceGroups,
  currency: CurrencyFormat,
  originTemplate: string,
): LiveProductConfig {
  return {
    productCode: detail.productCode,
    input: {
      colorNo: detail.colours[0]!.colorNo,
      sizeNo: null,
      table: { skus: detail.skus.map(({ skuCode, colorNo, sizeNo, price }) => ({ skuCode, colorNo, sizeNo, price })), sizes: detail.sizes },
      priceGroup: detail.priceGroup,
      priceGroups: priceGroupsOf(priceGroups),
    },
    currency,
    originTemplate,
  };
}
