/**
 * Pulls every CMS document into content-cache/, then every product's detail from the commerce
 * API. CMS_BASE_URL and COMMERCE_API_URL pick them; without them the embedded sample CMS and
 * a local commerce API on its catalogue are started for the pull. An unreachable CMS falls back to the last
 * good cache (and says so); a malformed document fails with language, document and field.
 */
import { cmsBaseUrl, commerceApiUrl, contentCacheDir } from '../src/node/env.ts';
import { pullProductsOrUseCache } from '../src/node/catalogue/pull-products.ts';
import { LANGUAGES } from '../src/lib/i18n/languages.ts';
import { pullOrUseCache, type PullOutcome } from '../src/node/cms/pull.ts';
import { startEmbeddedCms } from './local-cms/embedded.ts';
import { startCommerceApi } from './local-commerce/server.ts';

export async function pull(options: { baseUrl?: string; log?: (line: string) => void } = {}): Promise<PullOutcome> {
  const log = options.log ?? console.log;
  const configured = options.baseUrl ?? cmsBaseUrl();
  const embedded = configured ? null : await startEmbeddedCms({ log });
  const baseUrl = configured ?? embedded!.url;
  try {
    log(`[pull] from ${configured ? baseUrl : `the embedded sample CMS (${baseUrl})`} into ${contentCacheDir()}/`);
    const outcome = await pullOrUseCache({ baseUrl, cacheDir: contentCacheDir(), languages: LANGUAGES, log });
    if (outcome.source === 'cms') log(`[pull] done: ${outcome.result.changedDocuments.length} documents written or removed`);
    await pullProducts(log);
    return outcome;
  } finally {
    await embedded?.close();
  }
}

async function pullProducts(log: (line: string) => void): Promise<void> {
  const configured = commerceApiUrl();
  // Only the catalogue is read: a throwaway in-memory database is enough.
  const local = configured ? null : await startCommerceApi({ dbPath: ':memory:' });
  try {
    await pullProductsOrUseCache({ apiBaseUrl: configured ?? `${local!.url}/api`, cacheDir: contentCacheDir(), languages: LANGUAGES, log });
  } finally {
    await local?.close();
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
