/**
 * The account's security: changing the password (every session ends), changing the email with
 * a mailed code or link (60 s between codes, 10 minutes to use one, 5 wrong tries), and the
 * mails the API queues (its outbox, read from its database; mail-sender.test.ts sends them).
 */
import { describe, expect, it } from 'vitest';
import { REFRESH_COOKIE, SESSION_HINT_COOKIE } from '../../../src/lib/api/contract.ts';
import {
  call,
  DEMO,
  expectFailure,
  expectSuccess,
  expectUnauthorized,
  login,
  mailedCode,
  mailedToken,
  mailsTo,
  memberState,
  OTHER,
  refreshCookie,
  resetTokenOf,
  registerMember,
  sampleEnv,
  sendEmailCode,
} from '../../fixtures/commerce-app.ts';

const NEW_EMAIL = 'lin.new@linea.example';
const triesOf = (db: ReturnType<typeof sampleEnv>['db']) =>
  (db.prepare('SELECT tries FROM email_codes ORDER BY id DESC LIMIT 1').get() as { tries: number }).tries;

describe('password change', () => {
  it('refuses a wrong current password and an unchanged one, changing nothing', async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    const before = memberState(db);
    expectFailure(
      await call(app, 'passwordChange', { currentPassword: 'Wrong2026', newPassword: 'Changed2027' }, { token }),
      'UR_PASSWORD_WRONG',
      { field: 'currentPassword' },
    );
    expectFailure(
      await call(app, 'passwordChange', { currentPassword: DEMO.password, newPassword: DEMO.password }, { token }),
      'UR_PASSWORD_SAME',
      { field: 'newPassword' },
    );
    expectFailure(
      await call(app, 'passwordChange', { currentPassword: DEMO.password, newPassword: 'short' }, { token }),
      'UR_PASSWORD_FORMAT',
      { field: 'newPassword' },
    );
    expectFailure(
      await call(app, 'passwordChange', { currentPassword: '', newPassword: 'Changed2027' }, { token }),
      'UR_PASSWORD_REQUIRED',
      {
        field: 'currentPassword',
      },
    );
    expect(memberState(db)).toEqual(before);
    expectSuccess('memberInfo', await call(app, 'memberInfo', {}, { token }));
  });

  it('sets the new password and ends every session, this one, others and one rotated moments ago', async () => {
    const { app } = sampleEnv();
    const here = await login(app);
    const elsewhere = await login(app);
    // A refresh moments ago: the rotated token would still work for 30 s.
    const rotated = await call(app, 'refresh', {}, { cookie: refreshCookie(elsewhere.refreshToken) });
    const rotatedSession = expectSuccess('refresh', rotated);

    const answer = await call(app, 'passwordChange', { currentPassword: DEMO.password, newPassword: 'Changed2027' }, { token: here.token });
    expect(expectSuccess('passwordChange', answer)).toEqual({});
    expect(answer.cookies.get(REFRESH_COOKIE)).toMatchObject({ value: '' });
    expect(answer.cookies.get(REFRESH_COOKIE)!.attrs.get('max-age')).toBe('0');
    expect(answer.cookies.get(SESSION_HINT_COOKIE)!.attrs.get('max-age')).toBe('0');

    for (const token of [here.token, elsewhere.token, rotatedSession.accessToken])
      expectUnauthorized(await call(app, 'memberInfo', {}, { token }));
    for (const refreshToken of [here.refreshToken, elsewhere.refreshToken, rotated.cookies.get(REFRESH_COOKIE)!.value])
      expectFailure(await call(app, 'refresh', {}, { cookie: refreshCookie(refreshToken) }), 'REFRESH_EXPIRED', { status: 401 });
    expectFailure(await call(app, 'login', { account: DEMO.email, password: DEMO.password }), 'UR_LOGIN_FAILED');
    await login(app, DEMO.email, 'Changed2027');
  });
});

describe('email change', () => {
  it('mails a six-digit code and a link to the new address; refuses the current, a taken and a malformed email', async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    const before = memberState(db);
    expectFailure(await call(app, 'emailCodeSend', { email: DEMO.email.toUpperCase() }, { token }), 'UR_EMAIL_SAME', { field: 'email' });
    expectFailure(await call(app, 'emailCodeSend', { email: OTHER.email }, { token }), 'UR_EMAIL_OTHER_ACCOUNT', { field: 'email' });
    expectFailure(await call(app, 'emailCodeSend', { email: 'not-an-email' }, { token }), 'UR_EMAIL_06', { field: 'email' });
    expect(memberState(db)).toEqual(before);

    const sent = expectSuccess('emailCodeSend', await call(app, 'emailCodeSend', { email: NEW_EMAIL }, { token }));
    expect(sent).toEqual({ resendAfter: 60, expiresIn: 600 });
    const mails = mailsTo(db, NEW_EMAIL);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject.length).toBeGreaterThan(0);
    expect(mailedCode(mails[0]!)).toMatch(/^\d{6}$/);
    expect(mailedToken(mails[0]!, '/email.html')!.length).toBeGreaterThanOrEqual(32);
    expect(mailsTo(db, DEMO.email)).toEqual([]);
    // Neither the code nor the link token is stored as sent.
    const row = db.prepare('SELECT * FROM email_codes').get() as Record<string, unknown>;
    expect(JSON.stringify(row)).not.toContain(mailedCode(mails[0]!));
    expect(JSON.stringify(row)).not.toContain(mailedToken(mails[0]!, '/email.html'));
  });

  it('sends again only 60 s after the last code, and a new code replaces the old one', async () => {
    const { app, db, clock } = sampleEnv();
    const { token } = await login(app);
    const first = await sendEmailCode(app, db, token, NEW_EMAIL);
    clock.now += 59_000;
    const before = memberState(db);
    for (const email of [NEW_EMAIL, 'another@linea.example'])
      expectFailure(await call(app, 'emailCodeSend', { email }, { token }), 'EMAIL_CODE_TOO_SOON', { field: 'email' });
    expect(memberState(db)).toEqual(before);
    clock.now += 1_000;
    const second = await sendEmailCode(app, db, token, 'another@linea.example');
    expectFailure(await call(app, 'emailChange', { email: NEW_EMAIL, code: first.code }, { token }), 'EMAIL_CODE_NOT_SENT', {
      field: 'code',
    });
    expectFailure(await call(app, 'emailVerify', { token: first.linkToken }), 'EMAIL_LINK_INVALID', { field: 'token' });
    expect(
      expectSuccess('emailChange', await call(app, 'emailChange', { email: 'another@linea.example', code: second.code }, { token })).email,
    ).toBe('another@linea.example');
  });

  it('changes the email with the code, once; sign-in then takes the new email', async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    expectFailure(await call(app, 'emailChange', { email: NEW_EMAIL, code: '123456' }, { token }), 'EMAIL_CODE_NOT_SENT', {
      field: 'code',
    });
    const { code } = await sendEmailCode(app, db, token, NEW_EMAIL);
    expectFailure(await call(app, 'emailChange', { email: NEW_EMAIL, code: '12345' }, { token }), 'EMAIL_CODE_FORMAT', { field: 'code' });
    const profile = expectSuccess('emailChange', await call(app, 'emailChange', { email: NEW_EMAIL, code }, { token }));
    expect(profile).toMatchObject({ userId: DEMO.id, email: NEW_EMAIL });
    expect(expectSuccess('memberInfo', await call(app, 'memberInfo', {}, { token })).email).toBe(NEW_EMAIL);
    expectFailure(await call(app, 'emailChange', { email: NEW_EMAIL, code }, { token }), 'EMAIL_CODE_NOT_SENT', { field: 'code' });
    expectFailure(await call(app, 'login', { account: DEMO.email, password: DEMO.password }), 'UR_LOGIN_FAILED');
    await login(app, NEW_EMAIL, DEMO.password);
  });

  it('counts wrong codes even though the call fails: the fifth wrong one ends the code', async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    const { code, linkToken } = await sendEmailCode(app, db, token, NEW_EMAIL);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let tries = 1; tries <= 4; tries++) {
      expectFailure(await call(app, 'emailChange', { email: NEW_EMAIL, code: wrong }, { token }), 'EMAIL_CODE_WRONG', { field: 'code' });
      expect(triesOf(db)).toBe(tries);
    }
    expectFailure(await call(app, 'emailChange', { email: NEW_EMAIL, code: wrong }, { token }), 'EMAIL_CODE_TOO_MANY_TRIES', {
      field: 'code',
    });
    expect(triesOf(db)).toBe(5);
    const before = memberState(db);
    expectFailure(await call(app, 'emailChange', { email: NEW_EMAIL, code }, { token }), 'EMAIL_CODE_TOO_MANY_TRIES', { field: 'code' });
    expectFailure(await call(app, 'emailVerify', { token: linkToken }), 'EMAIL_LINK_INVALID', { field: 'token' });
    expect(memberState(db)).toEqual(before);
  });

  it('a code works for 600 s', async () => {
    const { app, db, clock } = sampleEnv({ accessTokenTtlSeconds: 3_600 });
    const { token } = await login(app);
    const first = await sendEmailCode(app, db, token, NEW_EMAIL);
    clock.now += 600_000;
    const before = memberState(db);
    expectFailure(await call(app, 'emailChange', { email: NEW_EMAIL, code: first.code }, { token }), 'EMAIL_CODE_EXPIRED', {
      field: 'code',
    });
    expectFailure(await call(app, 'emailVerify', { token: first.linkToken }), 'EMAIL_LINK_INVALID', { field: 'token' });
    expect(memberState(db)).toEqual(before);
    const second = await sendEmailCode(app, db, token, NEW_EMAIL);
    clock.now += 599_000;
    expectSuccess('emailChange', await call(app, 'emailChange', { email: NEW_EMAIL, code: second.code }, { token }));
  });

  it('refuses an email another member took after the code was sent, keeping the code', async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    const { code, linkToken } = await sendEmailCode(app, db, token, NEW_EMAIL);
    await registerMember({ app, db }, { name: '搶先者', email: NEW_EMAIL, password: 'First2026', agreeTerms: true });
    expectFailure(await call(app, 'emailChange', { email: NEW_EMAIL, code }, { token }), 'UR_EMAIL_OTHER_ACCOUNT', { field: 'email' });
    expectFailure(await call(app, 'emailVerify', { token: linkToken }), 'UR_EMAIL_OTHER_ACCOUNT', { field: null });
    expect(expectSuccess('memberInfo', await call(app, 'memberInfo', {}, { token })).email).toBe(DEMO.email);
  });

  it('the mailed link changes the email without signing in, once', async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    const { linkToken } = await sendEmailCode(app, db, token, NEW_EMAIL);
    for (const bad of ['made-up', '', 'x'.repeat(201)])
      expectFailure(await call(app, 'emailVerify', { token: bad }), 'EMAIL_LINK_INVALID', { field: 'token' });
    expect(expectSuccess('emailVerify', await call(app, 'emailVerify', { token: linkToken }))).toEqual({ email: NEW_EMAIL });
    expect(expectSuccess('memberInfo', await call(app, 'memberInfo', {}, { token })).email).toBe(NEW_EMAIL);
    expectFailure(await call(app, 'emailVerify', { token: linkToken }), 'EMAIL_LINK_INVALID', { field: 'token' });
  });
});

describe('mail', () => {
  it('forget-password mails the reset link, in the request language; nothing goes to an unknown address', async () => {
    const { app, db, clock } = sampleEnv();
    expectSuccess('forgetPassword', await call(app, 'forgetPassword', { email: DEMO.email }, { language: 'en-GB' }));
    expectSuccess('forgetPassword', await call(app, 'forgetPassword', { email: 'nobody@linea.example' }));
    const [mail] = mailsTo(db, DEMO.email);
    expect(mail!.subject).toBe('Reset your password');
    const token = mailedToken(mail!, '/reset-email.html')!;
    expect(token).toMatch(/^[\w-]{32,}$/);
    // Only its hash is kept: the table's rows cannot be mailed on as links.
    expect(JSON.stringify(db.prepare('SELECT * FROM reset_tokens').all())).not.toContain(token);
    expect(mailsTo(db, 'nobody@linea.example')).toEqual([]);
    clock.now += 1_000;
    expectSuccess('forgetPassword', await call(app, 'forgetPassword', { email: DEMO.email }));
    const mails = mailsTo(db, DEMO.email);
    expect(mails).toHaveLength(2);
    // Newest first, in zh-TW without a language.
    expect(mails[0]!.subject).toBe('重設您的密碼');
    expect(mailedToken(mails[0]!, '/reset-email.html')).not.toBe(token);
    // The newest link works.
    expectSuccess(
      'resetPassword',
      await call(app, 'resetPassword', { token: mailedToken(mails[0]!, '/reset-email.html')!, password: 'Newer2027x' }),
    );
  });

  it('no test hook answers: mail, reset tokens and what third parties received are not the public’s to read', async () => {
    const { app, db } = sampleEnv();
    expectSuccess('forgetPassword', await call(app, 'forgetPassword', { email: DEMO.email }));
    const token = resetTokenOf(db, DEMO.email)!;
    for (const hook of [`mail?to=${DEMO.email}`, `reset-token?email=${DEMO.email}`, 'analytics', 'risk-checks', 'tag-hits']) {
      const answer = await app.request(`/api/_test/${hook}`);
      expect(answer.status, hook).toBe(404);
      expect(await answer.text(), hook).not.toContain(token);
    }
  });
});
