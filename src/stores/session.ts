/**
 * Who is signed in, and every action that changes it: restoring a session from the refresh
 * cookie, sign-in, register and its mailed link, third-party, sign-out, the login redirect. Also the page's one
 * API client, which every store calls through.
 *
 * The header imports this module on every page, so it stays light: the client and the
 * contract's schemas (zod) are imported on first use, which on a visitor's page is only when
 * a session may exist (the hint cookie) or an action needs the API. The access token lives in
 * memory only.
 */
import { atom, computed } from 'nanostores';
import type { ApiClient, ApiResult } from '../lib/api/client.ts';
import type { EndpointName, RequestOf, ResponseOf, Session } from '../lib/api/contract.ts';
import { sessionHintIn } from '../lib/api/cookies.ts';
import { providersFor, THIRD_PARTY_PROVIDERS, type ThirdPartyProvider } from '../lib/api/third-party.ts';
import { loginUrl } from '../lib/routing/redirect-url.ts';
import { getPlatform, languagePrefix } from './platform.ts';
import { identifyForAnalytics, sendEvent } from './analytics-events.ts';

export type { ApiResult } from '../lib/api/client.ts';
export { providersFor, THIRD_PARTY_PROVIDERS, type ThirdPartyProvider };

export interface SignedInMember {
  userId: string;
  name: string;
}

const $accessToken = atom<string | null>(null);
export const $member = atom<SignedInMember | null>(null);
export const $loggedIn = computed($member, (member) => member !== null);
/**
 * The API could not say whether the member is signed in (it is down, or a gateway answered for
 * it): member pages say so and offer a retry, and nobody is sent to sign in again.
 */
export const $sessionUnavailable = atom(false);
/** The last failure of the shared HTTP error handler, for a toast. */
export const $httpError = atom<string | null>(null);

const memberStoreResets = new Set<() => void>();
/** Member stores (cart, wishlist…) register here, so logout clears every one of them. */
export function onMemberLogout(reset: () => void): () => void {
  memberStoreResets.add(reset);
  return () => memberStoreResets.delete(reset);
}

function acceptSession(session: Session): void {
  $accessToken.set(session.accessToken);
  $member.set({ userId: session.member.userId, name: session.member.name });
  identifyForAnalytics(session.member.userId);
}

export function clearMemberState(): void {
  $accessToken.set(null);
  $member.set(null);
  identifyForAnalytics(null);
  for (const reset of memberStoreResets) reset();
}

/** Whether a refresh token probably exists (the readable hint cookie). */
export function hasSessionHint(cookie = getPlatform().cookie()): boolean {
  return sessionHintIn(cookie);
}

// ---------------------------------------------------------------------------------------
// The API client

let client: Promise<ApiClient> | null = null;

/** The page's one API client, loaded on first use. For stores: islands call store actions. */
export function apiClient(): Promise<ApiClient> {
  client ??= import('../lib/api/client.ts').then(
    ({ createApiClient }) => {
      const platform = getPlatform();
      const created = createApiClient({
        fetch: platform.fetch,
        language: platform.language().code,
        getAccessToken: () => $accessToken.get(),
        onSession: acceptSession,
        onSignInRequired: goToLogin,
        onHttpError: (error) => $httpError.set(error.message),
      });
      // What is in flight is of no use once the page is left, and an abort is not an error.
      if (typeof window !== 'undefined') window.addEventListener('pagehide', () => created.abortAll());
      return created;
    },
    (error: unknown) => {
      client = null; // the next call tries to load it again (the shopper may be back online)
      throw error;
    },
  );
  return client;
}

/**
 * One call of the contract through the page's client. A client that cannot even be loaded
 * (offline) is a network failure like any other, so every action gets a result, never a throw.
 */
export function callApi<N extends EndpointName>(name: N, body?: RequestOf<N>): Promise<ApiResult<ResponseOf<N>>> {
  return apiClient().then(
    (client) => client.call(name, body),
    (error: Error) => {
      $httpError.set(error.message);
      return { ok: false, kind: 'network', error };
    },
  );
}

// ---------------------------------------------------------------------------------------
// Signing in and out

export function goToLogin(): void {
  const platform = getPlatform();
  clearMemberState();
  platform.navigate(loginUrl(platform.currentUrl(), languagePrefix()));
}

/**
 * On page load: get an access token from the refresh cookie, if there may be one. Without an
 * answer to judge by (offline, the API down), nobody is restored and `$sessionUnavailable` says why.
 */
export async function restoreSession(): Promise<boolean> {
  if ($member.get()) {
    $sessionUnavailable.set(false);
    return true;
  }
  if (!hasSessionHint()) return false;
  const outcome = await apiClient().then(
    (client) => client.refreshSession(),
    (error: Error) => ({ kind: 'unavailable', error }) as const,
  );
  $sessionUnavailable.set(outcome.kind === 'unavailable');
  return outcome.kind === 'session';
}

/**
 * For an action only a member may take (add to cart, the wishlist): true once signed in, the
 * session restored first if the shopper acted before it was; otherwise the login flow starts
 * (with redirect_url back here) and the answer is false. While the API cannot answer, the answer
 * is false and the member stays on the page (`$sessionUnavailable`).
 */
export async function requireMember(): Promise<boolean> {
  if (await restoreSession()) return true;
  if (!$sessionUnavailable.get()) goToLogin();
  return false;
}

/** A sign-in of any kind: its session, once the API gave one, is the page's. */
async function startSession(
  name: 'login' | 'registerConfirm' | 'thirdPartyCallback',
  body: RequestOf<typeof name>,
): Promise<ApiResult<Session>> {
  const result = await callApi(name, body);
  if (result.ok) {
    acceptSession(result.data);
    const { userId } = result.data.member;
    const method = name === 'thirdPartyCallback' ? 'third-party' : 'password';
    // Awaited: the sign-in pages navigate as soon as this resolves, which would drop an event not yet queued.
    await sendEvent(name === 'registerConfirm' ? 'register' : 'login', { userid: userId, method }, userId);
  }
  return result;
}

/** `captchaToken`: the captcha's pass, where the store has a captcha. */
export const signIn = (account: string, password: string, captchaToken?: string) =>
  startSession('login', { account, password, ...(captchaToken ? { captchaToken } : {}) });
/**
 * Registers: the API mails the address a link that opens the account, and answers the same
 * whether the address has an account or not, so there is no session yet, only "check your mail".
 */
export const register = (input: RequestOf<'register'>) => callApi('register', input);
/** The mailed link's visit: opens the account and signs the new member in, once. */
export const confirmRegistration = (token: string) => startSession('registerConfirm', { token });
export const completeThirdParty = (input: RequestOf<'thirdPartyCallback'>) => startSession('thirdPartyCallback', input);

export async function signOut(): Promise<void> {
  // The server forgets the refresh token whatever happens here; the page forgets the member.
  await callApi('logout', {});
  clearMemberState();
}
