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
 * - A release still over the limit (20,000 products upload 200,000 product files) is split by the
 *   deploy: the products' pages and data go to product deployments, by a hash of the code, which
 *   the main Worker reaches through service bindings (`planUpload`).
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
  /**
   * How many product deployments the products' pages and data files were split across
   * (`planUpload`); 0 or absent when the main Worker's assets hold every file. Set by the
   * deploy, which knows the plan's limit, not by the build.
   */
  productShards?: number;
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

/** Whether wrangler uploads a file of the release (`ASSETS_IGNORED`, as `.assetsignore` reads it). */
export function cloudflareUploads(file: string): boolean {
  const parts = file.split('/');
  return (
    parts[0] !== '_host' &&
    file !== '_redirects' &&
    file !== '_headers' &&
    !parts.some((part) => part.startsWith('.')) &&
    !/\.(?:br|gz)$/.test(file)
  );
}

/**
 * Cloudflare's documented limits of files per Worker version: 100,000 on a paid plan, 20,000 on
 * the free one. A release with more is split (`planUpload`).
 */
export const PAID_PLAN_MAX_FILES = 100_000;
export const FREE_PLAN_MAX_FILES = 20_000;

/**
 * Of the limit, what a product deployment is planned to hold: the split is by a hash of the
 * product code, so deployments differ by a few hundred files at 20,000 products.
 */
const SHARD_FILL = 0.95;

/** A product's own files: its page in a language (`product/X.html`, `en-gb/product/X.html`) and its data file (`product-data/en-GB/X.json`). */
const PRODUCT_FILE = /^(?:[^/]+\/)?product\/([^/]+)\.html$|^product-data\/[^/]+\/([^/]+)\.json$/;

/** The product code a file belongs to, or null for a file of the main deployment. */
export function productOfFile(file: string): string | null {
  const match = PRODUCT_FILE.exec(file);
  return match ? (match[1] ?? match[2]!) : null;
}

/** FNV-1a, 32 bits: the same in Node and in the Worker, and spread evenly over product codes. */
function hashCode(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/** Which product deployment holds a file (0 to `shards` - 1), or null when the main one does. */
export function shardOf(file: string, shards: number): number | null {
  if (shards < 1) return null;
  const code = productOfFile(file);
  return code === null ? null : hashCode(code) % shards;
}

/** The service binding through which the main Worker reaches product deployment `shard`. */
export const productShardBinding = (shard: number): `PRODUCTS_${number}` => `PRODUCTS_${shard}`;

/** What goes where when a release is deployed: the main Worker's files, and each product deployment's. */
export interface UploadPlan {
  main: string[];
  shards: string[][];
}

/**
 * Splits the uploaded files (`cloudflareUploads`) so that no deployment holds more than
 * `maxFiles`: everything in one Worker when it fits; otherwise the products' pages and data
 * files go to as many product deployments as needed, by a hash of the product code (so the
 * Worker finds a file's deployment from its name alone), and everything else stays in the main
 * one. Throws when the main deployment alone is over the limit.
 */
export function planUpload(files: readonly string[], maxFiles: number): UploadPlan {
  if (files.length <= maxFiles) return { main: [...files], shards: [] };
  const productFiles = files.filter((file) => productOfFile(file) !== null).length;
  const mainCount = files.length - productFiles;
  if (mainCount > maxFiles)
    throw new Error(
      `The release uploads ${files.length} files, ${mainCount} of them other than product pages and data, over the ${maxFiles} one deployment takes: no split by product can fit it.`,
    );
  for (let shards = Math.ceil(productFiles / (maxFiles * SHARD_FILL)); ; shards++) {
    const plan: UploadPlan = { main: [], shards: Array.from({ length: shards }, () => []) };
    for (const file of files) {
      const shard = shardOf(file, shards);
      if (shard === null) plan.main.push(file);
      else plan.shards[shard]!.push(file);
    }
    if (plan.shards.every((list) => list.length <= maxFiles)) return plan;
  }
}

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
