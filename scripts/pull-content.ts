/**
 * Pulls every CMS document into content-cache/. CMS_BASE_URL picks the CMS; without it the
 * embedded sample CMS is started for the pull. An unreachable CMS falls back to the last
 * good cache (and says so); a malformed document fails with language, document and field.
 */
import { cmsBaseUrl, contentCacheDir } from '../src/lib/env.ts';
import { LANGUAGES } from '../src/lib/i18n/languages.ts';
import { pullOrUseCache, type PullOutcome } from '../src/lib/cms/pull.ts';
import { startEmbeddedCms } from './local-cms/embedded.ts';

export async function pull(options: { baseUrl?: string; log?: (line: string) => void } = {}): Promise<PullOutcome> {
  const log = options.log ?? console.log;
  const configured = options.baseUrl ?? cmsBaseUrl();
  const embedded = configured ? null : await startEmbeddedCms({ log });
  const baseUrl = configured ?? embedded!.url;
  try {
    log(`[pull] from ${configured ? baseUrl : `the embedded sample CMS (${baseUrl})`} into ${contentCacheDir()}/`);
    const outcome = await pullOrUseCache({ baseUrl, cacheDir: contentCacheDir(), languages: LANGUAGES, log });
    if (outcome.source === 'cms') log(`[pull] done: ${outcome.result.changedDocuments.length} documents written or removed`);
    return outcome;
  } finally {
    await embedded?.close();
  }
}

if (import.meta.main) {
  try {
    await pull();
  } catch (error) {
    console.error(`[pull] failed: ${(error as Error).message}`);
    console.error('[pull] the previous content cache is untouched.');
    process.exit(1);
  }
}
