/** The signed-in member's settings: who they are, their language, agreements and subscriptions (the profile: profile.ts). */
import type { ResponseOf } from '../../../src/lib/api/contract.ts';
import { agreementVersions } from '../agreements.ts';
import { ApiFailure, toMember, type RouteKit } from '../kit.ts';

export function registerMemberRoutes({ db, now, handle }: RouteKit): void {
  handle('memberInfo', ({ member }) => toMember(member));
  handle('preferLanguage', ({ body, member }) => {
    db.prepare('UPDATE members SET prefer_lang = ? WHERE id = ?').run(body.preferLang, member.id);
    return {};
  });
  handle('membershipVersion', () => agreementVersions(db));
  handle('membershipVersionUpdate', ({ body, member }) => {
    // Only the version in force can be accepted: one that changed while the prompt was open is refused.
    const current = agreementVersions(db);
    const stale = (given: string | undefined, now: string) => given !== undefined && given !== now;
    if (
      stale(body.membershipAgreementVersion, current.membershipAgreementVersion) ||
      stale(body.privacyPolicyVersion, current.privacyPolicyVersion)
    ) {
      throw new ApiFailure('AGREEMENT_VERSION_CHANGED', 'The terms changed while you were reading them', 200);
    }
    if (body.membershipAgreementVersion)
      db.prepare('UPDATE members SET agreement_version = ? WHERE id = ?').run(body.membershipAgreementVersion, member.id);
    if (body.privacyPolicyVersion)
      db.prepare('UPDATE members SET privacy_version = ? WHERE id = ?').run(body.privacyPolicyVersion, member.id);
    return {};
  });
  handle('subscriptionInfo', ({ member }) => {
    const row = db.prepare("SELECT json FROM records WHERE kind = 'subscription' AND id = ?").get(member.id) as
      { json: string } | undefined;
    if (row) return JSON.parse(row.json) as ResponseOf<'subscriptionInfo'>;
    return {
      subscribeEmail: member.email,
      extensionEmail: '',
      phoneFlag: 'N',
      smsFlag: 'N',
      emailFlag: 'N',
      popupNoticeFlag: 'N',
      subscribeMap: {},
    };
  });
  handle('subscriptionSave', ({ body, member }) => {
    db.prepare('INSERT OR REPLACE INTO records (kind, id, member_id, status, created_at, json) VALUES (?, ?, ?, ?, ?, ?)').run(
      'subscription',
      member.id,
      member.id,
      body.emailFlag,
      now(),
      JSON.stringify(body),
    );
    return {};
  });
}
