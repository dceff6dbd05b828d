/**
 * The build's fingerprint: everything that shapes every page but is not content, so not in
 * any route digest: the code (src/, scripts/, public/, the Astro config, the locked dependencies and
 * our patches of them, patches/) and
 * the build's configuration (SITE_URL, or HOST and PORT that make its default, MOBILE_SITE_URL,
 * the PUBLIC_* variables the islands are compiled with, the analytics collector's and the
 * third-party scripts' settings, which every page's head carries, and the CSP_* settings). A release built with another fingerprint cannot be patched page by
 * page: the next publish builds everything.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const CODE = ['src', 'scripts', 'public', 'patches', 'astro.config.mjs', 'package-lock.json'];
const CONFIG = (name: string) =>
  name === 'SITE_URL' ||
  name === 'MOBILE_SITE_URL' ||
  name.startsWith('PUBLIC_') ||
  // Written into every page's head: the collector host and the third-party scripts.
  name.startsWith('ANALYTICS_') ||
  /_SCRIPT_URL(_[A-Z]{2})?$/.test(name) ||
  // The Content-Security-Policy, which the host rules of every release carry.
  name.startsWith('CSP_');
/** Without SITE_URL the links follow the served origin (env.ts siteUrl). */
const ORIGIN = ['HOST', 'PORT'];

function filesOf(root: string, entry: string): string[] {
  const path = join(root, entry);
  try {
    return readdirSync(path, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => relative(root, join(e.parentPath, e.name)))
      .sort();
  } catch {
    return [entry];
  }
}

export function buildFingerprint(root = process.cwd(), env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha256');
  for (const file of CODE.flatMap((entry) => filesOf(root, entry))) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(root, file));
    } catch {
      continue;
    }
    hash.update(`${file}\0${bytes.length}\0`).update(bytes);
  }
  const origin = env.SITE_URL?.trim() ? [] : ORIGIN;
  for (const name of Object.keys(env)
    .filter((n) => CONFIG(n) || origin.includes(n))
    .sort())
    hash.update(`${name}=${env[name]?.trim() ?? ''}\0`);
  return hash.digest('hex').slice(0, 32);
}
