/**
 * The head of a product's page: Open Graph as a product (its main picture, its price in the
 * page's region currency, its availability), and its Product (one offer per currency the store
 * sells it in) for search engines.
 */
import type { ProductContext } from '../page-context.ts';
import type { RouteEntry } from '../routing/route-entry.ts';
import type { PageHead } from '../seo/head.ts';
import { withResizeSuffix } from '../../lib/cms/image-url.ts';
import { productJsonLd } from '../../lib/seo/json-ld.ts';
import { absoluteUrl } from '../../lib/seo/urls.ts';
import { getLanguage } from '../../lib/i18n/languages.ts';
import type { ProductAvailability } from '../../lib/seo/open-graph.ts';

/** The product pictures' size: every picture is drawn 800 × 1000, and the image CDN serves that size exactly. */
export const PRODUCT_IMAGE = { width: 800, height: 1000 } as const;

export function productPageHead(route: RouteEntry, product: ProductContext, site: string, brand: string): PageHead {
  const { detail, offers } = product;
  const size = `${PRODUCT_IMAGE.width}-${PRODUCT_IMAGE.height}`;
  const images = detail.colours.flatMap((c) => c.images).map((src) => absoluteUrl(site, withResizeSuffix(src, size)));
  const url = absoluteUrl(site, route.urlPath);
  const available = route.product?.enabled ?? false;
  const currency = getLanguage(route.languageCode).currency.code;
  // The offers list the page's own language first; by currency, so en-GB's is Hong Kong's.
  const offer = offers.find((o) => o.currency === currency) ?? offers[0]!;
  const presale = detail.presaleFlag === 'Y';
  return {
    openGraph: {
      type: 'product',
      title: detail.name,
      product: { price: offer.price, currency: offer.currency, availability: productAvailability(available, presale) },
      image: { url: images[0]!, ...PRODUCT_IMAGE, alt: `${detail.name} ${detail.colours[0]!.name}` },
    },
    jsonLd: [
      productJsonLd({
        url,
        name: detail.name,
        description: detail.description,
        sku: detail.productCode,
        images: [...new Set(images)],
        brand,
        available,
        presale,
        offers,
        languageCode: route.languageCode,
      }),
    ],
  };
}

/**
 * On sale: in stock, or a pre-order for an advance-sale item (sold before it is in stock);
 * switched off or unlisted: discontinued, as its Product says. Live stock is the page's island's.
 */
export function productAvailability(onSale: boolean, presale: boolean): ProductAvailability {
  if (!onSale) return 'discontinued';
  return presale ? 'preorder' : 'in stock';
}
