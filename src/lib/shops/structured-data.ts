/**
 * The shops as schema.org ClothingStore items for search engines (JSON-LD on the shop list;
 * it goes into its <script> through lib/script-json.ts).
 */
import type { Shop } from '../cms/schema.ts';

export interface ShopUrls {
  /** Absolute URL of the shop's own page. */
  page: (shop: Shop) => string;
  /** Absolute URL of the shop's picture, if it has one. */
  image: (shop: Shop) => string | undefined;
}

export function shopsJsonLd(shops: readonly Shop[], urls: ShopUrls): object {
  return {
    '@context': 'https://schema.org',
    '@graph': shops.map((shop) => ({
      '@type': 'ClothingStore',
      '@id': urls.page(shop),
      url: urls.page(shop),
      name: shop.name,
      ...(urls.image(shop) ? { image: urls.image(shop) } : {}),
      address: { '@type': 'PostalAddress', streetAddress: shop.address, addressRegion: shop.region },
      ...(shop.phone ? { telephone: shop.phone } : {}),
      geo: { '@type': 'GeoCoordinates', latitude: shop.latitude, longitude: shop.longitude },
      // As the CMS writes it ("11:00–21:30"): the CMS does not give days in schema.org's "Mo-Su hh:mm-hh:mm" form.
      openingHours: shop.openingHours,
    })),
  };
}
