/**
 * Open Graph and Twitter card tags (what a link shows when shared): one builder for every
 * page, so a page can only say what the protocol allows, and the image always comes with
 * its size (sharing previews are laid out before the image loads).
 */

export interface ShareImage {
  /** Absolute URL. */
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** Open Graph's product availability values (the ones sharing sites read). */
export type ProductAvailability = 'in stock' | 'preorder' | 'discontinued';

/** A product's price where the page sells it, and whether it can be bought. */
export interface ProductFacts {
  /** In the page's region currency. */
  price: number;
  /** ISO 4217. */
  currency: string;
  availability: ProductAvailability;
}

export interface OpenGraph {
  type: 'website' | 'article' | 'product';
  title: string;
  description: string;
  /** Absolute URL: the page's canonical address. */
  url: string;
  siteName: string;
  /** BCP 47 code of the page, e.g. 'zh-TW'. */
  languageCode: string;
  /** The page's other languages (its hreflang alternates). */
  alternateLanguageCodes: readonly string[];
  image: ShareImage | null;
  /** For articles: ISO 8601 moments. */
  publishedTime?: string;
  modifiedTime?: string;
  /** For products: price and availability. */
  product?: ProductFacts;
}

export interface MetaTag {
  /** Open Graph uses `property`, Twitter `name`. */
  attribute: 'property' | 'name';
  key: string;
  content: string;
}

/** 'zh-TW' -> 'zh_TW': Open Graph locales are language_TERRITORY. */
export function openGraphLocale(languageCode: string): string {
  return languageCode.replace('-', '_');
}

export function openGraphTags(og: OpenGraph): MetaTag[] {
  const tags: MetaTag[] = [];
  const property = (key: string, content: string | undefined) => {
    if (content) tags.push({ attribute: 'property', key, content });
  };
  property('og:type', og.type);
  property('og:site_name', og.siteName);
  property('og:title', og.title);
  property('og:description', og.description);
  property('og:url', og.url);
  property('og:locale', openGraphLocale(og.languageCode));
  for (const code of og.alternateLanguageCodes) {
    if (code !== og.languageCode && code !== 'x-default') property('og:locale:alternate', openGraphLocale(code));
  }
  if (og.image) {
    property('og:image', og.image.url);
    property('og:image:width', String(og.image.width));
    property('og:image:height', String(og.image.height));
    property('og:image:alt', og.image.alt);
  }
  if (og.type === 'article') {
    property('article:published_time', og.publishedTime);
    property('article:modified_time', og.modifiedTime);
  }
  if (og.type === 'product' && og.product) {
    property('product:price:amount', String(og.product.price));
    property('product:price:currency', og.product.currency);
    property('product:availability', og.product.availability);
  }
  // A large card only when there is a picture to fill it.
  tags.push({ attribute: 'name', key: 'twitter:card', content: og.image ? 'summary_large_image' : 'summary' });
  return tags;
}
