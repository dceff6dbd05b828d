/**
 * Cloudflare: a release on Workers static assets with our Worker in front
 * (src/lib/routing/hosts/cloudflare-worker.ts), run by `wrangler dev` on workerd, Cloudflare's
 * own runtime, offline. The same project deploys it:
 *
 *   node scripts/hosts/cloudflare.ts deploy [--dir DIR] [--name NAME] [--max-files N] [--dry-run]
 *
 * The wrangler project is written for each run into a temporary folder: its configuration names
 * the release's folder and the Worker's source in this repository by absolute path, and its entry
 * module binds the Worker to the release's data (`_host/cloudflare/release.json`), which wrangler
 * bundles in. A release with more files than a Worker version takes (`--max-files`, 100,000 on
 * a paid plan, 20,000 on the free one) gets a project per product deployment beside it
 * (`planUpload` in src/lib/routing/hosts/cloudflare.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, stripVTControlCharacters } from 'node:util';
import {
  CLOUDFLARE_ASSETS,
  CLOUDFLARE_COMPATIBILITY_DATE,
  CLOUDFLARE_RELEASE_FILE,
  ASSETS_IGNORE_FILE,
  PAID_PLAN_MAX_FILES,
  cloudflareUploads,
  planUpload,
  productShardBinding,
} from '../../src/lib/routing/hosts/cloudflare.ts';
import type { RunningHost, ServeOnHost } from './host.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const WORKER_SOURCE = join(REPO, 'src/lib/routing/hosts/cloudflare-worker.ts');
const WRANGLER = join(REPO, 'node_modules/wrangler/bin/wrangler.js');
/** The Worker's name on Cloudflare, unless --name says otherwise. */
export const DEFAULT_WORKER_NAME = 'linea-store';
/** How long wrangler may take to answer (bundling, workerd, the asset manifest of every file). */
const START_TIMEOUT_MS = 90_000;

/** Wrangler without the network: no metrics, no update check, no fetch of the `Request.cf` sample. */
const OFFLINE_ENV = {
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
};

/** Netlify's rules at the release's root, which wrangler would read as the asset router's own. */
const NETLIFY_FILES = new Set(['_redirects', '_headers']);

/** Every file of a release, relative to it. */
function releaseFiles(release: string): string[] {
  const files: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(join(release, relative), { withFileTypes: true })) {
      const file = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(file);
      else files.push(file);
    }
  };
  walk('');
  return files;
}

/**
 * Links `files` of `release` into `into`, keeping their folders. Hard links (a 10,000-page
 * release's 32,000 in 0.7 s here, where symbolic links took 11 to 22 s), or symbolic links
 * across file systems.
 */
function linkFiles(release: string, into: string, files: Iterable<string>): void {
  let hard = true;
  const made = new Set<string>();
  for (const file of files) {
    const to = join(into, file);
    const folder = dirname(to);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    if (hard) {
      try {
        linkSync(join(release, file), to);
        continue;
      } catch (error) {
        if (!['EXDEV', 'EPERM', 'EMLINK'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
        hard = false;
      }
    }
    symlinkSync(join(release, file), to);
  }
}

/**
 * The release as Cloudflare gets it: the same folders and files, but for Netlify's `_redirects`
 * and `_headers` at the root, and for the files `elsewhere` (a product deployment's). Wrangler
 * reads those two from the assets folder as rules of its own (it parses every line, warns about
 * each Netlify-only one, and would apply the rest to the files our Worker asks for); our Worker
 * is the one set of rules here. `.assetsignore` comes along: wrangler leaves out what it names.
 */
export function linkAssets(release: string, into: string, elsewhere: ReadonlySet<string> = new Set()): void {
  mkdirSync(into, { recursive: true });
  linkFiles(
    release,
    into,
    releaseFiles(release).filter((file) => !NETLIFY_FILES.has(file) && !elsewhere.has(file)),
  );
}

/** The wrangler projects of one release: the main Worker's configuration and each product deployment's. */
export interface WranglerProjects {
  main: string;
  /** Product deployments, deployed (and started) before the main Worker, whose service bindings name them. */
  shards: Array<{ name: string; config: string; files: number }>;
  /** Files the main Worker's assets upload. */
  mainFiles: number;
}

/**
 * Writes the wrangler projects of a release into `into`. `release` must be a real folder (a
 * symlink resolved): the upload is what it was at this moment. A release whose uploaded files
 * are more than `maxFiles` (Cloudflare's limit per Worker version: `PAID_PLAN_MAX_FILES`, or
 * `FREE_PLAN_MAX_FILES`) is split: its products' pages and data files go to product deployments,
 * Workers of their own named `{name}-products-{n}` that only the main Worker reaches, through a
 * service binding each (`planUpload`, docs/hosts/cloudflare.md).
 */
export function writeWranglerProjects(
  release: string,
  into: string,
  name = DEFAULT_WORKER_NAME,
  maxFiles = PAID_PLAN_MAX_FILES,
): WranglerProjects {
  const data = join(release, CLOUDFLARE_RELEASE_FILE);
  if (!existsSync(data) || !existsSync(join(release, ASSETS_IGNORE_FILE)))
    throw new Error(
      `${release} has no ${CLOUDFLARE_RELEASE_FILE} or ${ASSETS_IGNORE_FILE}: build it again (npm run build) with this version.`,
    );
  const plan = planUpload(releaseFiles(release).filter(cloudflareUploads), maxFiles);
  const shards = plan.shards.map((files, shard) => {
    const shardName = `${name}-products-${shard}`;
    const folder = join(into, `products-${shard}`);
    const entry = join(folder, 'worker.mjs');
    linkFiles(release, join(folder, 'assets'), files);
    writeFileSync(entry, `import { productShardWorker } from ${JSON.stringify(WORKER_SOURCE)};\nexport default productShardWorker;\n`);
    const config = join(folder, 'wrangler.json');
    const settings = {
      name: shardName,
      main: entry,
      compatibility_date: CLOUDFLARE_COMPATIBILITY_DATE,
      minify: true,
      // No address of its own: only the main Worker's service binding reaches it.
      workers_dev: false,
      preview_urls: false,
      assets: { directory: join(folder, 'assets'), ...CLOUDFLARE_ASSETS },
    };
    writeFileSync(config, `${JSON.stringify(settings, null, 2)}\n`);
    return { name: shardName, config, files: files.length };
  });
  const entry = join(into, 'worker.mjs');
  writeFileSync(
    entry,
    [
      `import { createWorker } from ${JSON.stringify(WORKER_SOURCE)};`,
      `import release from ${JSON.stringify(data)};`,
      `export default createWorker({ ...release, productShards: ${shards.length} });`,
      '',
    ].join('\n'),
  );
  const assets = join(into, 'assets');
  linkAssets(release, assets, new Set(plan.shards.flat()));
  const config = join(into, 'wrangler.json');
  const settings = {
    name,
    main: entry,
    compatibility_date: CLOUDFLARE_COMPATIBILITY_DATE,
    // Smaller to upload and quicker to start: most of the bundle is the contracts' zod schemas,
    // which come with the moved pages' table.
    minify: true,
    assets: { directory: assets, ...CLOUDFLARE_ASSETS },
    ...(shards.length ? { services: shards.map((shard, i) => ({ binding: productShardBinding(i), service: shard.name })) } : {}),
  };
  writeFileSync(config, `${JSON.stringify(settings, null, 2)}\n`);
  return { main: config, shards, mainFiles: plan.main.length };
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer()
      .once('error', fail)
      .listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => done(port));
      });
  });
}

/** Ends wrangler and workerd (its child), the whole process group. */
function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve();
  const pid = child.pid;
  return new Promise((done) => {
    const killer = setTimeout(() => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, 5_000);
    child.once('exit', () => {
      clearTimeout(killer);
      done();
    });
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      clearTimeout(killer);
      done();
    }
  });
}

/**
 * `wrangler dev` on one configuration, answering on `port` once it answers anything. The
 * processes of one release share a registry of their own (`registry`), through which the main
 * Worker's service bindings find the product deployments, and no one else's.
 */
async function startWrangler(
  config: string,
  port: number,
  registry: string,
  log: (line: string) => void,
  label: string,
): Promise<ChildProcess> {
  const inspector = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [
      WRANGLER,
      'dev',
      '--config',
      config,
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--inspector-port',
      String(inspector),
      '--show-interactive-dev-session=false',
    ],
    {
      cwd: dirname(config),
      // Its own process group, so closing ends workerd too.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...OFFLINE_ENV, WRANGLER_LOG_PATH: join(dirname(config), 'logs'), WRANGLER_REGISTRY_PATH: registry },
    },
  );
  const output: string[] = [];
  const onLines = (chunk: Buffer) => {
    for (const line of stripVTControlCharacters(String(chunk)).split('\n')) {
      if (!line.trim()) continue;
      output.push(line);
      if (output.length > 200) output.shift();
      log(`[${label}] ${line}`);
    }
  };
  child.stdout?.on('data', onLines);
  child.stderr?.on('data', onLines);
  const started = Date.now();
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`wrangler dev exited before it answered:\n${output.slice(-30).join('\n')}`);
      if (Date.now() - started > START_TIMEOUT_MS)
        throw new Error(`wrangler dev did not answer within ${START_TIMEOUT_MS / 1000} s:\n${output.slice(-30).join('\n')}`);
      try {
        await (await fetch(`${url}/`, { redirect: 'manual', signal: AbortSignal.timeout(10_000) })).arrayBuffer();
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } catch (error) {
    await stopGroup(child);
    throw error;
  }
  log(`[${label}] answering after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return child;
}

/** Serves a release as Cloudflare would, split as a deploy under `maxFiles` files per Worker version would split it. */
export async function serveRelease({
  dir,
  port,
  log = () => {},
  maxFiles = PAID_PLAN_MAX_FILES,
}: Parameters<ServeOnHost>[0] & { maxFiles?: number }): Promise<RunningHost & { productDeployments: number }> {
  const release = realpathSync(dir);
  const work = mkdtempSync(join(tmpdir(), 'linea-cloudflare-'));
  const cleanUp = () => rmSync(work, { recursive: true, force: true });
  const children: ChildProcess[] = [];
  const stopAll = () => Promise.all(children.map(stopGroup));
  try {
    const projects = writeWranglerProjects(release, work, DEFAULT_WORKER_NAME, maxFiles);
    const registry = join(work, 'registry');
    // The product deployments first: the main Worker's bindings name them.
    for (const [i, shard] of projects.shards.entries())
      children.push(await startWrangler(shard.config, await freePort(), registry, log, `cloudflare products-${i}`));
    const listen = port || (await freePort());
    children.push(await startWrangler(projects.main, listen, registry, log, 'cloudflare'));
    // Their own process groups outlive us unless ended: a test or command that exits without
    // closing still takes workerd with them.
    const onExit = () => {
      for (const child of children) {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      cleanUp();
    };
    process.once('exit', onExit);
    return {
      url: `http://127.0.0.1:${listen}`,
      productDeployments: projects.shards.length,
      close: async () => {
        process.off('exit', onExit);
        await stopAll();
        cleanUp();
      },
    };
  } catch (error) {
    await stopAll();
    cleanUp();
    throw error;
  }
}

export const serve: ServeOnHost = (options) => serveRelease(options);

/**
 * `wrangler deploy` of a release (an account and a login, or CLOUDFLARE_API_TOKEN, are
 * wrangler's to find): the product deployments first, then the main Worker, whose service
 * bindings name them.
 */
async function deploy(dir: string, name: string, dryRun: boolean, maxFiles: number): Promise<number> {
  const release = realpathSync(dir);
  const work = mkdtempSync(join(tmpdir(), 'linea-cloudflare-'));
  try {
    const projects = writeWranglerProjects(release, work, name, maxFiles);
    if (projects.shards.length)
      console.log(
        `${projects.mainFiles + projects.shards.reduce((sum, s) => sum + s.files, 0)} files to upload, over ${maxFiles} a Worker version takes: ` +
          `${projects.mainFiles} in ${name}, and the products' pages and data in ${projects.shards.map((s) => `${s.name} (${s.files})`).join(', ')}.`,
      );
    for (const config of [...projects.shards.map((s) => s.config), projects.main]) {
      const args = [WRANGLER, 'deploy', '--config', config, ...(dryRun ? ['--dry-run', '--outdir', join(dirname(config), 'out')] : [])];
      const child = spawn(process.execPath, args, { cwd: dirname(config), stdio: 'inherit' });
      const code = await new Promise<number>((done) => child.once('exit', (exit) => done(exit ?? 1)));
      if (code !== 0) return code;
    }
    return 0;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      dir: { type: 'string', default: 'dist' },
      name: { type: 'string', default: DEFAULT_WORKER_NAME },
      'dry-run': { type: 'boolean', default: false },
      'max-files': { type: 'string', default: String(PAID_PLAN_MAX_FILES) },
    },
  });
  if (positionals[0] !== 'deploy') {
    console.error(
      'Usage: node scripts/hosts/cloudflare.ts deploy [--dir DIR] [--name NAME] [--max-files 100000|20000] [--dry-run]  (to serve: npm run host -- cloudflare)',
    );
    process.exit(1);
  }
  try {
    const maxFiles = Number(values['max-files']);
    if (!Number.isInteger(maxFiles) || maxFiles < 1)
      throw new Error(`--max-files must be a positive whole number, not ${values['max-files']}`);
    process.exit(await deploy(resolve(values.dir), values.name, values['dry-run'], maxFiles));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
