/**
 * Writes the host rules next to a fresh build: each host's files (src/lib/routing/hosts/), the
 * 404.html of each language, and under `_host/` the
 * CMS pages the local server's mobile redirect matches, and the security headers the local server
 * sends (with the release scan the Content-Security-Policy is made from).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { getSite } from '../src/node/site.ts';
import {
  analyticsCollector,
  apiBaseUrl,
  cspExtraSources,
  cspReportOnly,
  cspReportUri,
  hstsIncludeSubdomains,
  mobileSiteUrl,
  scriptSources,
  siteUrl,
} from '../src/node/env.ts';
import { LANGUAGES } from '../src/lib/i18n/languages.ts';
import { REGIONS } from '../src/lib/i18n/regions.ts';
import { notFoundCopies, type HostRulesInput } from '../src/lib/routing/host-rules.ts';
import { cloudflareFiles } from '../src/lib/routing/hosts/cloudflare.ts';
import { netlifyFiles } from '../src/lib/routing/hosts/netlify.ts';
import { nginxFiles } from '../src/lib/routing/hosts/nginx.ts';
import type { MobilePagesBySegment } from '../src/lib/routing/mobile-redirect.ts';
import {
  contentSecurityPolicy,
  originOf,
  scriptSourceOf,
  POLICY_MAX_LENGTH,
  securityHeaders,
  type SecurityHeader,
} from '../src/lib/security/content-security-policy.ts';
import { replaceFile } from './publish/releases.ts';
import {
  mergeScans,
  parseScan,
  scanRelease,
  scanTotals,
  serializeScan,
  type PageScan,
  type ReleaseScan,
  type ScanTotals,
} from './security/release-scan.ts';

export const HOST_DIR = '_host';
export const MOBILE_PAGES_FILE = `${HOST_DIR}/mobile-pages.json`;
/** The mobile site this release sends phones to ({"url": ""} when none): its pages' inline script has it too. */
export const MOBILE_SITE_FILE = `${HOST_DIR}/mobile-site.json`;
/** The security headers the local server sends, as [name, value] pairs. */
export const SECURITY_HEADERS_FILE = `${HOST_DIR}/security-headers.json`;
/** What the policy was made from (release-scan.ts): a partial build over this release starts from it. */
export const RELEASE_SCAN_FILE = `${HOST_DIR}/release-scan.json`;

/** The policy's inputs from the configuration and the scan; the build fails on one no host would send whole. */
export function securityHeadersFor(scan: ReleaseScan, totals: ScanTotals = scanTotals(scan)): SecurityHeader[] {
  const origins = (addresses: Array<string | undefined>) => addresses.flatMap((a) => (a && originOf(a)) || []);
  const site = siteUrl();
  const own = new URL(site).origin;
  const policy = contentSecurityPolicy({
    scriptHashes: Object.keys(totals.scripts),
    styleHashes: Object.keys(totals.styles),
    // Every region's, each as its own address (not its whole host, whose other scripts we never vetted).
    scriptHosts: REGIONS.flatMap((region) => Object.values(scriptSources(region))).flatMap((address) => scriptSourceOf(address) ?? []),
    connectHosts: origins([apiBaseUrl(), analyticsCollector()]).filter((origin) => origin !== own),
    imageHosts: totals.imageHosts.filter((origin) => origin !== own),
    extraSources: cspExtraSources(),
    upgradeInsecureRequests: site.startsWith('https:'),
    reportUri: cspReportUri(),
  });
  if (policy.length > POLICY_MAX_LENGTH) {
    const scripts = Object.entries(totals.scripts).map(([hash, page]) => `${hash} (first in ${page})`);
    throw new Error(
      `The Content-Security-Policy is ${policy.length} characters, over the ${POLICY_MAX_LENGTH} a host accepts. ` +
        `An inline script that differs from page to page is the usual cause: keep its data in a JSON block. Inline scripts:\n  ${scripts.join('\n  ')}`,
    );
  }
  return securityHeaders({
    policy,
    reportOnly: cspReportOnly(),
    https: site.startsWith('https:'),
    hstsIncludeSubdomains: hstsIncludeSubdomains(),
  });
}

/** The scan of a fresh build's pages (those `scanned` already not read again); a partial one joined to its base release's, less the pages it removes. */
async function releaseScan(
  outDir: string,
  baseRelease: string | null,
  scanned: Readonly<Record<string, PageScan>>,
  removed: readonly string[],
): Promise<ReleaseScan> {
  const fresh = await scanRelease(outDir, scanned);
  if (!baseRelease) return fresh;
  const stored = await readFile(join(baseRelease, RELEASE_SCAN_FILE), 'utf8').then(parseScan, () => null);
  // A release from before the scan existed (or kept it in another shape): read its pages.
  const base = stored ?? (await scanRelease(baseRelease));
  return mergeScans(base, fresh, removed);
}

/** What the host rules are made from, of the site this process loaded (getSite). */
export async function hostRulesInput(): Promise<HostRulesInput> {
  const { content, routes } = await getSite();
  const mobilePages: MobilePagesBySegment = Object.fromEntries(
    content.languages.map((lc) => [
      lc.language.pathSegment,
      lc.shared.config.pages.filter((p) => p.productPageFlag !== 'Y').map((p) => ({ path: p.path, code: p.code })),
    ]),
  );
  return {
    languages: LANGUAGES,
    pagePaths: routes.map((r) => r.urlPath),
    mobileSiteUrl: mobileSiteUrl(),
    mobilePages,
  };
}

/**
 * Writes the host rules into a build's output, from the route table the build rendered. For a
 * partial build (`baseRelease`, the release it is merged over), a language's 404.html is copied only when its not-found page was
 * rendered again; otherwise the copy in the release it is merged over is still right.
 */
export async function writeHostRules(
  outDir: string,
  options: {
    baseRelease?: string | null;
    scanned?: Readonly<Record<string, PageScan>>;
    /** The files of the pages a partial build removes from its base release. */
    removed?: readonly string[];
  } = {},
): Promise<void> {
  const input = await hostRulesInput();
  const scan = await releaseScan(outDir, options.baseRelease ?? null, options.scanned ?? {}, options.removed ?? []);
  await writeHostFiles(outDir, input, scan, { partial: Boolean(options.baseRelease) });
}

/**
 * Writes the host rules of `input` and the release's scan: a build's own, or the merge of a
 * sharded build's (scripts/shards/merge.ts), whose shards each rendered some languages.
 */
export async function writeHostFiles(
  outDir: string,
  input: HostRulesInput,
  scan: ReleaseScan,
  { partial = false }: { partial?: boolean } = {},
): Promise<void> {
  const { mobilePages } = input;
  const totals = scanTotals(scan);
  const headers = securityHeadersFor(scan, totals);
  const { handlers } = totals;
  if (handlers.length > 0) {
    const more = handlers.length > 10 ? ` and ${handlers.length - 10} more` : '';
    console.warn(
      `[csp] inline event handlers (onclick=…) do not run under the policy; found in ${handlers.slice(0, 10).join(', ')}${more}`,
    );
  }
  await mkdir(join(outDir, HOST_DIR), { recursive: true });
  // Written aside and renamed: in a release seeded with hard links of the live one, writing
  // in place would change the live site's files too.
  await Promise.all([
    ...[netlifyFiles, cloudflareFiles, nginxFiles]
      .flatMap((files) => files(input, headers))
      .map(async (file) => {
        await mkdir(dirname(join(outDir, file.path)), { recursive: true });
        await replaceFile(join(outDir, file.path), file.content);
      }),
    replaceFile(join(outDir, MOBILE_PAGES_FILE), `${JSON.stringify(mobilePages)}\n`),
    replaceFile(join(outDir, MOBILE_SITE_FILE), `${JSON.stringify({ url: input.mobileSiteUrl })}\n`),
    replaceFile(join(outDir, SECURITY_HEADERS_FILE), `${JSON.stringify(headers)}\n`),
    replaceFile(join(outDir, RELEASE_SCAN_FILE), serializeScan(scan)),
    ...notFoundCopies(LANGUAGES)
      .filter(({ from }) => !partial || existsSync(join(outDir, from)))
      .map(async ({ from, to }) => replaceFile(join(outDir, to), await readFile(join(outDir, from)))),
  ]);
}
