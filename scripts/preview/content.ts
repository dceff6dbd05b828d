/**
 * The preview's own content folder (.data/preview/content by default): the CMS's draft view
 * (drafts over the published documents, pulled from CMS_DRAFTS_BASE_URL) and the products,
 * pulled as `npm run pull` pulls the content cache, but never into it: the live site's
 * content-cache/ and releases are not touched by anything here.
 *
 * The first preview pulls everything; each preview after it pulls again, with ETags, what can
 * have changed for a draft: every document the draft view lists as drafted now or before (a
 * draft published or discarded reads as the published version again), and the page's own
 * document, its parents' and the shared documents of its language (navigation, ticker…), so a
 * direct publish of those shows too. Only the languages of those documents are pulled: at
 * 10,000 pages each language's config is a large document to read. A change bumps the
 * generation, which makes the renderer read the folder again.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LANGUAGES, type LanguageDefinition } from '../../src/lib/i18n/languages.ts';
import { localizedPath } from '../../src/lib/cms/pages.ts';
import { cmsEndpoints } from '../../src/lib/cms/endpoints.ts';
import { SHARED_DOCUMENTS, type SharedDocumentName } from '../../src/lib/cms/schema.ts';
import { cachePathOf, pullContent } from '../../src/node/cms/pull.ts';
import { pullChanged } from '../../src/node/cms/pull-changed.ts';
import { pullProductsOrUseCache } from '../../src/node/catalogue/pull-products.ts';
import { CodedError } from '../../src/lib/errors.ts';

export const PREVIEW_CONTENT_DIR = '.data/preview/content';
/** Under the drafts base URL: `{ "documents": [cache paths with a draft] }`. */
export const DRAFTS_LIST_PATH = '/cms/drafts.json';

export interface PreviewContentOptions {
  draftsBaseUrl: string;
  dir?: string;
  /** The commerce API the products are pulled from (its /api base); unset: no product pages. */
  apiBaseUrl?: string | undefined;
  log?: (line: string) => void;
}

export interface PreviewContent {
  dir: string;
  /** Brings the folder up to the draft view for the page at `path` of `language`; resolves to the content's generation. */
  refresh(language: LanguageDefinition, path: string): Promise<number>;
}

async function draftedDocuments(draftsBaseUrl: string): Promise<string[]> {
  const response = await fetch(`${draftsBaseUrl}${DRAFTS_LIST_PATH}`, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new CodedError('PREVIEW_DRAFTS_UNREADABLE', `the CMS's drafts list answered ${response.status}`);
  const body = (await response.json()) as { documents?: unknown };
  if (!Array.isArray(body.documents) || !body.documents.every((d) => typeof d === 'string'))
    throw new CodedError('PREVIEW_DRAFTS_UNREADABLE', "the CMS's drafts list is not { documents: [paths] }");
  return body.documents as string[];
}

/** The page's document at `path` and its parents' (a template 3/4 page shows its parent's), as the folder has them. */
async function pageDocuments(dir: string, language: LanguageDefinition, path: string): Promise<string[]> {
  const configPath = cachePathOf(cmsEndpoints.shared(language.cmsCode, 'config'));
  let pages: Array<{ code?: string; path?: string; superCode?: string }>;
  try {
    pages = (JSON.parse(await readFile(join(dir, configPath), 'utf8')) as { pages?: typeof pages }).pages ?? [];
  } catch {
    return [];
  }
  const byCode = new Map(pages.map((p) => [p.code, p]));
  const found: string[] = [];
  let page = pages.find((p) => typeof p.path === 'string' && localizedPath(language, p.path) === path);
  while (page?.path && found.length < 5) {
    found.push(cachePathOf(cmsEndpoints.page(language.cmsCode, page.path)));
    page = page.superCode ? byCode.get(page.superCode) : undefined;
  }
  return found;
}

export function createPreviewContent(options: PreviewContentOptions): PreviewContent {
  const { draftsBaseUrl, dir = PREVIEW_CONTENT_DIR, apiBaseUrl, log = () => {} } = options;
  let generation = 0;
  let seeded: Promise<void> | null = null;
  /** Documents drafted at the last refresh. */
  let drafted = new Set<string>();
  let running: Promise<number> = Promise.resolve(0);

  const seed = async () => {
    const started = Date.now();
    await pullContent({ baseUrl: draftsBaseUrl, cacheDir: dir, languages: LANGUAGES });
    if (apiBaseUrl) await pullProductsOrUseCache({ apiBaseUrl, cacheDir: dir, languages: LANGUAGES, log });
    generation += 1;
    log(`[preview] pulled the draft view into ${dir} (${Date.now() - started} ms)`);
  };

  const refresh = async (language: LanguageDefinition, path: string): Promise<number> => {
    const now = await draftedDocuments(draftsBaseUrl);
    if (!seeded) {
      seeded = seed();
      seeded.catch(() => (seeded = null));
    }
    await seeded;
    const shared = (Object.keys(SHARED_DOCUMENTS) as SharedDocumentName[]).map((name) =>
      cachePathOf(cmsEndpoints.shared(language.cmsCode, name)),
    );
    const own = await pageDocuments(dir, language, path);
    const changed = [...new Set([...now, ...drafted, ...own, ...shared, cachePathOf(cmsEndpoints.switchConfig())])];
    const languages = LANGUAGES.filter((l) => l === language || changed.some((c) => c.startsWith(`${l.cmsCode}/`)));
    const result = await pullChanged({ baseUrl: draftsBaseUrl, cacheDir: dir, languages, changed, deleted: [] });
    drafted = new Set(now);
    if (result.changedDocuments.length > 0) generation += 1;
    return generation;
  };

  return {
    dir,
    // One refresh at a time: two pulls into one folder would race on its manifest.
    refresh(language, path) {
      const next = running.then(
        () => refresh(language, path),
        () => refresh(language, path),
      );
      running = next.catch(() => generation);
      return next;
    },
  };
}
