/**
 * Editors' preview links: the CMS signs a page's address, its language and an expiry with
 * PREVIEW_LINK_SECRET (env.ts); the preview service opens only what carries a valid signature.
 *
 *   {PREVIEW_URL}/_preview/open?path=/en-gb/new.html&lang=en-GB&exp=1796601600&sig={hex}
 *
 * `sig` is the lowercase hex HMAC-SHA256 of `preview-link\n{path}\n{lang}\n{exp}` (exp in Unix
 * seconds). A valid link sets a session cookie on the preview origin, signed the same way over
 * its expiry (the link's), so the editor can click through the preview's own links until then.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { LANGUAGES, type LanguageDefinition } from '../../lib/i18n/languages.ts';

export interface PreviewTarget {
  /** The page's address on the store, e.g. /en-gb/new.html. */
  path: string;
  /** The page's language (BCP 47), e.g. en-GB. */
  language: string;
  /** Unix seconds after which the link is refused. */
  expires: number;
}

/** How long a link given without its own lifetime lasts: a working day. */
export const DEFAULT_LINK_SECONDS = 8 * 3600;
/** The longest a link may live: a week, so a link that leaked stops working on its own. */
export const MAX_LINK_SECONDS = 7 * 86_400;

const hmac = (secret: string, ...parts: string[]) => createHmac('sha256', secret).update(parts.join('\n')).digest('hex');

/** Compares two hex signatures in constant time (a length mismatch is refused before comparing). */
export function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The language whose pages live at `path`: the one with the longest matching folder, else the unprefixed default. */
export function languageOfPath(path: string): LanguageDefinition {
  const prefixed = LANGUAGES.filter((l) => l.pathSegment && (path === `/${l.pathSegment}` || path.startsWith(`/${l.pathSegment}/`)));
  return prefixed[0] ?? LANGUAGES.find((l) => !l.pathSegment)!;
}

/** A page address the preview renders: absolute path, no query, no dot segments, no backslash. */
export function isPreviewPath(path: string): boolean {
  return /^\/(?!\/)[^?#\\\s]*$/.test(path) && !path.split('/').some((s) => s === '.' || s === '..');
}

export function signPreviewLink(target: PreviewTarget, secret: string): string {
  return hmac(secret, 'preview-link', target.path, target.language, String(target.expires));
}

/** The query of a preview link (to append to {PREVIEW_URL}/_preview/open). */
export function previewLinkQuery(target: PreviewTarget, secret: string): string {
  return new URLSearchParams({
    path: target.path,
    lang: target.language,
    exp: String(target.expires),
    sig: signPreviewLink(target, secret),
  }).toString();
}

export type Verdict<T> = { ok: true; value: T } | { ok: false; reason: string };

/** Checks a link's query: signature first (any tampering), then expiry, then that the path is the language's. */
export function verifyPreviewLink(query: URLSearchParams, secret: string, nowMs: number): Verdict<PreviewTarget> {
  const path = query.get('path') ?? '';
  const language = query.get('lang') ?? '';
  const exp = query.get('exp') ?? '';
  const sig = query.get('sig') ?? '';
  if (!path || !language || !exp || !sig) return { ok: false, reason: 'the link is incomplete (path, lang, exp and sig are needed)' };
  if (!/^\d{1,12}$/.test(exp) || !/^[0-9a-f]{64}$/.test(sig)) return { ok: false, reason: 'the link is malformed' };
  const target = { path, language, expires: Number(exp) };
  if (!sameSignature(sig, signPreviewLink(target, secret)))
    return { ok: false, reason: 'the link’s signature does not match (changed or not ours)' };
  if (target.expires * 1000 <= nowMs) return { ok: false, reason: 'the link has expired; ask the CMS for a new one' };
  if (!isPreviewPath(path) || languageOfPath(path).code !== language)
    return { ok: false, reason: 'the link’s path is not a page of its language' };
  return { ok: true, value: target };
}

/** The preview session cookie's value: `{exp}.{sig}`, valid until the link's expiry. */
export function sessionCookieValue(expires: number, secret: string): string {
  return `${expires}.${hmac(secret, 'preview-session', String(expires))}`;
}

/** The session's expiry (Unix seconds) when the cookie is ours and still valid. */
export function verifySessionCookie(value: string | undefined, secret: string, nowMs: number): Verdict<number> {
  const match = /^(\d{1,12})\.([0-9a-f]{64})$/.exec(value ?? '');
  if (!match) return { ok: false, reason: 'no preview session: open a preview link from the CMS' };
  const expires = Number(match[1]);
  if (!sameSignature(match[2]!, hmac(secret, 'preview-session', match[1]!)))
    return { ok: false, reason: 'the preview session is not ours' };
  if (expires * 1000 <= nowMs) return { ok: false, reason: 'the preview session has expired; open a new link from the CMS' };
  return { ok: true, value: expires };
}
