import { describe, expect, it } from 'vitest';
import { ACCOUNT_HOME_PATH, loginUrl, safeRedirectPath } from '../../src/lib/routing/redirect-url.ts';

/** [what the case checks, the raw redirect_url]. Every one must give the fallback. */
const HOSTILE: ReadonlyArray<readonly [string, string]> = [
  // Empty and whitespace
  ['empty string', ''],
  ['spaces only', '   '],
  ['tab and newline only', '\t\n'],

  // Absolute URLs, any scheme, any case
  ['https absolute URL', 'https://evil.com'],
  ['http absolute URL', 'http://evil.com/account/info.html'],
  ['https without slashes (parsed as same-scheme relative by URL, followed cross-origin by some code)', 'https:evil.com'],
  ['https with a single slash', 'https:/evil.com'],
  ['javascript: URL', 'javascript:alert(1)'],
  ['mixed-case JaVaScRiPt: URL', 'JaVaScRiPt:alert(1)'],
  ['javascript: URL with leading spaces', '  javascript:alert(1)'],
  ['data: URL', 'data:text/html,<script>alert(1)</script>'],
  ['vbscript: URL', 'vbscript:msgbox(1)'],
  ['file: URL', 'file:///etc/passwd'],
  ['mailto: URL', 'mailto:a@evil.com'],
  ['made-up scheme', 'store-app:open'],
  ['javascript: with percent-encoded letters', '%6A%61vascript:alert(1)'],
  ['javascript: with double-encoded letters', '%256A%2561vascript:alert(1)'],
  ['fullwidth javascript: (folds under NFKC)', 'ｊａｖａｓｃｒｉｐｔ：alert(1)'],

  // Protocol-relative
  ['protocol-relative //host', '//evil.com'],
  ['protocol-relative with path', '//evil.com/account/info.html'],
  ['protocol-relative with userinfo trick //evil.com@', '//evil.com@'],
  ['protocol-relative with our host as userinfo', '//store.example@evil.com'],
  ['triple slash', '///evil.com'],
  ['leading slash then encoded //', '/%2F%2Fevil.com'],
  ['encoded // at the start', '%2F%2Fevil.com'],
  ['double-encoded // at the start', '%252F%252Fevil.com'],
  ['slash then encoded slash', '/%2Fevil.com'],
  ['slash then double-encoded slash', '/%252Fevil.com'],
  ['empty segment after a language prefix', '/en-gb//evil.com'],

  // Backslashes
  ['slash-backslash', '/\\evil.com'],
  ['double backslash', '\\\\evil.com'],
  ['slash-backslash-slash', '/\\/evil.com'],
  ['backslash deep in the path', '/account\\info.html'],
  ['encoded backslash after slash', '/%5Cevil.com'],
  ['encoded slash then encoded backslash', '%2F%5Cevil.com'],
  ['double-encoded backslash', '/%255Cevil.com'],
  ['fullwidth reverse solidus (folds to a backslash)', '/＼evil.com'],
  ['small reverse solidus (folds to a backslash)', '/﹨evil.com'],
  ['reverse solidus operator lookalike', '/⧵evil.com'],

  // Control characters, tabs, newlines, NUL
  ['tab inside // (browsers strip it)', '/\t/evil.com'],
  ['newline inside //', '/\n/evil.com'],
  ['carriage return inside //', '/\r/evil.com'],
  ['NUL in the path', '/cart.html\u0000.evil.com'],
  ['DEL character', '/cart\u007F.html'],
  ['C1 control character', '/cart\u0085.html'],
  ['encoded tab inside //', '/%09/evil.com'],
  ['double-encoded tab inside //', '/%2509/evil.com'],
  ['encoded newline (header injection)', '/cart.html%0D%0ASet-Cookie:x=1'],
  ['encoded NUL', '/cart.html%00'],
  ['double-encoded NUL', '/cart.html%2500'],

  // Whitespace tricks
  ['leading space before //', ' //evil.com'],
  ['leading spaces before a path', '  /cart.html'],
  ['trailing space', '/cart.html '],
  ['leading encoded space', '%20/cart.html'],
  ['ideographic space between slashes', '/\u3000/evil.com'],
  ['encoded ideographic space between slashes', '/%E3%80%80/evil.com'],
  ['no-break space', '/cart\u00A0.html'],
  ['zero-width space between slashes', '/\u200B/evil.com'],
  ['right-to-left override', '/\u202Emoc.live'],
  ['BOM at the start', '\uFEFF/cart.html'],
  ['line separator', '/cart.html\u2028'],

  // Unicode lookalikes
  ['fullwidth solidus after slash', '/／evil.com'],
  ['two fullwidth solidi', '／／evil.com'],
  ['encoded fullwidth solidus after slash', '/%EF%BC%8Fevil.com'],
  ['division slash lookalike', '/∕evil.com'],

  // Path tricks
  ['dot-dot then empty segment', '/..//evil.com'],
  ['dot then empty segment', '/.//evil.com'],
  ['segment, dot-dot, empty segment', '/a/..//evil.com'],
  ['encoded dot-dot then empty segment', '/%2e%2e//evil.com'],
  ['double-encoded dot-dot with encoded slashes', '/%252e%252e%252f%252fevil.com'],

  // Relative paths and userinfo-looking values
  ['bare @host (relative path, not a leading slash)', '@evil.com'],
  ['relative path without leading slash', 'cart.html'],
  ['bare host name', 'evil.com'],

  // Decoding limits
  ['malformed percent sequence', '/cart.html%'],
  ['invalid UTF-8 percent sequence', '/cart%C0%AF.html'],
  ['six layers of encoding of a harmless character (more than the bound)', '/cart%25252525252D.html'],
  ['seven layers of encoding hiding //', '/%2525252525252Fevil.com'],

  // Login/register loops
  ['login page', '/login.html'],
  ['register page', '/register.html'],
  ['login page with language prefix', '/en-gb/login.html'],
  ['register page with language prefix', '/zh-hk/register.html'],
  ['login page with a query of its own', '/login.html?redirect_url=%2Fcart.html'],
  ['login page with a hash', '/en-gb/login.html#form'],
  ['login page in upper case', '/LOGIN.HTML'],
  ['login page via a dot segment', '/./login.html'],
  ['login page via dot-dot', '/en-gb/../login.html'],
  ['login page with an encoded dot', '/login%2Ehtml'],
  ['login page with double-encoded letters', '/%256Cogin.html'],
];

/** [what the case checks, raw, expected]. Same-origin paths, returned normalised. */
const LEGITIMATE: ReadonlyArray<readonly [string, string, string]> = [
  ['cart', '/cart.html', '/cart.html'],
  ['cart with language prefix', '/en-gb/cart.html', '/en-gb/cart.html'],
  ['account page with query and hash kept', '/account/order/order-list.html?page=2#top', '/account/order/order-list.html?page=2#top'],
  ['category page', '/c/W01.html', '/c/W01.html'],
  ['search keeping its encoded query intact', '/search.html?description=%E7%BE%BD%E7%B5%A8', '/search.html?description=%E7%BE%BD%E7%B5%A8'],
  [
    'product detail with two query parameters',
    '/product-detail.html?productCode=L1&productId=X',
    '/product-detail.html?productCode=L1&productId=X',
  ],
  ['home page', '/', '/'],
  ['language home with trailing slash', '/zh-hk/', '/zh-hk/'],
  ['account home itself', '/account/info.html', '/account/info.html'],
  ['encoded space in a search query', '/search.html?description=down%20jacket', '/search.html?description=down%20jacket'],
  [
    'absolute URL inside the query (a value, not the target)',
    '/cart.html?from=https%3A%2F%2Fevil.com',
    '/cart.html?from=https%3A%2F%2Fevil.com',
  ],
  ['login page named only in the query', '/cart.html?next=/login.html', '/cart.html?next=/login.html'],
  ['page whose name merely contains "login"', '/account/login-history.html', '/account/login-history.html'],
  ['dot-dot that stays on the site is normalised', '/en-gb/../cart.html', '/cart.html'],
  ['dot segment is normalised', '/./cart.html', '/cart.html'],
  ['five layers of encoding of a harmless character (the bound)', '/cart%252525252D.html', '/cart%252525252D.html'],
  ['raw Chinese in the query is percent-encoded', '/search.html?description=羽絨', '/search.html?description=%E7%BE%BD%E7%B5%A8'],
  // Decided acceptable: it is a path on our own origin (a harmless 404), not userinfo.
  ['/@host is a same-origin path, not a host', '/@evil.com', '/@evil.com'],
  // Decided acceptable: a path segment that reads like a URL stays on our origin.
  ['/https:/... is a same-origin path', '/https:/evil.com', '/https:/evil.com'],
];

describe('safeRedirectPath', () => {
  it('has enough cases to mean something', () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(40);
    expect(LEGITIMATE.length).toBeGreaterThanOrEqual(12);
  });

  describe('falls back to the account home for hostile input', () => {
    it.each(HOSTILE)('rejects %s', (_name, raw) => {
      expect(safeRedirectPath(raw)).toBe(ACCOUNT_HOME_PATH);
    });
  });

  describe('passes a same-origin path through', () => {
    it.each(LEGITIMATE)('accepts %s', (_name, raw, expected) => {
      expect(safeRedirectPath(raw)).toBe(expected);
    });

    it.each(LEGITIMATE)('is stable on its own output: %s', (_name, raw) => {
      const once = safeRedirectPath(raw);
      expect(safeRedirectPath(once)).toBe(once);
    });
  });

  describe('deliberate trade-offs', () => {
    // `%25` decodes to a lone `%`, and decoding that again throws; a value we cannot fully
    // decode is not followed, so a search for "50%" returns to the account home instead.
    it('falls back for a query holding an encoded percent sign, because a second decode throws', () => {
      expect(safeRedirectPath('/search.html?description=50%25')).toBe(ACCOUNT_HOME_PATH);
    });
  });

  describe('fallback', () => {
    it.each([
      ['null (parameter absent)', null],
      ['undefined', undefined],
    ] as const)('gives the account home for %s', (_name, raw) => {
      expect(safeRedirectPath(raw)).toBe(ACCOUNT_HOME_PATH);
    });

    it('is /account/info.html by default', () => {
      expect(ACCOUNT_HOME_PATH).toBe('/account/info.html');
    });

    it.each([
      ['hostile input', '//evil.com'],
      ['missing input', null],
      ['a login-page loop', '/en-gb/login.html'],
    ] as const)('uses options.fallback for %s', (_name, raw) => {
      expect(safeRedirectPath(raw, { fallback: '/en-gb/account/info.html' })).toBe('/en-gb/account/info.html');
    });

    it('ignores options.fallback when the input is safe', () => {
      expect(safeRedirectPath('/cart.html', { fallback: '/en-gb/' })).toBe('/cart.html');
    });

    it('uses the default when options has no fallback', () => {
      expect(safeRedirectPath('//evil.com', {})).toBe(ACCOUNT_HOME_PATH);
    });
  });
});

describe('loginUrl', () => {
  it('builds the default-language login URL with the target as one encoded value', () => {
    expect(loginUrl('/cart.html', '')).toBe('/login.html?redirect_url=%2Fcart.html');
  });

  it('builds the login URL under a language prefix', () => {
    expect(loginUrl('/en-gb/cart.html?a=1&b=2#x', '/en-gb')).toBe(
      '/en-gb/login.html?redirect_url=%2Fen-gb%2Fcart.html%3Fa%3D1%26b%3D2%23x',
    );
  });

  const redirectOf = (url: string): string | null => new URLSearchParams(url.slice(url.indexOf('?') + 1)).get('redirect_url');

  it.each(
    LEGITIMATE.filter(([, raw, expected]) => raw === expected).flatMap(([name, target]) => [
      [`${name}, default language`, target, ''],
      [`${name}, /en-gb`, target, '/en-gb'],
    ]),
  )('round-trips through the query to the same target: %s', (_name, target, prefix) => {
    expect(safeRedirectPath(redirectOf(loginUrl(target, prefix)))).toBe(target);
  });

  it.each([
    ['protocol-relative', '//evil.com'],
    ['javascript:', 'javascript:alert(1)'],
    ['backslash', '/\\evil.com'],
    ['the login page itself', '/en-gb/login.html'],
  ])('does not make a hostile target safe by round-tripping it: %s', (_name, target) => {
    expect(safeRedirectPath(redirectOf(loginUrl(target, '/en-gb')))).toBe(ACCOUNT_HOME_PATH);
  });
});
