/**
 * The shops an order can be collected from (STORE_PICKUP): the brand's shops of the order's
 * region. The real commerce service knows its shops; the local one reads the same sample source
 * the local CMS serves them from (local-cms/press-and-shops.ts), so the picker's list (the CMS's
 * shops of the page's region) and what the API takes cannot drift apart.
 */
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import type { Region } from '../../src/lib/i18n/regions.ts';
import { sampleShops } from '../local-cms/press-and-shops.ts';
import { localText } from './request-language.ts';

export interface PickupShop {
  code: string;
  salesRegion: Region;
  /** By language code, as the CMS serves each language's shops. */
  names: Record<string, string>;
  addresses: Record<string, string>;
}

let directory: Map<string, PickupShop> | null = null;

/** Every shop that sells in a region, by code; built on first use. */
function shops(): Map<string, PickupShop> {
  if (directory) return directory;
  directory = new Map();
  for (const language of LANGUAGES) {
    for (const shop of sampleShops(language.sampleCopy, (path) => path)) {
      if (!shop.salesRegion) continue;
      const entry = directory.get(shop.code) ?? { code: shop.code, salesRegion: shop.salesRegion, names: {}, addresses: {} };
      entry.names[language.code] = shop.name;
      entry.addresses[language.code] = shop.address;
      directory.set(shop.code, entry);
    }
  }
  return directory;
}

/** The shop a code names (codes are capitals and digits: one typed in lower case still finds it); undefined for none. */
export const pickupShopOf = (code: string): PickupShop | undefined => shops().get(code.trim().toUpperCase());

/** The shop's name and address in the request's language. */
export const shopTexts = (shop: PickupShop) => ({ name: localText(shop.names), address: localText(shop.addresses) });
