/**
 * The incremental pull of a publish: only the documents the CMS said changed, plus what those
 * changes call for (a page newly listed in a config, a release newly listed in a press index),
 * and the removal of what no config or index lists any more. The rest of the cache is
 * trusted as it is, which is what makes a one-page publish fast on a 10,000-page site.
 *
 * The same safety as the full pull: everything is fetched and validated before the cache is
 * touched, each write is a rename, and the manifest is written last.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import { mapPool } from '../../lib/async.ts';
import { cmsEndpoints } from '../../lib/cms/endpoints.ts';
import { CmsDocumentError } from '../../lib/cms/errors.ts';
import {
  MANIFEST_FILE,
  cachePathOf,
  documentFetcher,
  fetchChecked,
  languageDocuments,
  pullContent,
  readManifest,
  writeAtomically,
  withPullDefaults,
  writeFetched,
  type ContentManifest,
  type DocumentSpec,
  type FetchedDocument,
  type PullOptions,
  type PullResult,
} from './pull.ts';
import { cmsConfigSchema, pressIndexSchema, staffStylingPageSchema, switchConfigSchema } from '../../lib/cms/schema.ts';

export interface ChangedPullOptions extends PullOptions {
  /** Cache paths the CMS published or changed, e.g. "zh_TW/pages/women.json". */
  changed: readonly string[];
  /** Cache paths the CMS deleted. */
  deleted: readonly string[];
}

async function readCached<S extends z.ZodType>(cacheDir: string, cachePath: string, language: string, schema: S): Promise<z.infer<S>> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(join(cacheDir, cachePath), 'utf8'));
  } catch (error) {
    throw new CmsDocumentError(
      language,
      cachePath,
      '',
      `unreadable in the content cache (${(error as Error).message}); a full pull repairs it`,
    );
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw CmsDocumentError.fromZod(language, cachePath, parsed.error);
  return parsed.data as z.infer<S>;
}

/** Pulls what a publish changed. Without a previous pull there is nothing to be incremental on: a full pull. */
export async function pullChanged(options: ChangedPullOptions): Promise<PullResult> {
  const { baseUrl, cacheDir, languages, concurrency, retries, retryBaseDelayMs, timeoutMs, log, now } = withPullDefaults(options);
  const previous = await readManifest(cacheDir);
  if (!previous || previous.baseUrl !== baseUrl) return pullContent(options);
  const fetchDocument = documentFetcher({
    baseUrl,
    cacheDir,
    fetchImpl: options.fetch ?? fetch,
    retries,
    retryBaseDelayMs,
    timeoutMs,
    previousEtags: previous.documents,
  });
  // A deleted document that a config or index still lists is fetched too: its 404 then says
  // what is wrong, instead of the site going on with a copy the CMS no longer has.
  const changed = new Set([...options.changed, ...options.deleted]);
  const wanted = (cachePath: string) => changed.has(cachePath) || !previous.documents[cachePath];

  const fetched: FetchedDocument[] = [];
  const expected = new Set<string>();
  const switchPath = cachePathOf(cmsEndpoints.switchConfig());
  expected.add(switchPath);
  if (wanted(switchPath)) fetched.push((await fetchDocument(cmsEndpoints.switchConfig(), 'all', switchConfigSchema)).doc);

  for (const language of languages) {
    const lang = language.cmsCode;
    const configPath = cachePathOf(cmsEndpoints.shared(lang, 'config'));
    const indexPath = cachePathOf(cmsEndpoints.pressIndex(lang));
    const config = wanted(configPath) ? await fetchDocument(cmsEndpoints.shared(lang, 'config'), lang, cmsConfigSchema) : null;
    const index = wanted(indexPath) ? await fetchDocument(cmsEndpoints.pressIndex(lang), lang, pressIndexSchema) : null;
    // Staff styling's first page says how many pages follow, as the index lists the releases.
    const staffPath = cachePathOf(cmsEndpoints.staffStyling(lang, 1));
    const staff = wanted(staffPath) ? await fetchDocument(cmsEndpoints.staffStyling(lang, 1), lang, staffStylingPageSchema) : null;
    if (config) fetched.push(config.doc);
    if (index) fetched.push(index.doc);
    if (staff) fetched.push(staff.doc);
    expected.add(configPath).add(indexPath).add(staffPath);
    const configData = config?.data ?? (await readCached(cacheDir, configPath, lang, cmsConfigSchema));
    const indexData = index?.data ?? (await readCached(cacheDir, indexPath, lang, pressIndexSchema));
    const staffData = staff?.data ?? (await readCached(cacheDir, staffPath, lang, staffStylingPageSchema));
    // Whether the pages still agree is checked when the build reads them (content.ts).
    const specs = languageDocuments(lang, configData, indexData, staffData);
    for (const spec of specs) expected.add(cachePathOf(spec.endpoint));
    // A changed press index may move a release (its date is its address): check every release
    // against it again. The ETags make that cheap.
    const toFetch = specs.filter(
      (spec: DocumentSpec) => wanted(cachePathOf(spec.endpoint)) || (index !== null && spec.indexEntry !== undefined),
    );
    fetched.push(...(await mapPool(toFetch, concurrency, async (spec) => (await fetchChecked(fetchDocument, lang, spec)).doc)));
  }

  // Everything fetched and valid: only now touch the cache.
  const manifest: ContentManifest = { pulledAt: now(), baseUrl, documents: { ...previous.documents } };
  const changedDocuments = await writeFetched(fetched, previous, manifest, cacheDir, concurrency);
  const pulledLanguages = languages.map((l) => `${l.cmsCode}/`);
  for (const cachePath of Object.keys(previous.documents)) {
    const ofPulledLanguage = pulledLanguages.some((prefix) => cachePath.startsWith(prefix)) || !cachePath.includes('/');
    if (!ofPulledLanguage || expected.has(cachePath)) continue;
    delete manifest.documents[cachePath];
    changedDocuments.push(cachePath);
    await rm(join(cacheDir, cachePath), { force: true });
  }
  await writeAtomically(join(cacheDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 1)}\n`);
  const sorted = changedDocuments.sort();
  log(`[pull] incremental: ${fetched.length} documents fetched, ${sorted.length} changed or removed`);
  return { languages: [], changedDocuments: sorted, manifest };
}
