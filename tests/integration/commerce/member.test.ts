/**
 * The member's account settings: language, agreement versions, subscriptions.
 */
import { describe, expect, it } from 'vitest';
import { call, DEMO, expectFailure, expectSuccess, login, sampleEnv } from '../../fixtures/commerce-app.ts';

describe('member settings', () => {
  it('prefer-lang and membership versions are saved and shown by member info; subscriptions are stored', async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
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
      subscribeMap: { KIDS: 'Y' },
    } as const;
    expectSuccess('subscriptionSave', await call(app, 'subscriptionSave', subscription, { token }));
    const row = db.prepare("SELECT json FROM records WHERE kind = 'subscription' AND member_id = ?").get(DEMO.id) as { json: string };
    expect(JSON.parse(row.json)).toEqual(subscription);
    expectFailure(await call(app, 'subscriptionSave', { ...subscription, smsFlag: 'yes' }, { token }), 'INVALID_FIELD', {
      field: 'smsFlag',
    });
  });
});
