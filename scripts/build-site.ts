/**
 * Builds the site from content-cache/ with Astro, as a function (the publish service and
 * the benchmarks call it) and as a CLI (`npm run build` pulls first).
 *
 * Every build writes its route manifest (scripts/publish/route-manifest.ts) into the output.
 * Given the manifest of the release it will be merged over (`base`), a build renders only
 * the routes whose digest changed (plus robots.txt, the sitemap index and the product-page
 * fragments, which are few; the sitemaps and feeds of the languages with a changed route;
 * the product data when the product cache changed) and reports
 * what was added, changed and removed; the
 * caller merges that partial output over a hard-linked copy of the base release.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'astro';
import { buildOptions, type AstroBuildOptions } from '../src/build/build-options.ts';
import { nextPublicationBoundary } from '../src/build/routing/route-table.ts';
import { getSite, resetSite } from '../src/build/site.ts';
import { productCacheDigest } from '../src/build/catalogue/pull-products.ts';
import { astroOutDir, contentCacheDir } from '../src/build/env.ts';
import { affectedPages } from './publish/affected-pages.ts';
import { ROUTE_MANIFEST_FILE, parseRouteManifest, serializeRouteManifest, type RouteManifest } from './publish/route-manifest.ts';
import { writeHostRules } from './host-rules.ts';
import { compressTree } from './compress.ts';
import { buildFingerprint } from './publish/build-fingerprint.ts';
import { countPages } from './publish/releases.ts';
import { pull } from './pull-content.ts';

export interface BuildResult {
  outDir: string;
  /** 'full': the whole site; 'pages': only what differs from the base. Both with the host rules. */
  mode: 'full' | 'pages';
  /** Pages rendered. */
  pages: number;
  /** Whether the product data files were written (always in a full build; in a partial one, when the product cache changed). */
  productData: boolean;
  /** URL paths new, changed and gone against the base (empty for a full build). */
  added: string[];
  changed: string[];
  removed: string[];
  /** The next start or end date of a page after the build's clock, or null. */
  nextBoundary: number | null;
  ms: number;
  /** Where the time went (ms): reading the content and route table, Astro's build, host rules and manifest, compressed copies. */
  steps: { load: number; astro: number; after: number; compress: number };
}

export interface BuildOptions {
  outDir?: string;
  /**
   * The route manifest of the release this output will be merged over. Used only when its
   * fingerprint is this build's (same code and configuration); otherwise the build is full.
   */
  base?: RouteManifest | null;
  /** The release folder `base` came from: its compressed copies of unchanged assets are taken as they are. */
  baseRelease?: string | null;
  /** Astro's experimental incremental build: pages whose digest (cacheKey) is unchanged are skipped. */
  incremental?: boolean;
  /** Pages rendered in parallel (Astro's build.concurrency). */
  concurrency?: number;
  /** Astro's cache (optimised images, incremental manifest); the benchmark uses a fresh one. */
  cacheDir?: string;
}

export async function buildSite(options: BuildOptions = {}): Promise<BuildResult> {
  const outDir = options.outDir ?? 'dist';
  const started = performance.now();
  // The route table is memoised per process; a new build must read the cache afresh.
  resetSite();
  const { routes, content, now } = await getSite();
  const loaded = performance.now();
  const fingerprint = buildFingerprint();
  const productData = productCacheDigest(contentCacheDir());
  // A partial build needs the base release's folder too: its compressed copies and its release scan.
  const plan =
    options.base?.fingerprint === fingerprint && options.baseRelease ? affectedPages({ before: options.base.routes, after: routes }) : null;
  const rendersProductData = !plan || options.base?.productData !== productData;
  const renderScope = plan
    ? { paths: plan.rebuild.map((route) => route.urlPath), productData: rendersProductData, languages: plan.languages }
    : null;
  await astroBuild({ outDir, concurrency: options.concurrency, cacheDir: options.cacheDir, incremental: options.incremental, renderScope });
  const rendered = performance.now();
  await writeHostRules(outDir, { baseRelease: plan ? options.baseRelease : null });
  await writeFile(join(outDir, ROUTE_MANIFEST_FILE), serializeRouteManifest({ fingerprint, productData, routes }));
  const ruled = performance.now();
  await compressTree(outDir, { reuseFrom: plan ? options.baseRelease : null });
  return {
    outDir,
    mode: plan ? 'pages' : 'full',
    productData: rendersProductData,
    pages: plan ? plan.rebuild.length : await countPages(outDir),
    added: plan?.added ?? [],
    changed: plan?.changed ?? [],
    removed: plan?.removed ?? [],
    nextBoundary: nextPublicationBoundary(content, now),
    ms: Math.round(performance.now() - started),
    steps: {
      load: Math.round(loaded - started),
      astro: Math.round(rendered - loaded),
      after: Math.round(ruled - rendered),
      compress: Math.round(performance.now() - ruled),
    },
  };
}

/** Astro's build: astro.config.mjs, with this build's options on top. */
async function astroBuild(options: AstroBuildOptions): Promise<void> {
  await build({ ...buildOptions(options), logLevel: 'warn' });
}

/** A release's route manifest, or null when it has none (or an unreadable one). */
export async function readRouteManifest(releaseDir: string): Promise<RouteManifest | null> {
  return parseRouteManifest(await readFile(join(releaseDir, ROUTE_MANIFEST_FILE), 'utf8').catch(() => null));
}

/** What a waiting build process prints once it has loaded Astro and parsed the content cache. */
const READY_LINE = '[build] ready';

/** What a build process is asked to do, on its standard input. */
interface BuildJob {
  outDir: string;
  /** A release folder whose route manifest the output will be merged over. */
  baseRelease?: string;
}

/**
 * Builds in child processes, with one started ahead of time: Astro renders stale props when it
 * builds twice in one process (a second build with changed content gave the first build's
 * page), so every build needs a fresh process; and starting one (Node, Astro, the content
 * cache parsed) is a good part of a one-page publish. So after each build a spare process is
 * started, loads Astro and parses the content cache, and waits for the next job on its
 * standard input; when it comes (after the pull), the spare reads again only the documents
 * whose hash changed. A spare whose parent goes away sees its input close and exits.
 */
export function createChildBuilder(options: { warm?: boolean } = {}) {
  const warm = options.warm ?? true;
  let spare: ChildProcess | null = null;
  let spareReady: Promise<void> = Promise.resolve();
  const start = (): ChildProcess => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--no-pull', '--wait'], { stdio: ['pipe', 'pipe', 'pipe'] });
    spareReady = new Promise((resolve) => {
      let seen = '';
      const listen = (chunk: Buffer) => {
        seen += String(chunk);
        if (!seen.includes(READY_LINE)) return;
        child.stdout!.off('data', listen);
        resolve();
      };
      child.stdout!.on('data', listen);
      child.once('close', () => resolve());
    });
    return child;
  };

  function run(child: ChildProcess, job: BuildJob): Promise<BuildResult> {
    return new Promise((resolvePromise, reject) => {
      let output = '';
      // Answered as soon as the result is printed: the process's own exit (Astro's clean-up,
      // a large heap) is no business of the publish waiting for it.
      const resultOf = () => /\[build\] RESULT (\{.*\})\n/.exec(output)?.[1];
      child.stdout!.on('data', (chunk) => {
        output += String(chunk);
        const result = resultOf();
        if (result) resolvePromise(JSON.parse(result) as BuildResult);
      });
      child.stderr!.on('data', (chunk) => (output += String(chunk)));
      child.on('error', reject);
      child.on('close', (code) => {
        if (code === 0 && resultOf()) return;
        reject(new Error(/\[build\] failed: (.*)/.exec(output)?.[1] ?? `the build exited with ${code}: ${output.slice(-400)}`));
      });
      child.stdin!.end(`${JSON.stringify(job)}\n`);
    });
  }

  return {
    async build(job: BuildJob): Promise<BuildResult> {
      const child = spare ?? start();
      spare = null;
      try {
        return await run(child, job);
      } finally {
        // Started after the build, not beside it: on two cores it would slow the build down.
        if (warm) spare = start();
      }
    },
    /** Resolves when the spare build process is warm (or gone): for benchmarks and tests. */
    ready(): Promise<void> {
      return spareReady;
    },
    close(): void {
      spare?.kill();
      spare = null;
    },
  };
}

/** Reads the job from standard input; null when it closes without one (the parent went away). */
async function readJob(): Promise<BuildJob | null> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.trim() ? (JSON.parse(text) as BuildJob) : null;
}

if (import.meta.main) {
  try {
    const { values } = parseArgs({
      options: { out: { type: 'string' }, wait: { type: 'boolean', default: false }, 'no-pull': { type: 'boolean', default: false } },
    });
    if (!values['no-pull']) await pull();
    let job: BuildJob = { outDir: values.out ?? astroOutDir() };
    if (values.wait) {
      // A spare of createChildBuilder: parse the cache now, while nothing is asked of us.
      await getSite().catch(() => {});
      console.log(READY_LINE);
      const asked = await readJob();
      if (!asked) process.exit(0);
      job = asked;
    }
    const base = job.baseRelease ? await readRouteManifest(job.baseRelease) : null;
    const result = await buildSite({ outDir: job.outDir, base, baseRelease: job.baseRelease ?? null });
    if (values.wait) console.log(`[build] RESULT ${JSON.stringify(result)}`);
    console.log(
      `[build] ${result.pages} pages ${result.mode === 'pages' ? 'rendered again ' : ''}in ${(result.ms / 1000).toFixed(1)} s into ${join(result.outDir)}/`,
    );
  } catch (error) {
    console.error(`[build] failed: ${(error as Error).message}`);
    process.exit(1);
  }
}
