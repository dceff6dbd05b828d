/**
 * Product cards on category and content pages: once a card comes near the viewport, its
 * live price and stock replace the build's (one batched call for the cards that appear
 * together). The price turns red under the price-group rules; a card that sold out since the
 * build gets the sold-out mark, and one back in stock loses it. A failed batch leaves the
 * build's figures.
 */
import { formatPriceRange } from '../lib/format/currency.ts';
import type { CurrencyFormat } from '../lib/i18n/regions.ts';
import { IMAGE_VISIBILITY_MARGIN_PX } from '../lib/constants.ts';
import { isRedPrice, type PriceGroups } from '../lib/product/rules.ts';
import { requestProducts } from '../stores/product-batch.ts';

/** The list's data-live-prices (its region and language too, which the store takes from the page instead). */
interface ListConfig {
  currency: CurrencyFormat;
  priceGroups: PriceGroups;
  soldOut: { imageUrl: string; position: string; alt: string };
}

for (const list of document.querySelectorAll<HTMLElement>('[data-live-prices]')) {
  const config = JSON.parse(list.dataset.livePrices!) as ListConfig;
  const observer = new IntersectionObserver(
    (entries) => {
      const tiles = entries.filter((e) => e.isIntersecting).map((e) => e.target as HTMLElement);
      for (const tile of tiles) observer.unobserve(tile);
      if (tiles.length) void refresh(tiles, config);
    },
    { rootMargin: `${IMAGE_VISIBILITY_MARGIN_PX}px` },
  );
  for (const tile of list.querySelectorAll<HTMLElement>('[data-product-code]')) observer.observe(tile);
}

async function refresh(tiles: HTMLElement[], config: ListConfig): Promise<void> {
  const products = await requestProducts(tiles.map((t) => t.dataset.productCode!));
  const byCode = new Map(products.map((p) => [p.productCode, p]));
  for (const tile of tiles) {
    const product = byCode.get(tile.dataset.productCode!);
    if (!product) continue;
    const price = tile.querySelector<HTMLElement>('[data-price]');
    const { minPrice, maxPrice, valPrice, priceGroup } = product.priceInfo;
    if (price) {
      price.textContent = formatPriceRange(minPrice, maxPrice, config.currency);
      price.toggleAttribute('data-red', isRedPrice(priceGroup, minPrice, valPrice, config.priceGroups));
    }
    tile.dataset.stock = product.stockFlag;
    const picture = tile.querySelector('.product-tile__picture');
    // Back in stock since the build: the build's mark goes.
    if (product.stockFlag === 'Y') picture?.querySelector('[data-corner="sold-out"]')?.remove();
    else if (picture && !picture.querySelector('[data-corner="sold-out"]')) {
      const mark = Object.assign(document.createElement('img'), {
        src: config.soldOut.imageUrl,
        alt: config.soldOut.alt,
        width: 64,
        height: 64,
      });
      mark.className = `corner-mark corner-mark--${config.soldOut.position}`;
      mark.dataset.corner = 'sold-out';
      picture.append(mark);
    }
  }
}
