/**
 * Which pages a publish rebuilds: the route table before the pull against the one after it.
 *
 * Every route carries a `digest` of everything it shows (content.ts): its own document and its
 * entry in the language's configuration and, for template 3/4 pages, the ancestors it inherits
 * from; the language's shared documents (classification, ticker, language-config, the
 * configuration's titles but not its list of pages, …), its locale file and the global
 * switch-config.json, but for the pop-up and its switch, which only the home page shows and only
 * its digest covers; for press pages the index and the releases they list or link; for the
 * shop pages the shops; and the other languages' addresses of the page (hreflang). So a route
 * is rebuilt exactly when its digest changed, and the dependency rules live in one place,
 * the digest, instead of being restated here, where they could drift.
 *
 * A route only in the new table was added (a new page, a start date passed, a new release);
 * one only in the old table was removed (deleted, an end date passed): its file must go.
 *
 * The `before` side is the live release's route manifest (route-manifest.ts): the digests it
 * was built with, so the comparison is against what is actually served, whichever process
 * built it and after any rollback.
 *
 * A CMS page, a fragment or a product page whose content lists products (product-list tiles)
 * also follows their price ranges from the catalogue (src/node/routing/data-files.ts), the one
 * thing a tile shows of the catalogue: one product's price change rebuilds the lists showing
 * it, not every list.
 *
 * Not in the route table: the product data files and product-page fragments, compared the same
 * way by their own digests (data-files.ts, the manifest's `files`); and, written by every build
 * for the languages with a changed page (they are cheap), the sitemaps, feeds and robots.txt.
 *
 * What the digest does not see (and the caller must): the build's configuration (SITE_URL,
 * MOBILE_SITE_URL, …) and the code itself (both need a full build), and what pages compute
 * from the build's clock beyond their own start and end dates (custom-content windows, the
 * live banner, the footer year), which the scheduled rebuilds must cover.
 */
import { documentKindOf } from '../../src/lib/cms/document-kind.ts';
import type { RouteEntry } from '../../src/node/routing/route-entry.ts';
import type { LanguageDefinition } from '../../src/lib/i18n/languages.ts';
import { CodedError } from '../../src/lib/errors.ts';

/** What the comparison needs of a route. */
export type RouteDigest = Pick<RouteEntry, 'urlPath' | 'digest' | 'languageCode'>;

export interface AffectedPages<R extends RouteDigest = RouteDigest> {
  /** Routes of the new table to render: added or changed. */
  rebuild: R[];
  /** URL paths new in this build. */
  added: string[];
  /** URL paths whose content changed. */
  changed: string[];
  /** URL paths gone: their files must be removed from the release. */
  removed: string[];
  /** Routes whose digest is the same: their previous HTML is still right. */
  unchanged: number;
  /** BCP 47 codes of the languages with any added, changed or removed route. */
  languages: string[];
}

export class DuplicateRouteError extends CodedError {
  constructor(message: string) {
    super('DUPLICATE_ROUTE', message);
  }
}

function byPath<R extends RouteDigest>(routes: readonly R[]): Map<string, R> {
  const map = new Map<string, R>();
  for (const route of routes) {
    if (map.has(route.urlPath))
      throw new DuplicateRouteError(`Two routes at ${route.urlPath}: the route table is broken, build everything`);
    map.set(route.urlPath, route);
  }
  return map;
}

export function affectedPages<R extends RouteDigest>(options: { before: readonly RouteDigest[]; after: readonly R[] }): AffectedPages<R> {
  const before = byPath(options.before);
  const after = byPath(options.after);
  const rebuild: R[] = [];
  const added: string[] = [];
  const changed: string[] = [];
  const removed: string[] = [];
  const languages = new Set<string>();
  let unchanged = 0;
  for (const [path, route] of after) {
    const previous = before.get(path);
    if (previous && previous.digest === route.digest) {
      unchanged += 1;
      continue;
    }
    (previous ? changed : added).push(path);
    rebuild.push(route);
    languages.add(route.languageCode);
  }
  for (const [path, route] of before) {
    if (after.has(path)) continue;
    removed.push(path);
    languages.add(route.languageCode);
  }
  return { rebuild, added, changed, removed, unchanged, languages: [...languages].sort() };
}

/** The BCP 47 codes of the languages whose pages a change to these cache paths may touch (for a pull limited to them). */
export function languagesToPull(changedDocuments: readonly string[], languages: readonly LanguageDefinition[]): LanguageDefinition[] {
  const cmsCodes = new Set<string>();
  for (const path of changedDocuments) {
    // A global document (switch-config.json) or one we cannot place touches every language.
    const kind = documentKindOf(path);
    if (!kind || kind.kind === 'switch-config') return [...languages];
    cmsCodes.add(kind.language);
  }
  return languages.filter((l) => cmsCodes.has(l.cmsCode));
}
