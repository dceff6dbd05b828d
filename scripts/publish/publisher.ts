/**
 * What one publish does: pull what changed (the CMS documents a webhook names; the catalogue's
 * changed products when it names products, or on a rebuild), build into a release seeded from the live one
 * (hard links) only the pages whose digest differs from the live release's route manifest,
 * and make it live atomically. Without a live release built by this code and configuration
 * (none yet, or a build fingerprint that differs), the build is a full one.
 *
 * A failure at any step leaves `current` serving what it served, and is thrown in plain words
 * (the pull names language, document and field) for the queue to record and /status to show.
 */
import { readFile, readdir, realpath, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pullChanged } from '../../src/node/cms/pull-changed.ts';
import { contentCacheDir } from '../../src/node/env.ts';
import { pullProducts } from '../../src/node/catalogue/pull-products.ts';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import { languagesToPull } from './affected-pages.ts';
import type { ChangeSet } from './build-queue.ts';
import { createChildBuilder, readRouteManifest, type BuildResult } from '../build-site.ts';
import { fileOfRoute } from '../../src/node/routing/route-table.ts';
import { buildFingerprint } from './build-fingerprint.ts';
import { ENCODINGS } from '../compress.ts';
import { filesUnder, moveFile } from '../build/files.ts';
import { MARKER_FILE, type ReleaseManager } from './releases.ts';
import { languageSitemapPath } from '../../src/node/seo/sitemap.ts';

export interface PublishResult {
  release: string;
  /** 'full' for a whole-site build, 'pages' when only the touched pages were rendered. */
  mode: 'full' | 'pages';
  pagesRendered: number;
  added: string[];
  changed: string[];
  removed: string[];
  documents: string[];
  /** Product codes whose cached detail the catalogue pull wrote anew or removed. */
  products: string[];
  /** Product data files and fragments written (a full build: all of them). */
  dataFiles: number;
  ms: number;
  /** The next start or end date of a page, when a rebuild is due without an editor. */
  nextBoundary: number | null;
}

/** Moves every file of a partial build over the release; a rename replaces a hard link, never the live file's bytes. */
async function mergeInto(partial: string, release: string): Promise<void> {
  for (const file of await filesUnder(partial)) await moveFile(join(partial, file), join(release, file));
}

/**
 * The sitemap parts of the release that the partial build no longer writes: a language whose
 * sitemap it wrote again and that now has fewer parts (seo/sitemap.ts) leaves its last ones,
 * which the index no longer lists. Their compressed copies go with them.
 */
export async function staleSitemapParts(partial: string, release: string): Promise<string[]> {
  const written = new Set(await readdir(partial).catch(() => [] as string[]));
  const rewritten = LANGUAGES.filter((l) => written.has(languageSitemapPath(l.code).slice(1)));
  const stale: string[] = [];
  for (const name of await readdir(release).catch(() => [] as string[])) {
    const file = name.replace(/\.(br|gz)$/, '');
    const part = rewritten.some((l) => new RegExp(`^sitemap-${l.code.toLowerCase()}-\\d+\\.xml$`).test(file));
    if (part && !written.has(file)) stale.push(name);
  }
  return stale;
}

export function createPublisher(options: {
  cmsUrl: string;
  /** The commerce API's base (…/api), whose catalogue a publish naming products pulls; none: the product cache is left as it is. */
  commerceUrl?: string;
  releases: ReleaseManager;
  log?: (line: string) => void;
  now?: () => number;
}) {
  const { cmsUrl, commerceUrl, releases, log = () => {}, now = Date.now } = options;
  const builder = createChildBuilder({ readAhead: releases.currentPath });
  /** The last build's next page boundary: a publish that builds nothing keeps it scheduled. */
  let lastBoundary: number | null = null;

  async function run(changeSet: ChangeSet): Promise<PublishResult> {
    const started = now();
    const entries = Object.entries(changeSet.documents);
    const deleted = entries.filter(([, change]) => change === 'deleted').map(([path]) => path);
    const changedPaths = entries.filter(([, change]) => change !== 'deleted').map(([path]) => path);
    const languages = languagesToPull([...changedPaths, ...deleted], LANGUAGES);
    const steps: string[] = [];
    const step = (name: string, since: number) => steps.push(`${name} ${((now() - since) / 1000).toFixed(1)} s`);
    const pulled =
      entries.length > 0
        ? await pullChanged({ baseUrl: cmsUrl, cacheDir: contentCacheDir(), languages, changed: changedPaths, deleted, log })
        : null;
    // The catalogue: only the products changed since the last pull (their updatedAt) or named.
    const products =
      commerceUrl && (changeSet.products.length > 0 || changeSet.rebuild)
        ? await pullProducts({
            apiBaseUrl: commerceUrl,
            cacheDir: contentCacheDir(),
            languages: LANGUAGES,
            incremental: true,
            changed: changeSet.products,
            log,
          })
        : null;
    step('pull', started);
    // Page by page only over a release this code and configuration built (its route manifest
    // says which digests its pages have); anything else, including no release yet, is rebuilt whole.
    // The live release's real path, resolved once: the manifest read and the build's base are one release.
    const liveDir = await realpath(releases.currentPath).catch(() => null);
    const live = liveDir ? await readRouteManifest(liveDir) : null;
    const incremental = live !== null && live.fingerprint === buildFingerprint();
    const source = changeSet.sources.join(', ') || 'publish';
    // A catalogue notice whose products came back as they were (a stock change: stock is asked
    // live) changes nothing the release holds: no build, no new release, the live one stays.
    if (incremental && liveDir && entries.length === 0 && !changeSet.rebuild && products && products.changed.length === 0) {
      log(`[publish] nothing changed for ${source}: ${basename(liveDir)} stays live (${steps.join(', ')})`);
      return {
        release: basename(liveDir),
        mode: 'pages',
        pagesRendered: 0,
        added: [],
        changed: [],
        removed: [],
        documents: [],
        products: [],
        dataFiles: 0,
        ms: now() - started,
        nextBoundary: lastBoundary,
      };
    }

    let build: BuildResult | undefined;
    // The partial build starts now, against the live release, while that release is being
    // copied (hard links of some 10,000 files): the two overlap instead of adding up. It goes to
    // a folder of the builder's (the spare build process's, already bundled), merged below.
    const base = incremental ? liveDir : null;
    const seededAt = now();
    const early = base ? builder.build({ baseRelease: base }) : null;
    early?.catch(() => {}); // awaited below; a failed seed must not leave it unhandled
    const partials: string[] = [];
    try {
      const outcome = await releases.release({
        source,
        seedFrom: incremental ? 'current' : 'empty',
        build: async (dir, _id, seededFrom) => {
          // The release seeded (a copy made ahead is taken at once): meanwhile the build ran.
          if (base) step('seed', seededAt);
          // The release's page count, from the one it was seeded from: counting the files of a
          // large release (183,113 at 5,000 products) took seconds before it could go live.
          const pagesFrom = async (result: BuildResult): Promise<number | undefined> => {
            const marker = seededFrom ? await readFile(join(releases.root, seededFrom, MARKER_FILE), 'utf8').catch(() => null) : null;
            const base = marker ? (JSON.parse(marker) as { pages?: unknown }).pages : undefined;
            if (typeof base !== 'number') return undefined;
            const fragments = (paths: readonly string[]) => paths.filter((p) => p.endsWith('.html')).length;
            return (
              base + result.added.length - result.removed.length + fragments(result.dataFiles.added) - fragments(result.dataFiles.removed)
            );
          };
          if (!early || !base) {
            build = await builder.build({ outDir: dir });
            step('build', seededAt);
            return { pages: build.pages };
          }
          build = await early;
          if (seededFrom !== basename(base)) {
            // The live release changed under us (a rollback): build again against the copy we got.
            build = await builder.build({ baseRelease: dir });
            partials.push(build.outDir);
          }
          const { parts } = build;
          step(
            `build (manifest ${parts.manifest} ms${build.baseReadAhead ? ' (read ahead)' : ''}, load ${build.steps.load} ms: content and routes ${parts.site}, data files ${parts.dataFiles}, plan ${parts.plan}; ` +
              `astro ${build.steps.astro} ms, rules ${build.steps.after} ms: host rules ${parts.hostRules}, route manifest ${parts.routeManifest}; compress ${build.steps.compress} ms)`,
            seededAt,
          );
          const merging = now();
          const staleSitemaps = await staleSitemapParts(build.outDir, dir);
          await mergeInto(build.outDir, dir);
          for (const name of staleSitemaps) await rm(join(dir, name), { force: true });
          // Pages, product data files and fragments gone, with their compressed copies.
          for (const path of [...build.removed, ...build.dataFiles.removed])
            for (const file of [fileOfRoute(path), ...ENCODINGS.map((e) => `${fileOfRoute(path)}${e.extension}`)])
              await rm(join(dir, file), { force: true });
          step('merge', merging);
          const pages = await pagesFrom(build);
          return pages === undefined ? {} : { pages };
        },
      });
      if (!outcome.ok) throw outcome.error;
      return finish(outcome.release.id, build!);
    } finally {
      // The builder's folders, merged or not (a failed seed leaves the early build's unmerged).
      const seeded = await early?.catch(() => null);
      if (seeded) partials.push(seeded.outDir);
      for (const partial of new Set(partials)) await rm(partial, { recursive: true, force: true });
    }

    function finish(release: string, built: BuildResult): PublishResult {
      lastBoundary = built.nextBoundary;
      const result: PublishResult = {
        release,
        mode: built.mode,
        pagesRendered: built.pages,
        added: built.added,
        changed: built.changed,
        removed: built.removed,
        documents: pulled?.changedDocuments ?? [],
        products: products?.changed ?? [],
        dataFiles: built.dataFiles.written,
        ms: now() - started,
        nextBoundary: built.nextBoundary,
      };
      log(
        `[publish] ${result.release} live: ${result.mode === 'full' ? 'full build' : `${result.pagesRendered} page(s) rendered`} in ${(result.ms / 1000).toFixed(1)} s (${steps.join(', ')})`,
      );
      return result;
    }
  }

  /** Stops the waiting build process. */
  const close = () => builder.close();
  /** Resolves when the waiting build process is warm: a publish then starts at full speed. */
  const ready = () => builder.ready();
  return { run, close, ready };
}
