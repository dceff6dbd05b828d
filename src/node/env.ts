/**
 * Environment settings, read and checked in one place. Every variable is documented in the
 * README's configuration table.
 */
import { CodedError } from '../lib/errors.ts';
import { collectorOrigin } from '../lib/analytics/collector.ts';
import type { ScriptSources, ThirdPartyScript } from '../lib/external-scripts/sources.ts';
import { REGIONS, type Region } from '../lib/i18n/regions.ts';
import { parseExtraSources, type ExtraSources } from '../lib/security/content-security-policy.ts';

export class ConfigError extends CodedError {
  constructor(message: string) {
    super('CONFIG_INVALID', message);
  }
}

function readPort(name: string, fallback: () => number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback();
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new ConfigError(`${name} must be a port number, got "${raw}"`);
  return value;
}

/**
 * An http(s) address from the environment, without a trailing slash. `origin`: scheme, host and
 * port only (the store's own address: its pages' links are written after it).
 */
function readUrl(name: string, fallback: string, { origin = false } = {}): string {
  const value = process.env[name]?.trim() || fallback;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got "${value}"`);
  }
  // "shop.example:443" parses, with "shop.example:" as its scheme.
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ConfigError(`${name} must start with https:// or http://, got "${value}"`);
  if (url.search || url.hash || url.username || url.password)
    throw new ConfigError(`${name} must have no query, fragment or credentials, got "${value}"`);
  if (origin && url.pathname !== '/')
    throw new ConfigError(`${name} must be an origin (scheme, host and port), with no path, got "${value}"`);
  return url.toString().replace(/\/$/, '');
}

/**
 * The public origin of the store, for canonical and hreflang links. Unset, it is the origin
 * `npm start` serves on (HOST and PORT), so links work wherever the demo runs.
 */
export function siteUrl(): string {
  const served = host() === '0.0.0.0' ? 'localhost' : host();
  return readUrl('SITE_URL', `http://${served}:${port()}`, { origin: true });
}

/** Where the CMS lives; unset means the embedded sample CMS. */
export function cmsBaseUrl(): string | undefined {
  const value = process.env.CMS_BASE_URL?.trim();
  return value ? readUrl('CMS_BASE_URL', value) : undefined;
}

/** Where `npm run build` writes the site (ASTRO_OUT_DIR, default dist). */
export function astroOutDir(): string {
  return process.env.ASTRO_OUT_DIR?.trim() || 'dist';
}

export function contentCacheDir(): string {
  return process.env.CONTENT_CACHE_DIR?.trim() || 'content-cache';
}

/** The moment the build treats as "now" for start/end dates; BUILD_NOW (ms) pins it in tests. */
export function buildNow(): number {
  const raw = process.env.BUILD_NOW?.trim();
  if (!raw) return Date.now();
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new ConfigError(`BUILD_NOW must be a millisecond timestamp, got "${raw}"`);
  return value;
}

/** Port of `npm start` and of the stand-alone static server. */
export function port(): number {
  return readPort('PORT', () => 4321);
}

/** Interface `npm start` listens on; 0.0.0.0 exposes it. */
export function host(): string {
  return process.env.HOST?.trim() || '127.0.0.1';
}

/** SQLite file of the local commerce API; ':memory:' for a fresh one each start. */
export function commerceDbPath(): string {
  return process.env.COMMERCE_DB?.trim() || '.data/commerce.sqlite';
}

/** The local commerce API's database cap unless configured: years of a busy local store, far below a small disk. */
export const COMMERCE_DB_MAX_MB_DEFAULT = 1024;

/**
 * The megabytes the local commerce API's database may grow to (COMMERCE_DB_MAX_MB): past them a
 * write answers STORAGE_FULL and reads go on, before the disk itself is full. At least 16, room
 * for the sample store and its first orders.
 */
export function commerceDbMaxMegabytes(): number {
  const raw = process.env.COMMERCE_DB_MAX_MB?.trim();
  if (!raw) return COMMERCE_DB_MAX_MB_DEFAULT;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 16)
    throw new ConfigError(`COMMERCE_DB_MAX_MB must be a whole number of megabytes, at least 16, got "${raw}"`);
  return value;
}

/** scrypt's cost (N) for members' passwords unless configured: 2^14, scrypt's own advice for interactive sign-in. */
export const PASSWORD_HASH_COST_DEFAULT = 16384;

/**
 * The scrypt cost the local commerce API hashes new passwords with (PASSWORD_HASH_COST, a power
 * of two from 1024). The test runs lower it, as Rails' test environment does with bcrypt's
 * minimum cost: a hash carries its own cost, so any hash verifies whatever is configured now,
 * and the default is pinned by tests/unit/passwords.test.ts.
 */
export function passwordHashCost(): number {
  const raw = process.env.PASSWORD_HASH_COST?.trim();
  if (!raw) return PASSWORD_HASH_COST_DEFAULT;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1024 || value > 2 ** 17 || (value & (value - 1)) !== 0)
    throw new ConfigError(`PASSWORD_HASH_COST must be a power of two from 1024 to 131072, got "${raw}"`);
  return value;
}

/**
 * Accounts the local commerce API opens per client address and hour (REGISTRATIONS_PER_HOUR,
 * default attempt-limits.ts's 10). The browser tests raise it: they open one per test, all from
 * this machine.
 */
export function registrationsPerHour(): number | undefined {
  const raw = process.env.REGISTRATIONS_PER_HOUR?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new ConfigError(`REGISTRATIONS_PER_HOUR must be a whole number of at least 1, got "${raw}"`);
  return value;
}

export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS, required when signing in. */
  secure: boolean;
  auth?: { user: string; pass: string };
}

/**
 * The SMTP server the local commerce API hands its mail to (SMTP_HOST, SMTP_PORT, SMTP_SECURE,
 * SMTP_USER, SMTP_PASSWORD). Unset, `npm start` runs MailDev and sends there.
 */
export function smtpSettings(): SmtpSettings | undefined {
  const host = process.env.SMTP_HOST?.trim();
  if (!host) return undefined;
  const secureSetting = process.env.SMTP_SECURE?.trim();
  if (secureSetting && secureSetting !== 'Y' && secureSetting !== 'N')
    throw new ConfigError(`SMTP_SECURE must be Y or N, got "${secureSetting}"`);
  // TLS from the first byte is port 465's; STARTTLS is 587's.
  const port = readPort('SMTP_PORT', () => (secureSetting === 'Y' ? 465 : 587));
  const secure = secureSetting || (port === 465 ? 'Y' : 'N');
  const user = process.env.SMTP_USER?.trim();
  const pass = process.env.SMTP_PASSWORD;
  if (Boolean(user) !== Boolean(pass)) throw new ConfigError('SMTP_USER and SMTP_PASSWORD go together: set both or neither');
  return { host, port, secure: secure === 'Y', ...(user && pass ? { auth: { user, pass } } : {}) };
}

/** The sender of the store's mail (MAIL_FROM), e.g. `LINEA <no-reply@linea.example>`. */
export function mailFrom(): string {
  const value = process.env.MAIL_FROM?.trim() || 'LINEA <no-reply@linea.example>';
  // One address, optionally named: no control characters (a line break would write headers of
  // its own), and no comma or semicolon (a second address would become the sender).
  const control = [...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
  if (control || !/^(?:[^<>,;]*<[^<>@\s,;]+@[^<>@\s,;]+>|[^<>@\s,;]+@[^<>@\s,;]+)$/.test(value))
    throw new ConfigError(`MAIL_FROM must be one address, or a name (without commas) and <address>, got "${value}"`);
  return value;
}

/**
 * Ports of the MailDev that `npm start` runs when no SMTP server is configured: its web
 * inbox (MAILDEV_WEB_PORT, default the store's port + 3) and its SMTP (MAILDEV_SMTP_PORT, + 4).
 */
export function mailCatcherPorts(): { web: number; smtp: number } {
  return { web: readPort('MAILDEV_WEB_PORT', () => port() + 3), smtp: readPort('MAILDEV_SMTP_PORT', () => port() + 4) };
}

/**
 * The analytics collector's origin: ANALYTICS_SERVER_TYPE (production, test or hk) picks one of
 * ANALYTICS_HOST_PRODUCTION, ANALYTICS_HOST_TEST and ANALYTICS_HOST_HK. Unset, the store's own
 * origin, where `npm start` serves the local collector.
 */
export function analyticsCollector(): string {
  try {
    return collectorOrigin(process.env.ANALYTICS_SERVER_TYPE?.trim() || undefined, {
      production: process.env.ANALYTICS_HOST_PRODUCTION?.trim() || undefined,
      test: process.env.ANALYTICS_HOST_TEST?.trim() || undefined,
      hk: process.env.ANALYTICS_HOST_HK?.trim() || undefined,
    });
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

const SCRIPT_ENV: Record<ThirdPartyScript, string> = {
  captcha: 'CAPTCHA_SCRIPT_URL',
  cvsMap: 'CVS_MAP_SCRIPT_URL',
  maps: 'MAPS_SCRIPT_URL',
  risk: 'RISK_SCRIPT_URL',
  tagManager: 'TAG_MANAGER_SCRIPT_URL',
};

/**
 * Scripts whose usual providers (Google's maps, reCAPTCHA, Tag Manager) cannot be reached from
 * mainland China: mainland pages load them only from a setting of their own (…_SCRIPT_URL_CN).
 */
const UNREACHABLE_IN_CN: readonly ThirdPartyScript[] = ['captcha', 'maps', 'tagManager'];

/**
 * The third-party scripts' addresses for a region's pages (lib/external-scripts/sources.ts): an https
 * address, or a path on the store's origin. A region's own setting (e.g. MAPS_SCRIPT_URL_HK)
 * comes first, empty turning the script off there; else the store-wide one, except on
 * mainland pages for the scripts above. One left unset turns its feature off.
 */
export function scriptSources(region: Region): ScriptSources {
  const sources: ScriptSources = {};
  for (const [name, generic] of Object.entries(SCRIPT_ENV) as Array<[ThirdPartyScript, string]>) {
    const regional = `${generic}_${region}`;
    const inherits = !(region === 'CN' && UNREACHABLE_IN_CN.includes(name));
    const variable = process.env[regional] !== undefined || !inherits ? regional : generic;
    const value = process.env[variable]?.trim();
    if (!value) continue;
    if (!/^(https:\/\/[^/\s]+\/|\/(?!\/))\S*$/.test(value))
      throw new ConfigError(`${variable} must be an https:// address or a path on the store's origin, got "${value}"`);
    sources[name] = value;
  }
  return sources;
}

/**
 * Whether the API asks for the captcha at sign-in and registration: when the pages show one.
 * It asks on every sign-in (the region a caller names is the caller's choice, so a bot would
 * name one without), so the pages of a region without a captcha would leave their shoppers
 * refused: set for some regions, it must be set for all of them.
 */
export function captchaRequired(): boolean {
  const without = REGIONS.filter((region) => scriptSources(region).captcha === undefined);
  if (without.length === REGIONS.length) return false;
  if (without.length === 0) return true;
  throw new ConfigError(
    `The captcha is set for ${REGIONS.filter((r) => !without.includes(r)).join(', ')} pages but not for ${without.join(', ')} ` +
      `(${without.map((r) => `${SCRIPT_ENV.captcha}_${r}`).join(', ')}): sign-in asks for it everywhere, so shoppers there could not sign in. ` +
      'Set one for every region, or none.',
  );
}

/** The search panel's FAQ and customer-service chat links: the brand's own, so configured; unset, the link is left out. */
export function faqUrl(): string | null {
  return process.env.PUBLIC_FAQ_URL?.trim() || null;
}
export function chatUrl(): string | null {
  return process.env.PUBLIC_CHAT_URL?.trim() || null;
}

/** Pages Astro renders in parallel; 2 measured fastest on the 2-core reference machine. */
export function buildConcurrency(): number {
  const raw = process.env.BUILD_CONCURRENCY?.trim() || '2';
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new ConfigError(`BUILD_CONCURRENCY must be a whole number of at least 1, got "${raw}"`);
  return value;
}

/** The commerce API the build pulls product details from (server to server), e.g. https://api.example/api. Unset: the local API on the sample catalogue. */
export function commerceApiUrl(): string | undefined {
  return process.env.COMMERCE_API_URL?.replace(/\/+$/, '') || undefined;
}

/** Where built releases live: `<dir>/<id>/` and the `<dir>/current` symlink that is served. */
export function releasesDir(): string {
  return process.env.RELEASES_DIR?.trim() || 'releases';
}

/** How many of the newest releases are kept (the live one and the one before it always are). */
export function releasesKeep(): number {
  const raw = process.env.RELEASES_KEEP?.trim() || '5';
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new ConfigError(`RELEASES_KEEP must be a whole number of at least 1, got "${raw}"`);
  return value;
}

/**
 * A shell command run after each switch of the live release (a publish or a rollback), with
 * RELEASE_ID and RELEASE_DIR set: `nginx -s reload` on nginx, whose includes (the security
 * headers, the redirect maps) are read at reload only. Unset: nothing is run.
 */
export function releaseSwitchCommand(): string {
  return process.env.RELEASE_SWITCH_COMMAND?.trim() ?? '';
}

/** The mobile site phones are sent to, e.g. https://m.linea.example. Unset: no mobile redirect anywhere. */
export function mobileSiteUrl(): string {
  const value = process.env.MOBILE_SITE_URL?.trim();
  return value ? readUrl('MOBILE_SITE_URL', value) : '';
}

/**
 * The secret the sample CMS signs publish webhooks with locally. It is in the source, so it
 * protects nothing: it only makes the local loop (sample CMS → publish service) work with no
 * configuration. Never accepted where a real CMS or production is configured.
 */
export const DEV_WEBHOOK_SECRET = 'linea-local-dev-webhook-secret-not-for-production';
/** Shorter secrets are refused: the HMAC is only as strong as its key. */
export const MIN_WEBHOOK_SECRET_LENGTH = 16;

/**
 * The shared secret of the CMS's publish webhooks (HMAC-SHA256, see lib/publish/webhook.ts).
 * Unset, it is the local dev secret, unless NODE_ENV is production or CMS_BASE_URL names an
 * outside CMS: then a missing secret is a ConfigError, because anyone who can read this
 * repository could otherwise trigger builds.
 */
export function publishWebhookSecret(): string {
  return readSharedSecret('PUBLISH_WEBHOOK_SECRET', DEV_WEBHOOK_SECRET);
}

/**
 * A key shared with the CMS, by the rules both of ours follow: refused shorter than
 * MIN_WEBHOOK_SECRET_LENGTH; unset, the public local dev secret, which production and an outside
 * CMS (CMS_BASE_URL) refuse, set or not.
 */
function readSharedSecret(name: string, devSecret: string): string {
  const value = process.env[name]?.trim();
  if (value) {
    if (value.length < MIN_WEBHOOK_SECRET_LENGTH) throw new ConfigError(`${name} must be at least ${MIN_WEBHOOK_SECRET_LENGTH} characters`);
    if (value === devSecret && process.env.NODE_ENV === 'production')
      throw new ConfigError(`${name} is the public local dev secret; set a real one in production`);
    if (value === devSecret && cmsBaseUrl())
      throw new ConfigError(`${name} is the public local dev secret; set a real one with an outside CMS (CMS_BASE_URL)`);
    return value;
  }
  if (process.env.NODE_ENV === 'production')
    throw new ConfigError(`${name} must be set in production (a random string of 32 or more characters, shared with the CMS)`);
  if (cmsBaseUrl()) throw new ConfigError(`${name} must be set when CMS_BASE_URL names an outside CMS (the local dev secret is public)`);
  return devSecret;
}

/** Where the sample CMS sends publish webhooks, e.g. http://127.0.0.1:4420/webhook. Unset: it sends none. */
export function publishWebhookUrl(): string | undefined {
  const value = process.env.PUBLISH_WEBHOOK_URL?.trim();
  return value ? readUrl('PUBLISH_WEBHOOK_URL', value) : undefined;
}

/**
 * The key of editors' preview links, the publish secret's sibling (its own variable, so that a
 * leaked preview link key cannot trigger builds, nor a webhook key open previews). Same rules:
 * a local dev secret unset, refused short or public in production or with an outside CMS.
 */
export const DEV_PREVIEW_SECRET = 'linea-local-dev-preview-secret-not-for-production';

/** HMAC-SHA256 key of the preview links (PREVIEW_LINK_SECRET, src/node/preview/link.ts). */
export function previewLinkSecret(): string {
  return readSharedSecret('PREVIEW_LINK_SECRET', DEV_PREVIEW_SECRET);
}

/**
 * Where the preview reads drafts (CMS_DRAFTS_BASE_URL): a CMS base URL that answers every
 * document path as CMS_BASE_URL does, with the draft where there is one, plus
 * /cms/drafts.json listing the drafted documents (docs/publishing.md, Preview). Unset with an
 * outside CMS: no preview; with the embedded sample CMS, its own /_drafts.
 */
export function cmsDraftsBaseUrl(): string | undefined {
  const value = process.env.CMS_DRAFTS_BASE_URL?.trim();
  return value ? readUrl('CMS_DRAFTS_BASE_URL', value) : undefined;
}

/**
 * Whether `npm start` warms the preview service up (its renderer started, the drafts pulled) as
 * soon as it listens: PREVIEW_WARM_UP, 1 (the default) or 0. The browser tests turn it off, to
 * keep the machine's cores for the tests that run while it would bundle the site.
 */
export function previewWarmUp(): boolean {
  const value = process.env.PREVIEW_WARM_UP?.trim();
  if (!value || value === '1') return true;
  if (value === '0') return false;
  throw new ConfigError(`PREVIEW_WARM_UP must be 1 or 0, got "${value}"`);
}

/** Port of the preview service (editors' draft previews); default: the store's port + 5. */
export function previewPort(): number {
  return readPort('PREVIEW_PORT', () => port() + 5);
}

/**
 * The preview service's public origin (PREVIEW_URL), which the CMS writes into preview links.
 * Unset: http://{HOST}:{PREVIEW_PORT}, as npm start serves it.
 */
export function previewUrl(): string {
  const served = host() === '0.0.0.0' ? 'localhost' : host();
  return readUrl('PREVIEW_URL', `http://${served}:${previewPort()}`, { origin: true });
}

/** Bearer token of the sample CMS's edit API. Unset: edits are taken from this machine only. */
export function cmsEditToken(): string | undefined {
  return process.env.CMS_EDIT_TOKEN?.trim() || undefined;
}

/** Port of the publish service (its webhook and status); default: the store's port + 1. */
export function publishPort(): number {
  return readPort('PUBLISH_PORT', () => port() + 1);
}

/** Port of the embedded sample CMS of `npm start` (its documents, images and edit API); default: the store's port + 2. */
export function embeddedCmsPort(): number {
  return readPort('CMS_PORT', () => port() + 2);
}

/** Where the browser calls the commerce API (PUBLIC_API_BASE_URL, compiled into the islands); default /api on our origin. */
export function apiBaseUrl(): string {
  return process.env.PUBLIC_API_BASE_URL?.trim().replace(/\/$/, '') || '/api';
}

/** Hosts a deployment adds to the Content-Security-Policy (lib/security/content-security-policy.ts), e.g. a captcha's frame. */
export function cspExtraSources(): ExtraSources {
  try {
    return parseExtraSources(process.env.CSP_EXTRA_SOURCES ?? '');
  } catch (error) {
    throw new ConfigError(`CSP_EXTRA_SOURCES: ${(error as Error).message}`);
  }
}

/** A Y/N setting; unset or blank is `fallback`. */
function yesOrNo(variable: string, fallback: 'Y' | 'N'): boolean {
  const raw = process.env[variable]?.trim() || fallback;
  if (raw !== 'Y' && raw !== 'N') throw new ConfigError(`${variable} must be Y or N, got "${raw}"`);
  return raw === 'Y';
}

/** Y: browsers report what the policy would block, and block nothing (to roll a change out). */
export function cspReportOnly(): boolean {
  return yesOrNo('CSP_REPORT_ONLY', 'N');
}

/**
 * Whether an https store's HSTS covers the hosts under its own (includeSubDomains). Y by
 * default; N where the store is served on a domain with subdomains not yet on https, which
 * browsers would refuse for a year once they saw it.
 */
export function hstsIncludeSubdomains(): boolean {
  return yesOrNo('HSTS_INCLUDE_SUBDOMAINS', 'Y');
}

/** Where browsers send violation reports; unset, none are sent. */
export function cspReportUri(): string {
  const value = process.env.CSP_REPORT_URI?.trim();
  if (!value) return '';
  // Printable ASCII without the characters that would end the directive (;) or start another policy (,).
  const safe = /^[\x21-\x7e]+$/.test(value) && !/[;,'"]/.test(value);
  const address = /^https:\/\//.test(value) ? URL.canParse(value) : /^\/(?!\/)/.test(value);
  if (!safe || !address)
    throw new ConfigError(`CSP_REPORT_URI must be an https:// address or a path on the store's origin, got "${value}"`);
  return value;
}
