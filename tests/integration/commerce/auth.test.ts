/**
 * Signing in and out: login, registration, the rotating refresh cookie and the access-token
 * lifetime, logout, password reset and the fake social-login provider.
 */
import { describe, expect, it } from 'vitest';
import { REFRESH_COOKIE, SESSION_HINT_COOKIE } from '../../../src/lib/api/contract.ts';
import { sessionHintIn } from '../../../src/lib/api/cookies.ts';
import { DEMO_MEMBERS } from '../../../scripts/local-commerce/seed.ts';
import {
  authorize,
  socialCallback,
  call,
  DEMO,
  expectFailure,
  expectSuccess,
  expectUnauthorized,
  login,
  memberState,
  refreshCookie,
  registerMember,
  resetTokenOf,
  sampleEnv,
} from '../../fixtures/commerce-app.ts';

describe('login', () => {
  it('signs in with the right password: a session, the HttpOnly refresh cookie and the readable hint cookie', async () => {
    const { app } = sampleEnv();
    const { session, token, answer } = await login(app);
    expect(session.member).toMatchObject({ userId: DEMO.id, email: DEMO.email, name: DEMO.name, preferLang: DEMO.preferLang });
    expect(session.expiresIn).toBe(900);

    const refresh = answer.cookies.get(REFRESH_COOKIE)!;
    expect(refresh.value.length).toBeGreaterThanOrEqual(32);
    expect(refresh.attrs.has('httponly')).toBe(true);
    expect(refresh.attrs.get('samesite')).toBe('Lax');
    expect(refresh.attrs.get('path')).toBe('/api/auth');
    expect(Number(refresh.attrs.get('max-age'))).toBeGreaterThan(0);

    const hint = answer.cookies.get(SESSION_HINT_COOKIE)!;
    expect(hint).toBeDefined();
    expect(hint.attrs.has('httponly')).toBe(false);
    expect(hint.attrs.get('path')).toBe('/');
    expect(hint.value).not.toBe(refresh.value);

    expect(expectSuccess('memberInfo', await call(app, 'memberInfo', {}, { token })).userId).toBe(DEMO.id);
  });

  it('accepts the mobile number and a differently cased, padded email as the account', async () => {
    const { app } = sampleEnv();
    expect((await login(app, DEMO.mobile)).session.member.userId).toBe(DEMO.id);
    expect((await login(app, `  ${DEMO.email.toUpperCase()} `)).session.member.userId).toBe(DEMO.id);
  });

  it('answers a wrong password and an unknown account alike (UR_LOGIN_FAILED), without cookies', async () => {
    const { app } = sampleEnv();
    const wrong = await call(app, 'login', { account: DEMO.email, password: 'Wrong2026' });
    const unknown = await call(app, 'login', { account: 'nobody@linea.example', password: DEMO.password });
    expectFailure(wrong, 'UR_LOGIN_FAILED');
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.json).toEqual(wrong.json);
    expect(wrong.cookies.size + unknown.cookies.size).toBe(0);
  });

  it('checks the form: an empty account or password is a field error', async () => {
    const { app } = sampleEnv();
    expectFailure(await call(app, 'login', { account: '  ', password: 'x' }), 'UR_ACCOUNT_REQUIRED', { field: 'account' });
    expectFailure(await call(app, 'login', { account: DEMO.email, password: '' }), 'UR_PASSWORD_REQUIRED', { field: 'password' });
  });

  it('stores passwords as salted scrypt hashes, never the password', async () => {
    const { app, db } = sampleEnv();
    const password = 'Secret2026x';
    await registerMember({ app, db }, { name: 'A', email: 'a@linea.example', password, agreeTerms: true });
    await registerMember({ app, db }, { name: 'B', email: 'b@linea.example', password, agreeTerms: true });
    const rows = db.prepare('SELECT email, password_hash FROM members WHERE password_hash IS NOT NULL').all() as Array<{
      email: string;
      password_hash: string;
    }>;
    expect(rows.length).toBe(DEMO_MEMBERS.length + 2);
    for (const row of rows) {
      expect(row.password_hash.startsWith('scrypt$')).toBe(true);
      expect(row.password_hash).not.toContain(password);
      expect(row.password_hash).not.toContain(DEMO.password);
    }
    const [a, b] = ['a@linea.example', 'b@linea.example'].map((email) => rows.find((r) => r.email === email)!.password_hash);
    expect(a, 'the same password must hash differently (salt)').not.toBe(b);
  });
});

describe('register', () => {
  it('opens the account with the mailed link, and the link signs the new member in', async () => {
    const { app, db } = sampleEnv();
    const { session, answer } = await registerMember(
      { app, db },
      { name: ' 王小明 ', email: 'ming@linea.example', password: 'Ming2026', agreeTerms: true },
    );
    expect(session.member).toMatchObject({ name: '王小明', email: 'ming@linea.example' });
    expect(answer.cookies.get(REFRESH_COOKIE)?.attrs.has('httponly')).toBe(true);
    expect(answer.cookies.get(SESSION_HINT_COOKIE)).toBeDefined();
    expect(expectSuccess('memberInfo', await call(app, 'memberInfo', {}, { token: session.accessToken })).email).toBe('ming@linea.example');
    expect((await login(app, 'ming@linea.example', 'Ming2026')).session.member.userId).toBe(session.member.userId);
  });

  it('accepts passwords of exactly 8 and 20 characters', async () => {
    const { app } = sampleEnv();
    expectSuccess(
      'register',
      await call(app, 'register', { name: 'Eight', email: 'eight@linea.example', password: 'abcdefg1', agreeTerms: true }),
    );
    expectSuccess(
      'register',
      await call(app, 'register', { name: 'Twenty', email: 'twenty@linea.example', password: 'a1'.repeat(10), agreeTerms: true }),
    );
  });

  it('rejects passwords outside the rule (8–20, a digit and a letter) with UR_PASSWORD_FORMAT on the password field', async () => {
    const { app, db } = sampleEnv();
    const before = memberState(db);
    for (const password of ['short1', 'abcdefgh', '12345678', `${'a1'.repeat(10)}b`]) {
      const answer = await call(app, 'register', { name: 'X', email: 'x@linea.example', password, agreeTerms: true });
      expectFailure(answer, 'UR_PASSWORD_FORMAT', { field: 'password' });
      expect(answer.cookies.size).toBe(0);
    }
    expect(memberState(db)).toEqual(before);
  });

  it('rejects a malformed email with UR_EMAIL_06; an existing one is answered as any other and changes nothing', async () => {
    const { app, db } = sampleEnv();
    const before = memberState(db);
    for (const email of ['not-an-email', 'a@b', 'a b@linea.example', '']) {
      expectFailure(await call(app, 'register', { name: 'X', email, password: 'Valid2026', agreeTerms: true }), 'UR_EMAIL_06', {
        field: 'email',
      });
    }
    expect(memberState(db)).toEqual(before);
    for (const email of [DEMO.email, DEMO.email.toUpperCase()]) {
      const answer = await call(app, 'register', { name: 'X', email, password: 'Valid2026', agreeTerms: true });
      expect(expectSuccess('register', answer)).toEqual({ status: 'pending' });
      expect(answer.cookies.size).toBe(0);
    }
    // Nothing changed but the owner's two mails (registration.test.ts reads them).
    const { mails: mailsBefore, ...unchanged } = before;
    const { mails, ...after } = memberState(db);
    expect(after).toEqual(unchanged);
    expect(mails).toHaveLength(mailsBefore!.length + 2);
    // The existing member's password was not touched.
    await login(app);
  });

  it('requires a name and agreement to the terms', async () => {
    const { app } = sampleEnv();
    expectFailure(
      await call(app, 'register', { name: ' ', email: 'n@linea.example', password: 'Valid2026', agreeTerms: true }),
      'UR_NAME_REQUIRED',
      { field: 'name' },
    );
    expectFailure(
      await call(app, 'register', { name: 'N', email: 'n@linea.example', password: 'Valid2026', agreeTerms: false }),
      'UR_AGREE_REQUIRED',
      { field: 'agreeTerms' },
    );
  });
});

describe('refresh and access-token lifetime', () => {
  it('issues a new session and a new refresh cookie, and rejects the old refresh token after the reuse grace (rotation)', async () => {
    const { app, clock } = sampleEnv();
    const first = await login(app);
    const answer = await call(app, 'refresh', {}, { cookie: refreshCookie(first.refreshToken) });
    const session = expectSuccess('refresh', answer);
    expect(session.member.userId).toBe(DEMO.id);
    expect(session.accessToken).not.toBe(first.token);
    const rotated = answer.cookies.get(REFRESH_COOKIE)!;
    expect(rotated.value).toBeTruthy();
    expect(rotated.value).not.toBe(first.refreshToken);
    expect(rotated.attrs.has('httponly')).toBe(true);
    expect(rotated.attrs.get('path')).toBe('/api/auth');
    expect(answer.cookies.get(SESSION_HINT_COOKIE)?.attrs.get('path')).toBe('/');
    expectSuccess('memberInfo', await call(app, 'memberInfo', {}, { token: session.accessToken }));

    // Within the grace (a refresh whose answer the browser never got) the old token still works…
    clock.now += 29_000;
    expectSuccess('refresh', await call(app, 'refresh', {}, { cookie: refreshCookie(first.refreshToken) }));
    // …and after it, never again.
    clock.now += 2_000;
    const replay = await call(app, 'refresh', {}, { cookie: refreshCookie(first.refreshToken) });
    expectFailure(replay, 'REFRESH_EXPIRED', { status: 401, field: null });
    expect(replay.cookies.get(REFRESH_COOKIE)?.attrs.get('max-age')).toBe('0');
    expect(replay.cookies.get(SESSION_HINT_COOKIE)?.attrs.get('max-age')).toBe('0');
  });

  it('answers every replay within the grace with the same successor, so a rotated token never forks the session', async () => {
    const { app, clock, db } = sampleEnv();
    const first = await login(app);
    const successor = (await call(app, 'refresh', {}, { cookie: refreshCookie(first.refreshToken) })).cookies.get(REFRESH_COOKIE)!.value;
    for (let i = 0; i < 3; i++) {
      clock.now += 5_000;
      const replay = await call(app, 'refresh', {}, { cookie: refreshCookie(first.refreshToken) });
      const session = expectSuccess('refresh', replay);
      expect(replay.cookies.get(REFRESH_COOKIE)!.value).toBe(successor);
      expectSuccess('memberInfo', await call(app, 'memberInfo', {}, { token: session.accessToken }));
    }
    // The first sign-in's token and its one successor: nothing else was minted.
    const live = db.prepare('SELECT COUNT(*) AS n FROM refresh_tokens WHERE member_id = ? AND revoked = 0').get(DEMO.id) as { n: number };
    expect(live.n).toBe(1);
  });

  it('ends the whole family when a rotated token comes back after the grace: its successors and their access tokens', async () => {
    const { app, clock } = sampleEnv();
    const elsewhere = await login(app);
    const first = await login(app);
    const answer = await call(app, 'refresh', {}, { cookie: refreshCookie(first.refreshToken) });
    const successor = answer.cookies.get(REFRESH_COOKIE)!.value;
    const minted = expectSuccess('refresh', answer).accessToken;
    clock.now += 31_000;
    // A stolen copy of the old token: whoever holds it, the session it belongs to is no longer trusted.
    expectFailure(await call(app, 'refresh', {}, { cookie: refreshCookie(first.refreshToken) }), 'REFRESH_EXPIRED', { status: 401 });
    expectFailure(await call(app, 'refresh', {}, { cookie: refreshCookie(successor) }), 'REFRESH_EXPIRED', { status: 401 });
    expectUnauthorized(await call(app, 'memberInfo', {}, { token: minted }));
    expectUnauthorized(await call(app, 'memberInfo', {}, { token: first.token }));
    // Another session of the same member is not of that family.
    expectSuccess('memberInfo', await call(app, 'memberInfo', {}, { token: elsewhere.token }));
    expectSuccess('refresh', await call(app, 'refresh', {}, { cookie: refreshCookie(elsewhere.refreshToken) }));
  });

  it('ends the reuse grace at logout: a token rotated moments before no longer works', async () => {
    const { app } = sampleEnv();
    const first = await login(app);
    const answer = await call(app, 'refresh', {}, { cookie: refreshCookie(first.refreshToken) });
    const rotated = answer.cookies.get(REFRESH_COOKIE)!.value;
    await call(app, 'logout', {}, { cookie: refreshCookie(rotated) });
    expectFailure(await call(app, 'refresh', {}, { cookie: refreshCookie(first.refreshToken) }), 'REFRESH_EXPIRED', { status: 401 });
    expectFailure(await call(app, 'refresh', {}, { cookie: refreshCookie(rotated) }), 'REFRESH_EXPIRED', { status: 401 });
  });

  it('answers 401 without a refresh cookie or with an unknown one', async () => {
    const { app } = sampleEnv();
    expectFailure(await call(app, 'refresh', {}), 'NO_REFRESH_TOKEN', { status: 401, field: null });
    expectFailure(await call(app, 'refresh', {}, { cookie: `${SESSION_HINT_COOKIE}=1` }), 'NO_REFRESH_TOKEN', { status: 401 });
    expectFailure(await call(app, 'refresh', {}, { cookie: refreshCookie('forged') }), 'REFRESH_EXPIRED', { status: 401 });
  });

  it('expires access tokens after accessTokenTtlSeconds (injected clock); a refresh gives a working one', async () => {
    const { app, clock } = sampleEnv({ accessTokenTtlSeconds: 60 });
    const { token, refreshToken, session } = await login(app);
    expect(session.expiresIn).toBe(60);
    clock.now += 59_000;
    expectSuccess('memberInfo', await call(app, 'memberInfo', {}, { token }));
    clock.now += 1_000;
    expectUnauthorized(await call(app, 'memberInfo', {}, { token }));
    const renewed = expectSuccess('refresh', await call(app, 'refresh', {}, { cookie: refreshCookie(refreshToken) }));
    expectSuccess('memberInfo', await call(app, 'memberInfo', {}, { token: renewed.accessToken }));
    expectUnauthorized(await call(app, 'memberInfo', {}, { token }));
  });

  it('expires refresh tokens after refreshTokenTtlSeconds', async () => {
    const { app, clock } = sampleEnv({ refreshTokenTtlSeconds: 3600 });
    const { refreshToken } = await login(app);
    clock.now += 3_600_000;
    expectFailure(await call(app, 'refresh', {}, { cookie: refreshCookie(refreshToken) }), 'REFRESH_EXPIRED', { status: 401 });
  });
});

describe('logout', () => {
  it('revokes the refresh token and the access token, and clears both cookies', async () => {
    const { app } = sampleEnv();
    const { token, refreshToken } = await login(app);
    const answer = await call(app, 'logout', {}, { token, cookie: refreshCookie(refreshToken) });
    expect(expectSuccess('logout', answer)).toEqual({});
    const cleared = answer.cookies.get(REFRESH_COOKIE)!;
    expect(cleared.value).toBe('');
    expect(cleared.attrs.get('max-age')).toBe('0');
    expect(cleared.attrs.get('path')).toBe('/api/auth');
    const hint = answer.cookies.get(SESSION_HINT_COOKIE)!;
    expect(hint.value).toBe('');
    expect(hint.attrs.get('max-age')).toBe('0');
    expect(hint.attrs.get('path')).toBe('/');

    expectFailure(await call(app, 'refresh', {}, { cookie: refreshCookie(refreshToken) }), 'REFRESH_EXPIRED', { status: 401 });
    expectUnauthorized(await call(app, 'memberInfo', {}, { token }));
  });

  it('succeeds and clears the cookies even when not signed in', async () => {
    const { app } = sampleEnv();
    const answer = await call(app, 'logout', {});
    expectSuccess('logout', answer);
    expect(answer.cookies.get(REFRESH_COOKIE)?.attrs.get('max-age')).toBe('0');
    expect(answer.cookies.get(SESSION_HINT_COOKIE)?.attrs.get('max-age')).toBe('0');
  });
});

describe('forget and reset password', () => {
  it('answers success for known and unknown emails alike; only the known one gets a reset token', async () => {
    const { app, db } = sampleEnv();
    const known = await call(app, 'forgetPassword', { email: DEMO.email });
    const unknown = await call(app, 'forgetPassword', { email: 'nobody@linea.example' });
    expectSuccess('forgetPassword', known);
    expectSuccess('forgetPassword', unknown);
    expect(unknown.status).toBe(known.status);
    expect(unknown.json).toEqual(known.json);
    expect(resetTokenOf(db, DEMO.email)).toBeTruthy();
    expect(resetTokenOf(db, 'nobody@linea.example')).toBeNull();
    expectFailure(await call(app, 'forgetPassword', { email: 'nobody' }), 'UR_EMAIL_06', { field: 'email' });
  });

  it('changes the password with the emailed token, once; earlier sessions end', async () => {
    const { app, db } = sampleEnv();
    const earlier = await login(app);
    expectSuccess('forgetPassword', await call(app, 'forgetPassword', { email: DEMO.email }));
    const token = resetTokenOf(db, DEMO.email)!;

    // A password outside the rule is a field error and does not use the token up.
    expectFailure(await call(app, 'resetPassword', { token, password: 'short' }), 'UR_PASSWORD_FORMAT', { field: 'password' });

    expect(expectSuccess('resetPassword', await call(app, 'resetPassword', { token, password: 'Renewed2027' }))).toEqual({});
    expectFailure(await call(app, 'login', { account: DEMO.email, password: DEMO.password }), 'UR_LOGIN_FAILED');
    await login(app, DEMO.email, 'Renewed2027');

    expectFailure(await call(app, 'resetPassword', { token, password: 'Again2028' }), 'UR_RESET_TOKEN_INVALID', { field: 'token' });
    await login(app, DEMO.email, 'Renewed2027');

    expectFailure(await call(app, 'refresh', {}, { cookie: refreshCookie(earlier.refreshToken) }), 'REFRESH_EXPIRED', { status: 401 });
    expectUnauthorized(await call(app, 'memberInfo', {}, { token: earlier.token }));
  });

  it('rejects unknown and expired tokens', async () => {
    const { app, db, clock } = sampleEnv();
    expectFailure(await call(app, 'resetPassword', { token: 'made-up', password: 'Valid2026' }), 'UR_RESET_TOKEN_INVALID', {
      field: 'token',
    });
    expectSuccess('forgetPassword', await call(app, 'forgetPassword', { email: DEMO.email }));
    const token = resetTokenOf(db, DEMO.email)!;
    clock.now += 3_600_000;
    expectFailure(await call(app, 'resetPassword', { token, password: 'Valid2026' }), 'UR_RESET_TOKEN_INVALID');
    await login(app);
  });
});

describe('third-party sign-in', () => {
  it('the start sends the browser to the provider with a state of its own; the callback with the code signs in, once', async () => {
    const { app } = sampleEnv();
    const google = await authorize(app, 'google', '/third_party.html');
    expect(google.status).toBe(200);
    const url = google.url!;
    expect(url.origin).toBe('http://store.invalid');
    expect(url.pathname).toBe('/third_party.html');
    // The provider's number, then a random part (docs/account.md).
    expect(url.searchParams.get('state')).toMatch(/^6\.[\w-]{43}$/);
    expect(url.searchParams.get('provider')).toBe('google');
    expect(google.cookie).toMatch(/^lin_oauth=[\w-]{43}$/);

    const answer = await socialCallback(app, google);
    const session = expectSuccess('thirdPartyCallback', answer);
    expect(session.member.name).toBe('google user');
    expect(answer.cookies.get(REFRESH_COOKIE)?.attrs.has('httponly')).toBe(true);
    // The state's cookie is spent with it.
    expect(answer.cookies.get('lin_oauth')?.attrs.get('max-age')).toBe('0');
    expectSuccess('memberInfo', await call(app, 'memberInfo', {}, { token: session.accessToken }));

    // The same callback again: its state is used up.
    const again = await socialCallback(app, google);
    expectFailure(again, 'THIRD_PARTY_STATE_INVALID');
    expect(again.cookies.has(REFRESH_COOKIE)).toBe(false);
    // The same code under a fresh state: used up too.
    const fresh = await authorize(app, 'google');
    expectFailure(await socialCallback(app, fresh, { code: url.searchParams.get('code')! }), 'THIRD_PARTY_CODE_INVALID');

    // A second sign-in with the same provider account is the same member.
    const next = await authorize(app, 'google');
    expect(expectSuccess('thirdPartyCallback', await socialCallback(app, next)).member.userId).toBe(session.member.userId);
    // A member made by a provider has no password to sign in with.
    expectFailure(await call(app, 'login', { account: session.member.email, password: 'Anything1' }), 'UR_LOGIN_FAILED');
  });

  it("refuses a state this browser did not start: an attacker's code sent with the old constant state, another browser's, or none", async () => {
    const { app } = sampleEnv();
    const attacker = await authorize(app, 'google');
    const victim = await authorize(app, 'google');
    // The attack as it was made: the attacker's code, the constant state, the victim's browser.
    expectFailure(await socialCallback(app, attacker, { state: '6', cookie: victim.cookie }), 'THIRD_PARTY_STATE_INVALID');
    // The attacker's whole link, in the victim's browser (which started a sign-in of its own, or none).
    expectFailure(await socialCallback(app, attacker, { cookie: victim.cookie }), 'THIRD_PARTY_STATE_INVALID');
    expectFailure(await socialCallback(app, attacker, { cookie: '' }), 'THIRD_PARTY_STATE_INVALID');
    // Another provider's number.
    expectFailure(await socialCallback(app, attacker, { provider: 'facebook' }), 'THIRD_PARTY_STATE_INVALID');
    // Refused attempts used nothing up that was not theirs: the victim's own sign-in still works.
    expectSuccess('thirdPartyCallback', await socialCallback(app, victim));
  });

  it('a state lasts 10 minutes, a code 5', async () => {
    const { app, clock } = sampleEnv();
    const late = await authorize(app, 'line');
    clock.now += 600_000;
    expectFailure(await socialCallback(app, late), 'THIRD_PARTY_STATE_INVALID');
    const slow = await authorize(app, 'line');
    clock.now += 300_000;
    expectFailure(await socialCallback(app, slow), 'THIRD_PARTY_CODE_INVALID');
  });

  it('uses PKCE where the provider supports it: a code made for another challenge is refused', async () => {
    const { app } = sampleEnv();
    const mine = await authorize(app, 'google');
    expect(mine.providerUrl!.searchParams.get('code_challenge_method')).toBe('S256');
    expect(mine.providerUrl!.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    // A code the provider gave for the attacker's own challenge, brought back with my valid state.
    const theirs = await authorize(app, 'google');
    expectFailure(await socialCallback(app, mine, { code: theirs.url!.searchParams.get('code')! }), 'THIRD_PARTY_CODE_INVALID');
    // Providers without PKCE (WeChat): state only.
    const wechat = await authorize(app, 'wechat');
    expect(wechat.providerUrl!.searchParams.has('code_challenge')).toBe(false);
    expect(wechat.url!.searchParams.get('state')).toMatch(/^wechat\.[\w-]{43}$/);
    expectSuccess('thirdPartyCallback', await socialCallback(app, wechat));
  });

  it('refuses an unknown provider (400) and a redirect that leaves the site', async () => {
    const { app } = sampleEnv();
    expect((await authorize(app, 'myspace')).status).toBe(400);
    for (const redirect of [
      'https://evil.example/third_party.html',
      '//evil.example/third_party.html',
      '/\\evil.example/x',
      '/\t/evil.example',
      'third_party.html',
    ]) {
      const page = await authorize(app, 'google', redirect);
      expect(page.status, redirect).toBe(400);
      expect(page.url).toBeNull();
    }
    expectFailure(await call(app, 'thirdPartyCallback', { provider: 'myspace', code: 'x', state: '' }), 'INVALID_FIELD', {
      field: 'provider',
    });
  });
});

describe('cookies over HTTPS (production)', () => {
  it('are Secure and prefixed: __Secure- on the auth path, __Host- for the hint on /', async () => {
    const { app } = sampleEnv({ secureCookies: true });
    const answer = await call(app, 'login', { account: DEMO.email, password: DEMO.password });
    expectSuccess('login', answer);
    const refresh = answer.cookies.get('__Secure-lin_rt')!;
    expect(Object.fromEntries(refresh.attrs)).toMatchObject({ httponly: '', secure: '', samesite: 'Lax', path: '/api/auth' });
    const hint = answer.cookies.get('__Host-lin_session')!;
    expect(Object.fromEntries(hint.attrs)).toMatchObject({ secure: '', samesite: 'Lax', path: '/' });
    expect(hint.attrs.has('domain')).toBe(false);
    expect(answer.cookies.has(REFRESH_COOKIE)).toBe(false);

    // Only the prefixed cookie is read: one a sibling site set over HTTP under the plain name is not.
    expectFailure(await call(app, 'refresh', {}, { cookie: `${REFRESH_COOKIE}=${refresh.value}` }), 'NO_REFRESH_TOKEN', { status: 401 });
    const refreshed = await call(app, 'refresh', {}, { cookie: `__Secure-lin_rt=${refresh.value}` });
    expectSuccess('refresh', refreshed);
    const logout = await call(app, 'logout', {}, { cookie: `__Secure-lin_rt=${refreshed.cookies.get('__Secure-lin_rt')!.value}` });
    expect(logout.cookies.get('__Secure-lin_rt')!.attrs.get('max-age')).toBe('0');
    expect(logout.cookies.get('__Host-lin_session')!.attrs.get('max-age')).toBe('0');
    // And the plain names of before the switch to HTTPS, which would keep the pages trying to refresh.
    const leftover = await call(app, 'refresh', {}, { cookie: `${SESSION_HINT_COOKIE}=1` });
    expectFailure(leftover, 'NO_REFRESH_TOKEN', { status: 401 });
    for (const name of [REFRESH_COOKIE, SESSION_HINT_COOKIE, '__Secure-lin_rt', '__Host-lin_session'])
      expect(leftover.cookies.get(name)?.attrs.get('max-age'), name).toBe('0');
  });

  it("a started social sign-in's cookie is __Secure- too, and read under that name", async () => {
    const { app } = sampleEnv({ secureCookies: true });
    const google = await authorize(app, 'google');
    expect(google.cookie).toMatch(/^__Secure-lin_oauth=/);
    expect(google.cookieAttributes.has('httponly')).toBe(true);
    expect(google.cookieAttributes.has('secure')).toBe(true);
    expectSuccess('thirdPartyCallback', await socialCallback(app, google));
  });

  it('the pages find the hint under either name', () => {
    for (const cookie of ['lin_session=1', 'a=b; __Host-lin_session=1', '__Host-lin_session=1; x=y'])
      expect(sessionHintIn(cookie), cookie).toBe(true);
    for (const cookie of ['', 'xlin_session=1', '__Secure-lin_session=1', 'lin_sessionx=1'])
      expect(sessionHintIn(cookie), cookie).toBe(false);
  });
});
