/**
 * The member's account settings: language, agreement versions, subscriptions.
 */
import { describe, expect, it } from 'vitest';
import {
  adminAgreements,
  call,
  DEMO,
  expectFailure,
  expectSuccess,
  login,
  registerMember,
  sampleEnv,
} from '../../fixtures/commerce-app.ts';

describe('member settings', () => {
  it('the versions in force are data the admin edits; only the version in force can be accepted', async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    // The demo members accepted the versions the store starts with: nothing is due.
    expect(expectSuccess('membershipVersion', await call(app, 'membershipVersion', {}, { token }))).toEqual({
      membershipAgreementVersion: '2026.1',
      membershipAgreementPopFlag: 'Y',
      privacyPolicyVersion: '2026.1',
      privacyPolicyPopFlag: 'Y',
    });
    expect(expectSuccess('memberInfo', await call(app, 'memberInfo', {}, { token }))).toMatchObject({
      membershipAgreementVersion: '2026.1',
      privacyPolicyVersion: '2026.1',
    });
    const edited = {
      membershipAgreementVersion: '2027.1',
      membershipAgreementPopFlag: 'Y',
      privacyPolicyVersion: '2026.1',
      privacyPolicyPopFlag: 'N',
    };
    expect(await adminAgreements(app, edited)).toMatchObject({ success: true, resp: edited });
    expect(expectSuccess('membershipVersion', await call(app, 'membershipVersion', {}, { token }))).toEqual(edited);

    // A version that is not (or no longer) in force is refused, and nothing is stored.
    expectFailure(
      await call(app, 'membershipVersionUpdate', { membershipAgreementVersion: '2026.9' }, { token }),
      'AGREEMENT_VERSION_CHANGED',
    );
    expect(expectSuccess('memberInfo', await call(app, 'memberInfo', {}, { token })).membershipAgreementVersion).toBe('2026.1');
    expectSuccess(
      'membershipVersionUpdate',
      await call(app, 'membershipVersionUpdate', { membershipAgreementVersion: '2027.1' }, { token }),
    );
    expect(expectSuccess('memberInfo', await call(app, 'memberInfo', {}, { token })).membershipAgreementVersion).toBe('2027.1');

    // Registering agrees to the versions in force.
    const { session: registered } = await registerMember(
      { app, db },
      { name: 'New Member', email: 'terms@linea.example', password: 'Shopper2026', agreeTerms: true },
    );
    expect(expectSuccess('memberInfo', await call(app, 'memberInfo', {}, { token: registered.accessToken }))).toMatchObject({
      membershipAgreementVersion: '2027.1',
      privacyPolicyVersion: '2026.1',
    });

    // The admin refuses an empty version or a flag other than Y and N.
    expect(await adminAgreements(app, { ...edited, privacyPolicyVersion: ' ' })).toMatchObject({
      success: false,
      msgCode: 'INVALID_FIELD',
    });
    expect(await adminAgreements(app, { ...edited, privacyPolicyPopFlag: 'maybe' })).toMatchObject({
      success: false,
      msgCode: 'INVALID_FIELD',
    });
    const page = await (await app.request('/api/_admin')).text();
    expect(page).toContain('name="membershipAgreementVersion" value="2027.1"');
  });

  it('prefer-lang and membership versions are saved and shown by member info; subscriptions are stored', async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    await adminAgreements(app, {
      membershipAgreementVersion: '2026.1',
      membershipAgreementPopFlag: 'Y',
      privacyPolicyVersion: '2099.9',
      privacyPolicyPopFlag: 'Y',
    });
    const versions = expectSuccess('membershipVersion', await call(app, 'membershipVersion', {}, { token }));
    expectSuccess('preferLanguage', await call(app, 'preferLanguage', { preferLang: 'en-GB' }, { token }));
    expectSuccess(
      'membershipVersionUpdate',
      await call(
        app,
        'membershipVersionUpdate',
        { membershipAgreementVersion: versions.membershipAgreementVersion, privacyPolicyVersion: '2099.9' },
        { token },
      ),
    );
    expect(expectSuccess('memberInfo', await call(app, 'memberInfo', {}, { token }))).toMatchObject({
      preferLang: 'en-GB',
      membershipAgreementVersion: versions.membershipAgreementVersion,
      privacyPolicyVersion: '2099.9',
    });
    expectFailure(await call(app, 'preferLanguage', { preferLang: 'x' }, { token }), 'INVALID_FIELD', { field: 'preferLang' });

    const subscription = {
      subscribeEmail: DEMO.email,
      extensionEmail: '',
      phoneFlag: 'N',
      smsFlag: 'Y',
      emailFlag: 'Y',
      popupNoticeFlag: 'N',
      subscribeMap: { KIDS_BABY: 'Y', STYLING: 'N' },
    } as const;
    // Before any save: the account's email, every flag N.
    expect(expectSuccess('subscriptionInfo', await call(app, 'subscriptionInfo', {}, { token }))).toEqual({
      subscribeEmail: DEMO.email,
      extensionEmail: '',
      phoneFlag: 'N',
      smsFlag: 'N',
      emailFlag: 'N',
      popupNoticeFlag: 'N',
      subscribeMap: {},
    });
    expectSuccess('subscriptionSave', await call(app, 'subscriptionSave', subscription, { token }));
    expect(expectSuccess('subscriptionInfo', await call(app, 'subscriptionInfo', {}, { token }))).toEqual(subscription);
    expectFailure(await call(app, 'subscriptionSave', { ...subscription, subscribeEmail: '' }, { token }), 'UR_EMAIL_08', {
      field: 'subscribeEmail',
    });
    expectFailure(await call(app, 'subscriptionSave', { ...subscription, extensionEmail: 'second' }, { token }), 'UR_EMAIL_06', {
      field: 'extensionEmail',
    });
    const row = db.prepare("SELECT json FROM records WHERE kind = 'subscription' AND member_id = ?").get(DEMO.id) as { json: string };
    expect(JSON.parse(row.json)).toEqual(subscription);
    expectFailure(await call(app, 'subscriptionSave', { ...subscription, smsFlag: 'yes' }, { token }), 'INVALID_FIELD', {
      field: 'smsFlag',
    });
  });
});
