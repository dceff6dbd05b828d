/**
 * Signing in by a link mailed to the member: what the login page offers when the password is
 * refused for attempts made elsewhere (the account's limit), and the link's own visit.
 */
import type { Session } from '../lib/api/contract.ts';
import { sendEvent } from './analytics-events.ts';
import { callApi, type ApiResult } from './session.ts';

/**
 * Asks for a link to the account's mailbox. The answer is the same whether the account exists
 * or not, so the page can only say that a link was sent if it does.
 */
export function requestSignInLink(account: string, captchaToken?: string): Promise<ApiResult<unknown>> {
  return callApi('signInLinkRequest', { account: account.trim(), ...(captchaToken ? { captchaToken } : {}) });
}

/**
 * Signs in with the mailed link's token. The API sets the refresh cookie (and marks this
 * browser as known); the page goes on to its target, where the session is restored from it.
 */
export async function signInWithLink(token: string): Promise<ApiResult<Session>> {
  const result = await callApi('signInLinkConsume', { token });
  if (result.ok) {
    const { userId } = result.data.member;
    // Awaited: the page navigates as soon as this resolves, which would drop an event not yet queued.
    await sendEvent('login', { userid: userId, method: 'link' }, userId);
  }
  return result;
}
