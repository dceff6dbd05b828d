/** The membership agreement and privacy policy in force (db.ts agreement_versions), as the API answers them and the admin page edits them. */
import type { DatabaseSync } from 'node:sqlite';
import type { ResponseOf } from '../../src/lib/api/contract.ts';

export type AgreementVersions = ResponseOf<'membershipVersion'>;

export function agreementVersions(db: DatabaseSync): AgreementVersions {
  const rows = db.prepare('SELECT kind, version, pop_flag FROM agreement_versions').all() as Array<{
    kind: string;
    version: string;
    pop_flag: 'Y' | 'N';
  }>;
  const of = (kind: string) => rows.find((r) => r.kind === kind) ?? { version: '', pop_flag: 'N' as const };
  const membership = of('membership');
  const privacy = of('privacy');
  return {
    membershipAgreementVersion: membership.version,
    membershipAgreementPopFlag: membership.pop_flag,
    privacyPolicyVersion: privacy.version,
    privacyPolicyPopFlag: privacy.pop_flag,
  };
}

export function setAgreementVersions(db: DatabaseSync, versions: AgreementVersions): void {
  const update = db.prepare('UPDATE agreement_versions SET version = ?, pop_flag = ? WHERE kind = ?');
  update.run(versions.membershipAgreementVersion, versions.membershipAgreementPopFlag, 'membership');
  update.run(versions.privacyPolicyVersion, versions.privacyPolicyPopFlag, 'privacy');
}
