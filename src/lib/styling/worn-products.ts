/**
 * What a look page shows of each product the look wears, from the build's product detail:
 * the worn colour's picture and name, its price, its sizes, and how it can be bought here.
 * A product the catalogue no longer has is left out (the look still shows what it can);
 * one switched off shows as unavailable; one that needs made-to-order choices is bought on its
 * own page, where those choices are.
 */
import type { ProductDetail } from '../api/contract.ts';
import { productDetailHref } from '../product/product-id.ts';
import { priceToShow, type PriceToShow } from '../product/selection.ts';
import { isValidProduct } from '../product/wishlist.ts';

export interface WornSize {
  sizeNo: string;
  alias: string;
  skuCode: string;
}

export interface WornProductView {
  productCode: string;
  name: string;
  colourName: string;
  /** The worn colour's first picture. */
  image: string;
  /** The product's page (language-neutral). */
  href: string;
  price: PriceToShow;
  /** 'cart': a size and add to cart here; 'options': choices on its page first; 'unavailable': not for sale. */
  buy: 'cart' | 'options' | 'unavailable';
  /** The worn colour's sizes, in the catalogue's order. */
  sizes: WornSize[];
}

export function wornProductViews(
  worn: ReadonlyArray<{ productCode: string; colorNo?: string | undefined }>,
  products: ReadonlyMap<string, ProductDetail>,
): WornProductView[] {
  return worn.flatMap(({ productCode, colorNo }) => {
    const detail = products.get(productCode);
    if (!detail) return [];
    const colour = detail.colours.find((c) => c.colorNo === colorNo) ?? detail.colours[0]!;
    const sizes = detail.sizes.flatMap((size) => {
      const sku = detail.skus.find((s) => s.colorNo === colour.colorNo && s.sizeNo === size.sizeNo);
      return sku ? [{ sizeNo: size.sizeNo, alias: size.alias, skuCode: sku.skuCode }] : [];
    });
    return [
      {
        productCode,
        name: detail.name,
        colourName: colour.name,
        image: colour.images[0]!,
        href: productDetailHref(productCode),
        price: priceToShow(detail, null, colour.colorNo, null),
        buy: !isValidProduct(detail) || sizes.length === 0 ? 'unavailable' : detail.semiOptions.length > 0 ? 'options' : 'cart',
        sizes,
      },
    ];
  });
}
