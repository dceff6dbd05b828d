/**
 * Products as the API answers them outside checkout: prices in the currency of the asked
 * region, and the summary card that searches and the wishlist list.
 */
import type { ProductSummary } from '../../src/lib/api/contract.ts';
import type { CatalogueProduct } from '../sample-data/catalogue-schema.ts';
import type { RouteKit } from './kit.ts';
import { localText } from './request-language.ts';
import { isRegion, REGION_CURRENCIES } from '../../src/lib/i18n/regions.ts';

/** A SKU's price in the region's currency; TWD for an unknown region or a price the catalogue lacks. */
export function regionPrice(sku: CatalogueProduct['skus'][number], region: string) {
  const currency = isRegion(region) ? REGION_CURRENCIES[region].code : 'TWD';
  return sku.prices[currency] ?? sku.prices.TWD!;
}

/** The summary card, named in `language` when given, else in the request's language. */
export function productSummary(kit: RouteKit, product: CatalogueProduct, region: string, language?: string): ProductSummary {
  const prices = product.skus.map((s) => regionPrice(s, region));
  return {
    productCode: product.productCode,
    name: (language ? product.names[language] : undefined) ?? localText(product.names),
    enabledFlag: product.enabledFlag,
    approval: product.approval,
    imageUrl: product.colours[0]!.images[0]!,
    stockFlag: product.skus.some((s) => (kit.stockOf(s.skuCode) ?? 0) > 0) ? 'Y' : 'N',
    priceInfo: {
      minPrice: Math.min(...prices.map((p) => p.sale)),
      maxPrice: Math.max(...prices.map((p) => p.sale)),
      valPrice: Math.max(...prices.map((p) => p.origin)),
      priceColor: null,
      priceGroup: product.priceGroup,
    },
  };
}
