/**
 * What one publish does: pull what changed, build into a release seeded from the live one
 * (hard links) only the pages whose digest differs from the live release's route manifest,
 * and make it live atomically. Without a live release built by this code and configuration
 * (none yet, or a build fingerprint that differs), the build is a full one.
 *
 * A failure at any step leaves `current` serving what it served, and is thrown in plain words
 * (the pull names language, document and field) for the queue to record and /status to show.
 */
import { realpath, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pullChanged } from '../../src/node/cms/pull-changed.ts';
import { contentCacheDir } from '../../src/node/env.ts';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import { languagesToPull } from './affected-pages.ts';
import type { ChangeSet } from './build-queue.ts';
import { createChildBuilder, readRouteManifest, type BuildResult } from '../build-site.ts';
import { fileOfRoute } from '../../src/node/routing/route-table.ts';
import { buildFingerprint } from './build-fingerprint.ts';
import { ENCODINGS } from '../compress.ts';
import { filesUnder, moveFile } from '../build/files.ts';
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

/** Moves every file of a partial build over the release; a rename replaces a hard link, never the live file's bytes. */
async function mergeInto(partial: string, release: string): Promise<void> {
  for (const file of await filesUnder(partial)) await moveFile(join(partial, file), join(release, file));
}

/** Folders a build renders whole or not at all: replaced, not merged, so what the CMS or the catalogue dropped goes too. */
const PRODUCT_CONTENT_DIR = 'product-content';
const PRODUCT_DATA_DIR = 'product-data';

export function createPublisher(options: { cmsUrl: string; releases: ReleaseManager; log?: (line: string) => void; now?: () => number }) {
  const { cmsUrl, releases, log = () => {}, now = Date.now } = options;
  const builder = createChildBuilder();

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
    step('pull', started);
    // Page by page only over a release this code and configuration built (its route manifest
    // says which digests its pages have); anything else, including no release yet, is rebuilt whole.
    // The live release's real path, resolved once: the manifest read and the build's base are one release.
    const liveDir = await realpath(releases.currentPath).catch(() => null);
    const live = liveDir ? await readRouteManifest(liveDir) : null;
    const incremental = live !== null && live.fingerprint === buildFingerprint();
    const source = changeSet.sources.join(', ') || 'publish';

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
          step(
            `build (load ${build.steps.load} ms, astro ${build.steps.astro} ms, rules ${build.steps.after} ms, compress ${build.steps.compress} ms)`,
            seededAt,
          );
          const merging = now();
          for (const folder of [PRODUCT_CONTENT_DIR, ...(build.productData ? [PRODUCT_DATA_DIR] : [])])
            await rm(join(dir, folder), { recursive: true, force: true });
          await mergeInto(build.outDir, dir);
          for (const path of build.removed)
            for (const file of [fileOfRoute(path), ...ENCODINGS.map((e) => `${fileOfRoute(path)}${e.extension}`)])
              await rm(join(dir, file), { force: true });
          step('merge', merging);
          return {};
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
      const result: PublishResult = {
        release,
        mode: built.mode,
        pagesRendered: built.pages,
        added: built.added,
        changed: built.changed,
        removed: built.removed,
        documents: pulled?.changedDocuments ?? [],
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
