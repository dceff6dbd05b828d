/**
 * Builds the site from content-cache/ with Astro, as a function (the publish service and
 * the benchmarks call it) and as a CLI (`npm run build` pulls first).
 *
 * Every build writes its route manifest (scripts/publish/route-manifest.ts) into the output.
 * Given the manifest of the release it will be merged over (`base`), a build renders only
 * the routes whose digest changed (plus robots.txt and the sitemap index; the sitemaps and
 * feeds of the languages with a changed route; the product data files and fragments whose
 * digest changed, src/node/routing/data-files.ts) and reports
 * what was added, changed and removed; the
 * caller merges that partial output over a hard-linked copy of the base release.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'astro';
import { buildOptions, type AstroBuildOptions } from '../src/node/build-options.ts';
import { holdRenderScope, shardScope } from '../src/node/render-scope.ts';
import { fileOfRoute, nextPublicationBoundary } from '../src/node/routing/route-table.ts';
import { getSite, resetSite, warmSite } from '../src/node/site.ts';
import { dataFileTable } from '../src/node/routing/data-files.ts';
import { astroOutDir } from '../src/node/env.ts';
import { affectedPages } from './publish/affected-pages.ts';
import { ROUTE_MANIFEST_FILE, parseRouteManifest, serializeRouteManifest, type RouteManifest } from './publish/route-manifest.ts';
import { writeHostRules } from './host-rules.ts';
import { compressTree } from './compress.ts';
import { startPagePipeline } from './build/page-pipeline.ts';
import { holdPageSink } from '../src/node/rendered-pages.ts';
import { buildFingerprint } from './publish/build-fingerprint.ts';
import { readAhead } from './publish/read-ahead.ts';
import { countPages } from './publish/releases.ts';
import { pull } from './pull-content.ts';
import { CodedError } from '../src/lib/errors.ts';
import { parseShard, writeShardRecord } from './shards/shard.ts';

/** A spare's failure when its bundles are older than the code: the builder builds again in a fresh process. */
const CODE_CHANGED = 'BUILD_CODE_CHANGED';
/** A spare's end when its input closes without a job (the service stopped). */
const NO_JOB = 'BUILD_NO_JOB';
/** The exit code of a spare whose code changed. */
const CODE_CHANGED_EXIT = 75;

export interface BuildResult {
  outDir: string;
  /** 'full': the whole site; 'pages': only what differs from the base. Both with the host rules. */
  mode: 'full' | 'pages';
  /** Pages rendered. */
  pages: number;
  /** Product data files and fragments written, those new (paths), and those gone (paths: the caller removes them from the release). */
  dataFiles: { written: number; added: string[]; removed: string[] };
  /** URL paths new, changed and gone against the base (empty for a full build). */
  added: string[];
  changed: string[];
  removed: string[];
  /** The next start or end date of a page after the build's clock, or null. */
  nextBoundary: number | null;
  ms: number;
  /** Where the time went (ms): reading the content and route table, Astro's build, host rules and manifest, compressed copies. */
  steps: { load: number; astro: number; after: number; compress: number };
  /**
   * Parts of the steps (ms), for the publisher's log: reading the base release's route manifest
   * once the job came (0 when the spare had read it ahead), the content and route table, the
   * data-file table, the comparison with the base; the host rules, the new route manifest.
   */
  parts: { manifest: number; site: number; dataFiles: number; plan: number; hostRules: number; routeManifest: number };
  /** Whether the base release's route manifest was the one a spare read while it waited (publish/read-ahead.ts). */
  baseReadAhead: boolean;
  /**
   * CPU time (ms, every thread of the process) of Astro's step and of the whole build: steadier
   * than the wall clock on a machine shared with others, for comparing two builds. `compression`
   * is the part of it spent compressing and scanning pages as Astro rendered them.
   */
  cpu: { astro: number; total: number; compression: number };
}

/** What a build's output will be merged over. */
export interface BuildTarget {
  /**
   * The route manifest of the release this output will be merged over. Used only when its
   * fingerprint is this build's (same code and configuration); otherwise the build is full.
   */
  base?: RouteManifest | null;
  /** The release folder `base` came from: its compressed copies of unchanged assets are taken as they are. */
  baseRelease?: string | null;
  /** How long reading `base` took once the job came (ms), and whether it had been read ahead. */
  baseReadMs?: number;
  baseReadAhead?: boolean;
}

export interface BuildOptions extends BuildTarget {
  outDir?: string;
  /**
   * The target, when it is not known yet: a spare build process bundles the site while it
   * waits for its job, and renders once this resolves (`base` and `baseRelease` are then unused).
   */
  target?: Promise<BuildTarget>;
  /** Runs once the bundles are written and the pages ask what to render. */
  onBundled?: () => void;
  /** Astro's experimental incremental build: pages whose digest (cacheKey) is unchanged are skipped. */
  incremental?: boolean;
  /** Pages rendered in parallel (Astro's build.concurrency). */
  concurrency?: number;
  /** Astro's cache (optimised images, incremental manifest); the benchmark uses a fresh one. */
  cacheDir?: string;
  /**
   * A shard of a cold build (scripts/shards/): only these languages (BCP 47 codes) are rendered,
   * and instead of the host rules the shard's record is written, for the merge.
   */
  shard?: readonly string[];
}

export async function buildSite(options: BuildOptions = {}): Promise<BuildResult> {
  const outDir = options.outDir ?? 'dist';
  // A spare's bundling before its job came is not part of the build's time.
  let started = performance.now();
  let loaded = started;
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  let cpuStarted = cpuMs();
  let cpuLoaded = cpuStarted;
  const parts: BuildResult['parts'] = { manifest: 0, site: 0, dataFiles: 0, plan: 0, hostRules: 0, routeManifest: 0 };
  let baseReadAhead = false;
  // What the bundles are made from: a spare's code may change on disk before its job comes.
  const bundledFrom = options.target ? buildFingerprint() : null;
  let settled = false;
  const planned = (async () => {
    const target = options.target ? await options.target : options;
    started = performance.now();
    cpuStarted = cpuMs();
    const fingerprint = buildFingerprint();
    if (bundledFrom !== null && bundledFrom !== fingerprint)
      throw new CodedError(CODE_CHANGED, 'The code changed after this build process bundled it; a fresh one builds it');
    // The route table is memoised per process; a new build must read the cache afresh.
    resetSite();
    const lap = (since: number) => Math.round(performance.now() - since);
    let at = performance.now();
    const { routes, content, now } = await getSite();
    parts.site = lap(at);
    at = performance.now();
    const files = dataFileTable(content);
    parts.dataFiles = lap(at);
    at = performance.now();
    const { base = null, baseRelease = null } = target;
    parts.manifest = target.baseReadMs ?? 0;
    baseReadAhead = target.baseReadAhead ?? false;
    // A partial build needs the base release's folder too: its compressed copies and its release scan.
    const plan = base?.fingerprint === fingerprint && baseRelease ? affectedPages({ before: base.routes, after: routes }) : null;
    const filePlan = plan && base ? affectedPages({ before: base.files, after: files }) : null;
    parts.plan = lap(at);
    const scope =
      plan && filePlan
        ? {
            paths: plan.rebuild.map((route) => route.urlPath),
            dataFiles: filePlan.rebuild.map((f) => f.urlPath),
            languages: plan.languages,
          }
        : options.shard
          ? shardScope(routes, files, options.shard)
          : null;
    loaded = performance.now();
    cpuLoaded = cpuMs();
    return { routes, content, now, fingerprint, files, plan, filePlan, baseRelease, scope };
  })();
  const scope = planned.then((p) => p.scope);
  // Handled where they are awaited: the pages, then below.
  planned.then(
    () => (settled = true),
    () => (settled = true),
  );
  scope.catch(() => {});
  holdRenderScope(scope, options.onBundled);
  // A build that knows its target reads the content first: bad content fails it before Astro
  // empties its output folder.
  if (!options.target) await planned;
  const pipeline = startPagePipeline(outDir);
  holdPageSink(pipeline.sink);
  try {
    await astroBuild({ outDir, concurrency: options.concurrency, cacheDir: options.cacheDir, incremental: options.incremental });
  } catch (error) {
    pipeline.stop();
    // The plan's own failure (bad content, no job) says more than the page that waited for it;
    // a bundle that failed before the job came says it at once.
    if (settled) await planned;
    throw error;
  } finally {
    holdPageSink(null);
  }
  const piped = await pipeline.finish();
  if (piped.unwritten.length > 0)
    console.warn(
      `[build] ${piped.unwritten.length} page(s) handed to compression were not written where expected (a naming bug; compressed afterwards instead): ${piped.unwritten.slice(0, 5).join(', ')}`,
    );
  const { content, now, fingerprint, files, plan, filePlan, baseRelease, routes } = await planned;
  const rendered = performance.now();
  const cpuRendered = cpuMs();
  if (options.shard) await writeShardRecord(outDir, { languages: options.shard, now, fingerprint, scanned: piped.scans });
  else
    await writeHostRules(outDir, {
      baseRelease: plan ? baseRelease : null,
      scanned: piped.scans,
      removed: [...(plan?.removed.map(fileOfRoute) ?? []), ...(filePlan?.removed.map(fileOfRoute) ?? [])],
    });
  parts.hostRules = Math.round(performance.now() - rendered);
  await writeFile(join(outDir, ROUTE_MANIFEST_FILE), serializeRouteManifest({ fingerprint, routes, files }));
  const ruled = performance.now();
  parts.routeManifest = Math.round(ruled - rendered) - parts.hostRules;
  await compressTree(outDir, { reuseFrom: plan ? baseRelease : null, written: piped.written });
  return {
    outDir,
    mode: plan ? 'pages' : 'full',
    dataFiles: {
      written: filePlan ? filePlan.rebuild.length : files.length,
      added: filePlan?.added ?? [],
      removed: filePlan?.removed ?? [],
    },
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
    parts,
    baseReadAhead,
    cpu: {
      astro: Math.round(cpuRendered - cpuLoaded),
      total: Math.round(cpuMs() - cpuStarted),
      compression: Math.round(piped.cpuMs),
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

/** What a spare build process prints once its bundles are written and it waits for its job. */
const READY_LINE = '[build] ready';

/** What a build process is asked to do, on its standard input (its output folder was given at its start). */
interface BuildJob {
  /** A release folder whose route manifest the output will be merged over. */
  baseRelease?: string;
}

interface BuildProcess {
  child: ChildProcess;
  outDir: string;
  /** Whether the folder is the builder's own (a temporary one), removed unless the build succeeds. */
  ownDir: boolean;
  ready: Promise<void>;
  /** Set when its result is read: its folder is then the caller's. */
  succeeded: boolean;
}

/**
 * The builder's folders: inside the project, so Astro keeps each build's server bundle in the
 * build's own folder (one outside the project shares `.astro/.prerender`, which a build removes
 * when it is done, under a spare still waiting to render).
 */
const PARTIALS_DIR = join('.data', 'partials');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Removes the folders of builders whose process is gone: a service killed with its spare (a
 * signal to the whole process group) leaves the spare's. Folders carry their builder's pid, so
 * another service's in the same project is left alone.
 */
export function sweepPartials(): void {
  let names: string[];
  try {
    names = readdirSync(PARTIALS_DIR);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^build-(\d+)-/.exec(name)?.[1]);
    if (pid && !alive(pid)) rmSync(join(PARTIALS_DIR, name), { recursive: true, force: true });
  }
}

/**
 * Builds in child processes, with one started ahead of time: Astro renders stale props when it
 * builds twice in one process, so every build needs a fresh process. A spare started after each
 * build goes as far as it can without a job: it loads Astro, parses the content cache, bundles
 * the site (1.2 s of any build, whatever it renders) into a folder of its own, and waits, its
 * pages asking what to render (render-scope.ts). When the job comes (after the pull) it reads
 * the content again (only documents whose hash changed are parsed anew), plans and renders. A
 * spare whose code changed since it bundled fails with CODE_CHANGED_EXIT, and the build runs in a
 * fresh process; one whose parent goes away removes its folder and exits.
 *
 * A build asked for a given folder (a full build into a release) cannot use the spare, which
 * has its own: it runs in a fresh process.
 */
export function createChildBuilder(options: { warm?: boolean; readAhead?: string } = {}) {
  const warm = options.warm ?? true;
  // A spare reads the live release's route manifest while it waits (publish/read-ahead.ts).
  const ahead = options.readAhead ? ['--read-ahead', options.readAhead] : [];
  sweepPartials();
  let spare: BuildProcess | null = null;
  let spareReady: Promise<void> = Promise.resolve();
  const start = (outDir?: string): BuildProcess => {
    let dir = outDir;
    if (dir === undefined) {
      mkdirSync(PARTIALS_DIR, { recursive: true });
      dir = mkdtempSync(join(PARTIALS_DIR, `build-${process.pid}-`));
    }
    const own = outDir === undefined ? ['--own-out'] : [];
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--no-pull', '--wait', '--out', dir, ...own, ...ahead], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const worker: BuildProcess = { child, outDir: dir, ownDir: outDir === undefined, ready: Promise.resolve(), succeeded: false };
    worker.ready = new Promise<void>((resolve) => {
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
    child.once('close', () => {
      // A spare that died before its job (its bundle failed) is not used.
      if (spare === worker) spare = null;
      if (worker.ownDir && !worker.succeeded) void rm(worker.outDir, { recursive: true, force: true });
    });
    return worker;
  };

  function run(worker: BuildProcess, job: BuildJob): Promise<BuildResult> {
    const { child } = worker;
    return new Promise((resolvePromise, reject) => {
      let output = '';
      // Answered as soon as the result is printed: the process's own exit (Astro's clean-up,
      // a large heap) is no business of the publish waiting for it.
      const resultOf = () => /\[build\] RESULT (\{.*\})\n/.exec(output)?.[1];
      child.stdout!.on('data', (chunk) => {
        output += String(chunk);
        const result = resultOf();
        if (!result || worker.succeeded) return;
        worker.succeeded = true;
        resolvePromise(JSON.parse(result) as BuildResult);
      });
      child.stderr!.on('data', (chunk) => (output += String(chunk)));
      child.on('error', reject);
      child.on('close', (code) => {
        if (code === 0 && resultOf()) return;
        const message = /\[build\] failed: (.*)/.exec(output)?.[1] ?? `the build exited with ${code}: ${output.slice(-400)}`;
        reject(Object.assign(new Error(message), { exitCode: code }));
      });
      child.stdin!.end(`${JSON.stringify(job)}\n`);
    });
  }

  /** Its input closed without a job, a spare removes its folder and exits; one that does not within 5 s is stopped. */
  function retire({ child }: BuildProcess): void {
    child.stdin!.end();
    setTimeout(() => child.kill(), 5_000).unref();
  }

  function replaceSpare(): void {
    if (!warm) return;
    // Started once the build is done, not beside it: on two cores it would slow the build down.
    spare = start();
    spareReady = spare.ready;
  }

  return {
    /**
     * Builds over `baseRelease` (if any) into `outDir`, or, without one, into a folder of the
     * builder's (the result's outDir; the caller removes it once merged).
     */
    async build(job: BuildJob & { outDir?: string }): Promise<BuildResult> {
      const asked: BuildJob = job.baseRelease ? { baseRelease: job.baseRelease } : {};
      const fromSpare = job.outDir === undefined && spare !== null;
      // A build in a fresh process retires the spare: a new one is started after it.
      if (!fromSpare && spare) retire(spare);
      const worker = fromSpare ? spare! : start(job.outDir);
      spare = null;
      try {
        return await run(worker, asked);
      } catch (error) {
        if (!fromSpare || (error as { exitCode?: number }).exitCode !== CODE_CHANGED_EXIT) throw error;
        return await run(start(), asked);
      } finally {
        replaceSpare();
      }
    },
    /** Resolves when the spare build process has bundled the site (or is gone): for benchmarks and tests. */
    ready(): Promise<void> {
      return spareReady;
    },
    close(): void {
      if (spare) retire(spare);
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
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      wait: { type: 'boolean', default: false },
      'no-pull': { type: 'boolean', default: false },
      // The output folder is the builder's: removed if no job comes.
      'own-out': { type: 'boolean', default: false },
      // Languages this build renders, as one shard of a sharded build (scripts/shards/, docs/deployment.md).
      shard: { type: 'string' },
      // The releases' `current` link: a spare reads the live release's route manifest while it waits.
      'read-ahead': { type: 'string' },
    },
  });
  const outDir = values.out ?? astroOutDir();
  // A spare outlives a parent that went away: writing to the closed pipes must not end it
  // before it has removed its folder.
  if (values.wait) for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
  try {
    const shard = values.shard === undefined ? undefined : parseShard(values.shard);
    // Shards on separate runners start at different times; the merge needs one clock.
    if (shard && !process.env.BUILD_NOW?.trim())
      throw new Error(
        'A shard needs BUILD_NOW (a millisecond timestamp), the same for every shard of the build, e.g. BUILD_NOW=$(date +%s000)',
      );
    if (!values['no-pull']) await pull();
    // A spare of createChildBuilder bundles now and learns its target from the job on its input;
    // meanwhile it parses the content cache, so that then only changed documents are parsed.
    if (values.wait) void warmSite().catch(() => {});
    const manifests = readAhead(ROUTE_MANIFEST_FILE, readRouteManifest);
    const target = values.wait
      ? readJob().then(async (job) => {
          if (!job) throw new CodedError(NO_JOB, 'No job came: the service stopped');
          const reading = performance.now();
          const read = job.baseRelease ? await manifests.get(job.baseRelease) : null;
          return {
            base: read?.value ?? null,
            baseRelease: job.baseRelease ?? null,
            baseReadMs: Math.round(performance.now() - reading),
            baseReadAhead: read?.ahead ?? false,
          };
        })
      : undefined;
    const bundled = () => {
      console.log(READY_LINE);
      // Once bundled, not before: by then the publish that started this spare has made its release live.
      if (values['read-ahead']) manifests.start(values['read-ahead']);
    };
    const result = await buildSite({ outDir, shard, ...(target ? { target, onBundled: bundled } : {}) });
    if (values.wait) console.log(`[build] RESULT ${JSON.stringify(result)}`);
    console.log(
      `[build] ${result.pages} pages ${result.mode === 'pages' ? 'rendered again ' : ''}in ${(result.ms / 1000).toFixed(1)} s into ${join(result.outDir)}/`,
    );
  } catch (error) {
    const code = (error as CodedError).code;
    if (code === NO_JOB) {
      if (values['own-out']) await rm(outDir, { recursive: true, force: true });
      process.exit(0);
    }
    console.error(`[build] failed: ${(error as Error).message}`);
    process.exit(code === CODE_CHANGED ? CODE_CHANGED_EXIT : 1);
  }
}
