/**
 * The host matrix's one table: the requests every host is asked, and what each must answer,
 * worked out from the release itself and the rules the reference server applies
 * (static-rules.ts, mobile-redirect.ts). hosts.spec.ts asks every runner in scripts/hosts/.
 * docs/deployment.md says what each host does to meet it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IMMUTABLE, REVALIDATE } from '../../src/lib/routing/host-rules.ts';
import { mobileRedirectForRequest, type MobilePagesBySegment } from '../../src/lib/routing/mobile-redirect.ts';
import { MOBILE_PAGES_FILE, SECURITY_HEADERS_FILE } from '../../scripts/host-rules.ts';
import type { SecurityHeader } from '../../src/lib/security/content-security-policy.ts';
import { DESKTOP, GOOGLEBOT_PHONE, IPHONE } from '../fixtures/user-agents.ts';

export const USER_AGENTS = { desktop: DESKTOP, iphone: IPHONE, crawler: GOOGLEBOT_PHONE } as const;
export type Visitor = keyof typeof USER_AGENTS;

/**
 * How each host sends phones on: `edge` decides by user agent before any HTML is sent (and
 * says so with Vary: User-Agent); `page` serves the page, whose inline script sends them on.
 * A runner missing here fails the matrix: a new host must say which it is.
 */
export const PHONE_REDIRECT: Readonly<Record<string, 'edge' | 'page'>> = {
  local: 'edge',
  nginx: 'edge',
  cloudflare: 'edge',
  netlify: 'page',
};

/** A release the matrix asks: its folder, and whether it was built with a mobile site. */
export interface MatrixRelease {
  name: 'default' | 'mobile';
  dir: string;
  mobileSiteUrl: string;
}

/** What one request must get. `body`: the release file whose content the answer carries. */
export interface Expected {
  status: number;
  location?: string;
  body?: string;
  contentType?: string;
  cacheControl?: string;
  varyUserAgent?: boolean;
}

/** The desktop answer of each request, before phones are considered. */
type Rule = Expected & { path: string };

const page = (path: string, file: string): Rule => ({
  path,
  status: 200,
  body: file,
  contentType: 'text/html',
  cacheControl: REVALIDATE,
});
const data = (path: string, contentType: string): Rule => ({
  path,
  status: 200,
  body: path.slice(1),
  contentType,
  cacheControl: REVALIDATE,
});
const notFound = (path: string, prefix = ''): Rule => ({
  path,
  status: 404,
  body: `${prefix ? `${prefix}/` : ''}not-found.html`.replace(/^\//, ''),
  contentType: 'text/html',
});
const moved = (path: string, location: string): Rule => ({ path, status: 301, location });

/** A file of the release's `_astro/` folder with that extension (the names are hashed). */
function asset(dir: string, extension: string): string {
  const name = readdirSync(join(dir, '_astro')).find((file) => file.endsWith(extension));
  if (!name) throw new Error(`The release at ${dir} has no _astro/*${extension}`);
  return `/_astro/${name}`;
}

function pressArticle(dir: string): string {
  const year = readdirSync(join(dir, 'press')).find((name) => /^\d{4}$/.test(name))!;
  const month = readdirSync(join(dir, 'press', year)).find((name) => /^\d{2}$/.test(name))!;
  const article = readdirSync(join(dir, 'press', year, month)).find((name) => name.endsWith('.html'))!;
  return `/press/${year}/${month}/${article}`;
}

/** Every request of the matrix with its desktop answer, for this release. */
export function desktopRules(dir: string): Rule[] {
  const script = asset(dir, '.js');
  const article = pressArticle(dir);
  return [
    // Pages of every type, in two languages, at their .html (or folder) address.
    page('/', 'index.html'),
    page('/index.html', 'index.html'),
    page('/en-gb/', 'en-gb/index.html'),
    page('/women.html', 'women.html'),
    page('/en-gb/women.html', 'en-gb/women.html'),
    page('/c/W01.html', 'c/W01.html'),
    page('/en-gb/c/W01.html', 'en-gb/c/W01.html'),
    page('/product/L450011.html', 'product/L450011.html'),
    page('/en-gb/product/L450011.html', 'en-gb/product/L450011.html'),
    page('/press/', 'press/index.html'),
    page(article, article.slice(1)),
    page(`/en-gb${article}`, `en-gb${article}`),
    page('/shop/shop_list.html', 'shop/shop_list.html'),
    page('/en-gb/search.html?description=coat', 'en-gb/search.html'),
    page('/not-found.html', 'not-found.html'),
    // The older product address (docs/storefront.md): the product's own page, not found for any other code, the shell without one.
    page('/product-detail.html?productCode=L450011', 'product/L450011.html'),
    page('/en-gb/product-detail.html?productCode=L450011&productId=undefined', 'en-gb/product/L450011.html'),
    page('/product-detail.html', 'product-detail.html'),
    notFound('/product-detail.html?productCode=NOPE123'),
    notFound('/en-gb/product-detail.html?productCode=NOPE123', '/en-gb'),
    notFound('/product-detail.html?productCode=%3Cx%3E'),
    notFound('/product-detail.html?productCode=..%2Fnot-found'),
    notFound('/en-gb/product-detail.html?productCode=undefined', '/en-gb'),
    // A shop or look named by query on the older page: its own page (query kept); any other value, the older page
    // (lib/routing/moved-query-pages.ts).
    moved('/shop/shop.html?storeCode=TPE01', '/shop/TPE01.html?storeCode=TPE01'),
    moved('/en-gb/official-styling-detail.html?styleId=LK26AW01', '/en-gb/official-styling/LK26AW01.html?styleId=LK26AW01'),
    page('/shop/TPE01.html', 'shop/TPE01.html'),
    page('/shop/shop.html?storeCode=tpe01', 'shop/shop.html'),
    page('/staff-styling-detail.html?styleId=NOPE1', 'staff-styling-detail.html'),
    // Moved pages and folders without their slash, query kept.
    moved('/forget_password_phone.html?from=mail', '/forget_password.html?from=mail'),
    moved('/en-gb/forget_password_phone.html', '/en-gb/forget_password.html'),
    moved('/newsletter_subscription.html', '/newsletter-subscription.html'),
    moved('/press/2026', '/press/2026/'),
    moved('/en-gb/press', '/en-gb/press/'),
    // Unknown addresses and a missing asset: 404 with the not-found page of their language.
    notFound('/nope.html'),
    notFound('/en-gb/nope.html', '/en-gb'),
    notFound('/en-gb/c/NOPE.html', '/en-gb'),
    notFound('/zh-hk/no/such/folder/', '/zh-hk'),
    notFound('/_astro/nope.js'),
    // Build internals and compressed copies are never served.
    notFound('/_host/security-headers.json'),
    notFound('/_host/nginx-server.conf'),
    notFound('/_redirects'),
    notFound('/_headers'),
    notFound('/.routes.json'),
    notFound('/index.html.br'),
    notFound('/en-gb/index.html.gz', '/en-gb'),
    notFound(`${script}.br`),
    // Search engines' files, data and assets.
    data('/robots.txt', 'text/plain'),
    data('/sitemap-index.xml', 'application/xml'),
    data('/sitemap-en-gb.xml', 'application/xml'),
    data('/press/feed.xml', 'application/xml'),
    data('/en-gb/press/feed.xml', 'application/xml'),
    data('/locales/en-GB.json', 'application/json'),
    data('/product-data/en-GB/L450011.json', 'application/json'),
    data('/favicon.svg', 'image/svg+xml'),
    { path: script, status: 200, body: script.slice(1), contentType: 'text/javascript', cacheControl: IMMUTABLE },
    { path: asset(dir, '.css'), status: 200, contentType: 'text/css', cacheControl: IMMUTABLE },
  ];
}

const isPageLike = (rule: Rule) => rule.contentType === 'text/html' && (rule.status === 200 || /(?:\.html|\/)(?:\?|$)/.test(rule.path));

/** What `visitor` must get for `rule` from a host of that kind serving `release`. */
export function expectedAnswer(rule: Rule, visitor: Visitor, release: MatrixRelease, phones: 'edge' | 'page'): Expected {
  const { path: _path, ...desktop } = rule;
  const decidesByAgent = phones === 'edge' && release.mobileSiteUrl !== '';
  if (!decidesByAgent || !isPageLike(rule)) return desktop;
  const url = new URL(rule.path, 'http://host');
  const target = mobileRedirectForRequest({
    pathname: url.pathname,
    search: url.search,
    userAgent: USER_AGENTS[visitor],
    mobileSiteUrl: release.mobileSiteUrl,
    pages: JSON.parse(readFileSync(join(release.dir, MOBILE_PAGES_FILE), 'utf8')) as MobilePagesBySegment,
  });
  return target ? { status: 302, location: target, varyUserAgent: true } : { ...desktop, varyUserAgent: true };
}

export function securityHeadersOf(dir: string): SecurityHeader[] {
  return JSON.parse(readFileSync(join(dir, SECURITY_HEADERS_FILE), 'utf8')) as SecurityHeader[];
}

/** A media type as the table names it: hosts differ in names of the same type. */
export function mediaType(header: string | null): string {
  const type = (header ?? '').split(';')[0]!.trim().toLowerCase();
  return { 'application/javascript': 'text/javascript', 'text/xml': 'application/xml' }[type] ?? type;
}

/**
 * How `answer` differs from `expected`: one line per header, naming what was wanted and what
 * came; empty when it matches.
 */
export async function differences(
  answer: Response,
  expected: Expected,
  release: MatrixRelease,
  security: SecurityHeader[],
): Promise<string[]> {
  const found: string[] = [];
  const wanted = (what: string, want: unknown, got: unknown) => found.push(`${what}: expected ${String(want)}, got ${String(got)}`);
  if (answer.status !== expected.status) wanted('status', expected.status, answer.status);
  if (expected.location !== undefined) {
    const location = answer.headers.get('location');
    const resolved = location === null ? null : new URL(location, answer.url);
    const shown = resolved && (resolved.origin === new URL(answer.url).origin ? resolved.pathname + resolved.search : resolved.href);
    if (shown !== expected.location) wanted('Location', expected.location, location);
  }
  if (expected.contentType !== undefined && mediaType(answer.headers.get('content-type')) !== expected.contentType)
    wanted('Content-Type', expected.contentType, answer.headers.get('content-type'));
  const cacheControl = answer.headers.get('cache-control');
  if (expected.cacheControl !== undefined && cacheControl !== expected.cacheControl)
    wanted('Cache-Control', expected.cacheControl, cacheControl);
  // A not-found answer is never kept for a year, and no answer carries two caching rules joined.
  if (expected.status === 404 && cacheControl?.includes('immutable')) wanted('Cache-Control of a 404', 'no immutable', cacheControl);
  if ((cacheControl?.match(/max-age/g)?.length ?? 0) > 1) wanted('Cache-Control', 'one rule', cacheControl);
  const vary = (answer.headers.get('vary') ?? '').toLowerCase();
  if (expected.varyUserAgent && !vary.split(',').some((name) => name.trim() === 'user-agent'))
    wanted('Vary', 'User-Agent among its names', vary || 'none');
  if (answer.status === 200 || answer.status === 404) {
    for (const [name, value] of security)
      if (answer.headers.get(name) !== value) wanted(name, `${value.slice(0, 40)}…`, answer.headers.get(name)?.slice(0, 40) ?? 'none');
  }
  const body = await answer.text();
  if (expected.body !== undefined && body !== readFileSync(join(release.dir, expected.body), 'utf8'))
    wanted('body', `the content of ${expected.body}`, `${body.length} characters: ${body.slice(0, 80).replace(/\s+/g, ' ')}`);
  return found;
}
