/**
 * Build-time view of the content cache: reads the pulled documents, validating them again
 * (the cache is a folder anyone can edit). Node-only; the route table is built from this in
 * src/node/routing/route-table.ts.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import { LANGUAGES, type LanguageDefinition } from '../../lib/i18n/languages.ts';
import { cmsEndpoints } from '../../lib/cms/endpoints.ts';
import { CmsDocumentError, NoContentCacheError } from '../../lib/cms/errors.ts';
import { cachePathOf, readManifest, staffLooksOf, type ContentManifest } from './pull.ts';
import { staffPageCount } from '../../lib/styling/staff-paging.ts';
import { productDetailSchema, type ProductDetail } from '../../lib/api/contract.ts';
import { PRODUCTS_DIR } from '../catalogue/pull-products.ts';
import { newestFirst } from '../../lib/press/paths.ts';
import {
  SHARED_DOCUMENTS,
  pageDocumentSchema,
  pressIndexSchema,
  pressReleaseSchema,
  productPageSchema,
  officialStylingSchema,
  shopsSchema,
  staffStylingPageSchema,
  switchConfigSchema,
  type OfficialLook,
  type StaffLook,
  type PressRelease,
  type Shop,
  type PageConfig,
  type CmsConfig,
  type PageDocument,
  type SharedDocumentName,
} from '../../lib/cms/schema.ts';

export type ProductPageDocument = z.infer<typeof productPageSchema>;

/**
 * What only the home page shows: the promotion pop-up (its document, and the switch that ties its
 * email form to the signed-in member). Kept out of the language's shared digest, so an editor's
 * change to the pop-up rebuilds the home pages, not every page (tests/integration/affected-pages.test.ts),
 * and out of what other pages are given, so no other page can start to depend on it unseen.
 */
type SwitchConfig = z.infer<typeof switchConfigSchema>;
/** The switches every page may read: all but the home page's own. */
export type SiteSwitches = Omit<SwitchConfig, 'popupEmailBindsMember'>;

type Shared = { [K in Exclude<SharedDocumentName, 'popup'>]: z.infer<(typeof SHARED_DOCUMENTS)[K]> };

/**
 * What of the language's configuration every page shows: its document titles' separator and
 * suffix. Its list of pages is not: each page's own entry (and those it inherits content through)
 * is in that page's digest, and the pages that list others (the site map, product breadcrumbs)
 * carry what they list in theirs (routing/route-table.ts). So adding a page, or changing one's
 * title or dates, rebuilds that page and the lists showing it, not the whole language.
 */
export type ConfigTitles = Pick<CmsConfig, 'langCode' | 'titleSeparator' | 'titleSuffix'>;
const configTitles = ({ langCode, titleSeparator, titleSuffix }: CmsConfig): ConfigTitles => ({ langCode, titleSeparator, titleSuffix });

/**
 * A language's content as a page is given it (node/page-context.ts): without the list of pages,
 * their documents and the home page's own content, which its digest does not cover; so a
 * component that reached for them would not compile.
 */
export type PageLanguageContent = Omit<LanguageContent, 'home' | 'pagesByCode' | 'documents' | 'shared'> & {
  shared: Omit<Shared, 'config'> & { config: ConfigTitles };
};

/** The home page's own content in a language, with the digest of it that only home routes carry. */
export interface HomeContent {
  popup: z.infer<(typeof SHARED_DOCUMENTS)['popup']>;
  popupEmailBindsMember: SwitchConfig['popupEmailBindsMember'];
  digest: string;
}

export interface LanguageContent {
  language: LanguageDefinition;
  shared: Shared;
  /** Current and archived page documents, keyed by cache path. */
  documents: Map<string, PageDocument>;
  pagesByCode: Map<string, PageConfig>;
  /** Digest of everything every page of the language depends on. */
  sharedDigest: string;
  /** What only the home page shows. */
  home: HomeContent;
  /** Every press release of the language, newest first. */
  press: PressRelease[];
  /** Hash of the press index: list pages depend on it. */
  pressIndexHash: string;
  /** Hash of each release's document, by id. */
  pressHashes: Map<string, string>;
  shops: Shop[];
  shopsHash: string;
  /** The styling looks, each kind in list order, with the hash of its documents (a look page shows them all). */
  styling: { official: OfficialLook[]; officialHash: string; staff: StaffLook[]; staffHash: string };
  /** The editors' content of product pages (CMS pages flagged productPageFlag), by productPageCode, with its hash. */
  productPages: Map<string, { document: ProductPageDocument; hash: string }>;
  /** Every product's static detail in the language (the product pull's cache), by code order. */
  products: ProductDetail[];
  /** Hash of each product's cached detail, by code: its page depends on it. */
  productHashes: Map<string, string>;
  /**
   * Each product's price range in the language's currency (its SKUs' lowest and highest sale
   * price), by code: what a product tile on a list shows as of the build, and all a list page
   * depends on of a product (a change to its description rebuilds its own pages, not the lists).
   */
  priceRanges: Map<string, PriceRange>;
}

export interface PriceRange {
  minPrice: number;
  maxPrice: number;
}

export function priceRangeOf(detail: ProductDetail): PriceRange {
  const sales = detail.skus.map((sku) => sku.price.sale);
  return { minPrice: Math.min(...sales), maxPrice: Math.max(...sales) };
}

export interface SiteContent {
  manifest: ContentManifest;
  switchConfig: SiteSwitches;
  languages: LanguageContent[];
}

/**
 * Synchronous on purpose: a build reads thousands of small files before it can render
 * anything, and readFileSync reads them about three times faster than promise reads (the
 * publish service waits for this on every publish).
 */
function readCachedDocument<S extends z.ZodType>(
  cacheDir: string,
  cachePath: string,
  language: string,
  schema: S,
  memo?: { documents: DocumentMemo; hash: string },
): z.infer<S> {
  const known = memo?.documents.get(cachePath);
  if (known && known.hash === memo!.hash) return known.value as z.infer<S>;
  let text: string;
  try {
    text = readFileSync(join(cacheDir, cachePath), 'utf8');
  } catch {
    throw new CmsDocumentError(language, cachePath, '', 'missing from the content cache; run npm run pull');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CmsDocumentError(language, cachePath, '', `not valid JSON (${(error as Error).message})`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw CmsDocumentError.fromZod(language, cachePath, parsed.error);
  memo?.documents.set(cachePath, { hash: memo.hash, value: parsed.data });
  return parsed.data as z.infer<S>;
}

/**
 * Validated documents by cache path, with the manifest hash they were read at. A process that
 * loads the content again (the publish service's waiting build process, once the next pull
 * is done) reads only the documents whose hash changed. The manifest is the truth here: the
 * pull writes a document and its hash together.
 */
export type DocumentMemo = Map<string, { hash: string; value: unknown }>;

const sha256 = (...parts: string[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
};

export async function loadSiteContent(options: {
  cacheDir: string;
  localesDir: string;
  languages?: readonly LanguageDefinition[];
  memo?: DocumentMemo;
}): Promise<SiteContent> {
  const { cacheDir, localesDir, languages = LANGUAGES, memo } = options;
  const manifest = await readManifest(cacheDir);
  if (!manifest) throw new NoContentCacheError(`No content cache in ${cacheDir}: run npm run pull (or npm start) first`);
  const hashOf = (cachePath: string) => manifest.documents[cachePath]?.hash ?? 'missing';
  const readDocument = <S extends z.ZodType>(dir: string, cachePath: string, language: string, schema: S): z.infer<S> => {
    const hash = manifest.documents[cachePath]?.hash;
    return readCachedDocument(dir, cachePath, language, schema, memo && hash ? { documents: memo, hash } : undefined);
  };
  const switchPath = cachePathOf(cmsEndpoints.switchConfig());
  const { popupEmailBindsMember, ...switchConfig } = readDocument(cacheDir, switchPath, 'all', switchConfigSchema);
  // The switches' values rather than the file's hash: a home-only switch changes the file, not this.
  const siteSwitchesHash = sha256(JSON.stringify(switchConfig));

  const loaded: LanguageContent[] = [];
  for (const language of languages) {
    const lang = language.cmsCode;
    const shared = {} as Shared;
    const sharedHashes = [siteSwitchesHash];
    for (const name of Object.keys(SHARED_DOCUMENTS) as SharedDocumentName[]) {
      if (name === 'popup') continue; // home's own: below
      const path = cachePathOf(cmsEndpoints.shared(lang, name));
      (shared as Record<string, unknown>)[name] = readDocument(cacheDir, path, lang, SHARED_DOCUMENTS[name]);
      sharedHashes.push(name === 'config' ? sha256(JSON.stringify(configTitles(shared.config))) : hashOf(path));
    }
    const popupPath = cachePathOf(cmsEndpoints.shared(lang, 'popup'));
    const home: HomeContent = {
      popup: readDocument(cacheDir, popupPath, lang, SHARED_DOCUMENTS.popup),
      popupEmailBindsMember,
      digest: sha256(hashOf(popupPath), popupEmailBindsMember),
    };
    const locale = await readFile(join(localesDir, `${language.code}.json`), 'utf8').catch(() => '');
    sharedHashes.push(sha256(locale));

    const pagePaths = shared.config.pages.flatMap((page) => [
      cachePathOf(cmsEndpoints.page(lang, page.path)),
      ...(page.archivedPage ? [cachePathOf(cmsEndpoints.archivedPage(lang, page.code, page.archivedPage.version))] : []),
    ]);
    const documents = new Map(pagePaths.map((path) => [path, readDocument(cacheDir, path, lang, pageDocumentSchema) as PageDocument]));
    const pressIndexPath = cachePathOf(cmsEndpoints.pressIndex(lang));
    const pressIndex = readDocument(cacheDir, pressIndexPath, lang, pressIndexSchema);
    const pressPaths = pressIndex.releases.map((entry) => cachePathOf(cmsEndpoints.pressRelease(lang, entry.id)));
    const press = pressPaths.map((path) => readDocument(cacheDir, path, lang, pressReleaseSchema));
    const pressHashes = new Map(pressIndex.releases.map((entry, i) => [entry.id, hashOf(pressPaths[i]!)]));
    const shopsPath = cachePathOf(cmsEndpoints.shops(lang));
    const { shops } = readDocument(cacheDir, shopsPath, lang, shopsSchema);
    const officialPath = cachePathOf(cmsEndpoints.officialStyling(lang));
    const { looks: official } = readDocument(cacheDir, officialPath, lang, officialStylingSchema);
    const staffPages = [readDocument(cacheDir, cachePathOf(cmsEndpoints.staffStyling(lang, 1)), lang, staffStylingPageSchema)];
    for (let page = 2; page <= staffPageCount(staffPages[0]!); page += 1)
      staffPages.push(readDocument(cacheDir, cachePathOf(cmsEndpoints.staffStyling(lang, page)), lang, staffStylingPageSchema));
    const staffHash = sha256(...staffPages.map((_, i) => hashOf(cachePathOf(cmsEndpoints.staffStyling(lang, i + 1)))));
    const products = readProducts(cacheDir, language.code, memo);
    const productPageCodes = new Set(
      shared.config.pages.filter((p) => p.productPageFlag === 'Y' && p.productPageCode).map((p) => p.productPageCode!),
    );
    const productPages = new Map(
      [...productPageCodes].map((code) => {
        const path = cachePathOf(cmsEndpoints.productPage(lang, code));
        return [code, { document: readDocument(cacheDir, path, lang, productPageSchema), hash: hashOf(path) }];
      }),
    );
    loaded.push({
      language,
      shared,
      documents,
      pagesByCode: new Map(shared.config.pages.map((p) => [p.code, p])),
      sharedDigest: sha256(...sharedHashes),
      home,
      press: newestFirst(press),
      pressIndexHash: hashOf(pressIndexPath),
      pressHashes,
      shops,
      shopsHash: hashOf(shopsPath),
      styling: { official, officialHash: hashOf(officialPath), staff: staffLooksOf(lang, staffPages), staffHash },
      productPages,
      products: products.map((p) => p.detail),
      productHashes: new Map(products.map((p) => [p.detail.productCode, p.hash])),
      priceRanges: new Map(products.map((p) => [p.detail.productCode, priceRangeOf(p.detail)])),
    });
  }
  return { manifest, switchConfig, languages: loaded };
}

/** How long before its listing a folder must have last changed for its time to be trusted (readProducts). */
const FOLDER_TIME_MARGIN_MS = 2_000;

/**
 * The product pull's cache of one language (products/{language}/{code}.json), validated, with
 * each file's hash. A store without a product cache yet has no product pages.
 *
 * With a memo, a file whose size and modification time are those it was read at is not read
 * again: the pull writes each file anew (a rename), so one that changed has another mtime. The
 * waiting build process has then parsed every product before a publish comes, and a publish
 * reads only the products the pull wrote (100,000 files at 20,000 products).
 */
function readProducts(cacheDir: string, languageCode: string, memo?: DocumentMemo): Array<{ detail: ProductDetail; hash: string }> {
  const dir = join(cacheDir, PRODUCTS_DIR, languageCode);
  // The folder as a whole first: the pull writes each file by a rename into it, which changes
  // the folder's modification time, so a folder whose time is the one it had when it was last
  // listed holds the files it held then. Trusted only when that time was well before the
  // listing (a change in the same clock tick would not move it). At 20,000 products this
  // spares a publish of content alone 100,000 file checks (about 1.2 s on the 2-core machine).
  const folderKey = join(PRODUCTS_DIR, languageCode, '/');
  const folderTime = memo ? statSync(dir, { throwIfNoEntry: false })?.mtimeMs : undefined;
  const listed = memo?.get(folderKey);
  if (listed && folderTime !== undefined && listed.hash === String(folderTime))
    return listed.value as Array<{ detail: ProductDetail; hash: string }>;
  const listedAt = Date.now();
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .sort();
  } catch {
    return [];
  }
  const products = names.map((name) => {
    const file = join(dir, name);
    const key = join(PRODUCTS_DIR, languageCode, name);
    const stats = memo ? statSync(file) : null;
    const seen = stats ? `${stats.size}:${stats.mtimeMs}` : '';
    const known = memo?.get(key);
    if (known && known.hash === seen) return known.value as { detail: ProductDetail; hash: string };
    const text = readFileSync(file, 'utf8');
    const parsed = productDetailSchema.safeParse(JSON.parse(text));
    if (!parsed.success) throw CmsDocumentError.fromZod(languageCode, key, parsed.error);
    const read = { detail: parsed.data, hash: sha256(text) };
    memo?.set(key, { hash: seen, value: read });
    return read;
  });
  if (folderTime !== undefined && listedAt - folderTime > FOLDER_TIME_MARGIN_MS)
    memo?.set(folderKey, { hash: String(folderTime), value: products });
  else memo?.delete(folderKey);
  return products;
}
