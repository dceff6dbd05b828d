/**
 * robots.txt: every public page may be crawled; the member's and the payment's pages (the
 * pages that need a signed-in member, checkout and the payment returns) and the API are not
 * worth a crawler's visit, in every language. The sitemap index is named for discovery.
 */
import type { LanguageDefinition } from '../../lib/i18n/languages.ts';
import { localizedPath } from '../../lib/cms/pages.ts';
import { APP_PAGES } from '../../lib/routing/app-pages.ts';
import { SITEMAP_INDEX_PATH } from './sitemap.ts';
import { absoluteUrl } from '../../lib/seo/urls.ts';

/** Served by the commerce API and the analytics collector, not by the static site. */
const SERVICE_PREFIXES = ['/api/', '/datarcvr/'];

/** '/account/security/info.html' -> '/account/'; '/cart.html' stays. */
function topLevel(path: string): string {
  const folder = /^\/[^/]+\//.exec(path);
  return folder ? folder[0] : path;
}

/** Store paths (without language prefix) no crawler needs. */
export function privatePaths(): string[] {
  const pages = APP_PAGES.filter((page) => page.accessCheck || page.island === 'settlement' || page.island === 'payment-return');
  return [...new Set(pages.map((page) => topLevel(page.path)))];
}

export function robotsTxt(site: string, languages: readonly LanguageDefinition[]): string {
  const disallowed = [...SERVICE_PREFIXES, ...languages.flatMap((language) => privatePaths().map((path) => localizedPath(language, path)))];
  return [
    'User-agent: *',
    'Allow: /',
    ...[...new Set(disallowed)].map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl(site, SITEMAP_INDEX_PATH)}`,
    '',
  ].join('\n');
}
