/**
 * The head of a product's page: Open Graph with the product's main picture, and its Product
 * (one offer per currency the store sells it in) for search engines.
 */
import type { ProductContext } from '../page-context.ts';
import type { RouteEntry } from '../routing/route-table.ts';
import type { PageHead } from '../seo/head.ts';
import { withResizeSuffix } from '../../lib/cms/image-url.ts';
import { productJsonLd } from '../../lib/seo/json-ld.ts';
import { absoluteUrl } from '../../lib/seo/urls.ts';

/** The product pictures' size: every picture is drawn 800 × 1000, and the image CDN serves that size exactly. */
export const PRODUCT_IMAGE = { width: 800, height: 1000 } as const;

export function productPageHead(route: RouteEntry, product: ProductContext, site: string, brand: string): PageHead {
  const { detail, offers } = product;
  const size = `${PRODUCT_IMAGE.width}-${PRODUCT_IMAGE.height}`;
  const images = detail.colours.flatMap((c) => c.images).map((src) => absoluteUrl(site, withResizeSuffix(src, size)));
  const url = absoluteUrl(site, route.urlPath);
  return {
    openGraph: {
      title: detail.name,
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
        available: route.product?.enabled ?? false,
        offers,
        languageCode: route.languageCode,
      }),
    ],
  };
}
