/**
 * The newsletter (contract-newsletter.ts): subscribing an address (a confirmation link is mailed
 * to it), confirming with that link, and unsubscribing with the signed link of a mail, none of
 * which needs an account; and a signed-in member's own subscriptions (addresses, flags and
 * categories). The home page's email pop-up and the newsletter pages call these.
 */
import { atom } from 'nanostores';
import type { RequestOf, ResponseOf } from '../lib/api/contract.ts';
import { loadInto, loading, type Loadable } from './loadable.ts';
import { memberPopupSubscription } from '../lib/popups/promo.ts';
import { callApi, restoreSession, type ApiResult } from './session.ts';

export type MemberSubscription = ResponseOf<'subscriptionInfo'>;

/** A signed-in member's subscriptions, as last saved. */
export const $memberSubscription = atom<Loadable<MemberSubscription>>(loading());

export function loadMemberSubscription(): Promise<ApiResult<MemberSubscription>> {
  return loadInto(
    $memberSubscription,
    () => callApi('subscriptionInfo'),
    (saved) => saved,
  );
}

export async function saveMemberSubscription(body: RequestOf<'subscriptionSave'>): Promise<ApiResult<unknown>> {
  const result = await callApi('subscriptionSave', body);
  // The save's answer carries nothing we use: what was sent is what is kept.
  if (result.ok) $memberSubscription.set({ status: 'ready', data: { ...body, extensionEmail: body.extensionEmail ?? '' } });
  return result;
}

export type NewsletterLinkState =
  { status: 'working' } | { status: 'done'; email: string } | { status: 'failed'; msgCode: string | null; msg: string | null };

/** The confirmation or unsubscribe link this page was opened with, as it goes. */
export const $newsletterLink = atom<NewsletterLinkState>({ status: 'working' });

export function subscribeNewsletter(email: string): Promise<ApiResult<ResponseOf<'newsletterSubscribe'>>> {
  return callApi('newsletterSubscribe', { email: email.trim() });
}

function settle(result: ApiResult<{ email: string }>): void {
  if (result.ok) $newsletterLink.set({ status: 'done', email: result.data.email });
  else if (result.kind === 'failure') $newsletterLink.set({ status: 'failed', msgCode: result.msgCode, msg: result.msg });
  else if (result.kind === 'network') $newsletterLink.set({ status: 'failed', msgCode: null, msg: null });
}

export async function confirmNewsletter(token: string): Promise<void> {
  $newsletterLink.set({ status: 'working' });
  settle(await callApi('newsletterConfirm', { token }));
}

export async function unsubscribeNewsletter(email: string, signature: string): Promise<void> {
  $newsletterLink.set({ status: 'working' });
  settle(await callApi('newsletterUnsubscribe', { email, signature }));
}

/**
 * The home email pop-up's address: with the switch tying the pop-up to the member
 * (popupEmailBindsMember) and a member signed in, saved to their own subscriptions with every
 * category N; otherwise through the double opt-in. Answers which of the three happened.
 */
export async function subscribeFromPopup(
  email: string,
  options: { bindsMember: boolean; categories: readonly string[] },
): Promise<ApiResult<'pending' | 'saved'>> {
  if (options.bindsMember && (await restoreSession())) {
    const result = await saveMemberSubscription(memberPopupSubscription(email, options.categories));
    return result.ok ? { ok: true, data: 'saved' } : result;
  }
  const result = await subscribeNewsletter(email);
  return result.ok ? { ok: true, data: result.data.status } : result;
}
