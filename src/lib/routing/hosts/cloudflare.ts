/**
 * Cloudflare's rules: Workers static assets with a small Worker in front of every request
 * (./cloudflare-worker.ts). The build writes what the Worker and the upload need into the
 * release: `_host/cloudflare/release.json` (the Worker's data: languages, mobile site and pages,
 * security headers) and `.assetsignore` (what is never uploaded). The wrangler configuration
 * itself names absolute paths (the Worker's source in this repository, the release's folder),
 * so scripts/hosts/cloudflare.ts writes it when it serves or deploys a release, from
 * `CLOUDFLARE_ASSETS` and `CLOUDFLARE_COMPATIBILITY_DATE` below.
 *
 * Decisions (docs/hosts/cloudflare.md says more):
 * - A Worker runs first on every request, not only on pages: `/_astro/nope.js` and `/index.html.br`
 *   must answer 404 with the not-found page (the asset router alone answers an empty 404), and
 *   `/_astro/*` needs its immutable Cache-Control without reading Netlify's `_headers`.
 * - The asset router never rewrites an address (`html_handling: none`): its default answered
 *   every `.html` address with a 308 to the address without `.html`, which every link, canonical
 *   and sitemap of ours names.
 * - The compressed copies are not uploaded: Cloudflare compresses at its edge, and they were two
 *   thirds of a release's files (a 10,000-page release was over the per-version file limit).
 */
import type { LanguageDefinition } from '../../i18n/languages.ts';
import type { SecurityHeader } from '../../security/content-security-policy.ts';
import type { HostFiles, HostRulesInput } from '../host-rules.ts';
import type { MobilePagesBySegment } from '../mobile-redirect.ts';

export const CLOUDFLARE_DIR = '_host/cloudflare';
/** The Worker's data for this release (`CloudflareRelease`). */
export const CLOUDFLARE_RELEASE_FILE = `${CLOUDFLARE_DIR}/release.json`;
/** Read by wrangler at the root of the assets folder: gitignore patterns of files never uploaded. */
export const ASSETS_IGNORE_FILE = '.assetsignore';

/** What the Worker knows of a release beyond its files. */
export interface CloudflareRelease {
  languages: readonly LanguageDefinition[];
  /** '' when there is no mobile site. */
  mobileSiteUrl: string;
  mobilePages: MobilePagesBySegment;
  /** Sent on every answer, the Content-Security-Policy first. */
  securityHeaders: readonly SecurityHeader[];
}

/** The asset binding's name in the Worker's env. */
export const ASSETS_BINDING = 'ASSETS';

/** The `assets` settings of the wrangler configuration, but for `directory`. */
export const CLOUDFLARE_ASSETS = {
  binding: ASSETS_BINDING,
  // Files are asked for by their exact name: no address is rewritten or redirected by the router.
  html_handling: 'none',
  // A missing file is the Worker's to answer (with the not-found page of its language).
  not_found_handling: 'none',
  run_worker_first: true,
} as const;

/** A date the workerd bundled with our wrangler supports (it refuses later ones). */
export const CLOUDFLARE_COMPATIBILITY_DATE = '2026-04-01';

/**
 * Never uploaded: the host rules and the Worker's data (bundled into the Worker instead), the
 * compressed copies (Cloudflare compresses by itself), Netlify's files (wrangler leaves those out
 * by itself too) and dot files (a release's marker and route manifest). The Worker refuses these
 * addresses anyway; leaving them out keeps them off the host and out of the file count.
 */
export const ASSETS_IGNORED = ['/_host/', '*.br', '*.gz', '/_redirects', '/_headers', '.*'] as const;

export function assetsIgnoreFile(): string {
  return `# Generated at build time (src/lib/routing/hosts/cloudflare.ts). Do not edit.\n${ASSETS_IGNORED.join('\n')}\n`;
}

export function cloudflareRelease(input: HostRulesInput, security: readonly SecurityHeader[]): CloudflareRelease {
  return {
    languages: input.languages,
    mobileSiteUrl: input.mobileSiteUrl,
    mobilePages: input.mobilePages,
    securityHeaders: security,
  };
}

export const cloudflareFiles: HostFiles = (input, security) => [
  { path: ASSETS_IGNORE_FILE, content: assetsIgnoreFile() },
  { path: CLOUDFLARE_RELEASE_FILE, content: `${JSON.stringify(cloudflareRelease(input, security))}\n` },
];
