/**
 * Cookie names of the session, apart from the contract so that pages can read them
 * without loading the contract's schemas.
 */

/** Refresh cookie: HttpOnly, SameSite=Lax, scoped to the auth calls. */
export const REFRESH_COOKIE = 'lin_rt';
/**
 * Readable companion of the refresh cookie, holding no secret: it only says a refresh token
 * exists, so the pre-paint access check can tell "maybe signed in" from "certainly not"
 * without seeing the HttpOnly token. The API is still the judge (401 → refresh → login).
 */
export const SESSION_HINT_COOKIE = 'lin_session';
/**
 * The hint in `document.cookie`, under its name over HTTP or its `__Host-` name over HTTPS
 * (the API prefixes its cookies in production), so pages need no setting for it.
 */
export const SESSION_HINT_SOURCE = `(?:^|;\\s*)(?:__Host-)?${SESSION_HINT_COOKIE}=`;
const SESSION_HINT = new RegExp(SESSION_HINT_SOURCE);
export const sessionHintIn = (cookie: string) => SESSION_HINT.test(cookie);

/** A social sign-in this browser started: its state's random part (HttpOnly, 10 minutes, the callback's path). */
export const OAUTH_STATE_COOKIE = 'lin_oauth';
