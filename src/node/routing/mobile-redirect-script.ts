/**
 * The pre-paint inline script of the mobile redirect, for hosts without rules: the very
 * module the server and the host rules use (mobile-redirect.ts, dependency-free), compiled
 * at build time and followed by one call. Build-time only (esbuild runs in Node).
 */
import { transformSync } from 'esbuild';
import source from '../../lib/routing/mobile-redirect.ts?raw';

let compiled: string | undefined;

function compiledModule(): string {
  compiled ??= transformSync(source, { loader: 'ts', format: 'iife', globalName: 'm', minify: true, target: 'es2019' }).code.trim();
  return compiled;
}

/** The id of the JSON block the script reads: the mobile site and the CMS pages this page can match. */
export const MOBILE_REDIRECT_DATA_ID = 'mobile-redirect';

/**
 * The same on every page (one hash in the Content-Security-Policy). Its data, `{ mobileSiteUrl,
 * pages }`, is a JSON block just before it; `pages` needs every language's segment as a key
 * (to find the language in the path) but only the CMS pages this page can match, so the
 * block stays small on every page.
 */
export function mobileRedirectScript(): string {
  return `(function(){${compiledModule()}var c=JSON.parse(document.getElementById(${JSON.stringify(MOBILE_REDIRECT_DATA_ID)}).textContent);var t=m.mobileRedirectForRequest({pathname:location.pathname,search:location.search,userAgent:navigator.userAgent,mobileSiteUrl:c.mobileSiteUrl,pages:c.pages});if(t)location.replace(t)})();`;
}
