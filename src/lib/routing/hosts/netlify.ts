/**
 * Netlify's rules: `_redirects` and `_headers` at the root of the folder uploaded to Netlify
 * (the release less what Netlify must not get: `netlifyUploads`). Each rule is written for the
 * way Netlify's own software reads it (@netlify/redirect-parser, @netlify/headers-parser and
 * the netlify-redirector matcher, which scripts/hosts/netlify.ts runs); docs/hosts/netlify.md
 * says why each one is as it is.
 *
 * How Netlify applies `_redirects`: the first rule that matches wins; a file that exists is
 * served instead of a rule unless the rule is forced (`!`); a rule with status 404 serves its
 * target with that status. Paths are matched ignoring a trailing slash, so a forced
 * '/press → /press/' would send /press/ to itself for ever: the folder rules are not forced.
 * Query parameters in a rule must all be present; a literal value must equal, `:name` takes
 * any value. No rule can test the user agent (its conditions are country, language, role and
 * cookie), so the mobile redirect stays the pages' inline pre-paint script here.
 */
import { PRODUCT_CODE_PATTERN, PRODUCT_QUERY_PATH, productPagePath } from '../../product/product-id.ts';
import { MOVED_QUERY_PAGES } from '../moved-query-pages.ts';
import type { SecurityHeader } from '../../security/content-security-policy.ts';
import { fixedRedirects, GENERATED, IMMUTABLE, prefixOf, REVALIDATE, type HostFiles, type HostRulesInput } from '../host-rules.ts';

/** Each language's not-found page as the hosts' convention names it: the copies notFoundCopies() makes. */
const notFoundOf = (prefix: string) => `${prefix}/404.html`;

/**
 * Files of the release that are ours, not the site's: Netlify compresses at its edge, so the
 * build's `.br`/`.gz` copies would only be served as downloads; `_host/` is for the local
 * server and nginx; dot files (the route manifest) are the release's bookkeeping. The folder
 * uploaded to Netlify leaves them out (scripts/hosts/netlify.ts makes it), and `_redirects`
 * still answers 404 for those a whole-release upload would carry: its matcher cannot match a
 * file name's ending (`/*.br` matches nothing), which is why the copies must stay out.
 */
export function netlifyUploads(file: string): boolean {
  const parts = file.split('/');
  return parts[0] !== '_host' && !parts.some((part) => part.startsWith('.')) && !/\.(?:br|gz)$/.test(file);
}

/** The paths answered 404 whatever exists there (forced): the host files and the release's own. */
const INTERNAL_PATHS = ['/_host/*', '/_redirects', '/_headers', '/.routes.json'];

/** The product codes the build wrote a page for, in the language of `prefix`. */
function productCodes(input: HostRulesInput, prefix: string): string[] {
  const start = `${prefix}${productPagePath('')}`.slice(0, -'.html'.length);
  return input.pagePaths
    .filter((path) => path.startsWith(start) && path.endsWith('.html'))
    .map((path) => path.slice(start.length, -'.html'.length))
    .filter((code) => PRODUCT_CODE_PATTERN.test(code) && !code.includes('/'))
    .sort();
}

/**
 * Past this many product rules (one per product and language), the product address is one
 * placeholder rule per language instead: Netlify's documentation asks for wildcards or
 * placeholders from 10,000 rules on, and a deploy may fail when its processed rules are too
 * large. The sample's 121 products write 605; 2,000 products reach it.
 */
export const MAX_PRODUCT_RULES = 9_000;

export function redirectsFile(input: HostRulesInput, options: { maxProductRules?: number } = {}): string {
  const languages = input.languages;
  const codes = new Map(languages.map((language) => [language, productCodes(input, prefixOf(language))]));
  const byPattern = [...codes.values()].reduce((sum, list) => sum + list.length, 0) > (options.maxProductRules ?? MAX_PRODUCT_RULES);
  const lines = [
    GENERATED,
    '# Netlify (docs/hosts/netlify.md). The first matching rule wins; "!" applies a rule even where a file exists.',
    '# Build internals: not found, whatever was uploaded.',
    ...INTERNAL_PATHS.map((path) => `${path}  ${notFoundOf('')}  404!`),
    // Netlify cannot test whether a rewrite's target exists, and a forced rewrite to a missing
    // page answers 200 with the not-found page: so one rule per product page the build wrote,
    // then every other code is not found. An empty code is the shell, as on our server. A
    // catalogue past MAX_PRODUCT_RULES gets a placeholder rule per language instead
    // (docs/hosts/netlify.md, "A large catalogue"): an unknown code then meets Netlify's
    // answer for a rewrite to a missing file.
    byPattern
      ? "# The product address: the address without a code is the shell; any other, the code's page (a catalogue too large for a rule per product)."
      : "# The product address: each product's page; the address without a code is the shell; any other code is not found.",
  ];
  for (const language of languages) {
    const prefix = prefixOf(language);
    const from = `${prefix}${PRODUCT_QUERY_PATH}`;
    if (byPattern) {
      lines.push(
        `${from}  productCode=  ${from}  200!`,
        `${from}  productCode=:code  ${prefix}${productPagePath('').replace(/\.html$/, ':code.html')}  200!`,
      );
      continue;
    }
    for (const code of codes.get(language)!) lines.push(`${from}  productCode=${code}  ${prefix}${productPagePath(code)}  200!`);
    lines.push(`${from}  productCode=  ${from}  200!`, `${from}  productCode=:code  ${notFoundOf(prefix)}  404!`);
  }
  // One rule per page the build wrote, as for products; any other value gets the older page (lib/routing/moved-query-pages.ts).
  lines.push('# A shop or look named by query on the older page that carries them all: its own page.');
  for (const language of languages) {
    const prefix = prefixOf(language);
    for (const moved of MOVED_QUERY_PAGES) {
      const start = `${prefix}${moved.folder}/`;
      for (const path of input.pagePaths) {
        const value = path.startsWith(start) && path.endsWith('.html') ? path.slice(start.length, -'.html'.length) : '';
        if (moved.pattern.test(value) && `${prefix}${moved.to(value)}` === path)
          lines.push(`${prefix}${moved.from}  ${moved.query}=${value}  ${path}  301!`);
      }
    }
  }
  lines.push('# Moved pages and folders without their slash (query strings are passed on).');
  for (const rule of fixedRedirects(input)) lines.push(`${rule.from}  ${rule.to}  ${rule.status}`);
  // Last, and not forced: only where no file answers. Netlify itself serves only the root
  // 404.html; each language's not-found page needs its own rule, most specific first.
  lines.push("# Anything else: its language's not-found page, with status 404.");
  for (const language of languages)
    if (language.pathSegment) lines.push(`/${language.pathSegment}/*  ${notFoundOf(`/${language.pathSegment}`)}  404`);
  lines.push(`/*  ${notFoundOf('')}  404`);
  return `${lines.join('\n')}\n`;
}

/**
 * Which paths revalidate: pages, data and folders, but never a hashed asset. Netlify turns a
 * path into a regular expression where a lone `*` segment takes the rest of the path and an
 * optional slash (`/*\/` is `^/?(.*)/?$`, every path), and `*` inside a segment takes any
 * characters, slashes too (`/*.html` also matches `/_astro/x.html`). So the folders are named
 * one by one, and the extensions are those no `_astro/` file has.
 */
export function revalidatedPaths(input: Pick<HostRulesInput, 'languages' | 'pagePaths'>): string[] {
  const folders = new Set(['/', ...input.languages.map((l) => `${prefixOf(l)}/`)]);
  for (const path of input.pagePaths) if (path.endsWith('/')) folders.add(path);
  return [...[...folders].sort(), '/*.html', '/*.xml', '/*.json'];
}

/** `security`: the security headers (lib/security/content-security-policy.ts), sent on every path. */
export function headersFile(security: readonly SecurityHeader[], input: Pick<HostRulesInput, 'languages' | 'pagePaths'>): string {
  // Netlify lets a later rule's value replace an earlier one's (netlify dev) or may join them:
  // either way no two rules may set one header on one path. The revalidating rules never
  // match _astro, and the security headers are set by the catch-all alone.
  return `${[
    GENERATED,
    '# Netlify (docs/hosts/netlify.md). Hashed assets never change; pages and data revalidate, so a publish shows at once.',
    '/_astro/*',
    `  Cache-Control: ${IMMUTABLE}`,
    ...revalidatedPaths(input).flatMap((path) => [path, `  Cache-Control: ${REVALIDATE}`]),
    '/*',
    ...security.map(([name, value]) => `  ${name}: ${value}`),
  ].join('\n')}\n`;
}

export const netlifyFiles: HostFiles = (input, security) => [
  { path: '_redirects', content: redirectsFile(input) },
  { path: '_headers', content: headersFile(security, input) },
];
