/**
 * Store pickup's shops as checkout lists them: the page's region's own shops (the CMS's,
 * handed over by the page at build time), under the shops' own region headings as the shop
 * list page groups them.
 */

/** A shop as the checkout page gets it (the CMS's shop, without what the picker does not show). */
export interface PickupShop {
  code: string;
  name: string;
  /** The list's region heading (a city or district), not the store's sales region. */
  region: string;
  address: string;
  openingHours: string;
}

export interface PickupShopGroup {
  heading: string;
  shops: PickupShop[];
}

/** The shops under their headings, in the order each heading's first shop comes (the CMS orders the list). */
export function pickupShopGroups(shops: readonly PickupShop[]): PickupShopGroup[] {
  const groups = new Map<string, PickupShop[]>();
  for (const shop of shops) groups.set(shop.region, [...(groups.get(shop.region) ?? []), shop]);
  return [...groups].map(([heading, members]) => ({ heading, shops: members }));
}
