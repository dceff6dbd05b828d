/**
 * Pulls every product's static detail from the commerce API into the content cache
 * (`products/{language}/{code}.json`), validated against the contract, for the build to
 * publish as static JSON, so product detail comes fast from the CDN. Like the CMS pull it
 * validates everything before writing anything, rewrites only what changed, and when the
 * API cannot be reached the build goes on from the last good cache.
 *
 * The details come in batches (productDetails, up to PRODUCT_DETAILS_BATCH codes a call per
 * language): one call per product and language was 5,001 calls for 1,000 products
 * (docs/performance.md, Catalogue scale).
 *
 * An incremental pull (a publish of a catalogue change) asks the catalogue's list once and the
 * details of only the products whose updatedAt differs from the one the last pull recorded
 * (CATALOGUE_FILE), or that a caller names, or whose cache file is missing: one product's
 * price change is the list and one call per language, whatever the catalogue's size.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, type Dirent } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import {
  ENDPOINTS,
  PRODUCT_DETAILS_BATCH,
  failureEnvelopeSchema,
  productDetailSchema,
  type ProductDetail,
} from '../../lib/api/contract.ts';
import { mapPool, withRetry } from '../../lib/async.ts';
import type { LanguageDefinition } from '../../lib/i18n/languages.ts';
import { CodedError } from '../../lib/errors.ts';

export const PRODUCTS_DIR = 'products';
/** What the last pull saw of the catalogue: product code → updatedAt. Beside the languages' folders. */
export const CATALOGUE_FILE = join(PRODUCTS_DIR, 'catalogue.json');

export interface ProductPullOptions {
  /** The commerce API's base, e.g. http://127.0.0.1:4410/api */
  apiBaseUrl: string;
  cacheDir: string;
  languages: readonly LanguageDefinition[];
  concurrency?: number;
  /** Products a call asks for; default and most PRODUCT_DETAILS_BATCH. */
  batchSize?: number;
  fetch?: typeof fetch;
  log?: (line: string) => void;
  /**
   * Ask the details only of products new or changed since the last pull (by the catalogue's
   * updatedAt), and of `changed`; without a record of the last pull, every product.
   */
  incremental?: boolean;
  /** Product codes to ask again whatever their updatedAt says (those a change notice named). */
  changed?: readonly string[];
}

export interface ProductPullResult {
  products: number;
  written: number;
  removed: number;
  calls: number;
  /** The codes whose details were asked. */
  asked: string[];
  /** The codes whose cached detail was written anew or removed, in some language. */
  changed: string[];
}

async function readCatalogueRecord(cacheDir: string): Promise<Map<string, number> | null> {
  const text = await readFile(join(cacheDir, CATALOGUE_FILE), 'utf8').catch(() => null);
  if (text === null) return null;
  const parsed = z.record(z.string(), z.number()).safeParse(JSON.parse(text));
  return parsed.success ? new Map(Object.entries(parsed.data)) : null;
}

export class CommerceUnreachableError extends CodedError {
  constructor(message: string) {
    super('COMMERCE_UNREACHABLE', message);
  }
}

export const productCachePath = (languageCode: string, productCode: string) => join(PRODUCTS_DIR, languageCode, `${productCode}.json`);

export async function pullProducts(options: ProductPullOptions): Promise<ProductPullResult> {
  const { apiBaseUrl, cacheDir, languages, concurrency = 4, batchSize = PRODUCT_DETAILS_BATCH, log = () => {} } = options;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > PRODUCT_DETAILS_BATCH)
    throw new RangeError(`batchSize must be a whole number from 1 to ${PRODUCT_DETAILS_BATCH}, got ${batchSize}`);
  const fetchImpl = options.fetch ?? fetch;

  async function call<S extends z.ZodType>(
    name: 'productCatalogue' | 'productDetails',
    body: unknown,
    schema: S,
    what: string,
  ): Promise<z.infer<S>> {
    const { method, path } = ENDPOINTS[name];
    const url = `${apiBaseUrl}${path}`;
    const res = await withRetry(
      async () => {
        const answer = await fetchImpl(url, {
          method,
          headers: { 'content-type': 'application/json' },
          ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
          signal: AbortSignal.timeout(15_000),
        }).catch((error: Error) => {
          throw new CommerceUnreachableError(`${url}: ${error.cause instanceof Error ? error.cause.message : error.message}`);
        });
        if (answer.status >= 500) throw new CommerceUnreachableError(`${url}: HTTP ${answer.status}`);
        return answer;
      },
      { retries: 3, baseDelayMs: 200, shouldRetry: (e) => e instanceof CommerceUnreachableError },
    );
    const json: unknown = await res.json().catch(() => null);
    const failure = failureEnvelopeSchema.safeParse(json);
    if (failure.success)
      throw new CodedError('COMMERCE_ANSWER_FAILED', `${what}: the commerce API answered ${failure.data.msgCode} (${failure.data.msg})`);
    const envelope = z.object({ success: z.literal(true), resp: schema }).safeParse(json);
    if (!envelope.success) {
      const issue = envelope.error.issues[0]!;
      throw new CodedError('COMMERCE_ANSWER_INVALID', `${what}: ${issue.path.join('.') || 'answer'}: ${issue.message}`);
    }
    return (envelope.data as { resp: z.infer<S> }).resp;
  }

  const catalogue = await call('productCatalogue', {}, ENDPOINTS.productCatalogue.resp, 'product catalogue');
  const codes = catalogue.map((p) => p.productCode);
  const previous = options.incremental ? await readCatalogueRecord(cacheDir) : null;
  const named = new Set(options.changed ?? []);
  const cached = previous
    ? await Promise.all(
        languages.map(async (l) => new Set(await readdir(join(cacheDir, PRODUCTS_DIR, l.code)).catch(() => [] as string[]))),
      )
    : [];
  const asked = previous
    ? catalogue
        .filter(
          (p) =>
            previous.get(p.productCode) !== p.updatedAt ||
            named.has(p.productCode) ||
            cached.some((names) => !names.has(`${p.productCode}.json`)),
        )
        .map((p) => p.productCode)
    : codes;
  const batches: string[][] = [];
  for (let start = 0; start < asked.length; start += batchSize) batches.push(asked.slice(start, start + batchSize));
  const jobs = languages.flatMap((language) => batches.map((productCodes) => ({ language, productCodes })));
  // Everything is fetched and validated first: a malformed product writes nothing.
  const answers = await mapPool(jobs, concurrency, async ({ language, productCodes }) => {
    const range = `products ${productCodes[0]}…${productCodes.at(-1)} (${language.code})`;
    const answer = await call(
      'productDetails',
      { productCodes, region: language.region, language: language.code },
      z.array(z.unknown()),
      range,
    );
    // Each product is checked on its own, so a failure names the product, and none may be
    // missing: a product gone between the list and its details would leave its page stale.
    const byCode = new Map(answer.map((item) => [(item as { productCode?: unknown }).productCode, item]));
    return productCodes.map((productCode) => {
      const what = `product ${productCode} (${language.code})`;
      if (!byCode.has(productCode)) throw new CodedError('COMMERCE_ANSWER_INVALID', `${what}: missing from the answer for ${range}`);
      const parsed = productDetailSchema.safeParse(byCode.get(productCode));
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new CodedError('COMMERCE_ANSWER_INVALID', `${what}: ${issue.path.join('.') || 'answer'}: ${issue.message}`);
      }
      return { language, detail: parsed.data };
    });
  });
  const details = answers.flat();

  let written = 0;
  const changed = new Set<string>();
  for (const { language, detail } of details) {
    const file = join(cacheDir, productCachePath(language.code, detail.productCode));
    const body = `${JSON.stringify(detail)}\n`;
    if ((await readFile(file, 'utf8').catch(() => null)) === body) continue;
    await mkdir(dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, body);
    await rename(temp, file);
    written++;
    changed.add(detail.productCode);
  }
  // Products gone from the catalogue go from the cache (their pages then say not found).
  let removed = 0;
  const keep = new Set(codes.map((c) => `${c}.json`));
  for (const language of languages) {
    const dir = join(cacheDir, PRODUCTS_DIR, language.code);
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      if (name.endsWith('.json') && !keep.has(name)) {
        await rm(join(dir, name), { force: true });
        removed++;
        changed.add(name.slice(0, -'.json'.length));
      }
    }
  }
  // Written last: a pull that failed before asks again next time what it did not write.
  const record = `${JSON.stringify(Object.fromEntries(catalogue.map((p) => [p.productCode, p.updatedAt])))}\n`;
  await mkdir(join(cacheDir, PRODUCTS_DIR), { recursive: true });
  await writeFile(join(cacheDir, `${CATALOGUE_FILE}.${process.pid}.tmp`), record);
  await rename(join(cacheDir, `${CATALOGUE_FILE}.${process.pid}.tmp`), join(cacheDir, CATALOGUE_FILE));
  log(
    `[products] ${codes.length} products, ${asked.length} asked in ${languages.length} languages (${jobs.length + 1} calls): ${written} written, ${removed} removed`,
  );
  return { products: codes.length, written, removed, calls: jobs.length + 1, asked, changed: [...changed].sort() };
}

/** Pull, or when the API cannot be reached, go on from the products already cached and say so. */
export async function pullProductsOrUseCache(options: ProductPullOptions): Promise<void> {
  try {
    await pullProducts(options);
  } catch (error) {
    if (!(error instanceof CommerceUnreachableError)) throw error;
    const cached = await readdir(join(options.cacheDir, PRODUCTS_DIR)).catch(() => []);
    if (cached.length === 0) throw error;
    options.log?.(`[products] ${error.message}. Building from the products already cached.`);
  }
}

/** The cached detail of every product in a language, for the build. */
/** A digest of the whole product cache (names and bytes): a build writes the product data again only when it changed. */
export function productCacheDigest(cacheDir: string): string {
  const dir = join(cacheDir, PRODUCTS_DIR);
  const hash = createHash('sha256');
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch {
    entries = [];
  }
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
  for (const file of files)
    hash
      .update(`${file.slice(dir.length)}\0`)
      .update(readFileSync(file))
      .update('\0');
  return hash.digest('hex').slice(0, 32);
}

export async function readCachedProducts(cacheDir: string, languageCode: string): Promise<ProductDetail[]> {
  const dir = join(cacheDir, PRODUCTS_DIR, languageCode);
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json')).sort();
  return Promise.all(names.map(async (name) => productDetailSchema.parse(JSON.parse(await readFile(join(dir, name), 'utf8')))));
}
