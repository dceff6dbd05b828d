/**
 * Where a member goes after logging in. The login page reads `redirect_url` from its query,
 * which anyone can craft, so it is an open-redirect vector: a link to our login page could
 * send a freshly logged-in member to a phishing copy of the store. We therefore follow
 * `redirect_url` only when it is, beyond doubt, a path on this same origin, and otherwise
 * go to the account home.
 *
 * The approach is an allow-list, not a deny-list: the value must start with exactly one `/`
 * and pass every rule below in every form it could take (as given, percent-decoded once or
 * several times, Unicode-normalised, and as a URL parser resolves it). Anything odd gets the
 * fallback; a legitimate return path never needs any of the things rejected here.
 *
 * Pure: no DOM, no Node APIs (only the WHATWG `URL` available in browsers and Node alike).
 */

export const ACCOUNT_HOME_PATH = '/account/info.html';

/**
 * The sign-in's redirect_url across the third-party round trip, which leaves the site: the login
 * page remembers it in sessionStorage (pending-redirect.ts) and the callback page follows it
 * (stores/session.ts). Here, with the rest of where sign-in leads, so the session store's chunk
 * holds it and no module of its own is loaded for one string.
 */
export const PENDING_REDIRECT_KEY = 'linea:auth:redirect';

/** A throwaway origin to resolve paths against; `.invalid` can never be a real host (RFC 2606). */
const PROBE_ORIGIN = 'https://same.invalid';

/**
 * How many rounds of percent-decoding we look through. Each layer of encoding can hide a
 * payload from a check that sees only the outer layer, and some server or framework down the
 * line may decode again; legitimate values are encoded at most once or twice. A value that
 * still changes after this many rounds is treated as hostile rather than decoded forever.
 */
const MAX_DECODE_ROUNDS = 5;

/**
 * Characters that must not appear anywhere, in any form:
 * - \p{Cc} control characters incl. NUL, tab, CR, LF, DEL and C1: URL parsers silently strip
 *   tab/CR/LF (so `/\t/evil.com` becomes `//evil.com`, a protocol-relative URL) and NUL/CR/LF
 *   enable truncation and header-injection tricks.
 * - \p{Cf} format characters (zero-width space/joiners, BOM, bidi overrides): invisible, used
 *   to make a hostile URL look harmless or to slip past string comparisons.
 * - \p{Cs} lone surrogates: a URL parser replaces them, so what we check is not what is used.
 * - \p{Zl} \p{Zp} line/paragraph separators, and every \p{Zs} space other than the plain
 *   ASCII space (e.g. U+3000 ideographic space, U+00A0): lookalikes of separators that some
 *   parsers and normalisers trim or fold.
 * A plain space in the middle is allowed: it is what `%20` in a search query decodes to.
 */
const FORBIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]|(?! )\p{Zs}/u;

/** A URL scheme at the start, e.g. `https:`, `javascript:`, `data:`, `mailto:`; any case. */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Slash and backslash lookalikes that NFKC normalisation does not fold but that a human (or a
 * lenient host parser) reads as a separator. NFKC already folds fullwidth `／` `＼` and small
 * `﹨`; these are the rest. Our paths never contain them, so they are mapped before checking.
 */
const SLASH_LOOKALIKES = /[\u2044\u2215\u29F8]/g; // fraction slash, division slash, big solidus
const BACKSLASH_LOOKALIKES = /[\u29F5\u29F9]/g; // reverse solidus operator, big reverse solidus

/** The login and register pages themselves, as the last path segment, under any prefix. */
const AUTH_PAGE = /(^|\/)(login|register)\.html$/i;

/**
 * A same-origin path (pathname + query + hash, starting with a single `/`, normalised by the
 * URL parser) to return to after login, or `options.fallback` (default ACCOUNT_HOME_PATH).
 * The fallback is trusted as given: it comes from our code, not from the query.
 */
export function safeRedirectPath(raw: string | null | undefined, options?: { fallback?: string }): string {
  const fallback = options?.fallback ?? ACCOUNT_HOME_PATH;

  // A missing parameter (null from URLSearchParams.get, undefined from an optional field) and
  // anything that is not a string at run time (the query may come from untyped code) is "none".
  if (typeof raw !== 'string') return fallback;

  if (!passesEveryRule(raw)) return fallback;

  // Return the URL parser's own rendering of the path, not the input: the browser will
  // navigate to what the parser makes of it, so that is what we must have checked. It also
  // normalises dot segments and encoding (`/a/../cart.html` -> `/cart.html`).
  let parsed: URL;
  try {
    parsed = new URL(raw, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  const normalised = parsed.pathname + parsed.search + parsed.hash;

  // Normalising can create what the input hid: `/..//evil.com` resolves to `//evil.com`
  // (protocol-relative), `/%2e/login.html` to `/login.html`. So the result must pass again.
  if (!passesEveryRule(normalised)) return fallback;
  return normalised;
}

/**
 * The login page URL that returns to `targetPathWithQuery` afterwards. `languagePrefix` is ''
 * for the default language or like '/en-gb'. The target is encoded as one query value, so its
 * own `?`, `&` and `#` survive; safeRedirectPath still decides, on the way back, whether to
 * follow it.
 */
export function loginUrl(targetPathWithQuery: string, languagePrefix: string): string {
  return `${languagePrefix}/login.html?redirect_url=${encodeURIComponent(targetPathWithQuery)}`;
}

/** Every rule, applied to the value and to every decoded and Unicode-normalised form of it. */
function passesEveryRule(value: string): boolean {
  const decoded = decodedForms(value);
  // Decoding threw (malformed `%` sequence) or never settled: we cannot know what a server
  // that decodes it would see, so we do not follow it.
  if (decoded === undefined) return false;
  for (const form of decoded) {
    // Apply the rules to the form as written and as Unicode-normalised, because URL and host
    // parsers fold compatibility characters: fullwidth `／／evil.com` would otherwise pass as
    // text but could be read as `//evil.com`.
    if (!isSafeForm(form) || !isSafeForm(foldLookalikes(form))) return false;
  }
  return true;
}

/**
 * The value followed by each successive percent-decoding, until decoding no longer changes it;
 * undefined if decoding throws or the value still changes after MAX_DECODE_ROUNDS rounds.
 */
function decodedForms(value: string): string[] | undefined {
  const forms = [value];
  let current = value;
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return undefined;
    }
    if (next === current) return forms;
    forms.push(next);
    current = next;
  }
  return undefined;
}

function foldLookalikes(form: string): string {
  return form.normalize('NFKC').replace(SLASH_LOOKALIKES, '/').replace(BACKSLASH_LOOKALIKES, '\\');
}

/** The rules for one form of the value. */
function isSafeForm(form: string): boolean {
  // Empty or whitespace-only: there is nothing to return to.
  if (form.trim() === '') return false;

  // Leading/trailing whitespace: URL parsers strip it, so ` //evil.com` would be checked as one
  // thing and navigated as another. A real path never has it, so reject rather than trim.
  if (form !== form.trim()) return false;

  // Control characters, tabs, newlines, NUL, invisible and exotic spaces anywhere (see above).
  if (FORBIDDEN_CHARACTERS.test(form)) return false;

  // Any backslash at all: browsers treat `\` as `/` in http(s) URLs, so `/\evil.com`,
  // `\\evil.com` and `/\/evil.com` are protocol-relative. Our paths never contain one.
  if (form.includes('\\')) return false;

  // An absolute URL of any scheme (`https://evil.com`, `https:evil.com`, `javascript:`,
  // `data:`, `vbscript:`, `file:`, `mailto:`...) is not a path on this origin. (The
  // leading-slash rule below also rejects these; this states the intent on its own.)
  if (SCHEME.test(form)) return false;

  // Must start with exactly one `/`: a relative path (`cart.html`, `@evil.com`) resolves against
  // the login page's folder, which is not what the link meant; `//host` is protocol-relative,
  // i.e. another site.
  if (!form.startsWith('/') || form.startsWith('//')) return false;

  const path = pathPart(form);

  // No empty segment anywhere in the path (`/en-gb//evil.com`): legitimate paths never have one,
  // and any code that strips a prefix such as the language segment, or that collapses dot
  // segments, would turn it into a protocol-relative `//evil.com`.
  if (path.includes('//')) return false;

  // Not the login or register page itself, with or without a language prefix, in any case:
  // returning there after logging in would loop (or show the form to a logged-in member).
  if (AUTH_PAGE.test(path)) return false;

  // Resolve it as the browser will, against a stand-in origin: it must stay on that origin, and
  // what the parser makes of the path must not itself be protocol-relative (`/..//evil.com`).
  let parsed: URL;
  try {
    parsed = new URL(form, PROBE_ORIGIN);
  } catch {
    return false;
  }
  if (parsed.origin !== PROBE_ORIGIN) return false;
  if (parsed.pathname.startsWith('//')) return false;

  return true;
}

/** The path of a form, without its query and hash. */
function pathPart(form: string): string {
  const end = form.search(/[?#]/);
  return end === -1 ? form : form.slice(0, end);
}
