/**
 * schema.org structured data (JSON-LD) for search engines: the brand (Organization), a
 * press release (NewsArticle), breadcrumbs (BreadcrumbList) and a product with an offer per
 * currency (Product). Pure builders over plain
 * values; every URL given to them must already be absolute (seo/urls.ts).
 */

export type JsonLd = { '@context'?: string; '@type': string; [key: string]: unknown };

const CONTEXT = 'https://schema.org';

export interface ImageRef {
  /** Absolute URL. */
  url: string;
  width: number;
  height: number;
}

export interface Organization {
  name: string;
  /** Absolute URL of the brand's home page. */
  url: string;
  logo: ImageRef;
  /** The brand's profiles elsewhere (social networks), absolute URLs. */
  sameAs?: readonly string[];
}

function imageObject(image: ImageRef): JsonLd {
  return { '@type': 'ImageObject', url: image.url, width: image.width, height: image.height };
}

function organizationNode(org: Organization): JsonLd {
  return {
    '@type': 'Organization',
    name: org.name,
    url: org.url,
    logo: imageObject(org.logo),
    ...(org.sameAs && org.sameAs.length > 0 ? { sameAs: [...org.sameAs] } : {}),
  };
}

export function organizationJsonLd(org: Organization): JsonLd {
  return { '@context': CONTEXT, ...organizationNode(org) };
}

export interface NewsArticleInput {
  /** Absolute URL of the release's page. */
  url: string;
  headline: string;
  description: string;
  /** The lead image, in as many crops as there are (Google asks for 16:9, 4:3 and 1:1). */
  images: readonly ImageRef[];
  /** ISO 8601 with offset, e.g. 2026-03-02T10:00:00+08:00 (press/paths.ts brandIsoDateTime). */
  datePublished: string;
  dateModified: string;
  /** BCP 47 code of the page. */
  languageCode: string;
  publisher: Organization;
  /** Who wrote it; a release is the brand's own word. */
  author: Organization;
}

export function newsArticleJsonLd(article: NewsArticleInput): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'NewsArticle',
    mainEntityOfPage: { '@type': 'WebPage', '@id': article.url },
    url: article.url,
    headline: article.headline,
    description: article.description,
    image: article.images.map(imageObject),
    datePublished: article.datePublished,
    dateModified: article.dateModified,
    inLanguage: article.languageCode,
    author: organizationNode(article.author),
    publisher: organizationNode(article.publisher),
  };
}

export interface Crumb {
  name: string;
  /** Absolute URL. */
  url: string;
}

export function breadcrumbListJsonLd(crumbs: readonly Crumb[]): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: crumb.url })),
  };
}

export interface ProductOffer {
  /** ISO 4217. */
  currency: string;
  /** The lowest selling price in that currency. */
  price: number;
  /** Absolute URL of the product's page in a language of that currency. */
  url: string;
}

export interface ProductInput {
  /** Absolute URL of the page. */
  url: string;
  name: string;
  description: string;
  sku: string;
  /** Absolute image URLs, main first. */
  images: readonly string[];
  brand: string;
  /** Whether it can be bought (switched on and listed); its live stock is the page's to show. */
  available: boolean;
  /** An advance sale: bought now, sent once it is in stock (a pre-order, as Open Graph says too). */
  presale: boolean;
  /** One offer per currency the store sells it in. */
  offers: readonly ProductOffer[];
  languageCode: string;
}

export function productJsonLd(product: ProductInput): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    '@id': product.url,
    url: product.url,
    name: product.name,
    description: product.description,
    sku: product.sku,
    image: [...product.images],
    brand: { '@type': 'Brand', name: product.brand },
    inLanguage: product.languageCode,
    offers: product.offers.map((offer) => ({
      '@type': 'Offer',
      price: offer.price,
      priceCurrency: offer.currency,
      url: offer.url,
      availability: `https://schema.org/${!product.available ? 'Discontinued' : product.presale ? 'PreOrder' : 'InStock'}`,
      itemCondition: 'https://schema.org/NewCondition',
    })),
  };
}
