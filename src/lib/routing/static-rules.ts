/**
 * How a static host answers a path: the rules the local server applies and a CDN must
 * reproduce. Pure: file existence is injected, so the rules are tested without a disk.
 */
import type { LanguageDefinition } from '../i18n/languages.ts';
import { languageOfPath, localizedPath } from '../cms/pages.ts';
import { PATH_REDIRECTS } from './app-pages.ts';
import { movedQueryTarget } from './moved-query-pages.ts';
import { PRODUCT_CODE_PATTERN, PRODUCT_QUERY_PATH, productPagePath } from '../product/product-id.ts';

export type StaticAnswer =
  | { kind: 'file'; file: string }
  | { kind: 'redirect'; status: 301 | 302; location: string }
  /** Answered 404 at the requested address, with `file` (its language's not-found page) as the body. */
  | { kind: 'notFound'; file: string };

export const NOT_FOUND_PATH = '/not-found.html';

/**
 * Files of the build that are not content, never served: the host rules (host-rules.ts), dot
 * files (a release's marker and route manifest) and the compressed copies, which are sent in
 * place of their file to a browser that accepts them, never at an address of their own.
 */
export const UNSERVED_FILES = /^\/(?:_host\/|_redirects$|_headers$)|\/\.|\.(?:br|gz)$/;

/**
 * `pathname` is the decoded URL path. A file is served as is; a folder with index.html is
 * served at its slash form; anything else is not found: a 404 at the address itself, whose body
 * is the not-found page of its language (a redirect to a page answering 200 would be indexed by
 * crawlers as a page of its own).
 * The older product address, /product-detail.html?productCode=… (docs/storefront.md), serves the product's own
 * page (its query kept for the page: productId); a code without a page is not found, and the
 * address without a code is the shell.
 */
export function resolveStaticPath(
  pathname: string,
  search: string,
  exists: (file: string) => boolean,
  languages: readonly LanguageDefinition[],
): StaticAnswer {
  const segments = pathname.split('/');
  if (segments.some((s) => s === '..' || s.includes('\0')) || UNSERVED_FILES.test(pathname)) return notFound(pathname, languages);
  const language = languageOfPath(pathname, languages);
  const prefix = language.pathSegment ? `/${language.pathSegment}` : '';
  const moved = PATH_REDIRECTS[pathname.slice(prefix.length)];
  if (moved) return { kind: 'redirect', status: 301, location: `${prefix}${moved}${search}` };
  // A shop or look named by query on the older page that carries them all: its own page.
  const own = movedQueryTarget(pathname.slice(prefix.length), search, (path) => exists(`${prefix}${path}`.slice(1)));
  if (own) return { kind: 'redirect', status: 301, location: `${prefix}${own}${search}` };
  if (pathname.slice(prefix.length) === PRODUCT_QUERY_PATH) {
    const code = new URLSearchParams(search).get('productCode');
    if (code) {
      const file = `${prefix}${productPagePath(code)}`.slice(1);
      return PRODUCT_CODE_PATTERN.test(code) && exists(file) ? { kind: 'file', file } : notFound(pathname, languages);
    }
  }
  const relative = pathname.replace(/^\/+/, '');
  if (relative === '' || pathname.endsWith('/')) {
    const index = `${relative}index.html`;
    if (exists(index)) return { kind: 'file', file: index };
    return notFound(pathname, languages);
  }
  if (exists(relative)) return { kind: 'file', file: relative };
  if (exists(`${relative}/index.html`)) return { kind: 'redirect', status: 301, location: `${pathname}/${search}` };
  return notFound(pathname, languages);
}

function notFound(pathname: string, languages: readonly LanguageDefinition[]): StaticAnswer {
  return { kind: 'notFound', file: localizedPath(languageOfPath(pathname, languages), NOT_FOUND_PATH).slice(1) };
}
