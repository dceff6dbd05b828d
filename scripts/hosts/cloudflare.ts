/**
 * Cloudflare: a release on Workers static assets with our Worker in front
 * (src/lib/routing/hosts/cloudflare-worker.ts), run by `wrangler dev` on workerd, Cloudflare's
 * own runtime, offline. The same project deploys it:
 *
 *   node scripts/hosts/cloudflare.ts deploy [--dir DIR] [--name NAME] [--dry-run]
 *
 * The wrangler project is written for each run into a temporary folder: its configuration names
 * the release's folder and the Worker's source in this repository by absolute path, and its entry
 * module binds the Worker to the release's data (`_host/cloudflare/release.json`), which wrangler
 * bundles in.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, stripVTControlCharacters } from 'node:util';
import {
  CLOUDFLARE_ASSETS,
  CLOUDFLARE_COMPATIBILITY_DATE,
  CLOUDFLARE_RELEASE_FILE,
  ASSETS_IGNORE_FILE,
} from '../../src/lib/routing/hosts/cloudflare.ts';
import type { ServeOnHost } from './host.ts';

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

/**
 * The release as Cloudflare gets it: the same folders and files, but for Netlify's `_redirects`
 * and `_headers` at the root. Wrangler reads those from the assets folder as rules of its own (it
 * parses every line, warns about each Netlify-only one, and would apply the rest to the files our
 * Worker asks for); our Worker is the one set of rules here. `.assetsignore` comes along:
 * wrangler leaves out what it names. Files are hard links (a 10,000-page release's 32,000 in
 * 0.7 s here, where symbolic links took 11 to 22 s), or symbolic links across file systems.
 */
export function linkAssets(release: string, into: string): void {
  let hard = true;
  const linkFile = (from: string, to: string) => {
    if (hard) {
      try {
        return linkSync(from, to);
      } catch (error) {
        if (!['EXDEV', 'EPERM', 'EMLINK'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
        hard = false;
      }
    }
    symlinkSync(from, to);
  };
  const mirror = (from: string, to: string, root: boolean) => {
    mkdirSync(to, { recursive: true });
    for (const entry of readdirSync(from, { withFileTypes: true })) {
      if (root && NETLIFY_FILES.has(entry.name)) continue;
      if (entry.isDirectory()) mirror(join(from, entry.name), join(to, entry.name), false);
      else linkFile(join(from, entry.name), join(to, entry.name));
    }
  };
  mirror(release, into, true);
}

/**
 * Writes the wrangler project of a release into `into` and returns its configuration's path.
 * `release` must be a real folder (a symlink resolved): the upload is what it was at this moment.
 */
export function writeWranglerProject(release: string, into: string, name = DEFAULT_WORKER_NAME): string {
  const data = join(release, CLOUDFLARE_RELEASE_FILE);
  if (!existsSync(data) || !existsSync(join(release, ASSETS_IGNORE_FILE)))
    throw new Error(
      `${release} has no ${CLOUDFLARE_RELEASE_FILE} or ${ASSETS_IGNORE_FILE}: build it again (npm run build) with this version.`,
    );
  const entry = join(into, 'worker.mjs');
  writeFileSync(
    entry,
    [
      `import { createWorker } from ${JSON.stringify(WORKER_SOURCE)};`,
      `import release from ${JSON.stringify(data)};`,
      'export default createWorker(release);',
      '',
    ].join('\n'),
  );
  const assets = join(into, 'assets');
  linkAssets(release, assets);
  const config = join(into, 'wrangler.json');
  const settings = {
    name,
    main: entry,
    compatibility_date: CLOUDFLARE_COMPATIBILITY_DATE,
    // Smaller to upload and quicker to start: most of the bundle is the contracts' zod schemas,
    // which come with the moved pages' table.
    minify: true,
    assets: { directory: assets, ...CLOUDFLARE_ASSETS },
  };
  writeFileSync(config, `${JSON.stringify(settings, null, 2)}\n`);
  return config;
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

export const serve: ServeOnHost = async ({ dir, port, log = () => {} }) => {
  const release = realpathSync(dir);
  const work = mkdtempSync(join(tmpdir(), 'linea-cloudflare-'));
  const cleanUp = () => rmSync(work, { recursive: true, force: true });
  let child: ChildProcess | undefined;
  try {
    const config = writeWranglerProject(release, work);
    const listen = port || (await freePort());
    const inspector = await freePort();
    const url = `http://127.0.0.1:${listen}`;
    child = spawn(
      process.execPath,
      [
        WRANGLER,
        'dev',
        '--config',
        config,
        '--ip',
        '127.0.0.1',
        '--port',
        String(listen),
        '--inspector-port',
        String(inspector),
        '--show-interactive-dev-session=false',
      ],
      {
        cwd: work,
        // Its own process group, so closing ends workerd too.
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, ...OFFLINE_ENV, WRANGLER_LOG_PATH: join(work, 'logs') },
      },
    );
    const output: string[] = [];
    const onLines = (chunk: Buffer) => {
      for (const line of stripVTControlCharacters(String(chunk)).split('\n')) {
        if (!line.trim()) continue;
        output.push(line);
        if (output.length > 200) output.shift();
        log(`[cloudflare] ${line}`);
      }
    };
    child.stdout?.on('data', onLines);
    child.stderr?.on('data', onLines);
    const started = Date.now();
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
    log(`[cloudflare] answering after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const running = child;
    // Its own process group outlives us unless ended: a test or command that exits without
    // closing still takes workerd with it.
    const onExit = () => {
      try {
        process.kill(-running.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
      cleanUp();
    };
    process.once('exit', onExit);
    return {
      url,
      close: async () => {
        process.off('exit', onExit);
        await stopGroup(running);
        cleanUp();
      },
    };
  } catch (error) {
    if (child) await stopGroup(child);
    cleanUp();
    throw error;
  }
};

/** `wrangler deploy` of a release (an account and a login, or CLOUDFLARE_API_TOKEN, are wrangler's to find). */
async function deploy(dir: string, name: string, dryRun: boolean): Promise<number> {
  const release = realpathSync(dir);
  const work = mkdtempSync(join(tmpdir(), 'linea-cloudflare-'));
  try {
    const config = writeWranglerProject(release, work, name);
    const args = [WRANGLER, 'deploy', '--config', config, ...(dryRun ? ['--dry-run', '--outdir', join(work, 'out')] : [])];
    const child = spawn(process.execPath, args, { cwd: work, stdio: 'inherit' });
    return await new Promise<number>((done) => child.once('exit', (code) => done(code ?? 1)));
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
    },
  });
  if (positionals[0] !== 'deploy') {
    console.error(
      'Usage: node scripts/hosts/cloudflare.ts deploy [--dir DIR] [--name NAME] [--dry-run]  (to serve: npm run host -- cloudflare)',
    );
    process.exit(1);
  }
  try {
    process.exit(await deploy(resolve(values.dir), values.name, values['dry-run']));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
