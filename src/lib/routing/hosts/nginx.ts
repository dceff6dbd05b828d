/**
 * nginx's rules: an include pair, `_host/nginx-http.conf` (maps, in the http block) and
 * `_host/nginx-server.conf` (in the server block whose root is the release), and
 * `_host/nginx-brotli.conf` beside it where nginx has the brotli_static module.
 *
 * How they are built, and why:
 * - The http include declares every variable the server include reads, in every build (a
 *   default build's maps just answer ""), so any server include parses with any http include
 *   and a reload never meets an unknown variable.
 * - The server include sets every header once, at server level, and no location sets its own:
 *   a location's add_header would drop all the server's. The caching rule is a map on the
 *   status and the address, so an answer gets exactly one Cache-Control.
 * - An unknown address answers 404 in place with the not-found page of its language, served
 *   from a named location (an error_page to a URI would search the locations again).
 * - The phone redirect is one map from the address to the mobile URL, worked out by the
 *   mobile-redirect function for the paths it names and the CMS pages, and by patterns for the
 *   rest (products, categories, any other page), so a page this store did not build goes where
 *   the function sends it too, and the map stays small at any number of pages.
 */
import type { LanguageDefinition } from '../../i18n/languages.ts';
import { MOBILE_NAMED_PATHS, MOBILE_QUERY_NAMES, MOBILE_USER_AGENT_KEYWORDS, mobileRedirectForRequest } from '../mobile-redirect.ts';
import { NOT_FOUND_PATH, UNSERVED_FILES } from '../static-rules.ts';
import { PRODUCT_CODE_PATTERN, PRODUCT_QUERY_PATH } from '../../product/product-id.ts';
import { MOVED_QUERY_PAGES } from '../moved-query-pages.ts';
import type { SecurityHeader } from '../../security/content-security-policy.ts';
import { fixedRedirects, GENERATED, IMMUTABLE, prefixOf, REVALIDATE, type HostFiles, type HostRulesInput } from '../host-rules.ts';

/** A quoted map key (a literal: nginx reads no variables in it). */
const nginxKey = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;
/** A quoted nginx value: `$` is written as the $dollar variable (nginx has no escape for it). */
const nginxString = (value: string) => `"${value.replace(/["\\$]/g, (c) => (c === '$' ? '${dollar}' : `\\${c}`))}"`;
const regexEscape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The build's compressed copies: sent by gzip_static/brotli_static in place of their file, never at an address of their own. */
const COMPRESSED_COPY = /\.(?:br|gz)$/;

/** Redirects nginx answers with a Location of ours: relative, so a TLS proxy in front keeps its scheme and port. */
const redirect = (status: number, to: string) => `absolute_redirect off; return ${status} ${to}$is_args$args;`;

/** A regex matching a path's language prefix ('' for the default language, '/en-gb'…), captured as `name`. */
function languagePrefixGroup(languages: readonly LanguageDefinition[], name: string): string {
  const segments = languages
    .map((l) => l.pathSegment)
    .filter(Boolean)
    .map(regexEscape)
    .join('|');
  return `(?<${name}>(?:/(?:${segments}))?)`;
}

/** Whether the phone redirect applies to an address: pages and folders (the local server's rule too). */
const PAGE_LIKE = '(?:\\.html|/)';

/** The query the mobile site gets: each mapped name's first value ("undefined" dropped, as the function does), `&`-joined. */
const queryParts = () =>
  Object.values(MOBILE_QUERY_NAMES)
    .map((mobileName) => `$linea_q_${mobileName}`)
    .join('');

/**
 * The exact entries of the mobile map: every path the function names and every CMS page, in
 * every language, as "1:{path}" (a phone asking for it) → its mobile URL, the query added by the
 * query maps.
 */
function exactMobileEntries(input: HostRulesInput): Array<[string, string]> {
  const entries = new Map<string, string>();
  for (const language of input.languages) {
    const prefix = prefixOf(language);
    const paths = new Set([...MOBILE_NAMED_PATHS, ...(input.mobilePages[language.pathSegment] ?? []).map((p) => p.path)]);
    for (const path of paths) {
      const pathname = `${prefix}${path}`;
      if (entries.has(`1:${pathname}`)) continue;
      const target = mobileRedirectForRequest({
        pathname,
        search: '',
        userAgent: 'mobile',
        mobileSiteUrl: input.mobileSiteUrl,
        pages: input.mobilePages,
      });
      if (!target) continue;
      const base = `${input.mobileSiteUrl.replace(/\/+$/, '')}${prefix}`;
      // The two pages whose mobile address depends on the query (a store's wares, a coupon).
      const value =
        path === '/search.html'
          ? `${nginxString(base).slice(0, -1)}$linea_search_path"`
          : path === '/coupon-collect.html'
            ? `${nginxString(base).slice(0, -1)}$linea_coupon_path"`
            : `${nginxString(target).slice(0, -1)}${target.includes('?') ? queryParts() : '$linea_query'}"`;
      entries.set(`1:${pathname}`, value);
    }
  }
  return [...entries];
}

/**
 * The longest key (in bytes) nginx hashes in a map with its default 64-byte buckets: a pointer, the key and
 * its length aligned to 8, and the bucket's closing pointer. A longer one fails the whole
 * configuration ("could not build map_hash"), so those are written as anchored regexes instead.
 */
const HASHED_KEY_MAX = 46;

/**
 * What the http block should say before any map, for the mobile map's size: nginx's defaults
 * hold a few hundred short keys, and past that each reload warns that the hash is not optimal
 * (it still works). Measured with nginx 1.22: these hold 10,000 page keys without a warning.
 * Not in the include: nginx refuses them after any map of the operator's own ("is duplicate").
 */
export const NGINX_MAP_HASH_SIZES = 'map_hash_bucket_size 128; map_hash_max_size 65536;';

/** The mobile-site maps (a mobile build's only): which browsers are phones, and where each page sends them. */
function mobileMaps(input: HostRulesInput): string[] {
  const base = input.mobileSiteUrl.replace(/\/+$/, '');
  const lang = languagePrefixGroup(input.languages, 'linea_lang');
  const lines = ['map $http_user_agent $linea_phone {', '  default 0;'];
  // First match wins: crawlers first (their smartphone crawlers say "Mobile" too).
  lines.push('  "~*(bot[/;)-]|bot$|crawler|spider|slurp|facebookexternalhit|mediapartners-google|chrome-lighthouse)" 0;');
  lines.push(`  "~*(${MOBILE_USER_AGENT_KEYWORDS.map(regexEscape).join('|')})" 1;`, '}');
  // One map per mapped query name, on the raw query (names are case-sensitive there, as in the function).
  for (const [name, mobileName] of Object.entries(MOBILE_QUERY_NAMES)) {
    lines.push(
      `map $args $linea_q_${mobileName} {`,
      '  default "";',
      `  "~(?:^|&)${regexEscape(name)}=(?!undefined(?:&|$))(?<linea_v_${mobileName}>[^&]*)" "&${mobileName}=$linea_v_${mobileName}";`,
      '}',
    );
  }
  lines.push(`map "${queryParts()}" $linea_query {`, '  default "";', '  "~^&(?<linea_qs>.+)$" "?$linea_qs";', '}');
  // A store's wares when the search is by store code (first searchType, a non-blank storeCode), else the search.
  lines.push(
    'map $args $linea_search_path {',
    '  default "/search$linea_query";',
    '  "~^(?=(?:.*?&)?searchType=storeCode(?:&|$))(?:.*?&)?storeCode=(?!(?:\\+|%20)*(?:&|$))(?<linea_store>[^&]+)" "/shop/wares/$linea_store";',
    '}',
    'map $args $linea_coupon_path {',
    '  default "/coupon-collect";',
    '  "~(?:^|&)couponId=(?<linea_coupon>[^&]+)" "/coupon-collect/$linea_coupon";',
    '}',
  );
  const exact = exactMobileEntries(input);
  lines.push('map "$linea_phone:$uri" $linea_mobile_url {', '  default "";');
  const hashed = (key: string) => new TextEncoder().encode(key).length <= HASHED_KEY_MAX;
  for (const [key, value] of exact) if (hashed(key)) lines.push(`  ${nginxKey(key)} ${value};`);
  for (const [key, value] of exact) if (!hashed(key)) lines.push(`  ${nginxKey(`~^${regexEscape(key)}$`)} ${value};`);
  // Then by pattern, in the function's order: a product's page, a category, any other page (the mobile home).
  const to = (path: string) => nginxString(base).slice(0, -1) + path;
  lines.push(
    `  "~^1:${lang}/product/(?<linea_code>[^/]+)\\.html$" ${to(`$linea_lang/product?pid=$linea_code${queryParts()}"`)};`,
    `  "~^1:${lang}/c/(?<linea_code>[^/]+)\\.html$" ${to('$linea_lang/home/c_mobile/$linea_code$linea_query"')};`,
    `  "~^1:${lang}/(?<linea_kind>official|staff)-styling/(?<linea_code>[^/]+)\\.html$" ${to(`$linea_lang/$linea_kind-styling-detail?styleId=$linea_code${queryParts()}"`)};`,
    `  "~^1:${lang}/(?:.*${PAGE_LIKE})?$" ${to('$linea_lang/$linea_query"')};`,
    '}',
  );
  // Caches keep a phone's redirect and a desktop's page apart, for every page-like address.
  lines.push('map $request_uri $linea_vary {', '  default "";', `  "~^[^?]*${PAGE_LIKE}(?:\\?|$)" "User-Agent";`, '}');
  return lines;
}

/** The http-block half: the maps the server half reads. */
export function nginxHttpInclude(input: HostRulesInput): string {
  const lines = [GENERATED, '# Include in the http block; nginx-server.conf goes in the server block.'];
  if (input.mobileSiteUrl) lines.push(...mobileMaps(input));
  else
    lines.push(
      '# No mobile site: no phone redirect, nothing varies by user agent.',
      'map $uri $linea_mobile_url { default ""; }',
      'map $uri $linea_vary { default ""; }',
    );
  // Hashed assets are kept for a year, but only a real one (a missing asset's 404 is not); redirects are asked again.
  lines.push(
    'map "$status:$uri" $linea_cache_control {',
    `  default ${nginxString(REVALIDATE)};`,
    `  "~^(?:200|206|304):/_astro/" ${nginxString(IMMUTABLE)};`,
    '  "~^30[1278]:" "no-cache";',
    '}',
  );
  // The not-found page of the address's language.
  lines.push('map $uri $linea_not_found {', `  default ${NOT_FOUND_PATH};`);
  for (const language of input.languages) {
    const prefix = prefixOf(language);
    if (prefix) lines.push(`  "~^${regexEscape(prefix)}/" ${prefix}${NOT_FOUND_PATH};`);
  }
  lines.push('}', 'geo $dollar { default "$"; }');
  return `${lines.join('\n')}\n`;
}

/** The Brotli copies, for an nginx with the brotli_static module (ngx_brotli): include it after nginx-server.conf. */
export function nginxBrotliInclude(): string {
  return `${GENERATED}\n# Needs load_module of ngx_http_brotli_static_module (Debian: libnginx-mod-http-brotli-static).\nbrotli_static on;\n`;
}

/**
 * The server-block half: headers, the phone redirect, fixed redirects, the product address,
 * files, and the not-found page.
 */
export function nginxServerInclude(input: HostRulesInput, security: readonly SecurityHeader[]): string {
  const lines = [GENERATED, '# Include in the server block whose root is the built site (e.g. root /srv/linea/releases/current;).'];
  // The build writes a .gz (and a .br) beside every text file: send those, never compress on the fly.
  lines.push('gzip_static on;', 'gzip_vary on;');
  // Every answer's headers, 404s and redirects included ("always"); no location below sets any.
  lines.push('add_header Cache-Control $linea_cache_control always;', 'add_header Vary $linea_vary always;');
  for (const [name, value] of security) lines.push(`add_header ${name} ${nginxString(value)} always;`);
  // Not found: 404 at the address itself, with its language's page as the body.
  lines.push('error_page 404 @linea_not_found;');
  // Phones go to the mobile site from each location of ours that answers pages, before any
  // HTML; the moved pages' locations move first, and an operator's own locations (an API
  // proxy) are left alone, as our server leaves its proxies.
  const phones = input.mobileSiteUrl ? 'if ($linea_mobile_url) { return 302 $linea_mobile_url; } ' : '';
  for (const language of input.languages) {
    const prefix = prefixOf(language);
    if (prefix) lines.push(`location = ${prefix} { ${redirect(301, `${prefix}/`)} }`);
  }
  for (const rule of fixedRedirects(input)) lines.push(`location = ${rule.from} { ${redirect(rule.status, rule.to)} }`);
  const files = UNSERVED_FILES.source.replaceAll('\\/', '/');
  // The local server's pattern may name the compressed copies already.
  const unserved = UNSERVED_FILES.test('/index.html.br') ? files : `${files}|${COMPRESSED_COPY.source}`;
  lines.push(`location ~ "${unserved}" { ${phones}return 404; }`);
  // The product address: its product's page (the query kept), any other code not found, no code the shell.
  lines.push(
    `location ~ "^${languagePrefixGroup(input.languages, 'linea_product_lang')}${regexEscape(PRODUCT_QUERY_PATH)}$" {`,
    ...(phones ? [`  ${phones.trim()}`] : []),
    `  if ($arg_productCode ~ "${PRODUCT_CODE_PATTERN.source}") { rewrite ^ $linea_product_lang/product/$arg_productCode.html last; }`,
    '  if ($arg_productCode != "") { return 404; }',
    '  try_files $uri =404;',
    '}',
  );
  // A shop or look named by query on the older page that carries them all: a 301 to its own page where the build
  // wrote one (lib/routing/moved-query-pages.ts), else the older page as it is.
  MOVED_QUERY_PAGES.forEach((moved, i) => {
    // The own page is {folder}/{value}.html (moved-query-pages.ts): the pattern lets only capitals and digits through.
    const own = `${moved.folder}/$arg_${moved.query}.html`;
    lines.push(
      `location ~ "^${languagePrefixGroup(input.languages, `linea_moved${i}_lang`)}${regexEscape(moved.from)}$" {`,
      '  absolute_redirect off;',
      '  set $linea_moved "";',
      `  if ($arg_${moved.query} ~ "${moved.pattern.source}") { set $linea_moved $linea_moved${i}_lang${own}; }`,
      // Moved first, as every moved address is: a phone then follows it to the own page, and on to the mobile site.
      '  if (-f $document_root$linea_moved) { return 301 $linea_moved$is_args$args; }',
      ...(phones ? [`  ${phones.trim()}`] : []),
      '  try_files $uri =404;',
      '}',
    );
  });
  // A file, or a folder's index.html at the folder's slash address only.
  lines.push(`location / { ${phones}try_files $uri \${uri}index.html =404; }`);
  lines.push('location @linea_not_found { try_files $linea_not_found =404; }');
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
