/**
 * What a release was built from, written into it beside its pages: the digest of every route
 * (see affected-pages.ts) and the build's fingerprint (code and build configuration). The next
 * publish compares its new route table with the live release's manifest and renders only
 * the routes whose digest changed, and the product data files only when the product cache
 * changed; when the fingerprint differs, everything.
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
  productData: z.string().min(1).describe('productCacheDigest() of the product cache the product data files were written from'),
  routes: z
    .record(z.string().startsWith('/'), z.tuple([z.string().min(1), z.string().min(1)]))
    .describe('URL path → [digest, BCP 47 language code]'),
});

export interface RouteManifest {
  fingerprint: string;
  productData: string;
  routes: RouteDigest[];
}

export function serializeRouteManifest(manifest: RouteManifest): string {
  const routes = Object.fromEntries(manifest.routes.map((r) => [r.urlPath, [r.digest, r.languageCode]]));
  return `${JSON.stringify({ fingerprint: manifest.fingerprint, productData: manifest.productData, routes })}\n`;
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
  return {
    fingerprint: parsed.data.fingerprint,
    productData: parsed.data.productData,
    routes: Object.entries(parsed.data.routes).map(([urlPath, [digest, languageCode]]) => ({ urlPath, digest, languageCode })),
  };
}
