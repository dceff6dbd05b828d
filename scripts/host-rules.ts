/**
 * Writes the host rules next to a fresh build (see src/lib/routing/host-rules.ts): `_redirects`,
 * `_headers`, the 404.html of each language, and under `_host/` the nginx includes and the
 * CMS pages the local server's mobile redirect matches.
 */
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getSite } from '../src/lib/cms/site.ts';
import { mobileSiteUrl } from '../src/lib/env.ts';
import { LANGUAGES } from '../src/lib/i18n/languages.ts';
import { headersFile, nginxHttpInclude, nginxServerInclude, notFoundCopies, redirectsFile, type HostRulesInput } from '../src/lib/routing/host-rules.ts';
import type { MobilePagesBySegment } from '../src/lib/routing/mobile-redirect.ts';

export const HOST_DIR = '_host';
export const MOBILE_PAGES_FILE = `${HOST_DIR}/mobile-pages.json`;

export async function writeHostRules(outDir: string): Promise<void> {
  const { content, routes } = await getSite();
  const mobilePages: MobilePagesBySegment = Object.fromEntries(
    content.languages.map((lc) => [lc.language.pathSegment, lc.shared.config.pages.filter((p) => p.productPageFlag !== 'Y').map((p) => ({ path: p.path, code: p.code }))]),
  );
  const input: HostRulesInput = { languages: LANGUAGES, pagePaths: routes.map((r) => r.urlPath), mobileSiteUrl: mobileSiteUrl(), mobilePages };
  await mkdir(join(outDir, HOST_DIR), { recursive: true });
  await Promise.all([
    writeFile(join(outDir, '_redirects'), redirectsFile(input)),
    writeFile(join(outDir, '_headers'), headersFile()),
    writeFile(join(outDir, HOST_DIR, 'nginx-http.conf'), nginxHttpInclude(input)),
    writeFile(join(outDir, HOST_DIR, 'nginx-server.conf'), nginxServerInclude(input)),
    writeFile(join(outDir, MOBILE_PAGES_FILE), `${JSON.stringify(mobilePages)}\n`),
    ...notFoundCopies(LANGUAGES).map(({ from, to }) => copyFile(join(outDir, from), join(outDir, to))),
  ]);
}
