/**
 * npm run host -- <host> [--port N] [--dir DIR]: serves a release (default dist/) on a host's own
 * local runtime, to try what an upload to that host will do. The hosts are the runner modules
 * in scripts/hosts/ (each exports `serve`); docs/deployment.md says what each one runs.
 */
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { ServeOnHost } from './hosts/host.ts';

const RUNNERS_DIR = new URL('./hosts/', import.meta.url);

/** The host names there are runners for. */
export function hostNames(): string[] {
  return readdirSync(RUNNERS_DIR)
    .filter((file) => file.endsWith('.ts') && file !== 'host.ts')
    .map((file) => file.slice(0, -'.ts'.length))
    .sort();
}

export async function runnerFor(name: string): Promise<ServeOnHost> {
  const names = hostNames();
  if (!names.includes(name)) throw new Error(`No host named "${name}": choose one of ${names.join(', ')}.`);
  const module = (await import(new URL(`${name}.ts`, RUNNERS_DIR).href)) as { serve?: ServeOnHost };
  if (typeof module.serve !== 'function') throw new Error(`scripts/hosts/${name}.ts exports no serve function.`);
  return module.serve;
}

if (import.meta.main) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { port: { type: 'string', default: '8788' }, dir: { type: 'string', default: 'dist' } },
  });
  const [name] = positionals;
  const port = Number(values.port);
  const dir = resolve(values.dir);
  try {
    if (!name) throw new Error(`Name a host: npm run host -- <${hostNames().join('|')}> [--port N] [--dir DIR]`);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number, not "${values.port}".`);
    if (!existsSync(dir)) throw new Error(`No release at ${dir}: run npm run build first, or name one with --dir.`);
    const serve = await runnerFor(name);
    const host = await serve({ dir, port, log: console.log });
    console.log(`${name} is serving ${dir} at ${host.url} (Ctrl+C stops it)`);
    const stop = () => void host.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
