/**
 * The API's cookies, their names and attributes in one place: the refresh token (HttpOnly,
 * the auth calls' path), its readable hint (every page's path), a started social sign-in
 * (HttpOnly, the callback's path) and the known device (HttpOnly, the auth calls' path: the
 * browser a member signed in on, which outlasts signing out). All SameSite=Lax.
 *
 * Over HTTPS (production: SITE_URL is https) they are Secure and prefixed, so neither a
 * sibling subdomain nor a plain-HTTP answer can set or shadow them: `__Host-` where the path
 * allows it (the hint, on /), `__Secure-` where it does not. The pages need no setting for it:
 * they look for the hint under either name (lib/api/cookies.ts).
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';
import { OAUTH_STATE_COOKIE, REFRESH_COOKIE, SESSION_HINT_COOKIE } from '../../src/lib/api/cookies.ts';

/** The device a member signed in on (a signed value, routes/auth.ts); only the API reads it. */
export const KNOWN_DEVICE_COOKIE = 'lin_device';

export interface SessionCookies {
  /** Sets the refresh token and its hint, for `maxAge` seconds. */
  startSession(c: Context, refreshToken: string, maxAge: number): void;
  /** The refresh token the browser sent, if any. */
  refreshToken(c: Context): string | undefined;
  /** Clears the refresh token and its hint. */
  endSession(c: Context): void;
  /** Sets the nonce of a social sign-in this browser starts, for `maxAge` seconds. */
  startSignIn(c: Context, nonce: string, maxAge: number): void;
  /** The started sign-in's nonce, cleared as it is read: a state works once. */
  takeSignIn(c: Context): string | undefined;
  /** Marks this browser as one the member signed in on, for `maxAge` seconds. */
  rememberDevice(c: Context, value: string, maxAge: number): void;
  /** The known-device cookie the browser sent, if any. */
  knownDevice(c: Context): string | undefined;
}

export function sessionCookies(secure: boolean): SessionCookies {
  type Attributes = Omit<CookieOptions, 'maxAge' | 'prefix' | 'secure'>;
  const cookie = (name: string, attributes: Attributes, prefix: 'host' | 'secure') => {
    const options = { ...attributes, sameSite: 'Lax', ...(secure ? { secure: true, prefix } : {}) } as CookieOptions;
    const readAs = secure ? prefix : undefined;
    return {
      set: (c: Context, value: string, maxAge: number) => setCookie(c, name, value, { ...options, maxAge }),
      get: (c: Context) => getCookie(c, name, readAs),
      clear: (c: Context) => deleteCookie(c, name, options),
    };
  };
  const refresh = cookie(REFRESH_COOKIE, { httpOnly: true, path: '/api/auth' }, 'secure');
  const hint = cookie(SESSION_HINT_COOKIE, { path: '/' }, 'host');
  const signIn = cookie(OAUTH_STATE_COOKIE, { httpOnly: true, path: '/api/auth/third-party' }, 'secure');
  const device = cookie(KNOWN_DEVICE_COOKIE, { httpOnly: true, path: '/api/auth' }, 'secure');
  const legacy = [
    [REFRESH_COOKIE, '/api/auth'],
    [SESSION_HINT_COOKIE, '/'],
  ] as const;

  return {
    startSession(c, refreshToken, maxAge) {
      refresh.set(c, refreshToken, maxAge);
      hint.set(c, '1', maxAge);
    },
    refreshToken: (c) => refresh.get(c),
    endSession(c) {
      refresh.clear(c);
      hint.clear(c);
      // Cookies of before the switch to HTTPS, under the plain names, would keep the pages trying.
      if (secure) for (const [name, path] of legacy) deleteCookie(c, name, { path });
    },
    startSignIn: (c, nonce, maxAge) => signIn.set(c, nonce, maxAge),
    takeSignIn(c) {
      const nonce = signIn.get(c);
      signIn.clear(c);
      return nonce;
    },
    rememberDevice: (c, value, maxAge) => device.set(c, value, maxAge),
    knownDevice: (c) => device.get(c),
  };
}
