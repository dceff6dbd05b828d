/**
 * The captcha at sign-in and registration (a cloud provider's script, loaded on demand), where the store has one: the
 * local API asks for a passed check of its stand-in before anything else, and each token
 * answers once.
 */
import { describe, expect, it } from 'vitest';
import { call, expectFailure, expectSuccess, sampleEnv, type App } from '../../fixtures/commerce-app.ts';
import { DEMO_MEMBERS } from '../../../scripts/local-commerce/seed.ts';

const DEMO = DEMO_MEMBERS[0]!;

async function solved(app: App, pass: boolean): Promise<string> {
  const answer = await app.request('/api/_standin/captcha/solve', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pass }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

describe('with a captcha', () => {
  it('sign-in needs a passed check, on the captcha field, before the password is looked at', async () => {
    const { app } = sampleEnv({ captcha: true });
    const credentials = { account: DEMO.email, password: DEMO.password };
    expectFailure(await call(app, 'login', credentials), 'UR_CAPTCHA_FAILED', { field: 'captchaToken' });
    // A wrong password without a check says nothing about the password.
    expectFailure(await call(app, 'login', { ...credentials, password: 'Wrong12345' }), 'UR_CAPTCHA_FAILED');
    expectFailure(await call(app, 'login', { ...credentials, captchaToken: await solved(app, false) }), 'UR_CAPTCHA_FAILED');
    expectFailure(await call(app, 'login', { ...credentials, captchaToken: 'made-up' }), 'UR_CAPTCHA_FAILED');
    const token = await solved(app, true);
    expectSuccess('login', await call(app, 'login', { ...credentials, captchaToken: token }));
    // Each pass answers once.
    expectFailure(await call(app, 'login', { ...credentials, captchaToken: token }), 'UR_CAPTCHA_FAILED');
  });

  it('a refused sign-in uses its token up', async () => {
    const { app } = sampleEnv({ captcha: true });
    const token = await solved(app, true);
    expectFailure(await call(app, 'login', { account: DEMO.email, password: 'Wrong12345', captchaToken: token }), 'UR_LOGIN_FAILED');
    expectFailure(await call(app, 'login', { account: DEMO.email, password: DEMO.password, captchaToken: token }), 'UR_CAPTCHA_FAILED');
  });

  it('registration needs one too', async () => {
    const { app } = sampleEnv({ captcha: true });
    const member = { name: 'Chan Tai Man', email: `captcha.${Date.now()}@example.com`, password: 'abcd1234', agreeTerms: true };
    expectFailure(await call(app, 'register', member), 'UR_CAPTCHA_FAILED', { field: 'captchaToken' });
    expectSuccess('register', await call(app, 'register', { ...member, captchaToken: await solved(app, true) }));
  });

  it("cannot be skipped by naming another region's language", async () => {
    const { app } = sampleEnv({ captcha: true });
    const credentials = { account: DEMO.email, password: DEMO.password };
    for (const language of ['zh-CN', 'zh-MO', 'en-GB'])
      expectFailure(await call(app, 'login', credentials, { language }), 'UR_CAPTCHA_FAILED');
  });

  it('without one configured, nothing is asked', async () => {
    const { app } = sampleEnv();
    expectSuccess('login', await call(app, 'login', { account: DEMO.email, password: DEMO.password }));
  });
});
