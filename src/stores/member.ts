/**
 * The signed-in member's own account: the profile and the hub's summary, changing the name,
 * birthday and gender, the password and the email, closing the account; and the requests of
 * the sign-in pages made without a session (password reset, an emailed verification link),
 * and the preferred language.
 */
import { atom } from 'nanostores';
import type { AccountSummary, MemberProfile } from '../lib/api/contract-account.ts';
import type { RequestOf, ResponseOf } from '../lib/api/contract.ts';
import { keep, loadInto, loading, type Loadable } from './loadable.ts';
import { $member, callApi, clearMemberState, onMemberLogout, type ApiResult } from './session.ts';
import { sendEvent } from './analytics-events.ts';
import { currentPathInLanguage, getPlatform } from './platform.ts';

export type { AccountSummary, MemberProfile };

export const $profile = atom<Loadable<MemberProfile>>(loading());
export const $accountSummary = atom<Loadable<AccountSummary>>(loading());

export function loadProfile(): Promise<ApiResult<MemberProfile>> {
  return loadInto(
    $profile,
    () => callApi('memberInfo'),
    (profile) => profile,
  );
}

export function loadAccountSummary(): Promise<ApiResult<AccountSummary>> {
  return loadInto(
    $accountSummary,
    () => callApi('accountSummary'),
    (summary) => summary,
  );
}

/** The profile as changed; the header's greeting follows a new name. */
function keepProfile(result: ApiResult<MemberProfile>): ApiResult<MemberProfile> {
  if (result.ok) {
    const member = $member.get();
    if (member) $member.set({ ...member, name: result.data.name });
  }
  return keep($profile, result, (profile) => profile);
}

export async function updateProfile(body: RequestOf<'memberUpdate'>): Promise<ApiResult<MemberProfile>> {
  return keepProfile(await callApi('memberUpdate', body));
}

/** A new password ends every session, this one too: the page forgets the member, who signs in again. */
export async function changePassword(body: RequestOf<'passwordChange'>): Promise<ApiResult<unknown>> {
  const result = await callApi('passwordChange', body);
  if (result.ok) clearMemberState();
  return result;
}

/** When the last code was sent (ms), so the resend countdown survives a re-render, not a reload. */
export const $emailCodeSentAt = atom<{ email: string; at: number } | null>(null);

export async function sendEmailCode(email: string, now = Date.now()): Promise<ApiResult<ResponseOf<'emailCodeSend'>>> {
  const result = await callApi('emailCodeSend', { email: email.trim() });
  if (result.ok) $emailCodeSentAt.set({ email: email.trim(), at: now });
  return result;
}

export async function changeEmail(body: RequestOf<'emailChange'>): Promise<ApiResult<MemberProfile>> {
  const result = keepProfile(await callApi('emailChange', body));
  if (result.ok) $emailCodeSentAt.set(null);
  return result;
}

/** The link in the verification mail: works without a session (it may be opened on another device). */
export function verifyEmailLink(token: string): Promise<ApiResult<ResponseOf<'emailVerify'>>> {
  return callApi('emailVerify', { token });
}

/** Closing the account ends the session; the member's data stays with the store, marked closed. */
export async function closeAccount(body: RequestOf<'accountClose'>): Promise<ApiResult<unknown>> {
  const result = await callApi('accountClose', body);
  if (result.ok) clearMemberState();
  return result;
}

onMemberLogout(() => {
  $profile.set(loading());
  $accountSummary.set(loading());
  $emailCodeSentAt.set(null);
});

/** Asks for a reset link. The API answers success whether or not the email is registered. */
export function requestPasswordReset(email: string): Promise<ApiResult<unknown>> {
  return callApi('forgetPassword', { email: email.trim() });
}

/** Sets a new password with the token of the emailed link. */
export function resetPassword(token: string, password: string): Promise<ApiResult<unknown>> {
  return callApi('resetPassword', { token, password });
}

/**
 * Saves a member's language choice (a visitor has none to save). The language switch waits
 * at most `waitMs` for it and goes on whatever the answer: the preference is not worth a delay.
 */
export async function savePreferredLanguage(code: string, waitMs: number): Promise<void> {
  if (!$member.get()) return;
  await Promise.race([callApi('preferLanguage', { preferLang: code }), new Promise((resolve) => setTimeout(resolve, waitMs))]);
}

/** A member opened a page of their account: the analytics member event, its page (within the language) as the target. */
export function noteAccountPageView(): void {
  const member = $member.get();
  if (!member) return;
  void sendEvent('member', { region: getPlatform().language().region, target: currentPathInLanguage() }, member.userId);
}
