/**
 * The membership agreement and privacy policy versions (tests/unit/agreements.test.ts): which prompt a signed-in
 * member gets. A prompt is due when the server's pop flag is Y and the version the member
 * accepted last differs from the server's; the agreement comes before the privacy policy.
 */

/** The CMS pages the prompts link to. */
export const MEMBERSHIP_AGREEMENT_PATH = '/membership-agreement.html';
export const PRIVACY_POLICY_PATH = '/privacy-policy.html';

export type AgreementKind = 'membership' | 'privacy';

/** The server's versions and flags (an empty object when the fetch failed). */
export interface ServerVersions {
  membershipAgreementVersion?: string;
  membershipAgreementPopFlag?: 'Y' | 'N';
  privacyPolicyVersion?: string;
  privacyPolicyPopFlag?: 'Y' | 'N';
}

/** What the member accepted last (null: nothing yet). */
export interface AcceptedVersions {
  membershipAgreementVersion: string | null;
  privacyPolicyVersion: string | null;
}

export interface DuePrompt {
  kind: AgreementKind;
  version: string;
}

export function duePrompt(signedIn: boolean, server: ServerVersions, accepted: AcceptedVersions | null): DuePrompt | null {
  if (!signedIn || !accepted) return null;
  const { membershipAgreementVersion: agreement, privacyPolicyVersion: privacy } = server;
  if (agreement && server.membershipAgreementPopFlag === 'Y' && agreement !== accepted.membershipAgreementVersion) {
    return { kind: 'membership', version: agreement };
  }
  if (privacy && server.privacyPolicyPopFlag === 'Y' && privacy !== accepted.privacyPolicyVersion) {
    return { kind: 'privacy', version: privacy };
  }
  return null;
}

/** The update's body for an accepted prompt. */
export function acceptanceBody(prompt: DuePrompt): { membershipAgreementVersion: string } | { privacyPolicyVersion: string } {
  return prompt.kind === 'membership' ? { membershipAgreementVersion: prompt.version } : { privacyPolicyVersion: prompt.version };
}
