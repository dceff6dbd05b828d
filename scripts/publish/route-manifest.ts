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
import { z } from 'zod';
import type { RouteDigest } from './affected-pages.ts';

/** In the release's root; dot files are never served (static-rules.ts, the nginx include). */
export const ROUTE_MANIFEST_FILE = '.routes.json';

const routeManifestSchema = z.object({
  fingerprint: z.string().min(1).describe('buildFingerprint() of the build that wrote the release'),
  routes: z
    .record(z.string().startsWith('/'), z.tuple([z.string().min(1), z.string().min(1)]))
    .describe('URL path → [digest, BCP 47 language code]'),
  files: z
    .record(z.string().startsWith('/'), z.tuple([z.string().min(1), z.string().min(1)]))
    .describe('Path of a product data file or fragment → [digest, BCP 47 language code]'),
});

export interface RouteManifest {
  fingerprint: string;
  routes: RouteDigest[];
  /** The product data files and fragments (data-files.ts), compared as routes are. */
  files: RouteDigest[];
}

const byPath = (entries: readonly RouteDigest[]) => Object.fromEntries(entries.map((r) => [r.urlPath, [r.digest, r.languageCode]]));
const entriesOf = (record: Record<string, [string, string]>): RouteDigest[] =>
  Object.entries(record).map(([urlPath, [digest, languageCode]]) => ({ urlPath, digest, languageCode }));

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
  const parsed = routeManifestSchema.safeParse(json);
  if (!parsed.success) return null;
  return { fingerprint: parsed.data.fingerprint, routes: entriesOf(parsed.data.routes), files: entriesOf(parsed.data.files) };
}
