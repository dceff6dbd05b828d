/**
 * What a release was built from, written into it beside its pages: the digest of every route
 * (see affected-pages.ts) and the build's fingerprint (code and build configuration). The next
 * publish compares its new route table with the live release's manifest and renders only
 * the routes whose digest changed, and the product data files and fragments whose digest
 * changed (src/node/routing/data-files.ts); when the fingerprint differs, everything.
 *
 * It lives in the release rather than in the publish service's memory so that it always
 * describes the pages actually served: after a rollback, after a restart, whoever built it.
 */
import type { RouteDigest } from './affected-pages.ts';

/** In the release's root; dot files are never served (static-rules.ts, the nginx include). */
export const ROUTE_MANIFEST_FILE = '.routes.json';

/**
 * Its shape: `fingerprint`, buildFingerprint() of the build that wrote the release (not empty);
 * `routes`, URL path → [digest, BCP 47 language code]; `files`, path of a product data file or
 * fragment → [digest, BCP 47 language code]. Every path starts with '/', and digest and code are
 * not empty. Checked by hand rather than with a zod schema: every publish reads the live
 * release's manifest, and at 20,000 products (210,000 entries, 23 MB) the schema's checks took
 * some eight times as long as JSON.parse itself, seconds on every publish.
 */
type Entries = Record<string, [string, string]>;

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** Whether `value` is a record of path → [digest, language], each path starting with '/'. */
function isEntries(value: unknown): value is Entries {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const path in value) {
    if (!Object.hasOwn(value, path)) continue;
    const entry = (value as Record<string, unknown>)[path];
    if (!path.startsWith('/') || !Array.isArray(entry) || entry.length !== 2 || !nonEmpty(entry[0]) || !nonEmpty(entry[1])) return false;
  }
  return true;
}

export interface RouteManifest {
  fingerprint: string;
  routes: RouteDigest[];
  /** The product data files and fragments (data-files.ts), compared as routes are. */
  files: RouteDigest[];
}

function byPath(entries: readonly RouteDigest[]): Entries {
  const record: Entries = {};
  for (const r of entries) record[r.urlPath] = [r.digest, r.languageCode];
  return record;
}
function entriesOf(record: Entries): RouteDigest[] {
  const entries: RouteDigest[] = [];
  for (const urlPath in record) {
    const [digest, languageCode] = record[urlPath]!;
    entries.push({ urlPath, digest, languageCode });
  }
  return entries;
}

export function serializeRouteManifest(manifest: RouteManifest): string {
  return `${JSON.stringify({ fingerprint: manifest.fingerprint, routes: byPath(manifest.routes), files: byPath(manifest.files) })}\n`;
}

/** The manifest in `text`, or null when it is missing or not one (the next build is then a full one). */
export function parseRouteManifest(text: string | null): RouteManifest | null {
  if (text === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null) return null;
  const { fingerprint, routes, files } = json as Record<string, unknown>;
  if (!nonEmpty(fingerprint) || !isEntries(routes) || !isEntries(files)) return null;
  return { fingerprint, routes: entriesOf(routes), files: entriesOf(files) };
}
