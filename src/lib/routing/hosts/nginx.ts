/**
 * nginx's rules: an include pair, `_host/nginx-http.conf` (maps, in the http block) and
 * `_host/nginx-server.conf` (in the server block whose root is the release), and
 * `_host/nginx-brotli.conf` beside it where nginx has the brotli_static module. The
 * user-agent redirect is said here as maps computed by the mobile-redirect function itself,
 * for every page the build wrote.
 */
import type { LanguageDefinition } from '../../i18n/languages.ts';
import { MOBILE_NAMED_PATHS, MOBILE_QUERY_NAMES, MOBILE_USER_AGENT_KEYWORDS, mobileRedirectForRequest } from '../mobile-redirect.ts';
import { NOT_FOUND_PATH, UNSERVED_FILES } from '../static-rules.ts';
import { PRODUCT_CODE_PATTERN, PRODUCT_QUERY_PATH } from '../../product/product-id.ts';
import type { SecurityHeader } from '../../security/content-security-policy.ts';
import { fixedRedirects, GENERATED, IMMUTABLE, prefixOf, REVALIDATE, type HostFiles, type HostRulesInput } from '../host-rules.ts';

const nginxString = (value: string) => `"${value.replace(/["\\$]/g, (c) => (c === '$' ? '${dollar}' : `\\${c}`))}"`;
const regexEscape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A regex group capturing a path's language prefix ('' for the default language, '/en-gb'…). */
function languagePrefixGroup(languages: readonly LanguageDefinition[]): string {
  const segments = languages
    .map((l) => l.pathSegment)
    .filter(Boolean)
    .map(regexEscape)
    .join('|');
  return `((?:/(?:${segments}))?)`;
}

/** The mobile target of every page the build wrote, as the function computes it for a query-less request. */
function mobileTargets(input: HostRulesInput): Array<[string, string]> {
  const targets: Array<[string, string]> = [];
  const paths = new Set(input.pagePaths);
  // The pages the rules name, built here or not (the mobile site may have them).
  for (const language of input.languages)
    for (const path of MOBILE_NAMED_PATHS) if (path !== '/') paths.add(`${prefixOf(language)}${path}`);
  for (const path of [...paths].sort()) {
    const target = mobileRedirectForRequest({
      pathname: path,
      search: '',
      userAgent: 'mobile',
      mobileSiteUrl: input.mobileSiteUrl,
      pages: input.mobilePages,
    });
    if (target) targets.push([path, target]);
  }
  return targets;
}

/** The http-block half: which browsers are phones, and each page's mobile URL. */
export function nginxHttpInclude(input: HostRulesInput): string {
  const lines = [GENERATED, '# Include in the http block; nginx-server.conf goes in the server block.'];
  lines.push('map $http_user_agent $linea_phone {', '  default 0;');
  // First match wins: crawlers first (their smartphone crawlers say "Mobile" too).
  lines.push('  "~*(bot[/;)-]|bot$|crawler|spider|slurp|facebookexternalhit|mediapartners-google|chrome-lighthouse)" 0;');
  lines.push(`  "~*(${MOBILE_USER_AGENT_KEYWORDS.map(regexEscape).join('|')})" 1;`, '}');
  lines.push('map $uri $linea_mobile_target {', '  default "";');
  if (input.mobileSiteUrl) for (const [path, target] of mobileTargets(input)) lines.push(`  ${nginxString(path)} ${nginxString(target)};`);
  lines.push('}');
  // The query the mobile site gets: the mapped names (built in the server block), without the leading '&'.
  lines.push('map $linea_query_parts $linea_query {', '  default "";', '  "~^&(?<linea_q>.+)$" "?$linea_q";', '}');
  lines.push('geo $dollar { default "$"; }');
  return `${lines.join('\n')}\n`;
}

/** The Brotli copies, for an nginx with the brotli_static module (ngx_brotli): include it after nginx-server.conf. */
export function nginxBrotliInclude(): string {
  return `${GENERATED}\n# Needs load_module of ngx_http_brotli_static_module (Debian: libnginx-mod-http-brotli-static).\nbrotli_static on;\n`;
}

/**
 * The server-block half: fixed redirects, not-found per language, caching, the security headers
 * and the mobile redirect.
 */
export function nginxServerInclude(input: HostRulesInput, security: readonly SecurityHeader[]): string {
  const lines = [GENERATED, '# Include in the server block whose root is the built site (e.g. root /srv/linea/releases/current;).'];
  // A location's add_header replaces every one from the server level, so each location that
  // sets Cache-Control repeats them all.
  const securityLines = security.map(([name, value]) => `add_header ${name} ${nginxString(value)} always;`);
  // The build writes a .gz (and a .br) beside every text file: send those, never compress on the fly.
  lines.push('gzip_static on;', 'gzip_vary on;');
  for (const rule of fixedRedirects(input)) lines.push(`location = ${rule.from} { return ${rule.status} ${rule.to}$is_args$args; }`);
  lines.push(`location ~ "${UNSERVED_FILES.source.replaceAll('\\/', '/')}" { return 404; }`);
  lines.push(`location /_astro/ { add_header Cache-Control ${nginxString(IMMUTABLE)}; ${securityLines.join(' ')} try_files $uri =404; }`);
  // The product address: its product's page (the query kept), a malformed code not found, no code the shell.
  lines.push(
    `location ~ "^${languagePrefixGroup(input.languages)}${regexEscape(PRODUCT_QUERY_PATH)}$" {`,
    '  set $linea_lang $1;',
    `  if ($arg_productCode ~ "${PRODUCT_CODE_PATTERN.source}") { rewrite ^ $linea_lang/product/$arg_productCode.html last; }`,
    `  if ($arg_productCode != "") { return 302 $linea_lang${NOT_FOUND_PATH}; }`,
    `  add_header Cache-Control ${nginxString(REVALIDATE)};`,
    ...securityLines.map((line) => `  ${line}`),
    '  try_files $uri =404;',
    '}',
  );
  lines.push(
    'location / {',
    `  add_header Cache-Control ${nginxString(REVALIDATE)};`,
    ...securityLines.map((line) => `  ${line}`),
    '  try_files $uri $uri/index.html =404;',
    '}',
  );
  // An unknown address redirects to the not-found page of its language.
  const byLongestPrefix = [...input.languages].sort((a, b) => prefixOf(b).length - prefixOf(a).length);
  lines.push('error_page 404 = @linea_not_found;', 'location @linea_not_found {');
  for (const language of byLongestPrefix) {
    const prefix = prefixOf(language);
    if (prefix) lines.push(`  if ($uri ~ ^${regexEscape(prefix)}/) { return 302 ${prefix}${NOT_FOUND_PATH}; }`);
  }
  lines.push(`  return 302 ${NOT_FOUND_PATH};`, '}');
  if (input.mobileSiteUrl) {
    const base = input.mobileSiteUrl.replace(/\/+$/, '');
    const lang = languagePrefixGroup(input.languages);
    lines.push('# Phones go to the mobile site; the targets come from the mobile-redirect function.');
    lines.push('set $linea_query_parts "";');
    for (const [name, mobileName] of Object.entries(MOBILE_QUERY_NAMES)) {
      // An empty or "undefined" productId is dropped from links, here as in the function.
      const condition = name === 'productId' ? `$arg_${name} !~ "^(|undefined)$"` : `$arg_${name} != ""`;
      lines.push(`if (${condition}) { set $linea_query_parts "\${linea_query_parts}&${mobileName}=$arg_${name}"; }`);
    }
    lines.push('set $linea_key "$linea_phone|$uri|$arg_searchType|$arg_storeCode|$arg_couponId";');
    lines.push(`if ($linea_key ~ "^1\\|${lang}/search\\.html\\|storeCode\\|([^|]+)\\|") { return 302 ${base}$1/shop/wares/$2; }`);
    lines.push(
      `if ($linea_key ~ "^1\\|${lang}/coupon-collect\\.html\\|[^|]*\\|[^|]*\\|([^|]+)$") { return 302 ${base}$1/coupon-collect/$2; }`,
    );
    lines.push(`if ($linea_key ~ "^1\\|${lang}/coupon-collect\\.html\\|") { return 302 ${base}$1/coupon-collect; }`);
    // Read the query map before the last regex: a map's own regex would overwrite $1.
    lines.push('set $linea_mobile_query $linea_query;');
    // A target with its own query (a product page's pid) takes the rest after an '&'.
    lines.push('if ($linea_mobile_target ~ "\\?") { set $linea_mobile_query $linea_query_parts; }');
    lines.push('set $linea_go "$linea_phone|$linea_mobile_target";');
    lines.push('if ($linea_go ~ "^1\\|(.+)$") { return 302 $1$linea_mobile_query; }');
  }
  return `${lines.join('\n')}\n`;
}

export const NGINX_HTTP_INCLUDE = '_host/nginx-http.conf';
export const NGINX_SERVER_INCLUDE = '_host/nginx-server.conf';
export const NGINX_BROTLI_INCLUDE = '_host/nginx-brotli.conf';

export const nginxFiles: HostFiles = (input, security) => [
  { path: NGINX_HTTP_INCLUDE, content: nginxHttpInclude(input) },
  { path: NGINX_SERVER_INCLUDE, content: nginxServerInclude(input, security) },
  { path: NGINX_BROTLI_INCLUDE, content: nginxBrotliInclude() },
];
