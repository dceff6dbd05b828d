/** The shop list's grouping: by region, in the CMS's order. */
import type { Shop } from '../cms/schema.ts';

export interface RegionGroup {
  region: string;
  /** A fragment id for the region jump list: by position, since region names are free text in any script. */
  id: string;
  shops: Shop[];
}

/** Regions in the order their first shop appears, shops in list order within each (the CMS orders the list). */
export function groupByRegion(shops: readonly Shop[]): RegionGroup[] {
  const groups = new Map<string, Shop[]>();
  for (const shop of shops) {
    const group = groups.get(shop.region);
    if (group) group.push(shop);
    else groups.set(shop.region, [shop]);
  }
  return [...groups].map(([region, members], i) => ({ region, id: `region-${i + 1}`, shops: members }));
}
