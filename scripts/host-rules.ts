/**
 * Writes the host rules next to a fresh build (see src/lib/routing/host-rules.ts): `_redirects`,
 * `_headers`, the 404.html of each language, and under `_host/` the nginx includes (the Brotli one apart) and the
 * CMS pages the local server's mobile redirect matches.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getSite } from '../src/build/site.ts';
import { mobileSiteUrl } from '../src/build/env.ts';
import { LANGUAGES } from '../src/lib/i18n/languages.ts';
import {
  headersFile,
  nginxBrotliInclude,
  nginxHttpInclude,
  nginxServerInclude,
  notFoundCopies,
  redirectsFile,
  type HostRulesInput,
} from '../src/lib/routing/host-rules.ts';
import type { MobilePagesBySegment } from '../src/lib/routing/mobile-redirect.ts';
import { replaceFile } from './publish/releases.ts';

export const HOST_DIR = '_host';
export const MOBILE_PAGES_FILE = `${HOST_DIR}/mobile-pages.json`;

/**
 * Writes the host rules into a build's output, from the route table the build rendered. For a
 * partial build (`partial`), a language's 404.html is copied only when its not-found page was
 * rendered again; otherwise the copy in the release it is merged over is still right.
 */
export async function writeHostRules(outDir: string, options: { partial?: boolean } = {}): Promise<void> {
  const { content, routes } = await getSite();
  const mobilePages: MobilePagesBySegment = Object.fromEntries(
    content.languages.map((lc) => [
      lc.language.pathSegment,
      lc.shared.config.pages.filter((p) => p.productPageFlag !== 'Y').map((p) => ({ path: p.path, code: p.code })),
    ]),
  );
  const input: HostRulesInput = {
    languages: LANGUAGES,
    pagePaths: routes.map((r) => r.urlPath),
    mobileSiteUrl: mobileSiteUrl(),
    mobilePages,
  };
  await mkdir(join(outDir, HOST_DIR), { recursive: true });
  // Written aside and renamed: in a release seeded with hard links of the live one, writing
  // in place would change the live site's files too.
  await Promise.all([
    replaceFile(join(outDir, '_redirects'), redirectsFile(input)),
    replaceFile(join(outDir, '_headers'), headersFile()),
    replaceFile(join(outDir, HOST_DIR, 'nginx-http.conf'), nginxHttpInclude(input)),
    replaceFile(join(outDir, HOST_DIR, 'nginx-server.conf'), nginxServerInclude(input)),
    replaceFile(join(outDir, HOST_DIR, 'nginx-brotli.conf'), nginxBrotliInclude()),
    replaceFile(join(outDir, MOBILE_PAGES_FILE), `${JSON.stringify(mobilePages)}\n`),
    ...notFoundCopies(LANGUAGES)
      .filter(({ from }) => !options.partial || existsSync(join(outDir, from)))
      .map(async ({ from, to }) => replaceFile(join(outDir, to), await readFile(join(outDir, from)))),
  ]);
}
