/**
 * Where signing in starts and leads: a provider's sign-in, and after it the page's redirect_url when it is safe, the mailed link's, the one the
 * login page remembered across a third-party round trip, else the account home. Apart from the
 * session store, which every page's header loads, as only the sign-in pages need it.
 */
import { API_BASE_URL } from '../lib/api/base-url.ts';
import { STRING_MAX_LENGTH } from '../lib/api/string-rules.ts';
import type { ThirdPartyProvider } from '../lib/api/third-party.ts';
import { ACCOUNT_HOME_PATH, PENDING_REDIRECT_KEY, safeRedirectPath } from '../lib/routing/redirect-url.ts';
import { currentQuery, getPlatform, languagePrefix } from './platform.ts';

/**
 * Where a member goes after signing in: the page's redirect_url when it is a same-origin path
 * (lib/routing/redirect-url.ts says why so strict), else the account home in the page's language.
 */
export function afterSignInTarget(raw: string | null = currentQuery().get('redirect_url')): string {
  return safeRedirectPath(raw, { fallback: `${languagePrefix()}${ACCOUNT_HOME_PATH}` });
}

/**
 * The page's redirect_url as registration sends it, for the mailed link to bring the new member
 * there: only one that would be followed, and none the API would refuse as too long (which would
 * refuse the registration for a field the shopper never sees).
 */
export function redirectForMailedLink(raw: string | null = currentQuery().get('redirect_url')): string | undefined {
  const target = safeRedirectPath(raw, { fallback: '' });
  return target && target.length <= STRING_MAX_LENGTH ? target : undefined;
}

/**
 * Leaves the sign-in page for `afterSignInTarget`. A mailed link's visit replaces its page
 * (`'replace'`): Back must not come to a token already used.
 */
export function goAfterSignIn(how: 'navigate' | 'replace'): void {
  const platform = getPlatform();
  platform[how === 'replace' ? 'redirect' : 'navigate'](afterSignInTarget());
}

/**
 * The third-party callback's way on: the redirect_url the login page remembered before the
 * round trip (the callback's own address is the provider's), used once.
 */
export function goAfterThirdPartySignIn(): void {
  const platform = getPlatform();
  const pending = platform.sessionStorage.getItem(PENDING_REDIRECT_KEY);
  platform.sessionStorage.removeItem(PENDING_REDIRECT_KEY);
  platform.redirect(afterSignInTarget(pending));
}

/**
 * Where a provider's sign-in starts: the API holds the client ids, makes the state (the
 * provider's number and a random part tied to this browser) and the PKCE challenge, and sends
 * the shopper on to the provider (locally, the fake one). The page's prefix is a parameter
 * because the login form renders these links on the server too, where there is no page to ask.
 */
export function thirdPartyAuthorizeUrl(provider: ThirdPartyProvider, prefix: string): string {
  const query = new URLSearchParams({ redirect_uri: `${prefix}/third_party.html` });
  return `${API_BASE_URL}/auth/third-party/${provider}/start?${query}`;
}
