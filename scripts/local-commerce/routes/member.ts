/** The signed-in member's settings: who they are, their language, agreements and subscriptions (the profile: profile.ts). */
import { toMember, type RouteKit } from '../kit.ts';

export function registerMemberRoutes({ db, now, handle }: RouteKit): void {
  handle('memberInfo', ({ member }) => toMember(member));
  handle('preferLanguage', ({ body, member }) => {
    db.prepare('UPDATE members SET prefer_lang = ? WHERE id = ?').run(body.preferLang, member.id);
    return {};
  });
  handle('membershipVersion', () => ({
    membershipAgreementVersion: '2026.1',
    membershipAgreementPopFlag: 'Y',
    privacyPolicyVersion: '2026.1',
    privacyPolicyPopFlag: 'Y',
  }));
  handle('membershipVersionUpdate', ({ body, member }) => {
    if (body.membershipAgreementVersion)
      db.prepare('UPDATE members SET agreement_version = ? WHERE id = ?').run(body.membershipAgreementVersion, member.id);
    if (body.privacyPolicyVersion)
      db.prepare('UPDATE members SET privacy_version = ? WHERE id = ?').run(body.privacyPolicyVersion, member.id);
    return {};
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
