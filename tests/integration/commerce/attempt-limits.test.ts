/**
 * Brute force and enumeration (docs/commerce-api.md, Guards): wrong passwords are limited per account and
 * address, per account and per address, in the API's SQLite (a restart forgets nothing); above
 * a limit the answer is 429 TOO_MANY_ATTEMPTS with the wait; an unknown account costs the
 * same time as a wrong password; reset mails, registrations, email codes and coupon
 * collection have their allowances too. The limiter reads the wall clock: Date is faked.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ATTEMPT_RULES } from '../../../scripts/local-commerce/attempt-limits.ts';
import { KNOWN_DEVICE_COOKIE } from '../../../scripts/local-commerce/session-cookies.ts';
import { REFRESH_COOKIE } from '../../../src/lib/api/contract.ts';
import { addressKey } from '../../../scripts/local-commerce/client-address.ts';
import { createCommerceApp } from '../../../scripts/local-commerce/app.ts';
import {
  call,
  DEMO,
  expectFailure,
  expectSuccess,
  login,
  mailsTo,
  NOW,
  OTHER,
  sampleEnv,
  SITE_ORIGIN,
  type Answer,
  type Env,
} from '../../fixtures/commerce-app.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;
const wrong = { account: DEMO.email, password: 'Wrong2026' };
const right = { account: DEMO.email, password: DEMO.password };

/** The failure is the limit's, with the wait in the answer and in Retry-After. */
function expectLimited(answer: Answer, atMostSeconds: number): number {
  const failure = expectFailure(answer, 'TOO_MANY_ATTEMPTS', { status: 429 });
  const wait = (failure.resp as { retryAfterSeconds: number }).retryAfterSeconds;
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(atMostSeconds);
  expect(answer.headers.get('retry-after')).toBe(String(wait));
  return wait;
}

describe('wrong passwords', () => {
  it('are allowed 5 per account and address in 15 minutes, 20 per account an hour, 100 per address a day', () => {
    expect(ATTEMPT_RULES.signInAccountAddress).toEqual({ points: 5, duration: 900 });
    expect(ATTEMPT_RULES.signInAccount).toEqual({ points: 20, duration: 3600 });
    expect(ATTEMPT_RULES.signInAddress).toEqual({ points: 100, duration: 86_400 });
  });

  it('30 in a row are limited after the fifth, and the right password then waits its turn', async () => {
    const { app } = sampleEnv();
    const answers: Answer[] = [];
    for (let i = 0; i < 30; i++) answers.push(await call(app, 'login', wrong, { address: '203.0.113.7' }));
    for (const answer of answers.slice(0, 5)) expectFailure(answer, 'UR_LOGIN_FAILED');
    for (const answer of answers.slice(5)) expectLimited(answer, 900);
    expectLimited(await call(app, 'login', right, { address: '203.0.113.7' }), 900);
    // Any case of the account is the same account.
    expectLimited(await call(app, 'login', { ...right, account: DEMO.email.toUpperCase() }, { address: '203.0.113.7' }), 900);

    vi.setSystemTime(NOW + 15 * MINUTE + 1000);
    expectSuccess('login', await call(app, 'login', right, { address: '203.0.113.7' }));
  });

  it('from one address do not lock the member out elsewhere, until the account has had 20', async () => {
    const { app } = sampleEnv();
    for (let i = 0; i < 5; i++) expectFailure(await call(app, 'login', wrong, { address: '203.0.113.1' }), 'UR_LOGIN_FAILED');
    expectLimited(await call(app, 'login', right, { address: '203.0.113.1' }), 900);
    expectSuccess('login', await call(app, 'login', right, { address: '198.51.100.1' }));
    // Spread over addresses: 3 each from 5 more makes 20, then the account waits an hour everywhere.
    for (let a = 2; a <= 6; a++)
      for (let i = 0; i < 3; i++) expectFailure(await call(app, 'login', wrong, { address: `203.0.113.${a}` }), 'UR_LOGIN_FAILED');
    expectLimited(await call(app, 'login', right, { address: '198.51.100.99' }), 3600);
  });

  it('a right password clears the run from its address', async () => {
    const { app } = sampleEnv();
    for (let i = 0; i < 4; i++) expectFailure(await call(app, 'login', wrong, { address: '203.0.113.7' }), 'UR_LOGIN_FAILED');
    expectSuccess('login', await call(app, 'login', right, { address: '203.0.113.7' }));
    for (let i = 0; i < 4; i++) expectFailure(await call(app, 'login', wrong, { address: '203.0.113.7' }), 'UR_LOGIN_FAILED');
    expectSuccess('login', await call(app, 'login', right, { address: '203.0.113.7' }));
  });

  it('one address trying many accounts waits a day after 100, known accounts and unknown alike', async () => {
    const { app } = sampleEnv();
    for (let i = 0; i < 100; i++)
      expectFailure(
        await call(app, 'login', { account: `guess${i}@linea.example`, password: 'Guess2026' }, { address: '203.0.113.9' }),
        'UR_LOGIN_FAILED',
      );
    expectLimited(await call(app, 'login', { account: OTHER.email, password: OTHER.password }, { address: '203.0.113.9' }), 86_400);
    expectSuccess('login', await call(app, 'login', { account: OTHER.email, password: OTHER.password }, { address: '203.0.113.10' }));
  });

  it('from IPv6 count by the /64 a subscriber holds, not by the single address', async () => {
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002::9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    const { app } = sampleEnv();
    for (let i = 0; i < 5; i++) expectFailure(await call(app, 'login', wrong, { address: `2001:db8:1:2::${i + 1}` }), 'UR_LOGIN_FAILED');
    expectLimited(await call(app, 'login', right, { address: '2001:db8:1:2:ffff::9' }), 900);
    expectSuccess('login', await call(app, 'login', right, { address: '2001:db8:1:3::1' }));
  });

  it('are remembered in the database across a restart of the API', async () => {
    const env = sampleEnv();
    for (let i = 0; i < 5; i++) await call(env.app, 'login', wrong, { address: '203.0.113.7' });
    const restarted = createCommerceApp({ db: env.db, now: () => env.clock.now, siteOrigin: SITE_ORIGIN });
    expectLimited(await call(restarted, 'login', right, { address: '203.0.113.7' }), 900);
  });
});

/** The token of the latest sign-in link mailed to `email`. */
const signInTokenOf = (db: Env['db'], email: string) =>
  mailsTo(db, email)
    .map((mail) => /\/login\.html\?signInToken=([\w-]+)/.exec(mail.text)?.[1])
    .find(Boolean) ?? null;

/** 20 wrong passwords for the demo account, each from an address of its own (one captcha pass each). */
async function lockAccount(app: Env['app']): Promise<void> {
  for (let i = 0; i < 20; i++) expectFailure(await call(app, 'login', wrong, { address: `203.0.113.${i + 1}` }), 'UR_LOGIN_FAILED');
}

describe('an account others have guessed at from everywhere', () => {
  it('lets its member in from a device that signed in before, and offers a sign-in link by mail elsewhere', async () => {
    const { app, db } = sampleEnv();
    const earlier = await call(app, 'login', right, { address: '198.51.100.1' });
    expectSuccess('login', earlier);
    const device = earlier.cookies.get(KNOWN_DEVICE_COOKIE)!;
    expect(device.attrs.has('httponly')).toBe(true);
    expect(device.attrs.get('path')).toBe('/api/auth');
    const knownDevice = `${KNOWN_DEVICE_COOKIE}=${device.value}`;
    await lockAccount(app);

    expectSuccess('login', await call(app, 'login', right, { address: '192.0.2.1', cookie: knownDevice }));
    // The known device still meets the limit of its own address.
    for (let i = 0; i < 5; i++) await call(app, 'login', wrong, { address: '192.0.2.2', cookie: knownDevice });
    expectLimited(await call(app, 'login', right, { address: '192.0.2.2', cookie: knownDevice }), 900);

    const elsewhere = await call(app, 'login', right, { address: '192.0.2.3' });
    expectLimited(elsewhere, 3600);
    expect(elsewhere.json).toMatchObject({ resp: { signInLink: true } });
    expect(elsewhere.cookies.size).toBe(0);

    // The offer answers alike for an account that exists and one that does not.
    const asked = await call(app, 'signInLinkRequest', { account: DEMO.email }, { address: '192.0.2.3' });
    const unknown = await call(app, 'signInLinkRequest', { account: 'nobody@linea.example' }, { address: '192.0.2.3' });
    expectSuccess('signInLinkRequest', asked);
    expect([unknown.status, unknown.json]).toEqual([asked.status, asked.json]);
    const token = signInTokenOf(db, DEMO.email)!;
    expect(token).toBeTruthy();
    expect(db.prepare('SELECT COUNT(*) AS n FROM sign_in_links WHERE token_hash = ?').get(token)).toEqual({ n: 0 });

    const linked = await call(app, 'signInLinkConsume', { token }, { address: '192.0.2.3' });
    expect(expectSuccess('signInLinkConsume', linked).member.userId).toBe(DEMO.id);
    expect(linked.cookies.get(REFRESH_COOKIE)?.value).toBeTruthy();
    const nowKnown = `${KNOWN_DEVICE_COOKIE}=${linked.cookies.get(KNOWN_DEVICE_COOKIE)!.value}`;
    expectFailure(await call(app, 'signInLinkConsume', { token }), 'UR_SIGN_IN_LINK_INVALID', { field: 'token' });
    // The device the link signed in on is known from now on.
    expectSuccess('login', await call(app, 'login', right, { address: '192.0.2.4', cookie: nowKnown }));
  });

  it("exempts no device whose cookie is forged or another member's", async () => {
    const { app } = sampleEnv();
    const other = await call(app, 'login', { account: OTHER.email, password: OTHER.password });
    const theirs = other.cookies.get(KNOWN_DEVICE_COOKIE)!.value;
    await lockAccount(app);
    const [id, issued] = theirs.split('.');
    for (const value of [theirs, `${DEMO.id}.${issued}.${theirs.split('.')[2]}`, `${id}.${issued}.forged`, 'nonsense'])
      expectLimited(await call(app, 'login', right, { address: '192.0.2.9', cookie: `${KNOWN_DEVICE_COOKIE}=${value}` }), 3600);
  });

  it('mails a link that works once, for 15 minutes; a few per account and per address an hour', async () => {
    expect(ATTEMPT_RULES.signInLinkAccount).toEqual({ points: 3, duration: 3600 });
    expect(ATTEMPT_RULES.signInLinkAddress).toEqual({ points: 20, duration: 3600 });
    const env = sampleEnv();
    expectSuccess('signInLinkRequest', await call(env.app, 'signInLinkRequest', { account: DEMO.mobile }, { address: '192.0.2.5' }));
    const token = signInTokenOf(env.db, DEMO.email)!;
    env.clock.now += 15 * MINUTE;
    expectFailure(await call(env.app, 'signInLinkConsume', { token }), 'UR_SIGN_IN_LINK_INVALID', { field: 'token' });
    // Counted under the account as typed, as wrong passwords are: the mobile number was another.
    for (let i = 0; i < 3; i++)
      expectSuccess(
        'signInLinkRequest',
        await call(env.app, 'signInLinkRequest', { account: DEMO.email }, { address: `192.0.2.${i + 6}` }),
      );
    expectLimited(await call(env.app, 'signInLinkRequest', { account: DEMO.email.toUpperCase() }, { address: '192.0.2.99' }), 3600);
    expect(mailsTo(env.db, DEMO.email)).toHaveLength(4);
  });
});

describe('an unknown account', () => {
  it('costs the same time as a wrong password (the scrypt work is done either way)', async () => {
    const { app } = sampleEnv();
    // The work each answer costs, as this process's CPU time: the machine's other load weighs on
    // wall-clock times far more than the hash does (a loaded run had failed on them).
    const median = async (body: object) => {
      const times: number[] = [];
      for (let i = 0; i < 9; i++) {
        const started = process.cpuUsage();
        // A fresh address each time, so the limits stay out of the way.
        expectFailure(await call(app, 'login', body, { address: `192.0.2.${i + (body === wrong ? 0 : 100)}` }), 'UR_LOGIN_FAILED');
        const { user, system } = process.cpuUsage(started);
        times.push(user + system);
      }
      return times.sort((a, b) => a - b)[4]!;
    };
    await median(wrong); // warm up
    const known = await median(wrong);
    const unknown = await median({ account: 'nobody@linea.example', password: 'Wrong2026' });
    // Before, an unknown account answered about ten times faster.
    expect(unknown / known).toBeGreaterThan(0.6);
    expect(unknown / known).toBeLessThan(1.6);
  });
});

describe('other attempts', () => {
  it('reset mails: 5 per account an hour (known or not), 20 per address', async () => {
    expect(ATTEMPT_RULES.passwordResetAccount).toEqual({ points: 5, duration: 3600 });
    expect(ATTEMPT_RULES.passwordResetAddress).toEqual({ points: 20, duration: 3600 });
    const { app } = sampleEnv();
    for (let i = 0; i < 5; i++)
      expectSuccess('forgetPassword', await call(app, 'forgetPassword', { email: DEMO.email }, { address: `203.0.113.${i}` }));
    expectLimited(await call(app, 'forgetPassword', { email: DEMO.email.toUpperCase() }, { address: '203.0.113.99' }), 3600);
    for (let i = 0; i < 15; i++)
      expectSuccess('forgetPassword', await call(app, 'forgetPassword', { email: `n${i}@linea.example` }, { address: '198.51.100.1' }));
    for (let i = 15; i < 20; i++) await call(app, 'forgetPassword', { email: `n${i}@linea.example` }, { address: '198.51.100.1' });
    expectLimited(await call(app, 'forgetPassword', { email: 'n20@linea.example' }, { address: '198.51.100.1' }), 3600);
  });

  it('registrations: 10 per address an hour', async () => {
    expect(ATTEMPT_RULES.registrationAddress).toEqual({ points: 10, duration: 3600 });
    const { app } = sampleEnv();
    const register = (i: number) =>
      call(
        app,
        'register',
        { name: 'New', email: `new${i}@linea.example`, password: 'Member2026', agreeTerms: true },
        { address: '203.0.113.5' },
      );
    for (let i = 0; i < 10; i++) expectSuccess('register', await register(i));
    expectLimited(await register(10), 3600);
    vi.setSystemTime(NOW + 61 * MINUTE);
    expectSuccess('register', await register(11));
  });

  it('email codes: 10 per member an hour, besides the minute between two', async () => {
    expect(ATTEMPT_RULES.emailCodeMember).toEqual({ points: 10, duration: 3600 });
    const env = sampleEnv();
    const { token } = await login(env.app);
    for (let i = 0; i < 10; i++) {
      expectSuccess('emailCodeSend', await call(env.app, 'emailCodeSend', { email: `next${i}@linea.example` }, { token }));
      env.clock.now += 61_000;
      vi.setSystemTime(NOW + (i + 1) * 61_000);
    }
    expectLimited(await call(env.app, 'emailCodeSend', { email: 'next10@linea.example' }, { token }), 3600);
  });

  it('newsletter: 3 confirmation mails per mailbox an hour, 20 subscriptions per address', async () => {
    expect(ATTEMPT_RULES.newsletterEmail).toEqual({ points: 3, duration: 3600 });
    expect(ATTEMPT_RULES.newsletterAddress).toEqual({ points: 20, duration: 3600 });
    const { app } = sampleEnv();
    const subscribe = (email: string, address: string) => call(app, 'newsletterSubscribe', { email }, { address });
    for (let i = 0; i < 3; i++) expectSuccess('newsletterSubscribe', await subscribe('victim@linea.example', `203.0.113.${i}`));
    expectLimited(await subscribe('VICTIM@linea.example', '203.0.113.99'), 3600);
    for (let i = 0; i < 20; i++) expectSuccess('newsletterSubscribe', await subscribe(`reader${i}@linea.example`, '198.51.100.7'));
    expectLimited(await subscribe('reader20@linea.example', '198.51.100.7'), 3600);
  });

  it('coupons: 30 collected or redeemed per member a minute', async () => {
    expect(ATTEMPT_RULES.couponCollectMember).toEqual({ points: 30, duration: 60 });
    const env = sampleEnv();
    const { token } = await login(env.app);
    for (let i = 0; i < 30; i++)
      await call(env.app, i % 2 ? 'couponRedeem' : 'couponCollect', i % 2 ? { code: `GUESS${i}` } : { couponId: `CC00${i}` }, { token });
    expectLimited(await call(env.app, 'couponRedeem', { code: 'WELCOME150' }, { token }), 60);
    vi.setSystemTime(NOW + MINUTE + 1000);
    expect((await call(env.app, 'couponRedeem', { code: 'WELCOME150' }, { token })).status).toBe(200);
  });
});
