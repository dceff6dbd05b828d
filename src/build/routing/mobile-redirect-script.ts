/**
 * The pre-paint inline script of the mobile redirect, for hosts without rules: the very
 * module the server and the host rules use (mobile-redirect.ts, dependency-free), compiled
 * at build time and followed by one call. Build-time only (esbuild runs in Node).
 */
import { transformSync } from 'esbuild';
import source from '../../lib/routing/mobile-redirect.ts?raw';
import type { MobilePagesBySegment } from '../../lib/routing/mobile-redirect.ts';
import { scriptJson } from '../../lib/script-json.ts';

let compiled: string | undefined;

function compiledModule(): string {
  compiled ??= transformSync(source, { loader: 'ts', format: 'iife', globalName: 'm', minify: true, target: 'es2019' }).code.trim();
  return compiled;
}

/**
 * `pages` needs every language's segment as a key (to find the language in the path) but
 * only the CMS pages this page can match: the script stays small on every page.
 */
export function mobileRedirectScript(mobileSiteUrl: string, pages: MobilePagesBySegment): string {
  const config = scriptJson({ mobileSiteUrl, pages });
  return `(function(){${compiledModule()}var c=${config};var t=m.mobileRedirectForRequest({pathname:location.pathname,search:location.search,userAgent:navigator.userAgent,mobileSiteUrl:c.mobileSiteUrl,pages:c.pages});if(t)location.replace(t)})();`;
}
