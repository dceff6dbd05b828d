/**
 * Sign-in actions over the session atoms (session.ts): the page's one API client, restoring
 * a session from the refresh cookie, sign-in, register, third-party, sign-out.
 */
import type { RequestOf, Session } from '../lib/api/contract.ts';
import { createApiClient, type ApiResult } from '../lib/api/client.ts';
import { loginUrl } from '../lib/routing/redirect-url.ts';
import { getPlatform } from './platform.ts';
import { $httpError, $member, acceptSession, clearMemberState, getAccessToken, hasSessionHint } from './session.ts';

export { $loggedIn, $member, clearMemberState, hasSessionHint, onMemberLogout } from './session.ts';

export function goToLogin(): void {
  const platform = getPlatform();
  clearMemberState();
  platform.navigate(loginUrl(platform.currentUrl(), platform.languagePrefix()));
}

let client: ReturnType<typeof createApiClient> | null = null;
/** The one API client of the page. */
export function api() {
  client ??= createApiClient({
    fetch: getPlatform().fetch,
    language: getPlatform().languageCode() || undefined,
    getAccessToken,
    onSession: acceptSession,
    onSignInRequired: goToLogin,
    onHttpError: (error) => $httpError.set(error.message),
  });
  // Leaving the page aborts what is in flight (spec §4); an abort is not an error.
  if (typeof window !== 'undefined') window.addEventListener('pagehide', () => client?.abortAll());
  return client;
}

/** On page load: get an access token from the refresh cookie, if there may be one. */
export async function restoreSession(): Promise<boolean> {
  if ($member.get()) return true;
  if (!hasSessionHint()) return false;
  return (await api().refreshSession()) !== null;
}

export async function signIn(account: string, password: string): Promise<ApiResult<Session>> {
  const result = await api().call('login', { account, password });
  if (result.ok) acceptSession(result.data);
  return result;
}

export async function register(input: { name: string; email: string; password: string; agreeTerms: true }): Promise<ApiResult<Session>> {
  const result = await api().call('register', input);
  if (result.ok) acceptSession(result.data);
  return result;
}

export async function completeThirdParty(input: RequestOf<'thirdPartyCallback'>): Promise<ApiResult<Session>> {
  const result = await api().call('thirdPartyCallback', input);
  if (result.ok) acceptSession(result.data);
  return result;
}

export async function signOut(): Promise<void> {
  // The server forgets the refresh token whatever happens here; the page forgets the member.
  await api().call('logout', {});
  clearMemberState();
}
