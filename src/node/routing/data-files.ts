/**
 * The build's files that are not pages but follow the content as pages do: each product's
 * data file (/product-data/{language}/{code}.json) and each product-page content fragment
 * (/product-content/{language}/{productPageCode}.html), with the digest of what each is made
 * from. A publish compares them with the live release's, as it compares the route table
 * (scripts/publish/affected-pages.ts), and writes only those that changed: one product's price
 * change writes that product's five data files, not the whole catalogue's.
 *
 * Also what a page's product lists show of the catalogue (listedProductsDigest): a tile shows
 * the product's price range as of the build (content.ts, priceRanges), so a list page, a
 * fragment or a product page whose content lists a product is rebuilt when that range changes,
 * and only then.
 */
import { createHash } from 'node:crypto';
import type { CmsComponent } from '../../lib/cms/schema.ts';
import type { LanguageContent, SiteContent } from '../cms/content.ts';

export interface DataFile {
  /** Site-relative, as written in the release: '/product-data/zh-TW/L450011.json'. */
  urlPath: string;
  digest: string;
  /** BCP 47. */
  languageCode: string;
}

export const productDataPath = (languageCode: string, productCode: string) => `/product-data/${languageCode}/${productCode}.json`;
export const productContentPath = (languageCode: string, productPageCode: string) =>
  `/product-content/${languageCode}/${productPageCode}.html`;

/** The codes of the products a page's components list (its product-list tiles), in order. */
export function listedProductCodes(components: readonly CmsComponent[]): string[] {
  return components.flatMap((component) => (component.type === 'productList' ? component.products.map((p) => p.productCode) : []));
}

/**
 * What the components' product tiles show of the catalogue in `lc`'s language: each listed
 * product's price range, or '-' for one the catalogue does not have (the tile then shows the
 * CMS's figures, which the page's own document already covers).
 */
export function listedProductsDigest(lc: LanguageContent, components: readonly CmsComponent[]): string {
  return listedProductCodes(components)
    .map((code) => {
      const range = lc.priceRanges.get(code);
      return range ? `${code}:${range.minPrice}-${range.maxPrice}` : `${code}:-`;
    })
    .join(',');
}

const sha256 = (...parts: string[]) => createHash('sha256').update(parts.join('\0')).digest('hex');

/** Every data file and fragment of the build, in every language. */
export function dataFileTable(content: SiteContent): DataFile[] {
  const files: DataFile[] = [];
  for (const lc of content.languages) {
    const languageCode = lc.language.code;
    // The file is the product's cached detail, written as it is.
    for (const [code, hash] of lc.productHashes) files.push({ urlPath: productDataPath(languageCode, code), digest: hash, languageCode });
    // A fragment is its document's components rendered with the language's shared documents.
    for (const [code, { document, hash }] of lc.productPages)
      files.push({
        urlPath: productContentPath(languageCode, code),
        digest: sha256(lc.sharedDigest, hash, listedProductsDigest(lc, document.components)),
        languageCode,
      });
  }
  return files;
}
