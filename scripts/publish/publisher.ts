/**
 * What one publish does: pull what changed, work out which pages it touches, build only those
 * into a release seeded from the live one (hard links), and make it live atomically. The
 * first build of a process, and any build without a known live route table, is a full one.
 *
 * A failure at any step leaves `current` serving what it served, and is thrown in plain words
 * (the pull names language, document and field) for the queue to record and /status to show.
 */
import { mkdtemp, readdir, rename, rm, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { RouteEntry } from '../../src/lib/cms/content.ts';
import { nextPublicationBoundary } from '../../src/lib/cms/content.ts';
import { pullChanged } from '../../src/lib/cms/pull-changed.ts';
import { getSite, resetSite } from '../../src/lib/cms/site.ts';
import { contentCacheDir } from '../../src/lib/env.ts';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import { affectedPages, languagesToPull } from '../../src/lib/publish/affected-pages.ts';
import type { ChangeSet } from '../../src/lib/publish/build-queue.ts';
import { buildInChild } from '../build-site.ts';
import { writeHostRules } from '../host-rules.ts';
import type { ReleaseManager } from './releases.ts';

export interface PublishResult {
  release: string;
  /** 'full' for a whole-site build, 'pages' when only the touched pages were rendered. */
  mode: 'full' | 'pages';
  pagesRendered: number;
  added: string[];
  changed: string[];
  removed: string[];
  documents: string[];
  ms: number;
  /** The next start or end date of a page, when a rebuild is due without an editor. */
  nextBoundary: number | null;
}

/** The file a route's page is written to, relative to the release: '/' and folders are index.html. */
export function fileOfRoute(urlPath: string): string {
  return `${urlPath.replace(/^\//, '')}${urlPath.endsWith('/') ? 'index.html' : ''}`;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}

/** Moves every file of a partial build over the release; a rename replaces a hard link, never the live file's bytes. */
async function mergeInto(partial: string, release: string): Promise<void> {
  for (const file of await filesUnder(partial)) {
    await mkdir(dirname(join(release, file)), { recursive: true });
    await rename(join(partial, file), join(release, file));
  }
}

export function createPublisher(options: { cmsUrl: string; releases: ReleaseManager; log?: (line: string) => void; now?: () => number }) {
  const { cmsUrl, releases, log = () => {}, now = Date.now } = options;
  /** The release this process made live and its route table; null: the next build is full. */
  let live: { release: string; routes: RouteEntry[] } | null = null;

  async function run(changeSet: ChangeSet): Promise<PublishResult> {
    const started = now();
    const entries = Object.entries(changeSet.documents);
    const deleted = entries.filter(([, change]) => change === 'deleted').map(([path]) => path);
    const changedPaths = entries.filter(([, change]) => change !== 'deleted').map(([path]) => path);
    const languages = languagesToPull([...changedPaths, ...deleted], LANGUAGES);
    const pulled = entries.length > 0 ? await pullChanged({ baseUrl: cmsUrl, cacheDir: contentCacheDir(), languages, changed: changedPaths, deleted, log }) : null;
    // The new route table (the build reads the cache afresh, at this moment's dates).
    resetSite();
    const { routes, content } = await getSite();
    // Incremental only on top of what this process built: after a rollback (or another
    // process's release) the live pages are not the ones the table describes.
    const before = live && live.release === (await releases.live()) ? live.routes : null;
    const affected = before ? affectedPages({ before, after: routes, changedDocuments: pulled?.changedDocuments ?? [] }) : null;
    const source = changeSet.sources.join(', ') || 'publish';

    const outcome = await releases.release({
      source,
      seedFrom: affected ? 'current' : 'empty',
      build: async (dir) => {
        if (!affected) return { pages: (await buildInChild({ outDir: dir })).pages };
        const partial = await mkdtemp(join(tmpdir(), 'linea-partial-'));
        try {
          // Sitemaps, feeds, robots and product data are always rendered: they are few and read the whole table.
          await buildInChild({ outDir: partial, onlyPaths: affected.rebuild.map((r) => r.urlPath) });
          await mergeInto(partial, dir);
        } finally {
          await rm(partial, { recursive: true, force: true });
        }
        for (const path of affected.removed) await rm(join(dir, fileOfRoute(path)), { force: true });
        await writeHostRules(dir);
        return {};
      },
    });
    if (!outcome.ok) throw outcome.error;
    live = { release: outcome.release.id, routes };
    const result: PublishResult = {
      release: outcome.release.id,
      mode: affected ? 'pages' : 'full',
      pagesRendered: affected ? affected.rebuild.length : routes.length,
      added: affected?.added ?? [],
      changed: affected?.changed ?? [],
      removed: affected?.removed ?? [],
      documents: pulled?.changedDocuments ?? [],
      ms: now() - started,
      nextBoundary: nextPublicationBoundary(content, now()),
    };
    log(`[publish] ${result.release} live: ${result.mode === 'full' ? 'full build' : `${result.pagesRendered} page(s) rendered`} in ${(result.ms / 1000).toFixed(1)} s`);
    return result;
  }

  return { run };
}
