/** Which version prompt a member gets, and what agreeing posts. */
import { describe, expect, it } from 'vitest';
import { acceptanceBody, duePrompt, type ServerVersions } from '../../src/lib/account/agreements.ts';

const server: ServerVersions = {
  membershipAgreementVersion: '2027.1',
  membershipAgreementPopFlag: 'Y',
  privacyPolicyVersion: '2027.2',
  privacyPolicyPopFlag: 'Y',
};
const accepted = { membershipAgreementVersion: '2026.1', privacyPolicyVersion: '2026.1' };

describe('version prompts', () => {
  it('asks for the agreement before the privacy policy when both changed', () => {
    expect(duePrompt(true, server, accepted)).toEqual({ kind: 'membership', version: '2027.1' });
    expect(duePrompt(true, server, { ...accepted, membershipAgreementVersion: '2027.1' })).toEqual({ kind: 'privacy', version: '2027.2' });
  });

  it('asks only a signed-in member, only for a version that differs, only when its pop flag is Y', () => {
    expect(duePrompt(false, server, accepted)).toBeNull();
    expect(duePrompt(true, server, null)).toBeNull();
    expect(duePrompt(true, server, { membershipAgreementVersion: '2027.1', privacyPolicyVersion: '2027.2' })).toBeNull();
    expect(duePrompt(true, { ...server, membershipAgreementPopFlag: 'N' }, accepted)).toEqual({ kind: 'privacy', version: '2027.2' });
    expect(duePrompt(true, { ...server, membershipAgreementPopFlag: 'N', privacyPolicyPopFlag: 'N' }, accepted)).toBeNull();
  });

  it('asks a member who never accepted anything, and nobody when the versions could not be read', () => {
    expect(duePrompt(true, server, { membershipAgreementVersion: null, privacyPolicyVersion: null })?.kind).toBe('membership');
    expect(duePrompt(true, {}, accepted)).toBeNull();
  });

  it('posts the version of the prompt agreed to, under its own name', () => {
    expect(acceptanceBody({ kind: 'membership', version: '2027.1' })).toEqual({ membershipAgreementVersion: '2027.1' });
    expect(acceptanceBody({ kind: 'privacy', version: '2027.2' })).toEqual({ privacyPolicyVersion: '2027.2' });
  });
});
