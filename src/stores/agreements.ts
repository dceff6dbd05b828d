/**
 * The membership agreement and privacy policy prompts (tests/unit/agreements.test.ts,
 * tests/e2e/agreements.spec.ts). Once a member is
 * known, the server's versions and the member's accepted ones are compared; the due prompt (the
 * agreement before the privacy policy) is registered as a pop-up. Agreeing posts the version and
 * keeps it, and the next due prompt follows; declining signs the member out and goes home.
 *
 * Failures (docs/engagement.md, Pop-ups): the versions fetch failing counts as no versions (no prompt);
 * the update answering success false shows its message in a dialog (and the versions are read
 * again, since the usual cause is a version changed meanwhile); a network failure on the update
 * is ignored, and the prompt comes back on the next page.
 */
import { atom } from 'nanostores';
import { acceptanceBody, duePrompt, type AcceptedVersions, type DuePrompt, type ServerVersions } from '../lib/account/agreements.ts';
import { getPlatform, languagePrefix } from './platform.ts';
import { closePopup, openPopup } from './popups.ts';
import { $loggedIn, callApi, signOut } from './session.ts';

export const AGREEMENT_POPUP_ID = 'agreement-version';

export const $duePrompt = atom<DuePrompt | null>(null);
/** What the update refused with, for the failure dialog. */
export const $agreementFailure = atom<{ msgCode: string; msg: string | null } | null>(null);

let server: ServerVersions = {};
let accepted: AcceptedVersions | null = null;

function show(): void {
  const due = duePrompt($loggedIn.get(), server, accepted);
  const shown = $duePrompt.get();
  if (shown && (!due || shown.kind !== due.kind || shown.version !== due.version)) closePopup(AGREEMENT_POPUP_ID);
  $duePrompt.set(due);
  if (due) openPopup({ id: AGREEMENT_POPUP_ID, content: due, className: `agreement-prompt agreement-prompt--${due.kind}` });
}

/** Reads both sides and shows the due prompt, if any. */
export async function checkAgreements(): Promise<void> {
  const [versions, profile] = await Promise.all([callApi('membershipVersion'), callApi('memberInfo')]);
  server = versions.ok ? versions.data : {};
  accepted = profile.ok
    ? { membershipAgreementVersion: profile.data.membershipAgreementVersion, privacyPolicyVersion: profile.data.privacyPolicyVersion }
    : null;
  show();
}

export async function acceptAgreement(): Promise<void> {
  const prompt = $duePrompt.get();
  if (!prompt || !accepted) return;
  const result = await callApi('membershipVersionUpdate', acceptanceBody(prompt));
  if (result.ok) {
    accepted =
      prompt.kind === 'membership'
        ? { ...accepted, membershipAgreementVersion: prompt.version }
        : { ...accepted, privacyPolicyVersion: prompt.version };
    show();
    return;
  }
  if (result.kind === 'failure') {
    $agreementFailure.set({ msgCode: result.msgCode, msg: result.msg });
    await checkAgreements();
    return;
  }
  dismissAgreement();
}

/** Closed without a choice (or the update never answered): asked again on the next page. */
export function dismissAgreement(): void {
  $duePrompt.set(null);
  closePopup(AGREEMENT_POPUP_ID);
}

export async function declineAgreement(): Promise<void> {
  dismissAgreement();
  await signOut();
  getPlatform().navigate(`${languagePrefix()}/`);
}

export function clearAgreementFailure(): void {
  $agreementFailure.set(null);
}
