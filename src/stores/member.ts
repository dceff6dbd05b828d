/**
 * The signed-in member's account: their details on the account home, the preferred language,
 * and the password-reset requests of the sign-in pages (made without a session).
 */
import { atom } from 'nanostores';
import { $member, callApi, onMemberLogout, type ApiResult } from './session.ts';

export interface MemberDetails {
  name: string;
  email: string;
}

export type MemberDetailsState =
  { status: 'idle' } | { status: 'loading' } | { status: 'ready'; details: MemberDetails } | { status: 'error' };
export const $memberDetails = atom<MemberDetailsState>({ status: 'idle' });

/** The account home's details. A failure is an error state the page offers to retry. */
export async function loadMemberDetails(): Promise<void> {
  $memberDetails.set({ status: 'loading' });
  const result = await callApi('memberInfo');
  if (result.ok) $memberDetails.set({ status: 'ready', details: { name: result.data.name, email: result.data.email } });
  else if (result.kind !== 'aborted') $memberDetails.set({ status: 'error' });
}

onMemberLogout(() => $memberDetails.set({ status: 'idle' }));

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
