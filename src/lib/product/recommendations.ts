/**
 * What a product list offers: each product once (its first tile), and on a product's own page
 * never that product. The editors' product-page content ("you may also like") is shared by
 * every product naming its product page code, so the list they chose usually holds the
 * product being looked at; the page leaves it out rather than recommend it to itself.
 */
export function recommendedTiles<T extends { productCode: string }>(tiles: readonly T[], shownProductCode: string | null): T[] {
  const seen = new Set<string>(shownProductCode ? [shownProductCode] : []);
  return tiles.filter((tile) => {
    if (seen.has(tile.productCode)) return false;
    seen.add(tile.productCode);
    return true;
  });
}
