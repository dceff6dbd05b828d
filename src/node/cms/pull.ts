/**
 * Pulls every CMS document of every language into the content cache.
 *
 * Safety: every document is fetched and validated before anything is written, so a bad pull
 * (a malformed document, a missing one, the CMS going away halfway) leaves the previous good
 * cache exactly as it was. Each write is a rename, and the manifest is written last.
 *
 * Incremental: the manifest keeps each document's hash and ETag. Requests carry
 * If-None-Match, and a document whose bytes did not change is not rewritten.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { z } from 'zod';
import { mapPool, withRetry } from '../../lib/async.ts';
import type { LanguageDefinition } from '../../lib/i18n/languages.ts';
import { cmsEndpoints } from '../../lib/cms/endpoints.ts';
import { CmsDocumentError, CmsHttpError, CmsUnreachableError } from '../../lib/cms/errors.ts';
import {
  SHARED_DOCUMENTS,
  cmsConfigSchema,
  pageDocumentSchema,
  pressIndexSchema,
  pressReleaseSchema,
  productPageSchema,
  officialStylingSchema,
  shopsSchema,
  staffStylingPageSchema,
  switchConfigSchema,
  type CmsConfig,
  type PressSummary,
  type SharedDocumentName,
  type StaffLook,
  type StaffStylingPage,
} from '../../lib/cms/schema.ts';
import { CodedError } from '../../lib/errors.ts';
import { joinStaffPages, staffPageCount, StaffPagingError } from '../../lib/styling/staff-paging.ts';

export const MANIFEST_FILE = 'manifest.json';

export interface ManifestEntry {
  hash: string;
  etag?: string | undefined;
}
export interface ContentManifest {
  pulledAt: number;
  baseUrl: string;
  /** Keyed by cache path, e.g. "zh_TW/pages/c/W01.json". */
  documents: Record<string, ManifestEntry>;
}

export interface PullOptions {
  baseUrl: string;
  cacheDir: string;
  languages: readonly LanguageDefinition[];
  concurrency?: number;
  retries?: number;
  retryBaseDelayMs?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
  log?: (line: string) => void;
  now?: () => number;
}

/** A pull's options with the defaults of both the full and the incremental pull filled in. */
export function withPullDefaults<O extends PullOptions>(options: O) {
  return {
    concurrency: 8,
    retries: 3,
    retryBaseDelayMs: 200,
    timeoutMs: 15_000,
    log: (_line: string) => {},
    now: Date.now,
    ...definedOnly(options),
  };
}

/** The fields that are set: an explicit undefined must not hide a default. */
function definedOnly<O extends object>(options: O): O {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as O;
}

export interface LanguagePullSummary {
  language: string;
  documents: number;
  notModified: number;
  changed: number;
  removed: number;
  ms: number;
}

export interface PullResult {
  languages: LanguagePullSummary[];
  /** Cache paths written or removed by this pull. */
  changedDocuments: string[];
  manifest: ContentManifest;
}

export interface FetchedDocument {
  cachePath: string;
  body: string;
  hash: string;
  etag?: string | undefined;
  notModified: boolean;
}

/** "/cms/zh_TW/pages/women.json" -> "zh_TW/pages/women.json" */
export function cachePathOf(endpoint: string): string {
  return endpoint.replace(/^\/cms\//, '');
}

export async function readManifest(cacheDir: string): Promise<ContentManifest | null> {
  try {
    return JSON.parse(await readFile(join(cacheDir, MANIFEST_FILE), 'utf8')) as ContentManifest;
  } catch {
    return null;
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Writes through a temporary file and a rename, so a reader sees the old file or the new one, never half of one. */
export async function writeAtomically(file: string, body: string | Uint8Array): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temp, body);
  await rename(temp, file);
}

class RetryableError extends CodedError {
  constructor(message: string) {
    super('CMS_RETRYABLE', message);
  }
}

export interface FetcherContext {
  baseUrl: string;
  cacheDir: string;
  fetchImpl: typeof fetch;
  retries: number;
  retryBaseDelayMs: number;
  timeoutMs: number;
  /** ETags of the last pull against this CMS, by cache path. */
  previousEtags: Record<string, ManifestEntry>;
}

export type DocumentFetcher = ReturnType<typeof documentFetcher>;

/** Fetches one document (revalidating with its ETag), parses and validates it; writes nothing. */
export function documentFetcher(context: FetcherContext) {
  const { baseUrl, cacheDir, fetchImpl, retries, retryBaseDelayMs, timeoutMs, previousEtags } = context;
  async function fetchDocument<S extends z.ZodType>(
    endpoint: string,
    language: string,
    schema: S,
  ): Promise<{ doc: FetchedDocument; data: z.infer<S> }> {
    const cachePath = cachePathOf(endpoint);
    const url = `${baseUrl}${endpoint}`;
    const known = previousEtags[cachePath];
    const cached = known?.etag ? await readFile(join(cacheDir, cachePath), 'utf8').catch(() => null) : null;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (known?.etag && cached !== null) headers['if-none-match'] = known.etag;

    const response = await withRetry(
      async () => {
        let res: Response;
        try {
          res = await fetchImpl(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
        } catch (error) {
          throw new RetryableError(
            error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error),
          );
        }
        if (res.status >= 500 || res.status === 429) throw new RetryableError(`HTTP ${res.status}`);
        return res;
      },
      { retries, baseDelayMs: retryBaseDelayMs, shouldRetry: (e) => e instanceof RetryableError },
    ).catch((error: unknown) => {
      if (error instanceof RetryableError) throw new CmsUnreachableError(url, error.message);
      throw error;
    });

    let body: string;
    let notModified = false;
    if (response.status === 304 && cached !== null) {
      body = cached;
      notModified = true;
    } else if (response.ok) {
      body = await response.text();
    } else {
      throw new CmsHttpError(url, response.status, language, cachePath);
    }

    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch (error) {
      throw new CmsDocumentError(language, cachePath, '', `not valid JSON (${(error as Error).message})`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw CmsDocumentError.fromZod(language, cachePath, parsed.error);
    const etag = notModified ? known?.etag : (response.headers.get('etag') ?? undefined);
    return { doc: { cachePath, body, hash: sha256(body), etag, notModified }, data: parsed.data as z.infer<S> };
  }
  return fetchDocument;
}

/** One document a language's config or press index calls for. */
export interface DocumentSpec {
  endpoint: string;
  schema: z.ZodType;
  /** A press release's index entry, which the release must agree with. */
  indexEntry?: PressSummary;
}

/**
 * Every document of a language besides its config, press index and first staff-styling page:
 * the other shared documents, the shops, the official looks, the other staff-styling pages
 * (as many as page 1 announces), each page (and its archived version), product-page content
 * and each press release. The full pull and the incremental pull both enumerate with this.
 */
export function languageDocuments(
  lang: string,
  config: CmsConfig,
  pressIndex: { releases: readonly PressSummary[] },
  staffFirstPage: Pick<StaffStylingPage, 'total_result_count' | 'result_count'>,
): DocumentSpec[] {
  const specs: DocumentSpec[] = [
    { endpoint: cmsEndpoints.shops(lang), schema: shopsSchema },
    { endpoint: cmsEndpoints.officialStyling(lang), schema: officialStylingSchema },
  ];
  for (let page = 2; page <= staffPageCount(staffFirstPage); page += 1)
    specs.push({ endpoint: cmsEndpoints.staffStyling(lang, page), schema: staffStylingPageSchema });
  for (const release of pressIndex.releases)
    specs.push({ endpoint: cmsEndpoints.pressRelease(lang, release.id), schema: pressReleaseSchema, indexEntry: release });
  for (const name of Object.keys(SHARED_DOCUMENTS) as SharedDocumentName[]) {
    if (name !== 'config') specs.push({ endpoint: cmsEndpoints.shared(lang, name), schema: SHARED_DOCUMENTS[name] });
  }
  const productPageCodes = new Set<string>();
  for (const page of config.pages) {
    specs.push({ endpoint: cmsEndpoints.page(lang, page.path), schema: pageDocumentSchema });
    if (page.archivedPage)
      specs.push({ endpoint: cmsEndpoints.archivedPage(lang, page.code, page.archivedPage.version), schema: pageDocumentSchema });
    if (page.productPageFlag === 'Y' && page.productPageCode) productPageCodes.add(page.productPageCode);
  }
  for (const code of productPageCodes) specs.push({ endpoint: cmsEndpoints.productPage(lang, code), schema: productPageSchema });
  return specs;
}

/**
 * Every staff look of a language from its staffStyling pages (in page order), or a
 * CmsDocumentError naming the page that disagrees with page 1 (the pull checks what it
 * fetched; the build checks the cache again).
 */
export function staffLooksOf(lang: string, pages: ReadonlyArray<StaffStylingPage>): StaffLook[] {
  try {
    return joinStaffPages(pages);
  } catch (error) {
    if (!(error instanceof StaffPagingError)) throw error;
    throw new CmsDocumentError(lang, cachePathOf(cmsEndpoints.staffStyling(lang, error.page)), 'content_list', error.message);
  }
}

/** Fetches a document and, for a release, checks it against its index entry. */
export async function fetchChecked(
  fetchDocument: DocumentFetcher,
  lang: string,
  spec: DocumentSpec,
): Promise<{ doc: FetchedDocument; data: unknown }> {
  const fetched = await fetchDocument(spec.endpoint, lang, spec.schema);
  const entry = spec.indexEntry;
  if (entry) {
    const release = fetched.data as PressSummary;
    // The list and the page must not disagree on where the release lives or what it is called.
    if (release.id !== entry.id || release.publishedAt !== entry.publishedAt) {
      throw new CmsDocumentError(
        lang,
        fetched.doc.cachePath,
        'id',
        `release ${release.id} published ${release.publishedAt} does not match the press index entry ${entry.id} published ${entry.publishedAt}`,
      );
    }
  }
  return fetched;
}

/** Records every fetched document in `manifest` and writes those whose bytes changed; answers their cache paths. */
export async function writeFetched(
  fetched: readonly FetchedDocument[],
  previous: ContentManifest,
  manifest: ContentManifest,
  cacheDir: string,
  concurrency: number,
): Promise<string[]> {
  const written: string[] = [];
  await mapPool(fetched, concurrency, async (doc) => {
    manifest.documents[doc.cachePath] = { hash: doc.hash, etag: doc.etag };
    if (previous.documents[doc.cachePath]?.hash === doc.hash) return;
    written.push(doc.cachePath);
    await writeAtomically(join(cacheDir, doc.cachePath), doc.body);
  });
  return written;
}

export async function pullContent(options: PullOptions): Promise<PullResult> {
  const { baseUrl, cacheDir, languages, concurrency, retries, retryBaseDelayMs, timeoutMs, log, now } = withPullDefaults(options);
  const fetchImpl = options.fetch ?? fetch;
  const previous = (await readManifest(cacheDir)) ?? { pulledAt: 0, baseUrl, documents: {} };
  // ETags only hold against the CMS that issued them.
  const previousEtags = previous.baseUrl === baseUrl ? previous.documents : {};

  const fetchDocument = documentFetcher({ baseUrl, cacheDir, fetchImpl, retries, retryBaseDelayMs, timeoutMs, previousEtags });

  const fetched: FetchedDocument[] = [];
  const summaries: LanguagePullSummary[] = [];

  const switchConfig = await fetchDocument(cmsEndpoints.switchConfig(), 'all', switchConfigSchema);
  fetched.push(switchConfig.doc);

  for (const language of languages) {
    const started = now();
    const lang = language.cmsCode;
    const config = await fetchDocument(cmsEndpoints.shared(lang, 'config'), lang, cmsConfigSchema);
    const pressIndex = await fetchDocument(cmsEndpoints.pressIndex(lang), lang, pressIndexSchema);
    const staffFirst = await fetchDocument(cmsEndpoints.staffStyling(lang, 1), lang, staffStylingPageSchema);
    const specs = languageDocuments(lang, config.data, pressIndex.data, staffFirst.data);
    const results = await mapPool(specs, concurrency, (spec) => fetchChecked(fetchDocument, lang, spec));
    const staffRest = results.filter((_, i) => specs[i]!.schema === staffStylingPageSchema).map((r) => r.data as StaffStylingPage);
    staffLooksOf(lang, [staffFirst.data, ...staffRest]);
    const docs = [config.doc, pressIndex.doc, staffFirst.doc, ...results.map((r) => r.doc)];
    fetched.push(...docs);

    const changed = docs.filter((d) => previous.documents[d.cachePath]?.hash !== d.hash).length;
    const prefix = `${lang}/`;
    const removed = Object.keys(previous.documents).filter((p) => p.startsWith(prefix) && !docs.some((d) => d.cachePath === p)).length;
    const summary: LanguagePullSummary = {
      language: language.code,
      documents: docs.length,
      notModified: docs.filter((d) => d.notModified).length,
      changed,
      removed,
      ms: now() - started,
    };
    summaries.push(summary);
    log(
      `[pull] ${language.code}: ${summary.documents} documents, ${summary.changed} changed, ${summary.removed} removed, ${summary.notModified} not modified (${summary.ms} ms)`,
    );
  }

  // Everything fetched and valid: only now touch the cache.
  const manifest: ContentManifest = { pulledAt: now(), baseUrl, documents: {} };
  const changedDocuments = await writeFetched(fetched, previous, manifest, cacheDir, concurrency);
  const pulledLanguages = new Set(languages.map((l) => `${l.cmsCode}/`));
  for (const stale of Object.keys(previous.documents)) {
    if (manifest.documents[stale]) continue;
    const ofPulledLanguage = [...pulledLanguages].some((prefix) => stale.startsWith(prefix)) || !stale.includes('/');
    if (!ofPulledLanguage) {
      manifest.documents[stale] = previous.documents[stale]!; // a language not pulled this time stays
      continue;
    }
    changedDocuments.push(stale);
    await rm(join(cacheDir, stale), { force: true });
  }
  await writeAtomically(join(cacheDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 1)}\n`);
  return { languages: summaries, changedDocuments: changedDocuments.sort(), manifest };
}

export type PullOutcome = { source: 'cms'; result: PullResult } | { source: 'cache'; reason: string; manifest: ContentManifest };

/**
 * Pull, or when the CMS cannot be reached, go on from the last good cache and say so.
 * A malformed document is not a reason to fall back: it fails, so an editor sees it.
 */
export async function pullOrUseCache(options: PullOptions): Promise<PullOutcome> {
  try {
    return { source: 'cms', result: await pullContent(options) };
  } catch (error) {
    if (!(error instanceof CmsUnreachableError)) throw error;
    const manifest = await readManifest(options.cacheDir);
    if (!manifest) throw error;
    const when = new Date(manifest.pulledAt).toISOString();
    options.log?.(`[pull] ${error.message}. Building from the last good cache, pulled ${when}.`);
    return { source: 'cache', reason: error.message, manifest };
  }
}
