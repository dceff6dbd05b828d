/**
 * nginx: the release served by the system's own nginx (Debian's /usr/sbin/nginx; NGINX_PATH
 * names another), with the includes the build wrote into `_host/`, in the configuration a real
 * deployment uses (docs/hosts/nginx.md): the http include in http {}, a server {} whose root is
 * the release (a `current` symlink works: nginx resolves it per request), the server include
 * and, where the module is installed, the Brotli one. It runs in the foreground with a master
 * process, from a temporary prefix folder, so `nginx -s reload` switches it as in production.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { NGINX_BROTLI_INCLUDE, NGINX_HTTP_INCLUDE, NGINX_MAP_HASH_SIZES, NGINX_SERVER_INCLUDE } from '../../src/lib/routing/hosts/nginx.ts';
import type { HostServeOptions, RunningHost, ServeOnHost } from './host.ts';

export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
/** Debian's types (the nginx package's mime.types elsewhere: NGINX_MIME_TYPES). */
export const MIME_TYPES = process.env.NGINX_MIME_TYPES ?? '/etc/nginx/mime.types';
/** Debian's dynamic module for the precompressed Brotli copies (libnginx-mod-http-brotli-static). */
export const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
export const hasBrotliStatic = () => existsSync(BROTLI_STATIC_MODULE);

export interface RunningNginx extends RunningHost {
  /** The generated nginx.conf. */
  configFile: string;
  /** The shell command that makes this nginx read its configuration and includes again (RELEASE_SWITCH_COMMAND). */
  reloadCommand: string;
}

/** A path as an nginx string. */
const quoted = (path: string) => `"${path.replace(/["\\]/g, '\\$&')}"`;
const shellQuoted = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/** The nginx.conf an operator's would reduce to, for a release at `dir` on 127.0.0.1:port. */
export function nginxConfig(options: { dir: string; port: number; prefix: string; brotli: boolean }): string {
  const { dir, port, prefix, brotli } = options;
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `${name}_temp_path ${quoted(join(prefix, name))};`);
  const asRoot = process.getuid?.() === 0;
  return `${brotli ? `load_module ${quoted(BROTLI_STATIC_MODULE)};\n` : ''}${asRoot ? '# Started by root: the workers read the release as root too, wherever it lies.\nuser root;\n' : ''}daemon off;
master_process on;
worker_processes 1;
pid ${quoted(join(prefix, 'nginx.pid'))};
error_log stderr warn;
events { worker_connections 256; }
http {
  # Before any map: room for the mobile map of every page (see src/lib/routing/hosts/nginx.ts).
  ${NGINX_MAP_HASH_SIZES}
  include ${quoted(MIME_TYPES)};
  default_type application/octet-stream;
  sendfile on;
  access_log off;
  ${temp.join('\n  ')}
  include ${quoted(join(dir, NGINX_HTTP_INCLUDE))};
  server {
    listen 127.0.0.1:${port};
    root ${quoted(dir)};
    include ${quoted(join(dir, NGINX_SERVER_INCLUDE))};${brotli ? `\n    include ${quoted(join(dir, NGINX_BROTLI_INCLUDE))};` : ''}
  }
}
`;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
    probe.once('error', fail);
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((done) => child.once('exit', () => done()));
}

/** Starts nginx on the release at `dir`; throws nginx's own words when it refuses the configuration or does not start. */
export async function startNginx({ dir: given, port: wanted, log = () => {} }: HostServeOptions): Promise<RunningNginx> {
  if (!existsSync(NGINX_PATH))
    throw new Error(
      `nginx is not installed at ${NGINX_PATH} (Debian: apt-get install nginx-light libnginx-mod-http-brotli-static), or set NGINX_PATH`,
    );
  const dir = resolve(given);
  for (const include of [NGINX_HTTP_INCLUDE, NGINX_SERVER_INCLUDE])
    if (!existsSync(join(dir, include))) throw new Error(`${dir} has no ${include}: it is not a build of this store (npm run build)`);
  const port = wanted || (await freePort());
  const prefix = await mkdtemp(join(tmpdir(), 'linea-nginx-'));
  const configFile = join(prefix, 'nginx.conf');
  await writeFile(configFile, nginxConfig({ dir, port, prefix, brotli: hasBrotliStatic() }));
  const args = ['-p', prefix, '-c', configFile];
  const cleanUp = () => rm(prefix, { recursive: true, force: true });

  const check = spawnSync(NGINX_PATH, ['-t', ...args], { encoding: 'utf8' });
  if (check.status !== 0) {
    await cleanUp();
    throw new Error(`nginx refused the configuration for ${dir}:\n${`${check.stderr}${check.stdout}`.trim()}`);
  }
  const nginx = spawn(NGINX_PATH, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  nginx.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    for (const line of chunk.split('\n')) if (line.trim()) log(`[nginx] ${line}`);
  });
  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    // QUIT: the workers finish what they are sending, then stop.
    nginx.kill('SIGQUIT');
    const timer = setTimeout(() => nginx.kill('SIGKILL'), 5000);
    await exited(nginx);
    clearTimeout(timer);
    await cleanUp();
  };
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (nginx.exitCode !== null || nginx.signalCode !== null) {
      await cleanUp();
      throw new Error(`nginx stopped at once (${nginx.exitCode ?? nginx.signalCode}):\n${stderr.trim()}`);
    }
    try {
      await fetch(`${url}/`, { method: 'HEAD', redirect: 'manual' });
      return {
        url,
        close,
        configFile,
        reloadCommand: [NGINX_PATH, ...args, '-s', 'reload'].map(shellQuoted).join(' '),
      };
    } catch {
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  await close();
  throw new Error(`nginx did not answer on ${url} within 5 s:\n${stderr.trim()}`);
}

export const serve: ServeOnHost = startNginx;
