/**
 * Who is signed in, shared by every island. The access token lives in memory only; the
 * refresh token is an HttpOnly cookie the browser keeps. Actions sit beside the atoms.
 */
import { atom, computed } from 'nanostores';
import { SESSION_HINT_COOKIE, type RequestOf, type Session } from '../lib/api/contract.ts';
import { createApiClient, type ApiResult } from '../lib/api/client.ts';
import { loginUrl } from '../lib/routing/redirect-url.ts';
import { getPlatform } from './platform.ts';

export interface SignedInMember {
  userId: string;
  name: string;
}

const $accessToken = atom<string | null>(null);
export const $member = atom<SignedInMember | null>(null);
export const $loggedIn = computed($member, (member) => member !== null);
/** The last failure of the shared HTTP error handler, for a toast. */
export const $httpError = atom<string | null>(null);

const memberStoreResets = new Set<() => void>();
/** Member stores (cart, wishlist…) register here, so logout clears every one of them. */
export function onMemberLogout(reset: () => void): () => void {
  memberStoreResets.add(reset);
  return () => memberStoreResets.delete(reset);
}

export function acceptSession(session: Session): void {
  $accessToken.set(session.accessToken);
  $member.set({ userId: session.member.userId, name: session.member.name });
}

export function clearMemberState(): void {
  $accessToken.set(null);
  $member.set(null);
  for (const reset of memberStoreResets) reset();
}

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
    getAccessToken: () => $accessToken.get(),
    onSession: acceptSession,
    onSignInRequired: goToLogin,
    onHttpError: (error) => $httpError.set(error.message),
  });
  // Leaving the page aborts what is in flight (spec §4); an abort is not an error.
  if (typeof window !== 'undefined') window.addEventListener('pagehide', () => client?.abortAll());
  return client;
}

/** Whether a refresh token probably exists (the readable hint cookie). */
export function hasSessionHint(cookie = getPlatform().cookie()): boolean {
  return cookie.split(/;\s*/).some((part) => part.startsWith(`${SESSION_HINT_COOKIE}=`));
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
