/**
 * Netlify's rules (and, until Cloudflare has its own, Cloudflare Pages'): `_redirects` and
 * `_headers` at the release's root.
 *
 * Decisions:
 * - `_redirects` holds only rules both hosts read the same way (explicit paths, 301/302):
 *   Cloudflare applies every rule even where a file exists, so there is no catch-all; an
 *   unknown path is answered by the `404.html` written in each language's folder (the
 *   not-found page of that language, with status 404), the mechanism both hosts share.
 * - The user-agent redirect cannot be said in `_redirects` (no header conditions): the
 *   pre-paint inline script does it.
 * - The spec's product address (/product-detail.html?productCode=…) serves the product's own
 *   page on Netlify (a query-matching rewrite). Cloudflare Pages cannot match a query: it skips
 *   that line (it reads only lines of two or three fields) and serves the shell, which loads
 *   the product in the browser.
 */
import { PRODUCT_QUERY_PATH } from '../../product/product-id.ts';
import type { SecurityHeader } from '../../security/content-security-policy.ts';
import { fixedRedirects, GENERATED, IMMUTABLE, prefixOf, REVALIDATE, type HostFiles, type HostRulesInput } from '../host-rules.ts';

export function redirectsFile(input: HostRulesInput): string {
  const lines = [GENERATED, '# Netlify and Cloudflare Pages. Query strings are passed on.'];
  for (const rule of fixedRedirects(input)) lines.push(`${rule.from}  ${rule.to}  ${rule.status}`);
  lines.push("# Netlify only (Cloudflare Pages skips lines of four fields and serves the shell): the product address's page.");
  for (const language of input.languages) {
    const prefix = prefixOf(language);
    lines.push(`${prefix}${PRODUCT_QUERY_PATH}  productCode=:code  ${prefix}/product/:code.html  200!`);
  }
  return `${lines.join('\n')}\n`;
}

/** `security`: the security headers (lib/security/content-security-policy.ts), sent on every path. */
export function headersFile(security: readonly SecurityHeader[]): string {
  // Cloudflare joins the values of a header that several rules set, so no two Cache-Control
  // rules may match one path: the revalidating ones name pages, folders and data, never _astro.
  // The security headers are set by the catch-all alone, for the same reason.
  return `${[
    GENERATED,
    '# Netlify and Cloudflare Pages. Hashed assets never change; pages and data revalidate, so a publish shows at once.',
    '/_astro/*',
    `  Cache-Control: ${IMMUTABLE}`,
    ...['/', '/*/', '/*.html', '/*.xml', '/*.json'].flatMap((path) => [path, `  Cache-Control: ${REVALIDATE}`]),
    '/*',
    ...security.map(([name, value]) => `  ${name}: ${value}`),
  ].join('\n')}\n`;
}

export const netlifyFiles: HostFiles = (input, security) => [
  { path: '_redirects', content: redirectsFile(input) },
  { path: '_headers', content: headersFile(security) },
];
