/**
 * Signing in and out: password and social sign-in, registration and the link that opens the
 * account, the rotating refresh cookie, password reset, and the fake social-login provider.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { THIRD_PARTY_PROVIDERS, type Session } from '../../../src/lib/api/contract.ts';
import type { ThirdPartyProvider } from '../../../src/lib/api/third-party.ts';
import { finishSignIn, pkceChallenge, startSignIn } from '../oauth-states.ts';
import { agreementVersions } from '../agreements.ts';
import { giveFirstPurchaseCoupon } from '../coupon-offers.ts';
import { transaction } from '../db.ts';
import { ApiFailure, bearerToken, fieldFailure, memberById, toMember, type MemberRow, type RouteKit } from '../kit.ts';
import { hashPassword, unusableHash, verifyPassword } from '../passwords.ts';
import { tooManyAttempts } from '../attempt-limits.ts';
import { clientAddress } from '../client-address.ts';
import { htmlPage } from '../html.ts';
import { localText, requestCurrency } from '../request-language.ts';
import { passwordChangedMail } from '../security-mail.ts';
import { endSessionsOf } from '../sessions.ts';
import { openWithToken, randomToken, sealWithToken, sha256 } from '../tokens.ts';
import {
  createRegistrationMailboxLimit,
  keepPendingRegistration,
  pendingRegistrationOf,
  usePendingRegistration,
} from '../pending-registrations.ts';
import { safeRedirectPath } from '../../../src/lib/routing/redirect-url.ts';
import { verifyCaptcha } from './stand-ins.ts';

export interface SessionOptions {
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  refreshReuseGraceSeconds: number;
  /** Sign-in and registration need a passed check of the stand-in captcha (CAPTCHA_SCRIPT_URL is set). */
  captcha: boolean;
}

const newMemberId = () => `M${randomBytes(6).toString('hex').toUpperCase()}`;
const closedAccount = () => new ApiFailure('UR_ACCOUNT_CLOSED', 'This account has been closed');

/** The reset mail, in the request's language. */
const resetMail = (to: string, link: string) => ({
  to,
  subject: localText({ 'zh-TW': '重設您的密碼', 'zh-HK': '重設您的密碼', 'en-GB': 'Reset your password' }),
  text: localText({
    'zh-TW': `請在一小時內開啟以下連結重設密碼：\n${link}\n若您沒有提出申請，請忽略這封信。`,
    'zh-HK': `請在一小時內開啟以下連結重設密碼：\n${link}\n如您沒有提出申請，請忽略此電郵。`,
    'en-GB': `Open this link within an hour to set a new password:\n${link}\nIf you did not ask for it, ignore this mail.`,
  }),
});

/** The sign-in link mail, in the request's language. */
const signInLinkMail = (to: string, link: string) => ({
  to,
  subject: localText({ 'zh-TW': '您的登入連結', 'zh-HK': '您的登入連結', 'en-GB': 'Your sign-in link' }),
  text: localText({
    'zh-TW': `請在 15 分鐘內開啟以下連結登入，連結僅能使用一次：\n${link}\n若您沒有提出申請，請忽略這封信；您的密碼不會改變。`,
    'zh-HK': `請於 15 分鐘內開啟以下連結登入，連結只可使用一次：\n${link}\n如您沒有提出申請，請忽略此電郵；您的密碼不會改變。`,
    'en-GB': `Open this link within 15 minutes to sign in; it works once:\n${link}\nIf you did not ask for it, ignore this mail: your password has not changed.`,
  }),
});

/** The mail that opens a registered account, in the request's language. Nothing the form sent is in it but the address. */
const registrationMail = (to: string, link: string) => ({
  to,
  subject: localText({ 'zh-TW': '請完成 LINEA 會員註冊', 'zh-HK': '請完成 LINEA 會員註冊', 'en-GB': 'Finish opening your LINEA account' }),
  text: localText({
    'zh-TW': `請在 24 小時內開啟以下連結，完成 LINEA 會員註冊並登入；連結僅能使用一次：\n${link}\n若您沒有申請註冊，請忽略這封信：未開啟連結，就不會建立帳號。`,
    'zh-HK': `請於 24 小時內開啟以下連結，完成 LINEA 會員註冊並登入；連結只可使用一次：\n${link}\n如您沒有申請註冊，請忽略此電郵：未開啟連結，便不會開立帳戶。`,
    'en-GB': `Open this link within 24 hours to finish opening your LINEA account and sign in; it works once:\n${link}\nIf you did not ask to open an account, ignore this mail: no account is opened without the link.`,
  }),
});

/** The mail to an account's owner when its address is registered again, in the request's language. */
const registeredAgainMail = (to: string, signInLink: string, resetLink: string) => ({
  to,
  subject: localText({
    'zh-TW': '有人嘗試以您的電子郵件註冊 LINEA',
    'zh-HK': '有人嘗試以您的電郵註冊 LINEA',
    'en-GB': 'Someone tried to open a LINEA account with your email',
  }),
  text: localText({
    'zh-TW': `有人嘗試以此電子郵件註冊新的 LINEA 帳號。此電子郵件已經有帳號，因此沒有建立新帳號，您的帳號也沒有任何變更。\n\n如果是您本人，請由此登入：\n${signInLink}\n忘記密碼了嗎？請由此重設：\n${resetLink}\n\n如果不是您，請忽略這封信：您的帳號與密碼都沒有改變。`,
    'zh-HK': `有人嘗試以此電郵註冊新的 LINEA 帳戶。此電郵已經有帳戶，因此沒有開立新帳戶，您的帳戶亦沒有任何變更。\n\n如是您本人，請由此登入：\n${signInLink}\n忘記密碼？請由此重設：\n${resetLink}\n\n如不是您，請忽略此電郵：您的帳戶及密碼均沒有改變。`,
    'en-GB': `Someone tried to open a new LINEA account with this email address. It already has an account, so no new one was opened and nothing about yours has changed.\n\nIf it was you, sign in here:\n${signInLink}\nForgotten your password? Set a new one here:\n${resetLink}\n\nIf it was not you, ignore this mail: your account and password are as they were.`,
  }),
});

/** The same warning for an address whose account was closed: it cannot sign in or be reset, so no links. */
const registeredClosedMail = (to: string) => ({
  to,
  subject: localText({
    'zh-TW': '有人嘗試以您的電子郵件註冊 LINEA',
    'zh-HK': '有人嘗試以您的電郵註冊 LINEA',
    'en-GB': 'Someone tried to open a LINEA account with your email',
  }),
  text: localText({
    'zh-TW':
      '有人嘗試以此電子郵件註冊新的 LINEA 帳號。此電子郵件屬於一個已關閉的帳號，無法再用於註冊，因此沒有建立新帳號。\n\n如果是您本人，請改用其他電子郵件註冊。如果不是您，請忽略這封信。',
    'zh-HK':
      '有人嘗試以此電郵註冊新的 LINEA 帳戶。此電郵屬於一個已關閉的帳戶，不可再用於註冊，因此沒有開立新帳戶。\n\n如是您本人，請改用其他電郵註冊。如不是您，請忽略此電郵。',
    'en-GB':
      'Someone tried to open a new LINEA account with this email address. It belongs to an account that was closed and cannot open another, so no new account was opened.\n\nIf it was you, please register with another address. If it was not you, ignore this mail.',
  }),
});

/** The fake provider page's one style: its policy allows this text alone (html.ts). */
const PROVIDER_PAGE_STYLE = 'body{font-family:sans-serif;padding:40px}';

/** How long a mailed sign-in link works. */
const SIGN_IN_LINK_MS = 15 * 60_000;
/** How long a browser stays known after a sign-in on it. */
const KNOWN_DEVICE_SECONDS = 365 * 86_400;

export function registerAuthRoutes(kit: RouteKit, options: SessionOptions): void {
  const { app, db, now, handle, limits, cookies, outbox } = kit;
  const { accessTokenTtlSeconds, refreshTokenTtlSeconds, refreshReuseGraceSeconds } = options;
  const spendRegistrationMail = createRegistrationMailboxLimit(db);
  /** A store page for a mail, without a query. */
  const pageLink = (path: string) => outbox.link(path, {}).replace(/\?$/, '');
  // Checked first, so a bot learns nothing about accounts or addresses without passing it.
  const checkCaptcha = (token: string | undefined) => {
    if (options.captcha && !verifyCaptcha(db, token))
      throw fieldFailure('UR_CAPTCHA_FAILED', 'The security check was not passed', 'captchaToken');
  };

  // A device is known to one member: `{member id}.{issued at}.{HMAC of both}`, under a key of this database.
  const { secret: deviceKey } = db.prepare("SELECT secret FROM signing_keys WHERE name = 'known-device'").get() as { secret: string };
  const deviceMac = (payload: string) => createHmac('sha256', deviceKey).update(payload).digest('base64url');
  const isKnownDevice = (c: Context, memberId: string) => {
    const [id, issued, mac = ''] = (cookies.knownDevice(c) ?? '').split('.');
    const expected = deviceMac(`${id}.${issued}`);
    return (
      id === memberId &&
      Number(issued) > now() - KNOWN_DEVICE_SECONDS * 1000 &&
      mac.length === expected.length &&
      timingSafeEqual(Buffer.from(mac), Buffer.from(expected))
    );
  };

  /**
   * A session's tokens: an access token and a refresh token (set as its cookie), both of
   * `family`, a sign-in's line of rotated refresh tokens (a new sign-in starts a new one).
   */
  function startSession(c: Context, memberId: string, family: string = randomToken()): Session & { refreshToken: string } {
    const refreshToken = randomToken();
    db.prepare('INSERT INTO refresh_tokens (token_hash, member_id, expires_at, family_id) VALUES (?, ?, ?, ?)').run(
      sha256(refreshToken),
      memberId,
      now() + refreshTokenTtlSeconds * 1000,
      family,
    );
    cookies.startSession(c, refreshToken, refreshTokenTtlSeconds);
    const issued = `${memberId}.${now()}`;
    cookies.rememberDevice(c, `${issued}.${deviceMac(issued)}`, KNOWN_DEVICE_SECONDS);
    return { ...accessFor(memberId, family), refreshToken };
  }

  function accessFor(memberId: string, family: string): Session {
    const accessToken = randomToken();
    db.prepare('INSERT INTO access_tokens (token, member_id, expires_at, family_id) VALUES (?, ?, ?, ?)').run(
      accessToken,
      memberId,
      now() + accessTokenTtlSeconds * 1000,
      family,
    );
    return { accessToken, expiresIn: accessTokenTtlSeconds, member: toMember(memberById(db, memberId)!) };
  }

  /** The answer without the refresh token, which travels only in its cookie. */
  const sessionOf = ({ refreshToken: _cookie, ...session }: Session & { refreshToken: string }): Session => session;

  /** Uses up a mailed token, kept hashed in `table`: its member, or null when unknown, used or expired. */
  function takeMailedToken(table: 'reset_tokens' | 'sign_in_links', column: 'token' | 'token_hash', token: string): string | null {
    const row = db
      .prepare(`SELECT member_id FROM ${table} WHERE ${column} = ? AND used = 0 AND expires_at > ?`)
      .get(sha256(token), now()) as { member_id: string } | undefined;
    if (row) db.prepare(`UPDATE ${table} SET used = 1 WHERE ${column} = ?`).run(sha256(token));
    return row?.member_id ?? null;
  }

  /** Ends a sign-in's line: every refresh token of the family, without grace, and its access tokens. */
  function endFamily(family: string): void {
    db.prepare('UPDATE refresh_tokens SET revoked = 1, rotated_at = NULL WHERE COALESCE(family_id, token_hash) = ?').run(family);
    db.prepare('DELETE FROM access_tokens WHERE family_id = ?').run(family);
  }

  handle('login', async ({ body, c }) => {
    checkCaptcha(body.captchaToken);
    // Counted under the account as typed, known or not, so the limits tell nothing either.
    const account = body.account.toLowerCase();
    const address = clientAddress(c);
    const accountAddress = ['signInAccountAddress', `${account} ${address}`] as const;
    const accountWide = ['signInAccount', account] as const;
    const fromAddress = ['signInAddress', address] as const;
    const row = db.prepare('SELECT * FROM members WHERE email = ? OR mobile = ?').get(body.account, body.account) as MemberRow | undefined;
    try {
      await limits.check(accountAddress, fromAddress);
      // Failures from everywhere slow the guessing but must not lock the member out: a browser
      // the member signed in on before passes, and anyone refused is offered a link by mail.
      if (!row || !isKnownDevice(c, row.id)) await limits.check(accountWide);
    } catch (refusal) {
      if (refusal instanceof ApiFailure && refusal.code === 'TOO_MANY_ATTEMPTS')
        throw tooManyAttempts((refusal.resp as { retryAfterSeconds: number }).retryAfterSeconds * 1000, { signInLink: true });
      throw refusal;
    }
    // One answer, and the same scrypt work, for an unknown account and a wrong password, so
    // neither the answer nor its time tells which accounts exist.
    const passwordRight = verifyPassword(body.password, row?.password_hash ?? unusableHash()) && row?.password_hash != null;
    if (!row || !passwordRight) {
      await limits.count(accountAddress, accountWide, fromAddress);
      throw new ApiFailure('UR_LOGIN_FAILED', 'Account or password is incorrect');
    }
    // Only after the password: without it, a closed account answers as any wrong sign-in.
    if (row.closed_at !== null) throw closedAccount();
    await limits.forget(accountAddress);
    return sessionOf(startSession(c, row.id));
  });

  // Registering answers the same whether the address has an account or not: the account is
  // opened by the link mailed to the address (registerConfirm), and an owner is mailed a warning.
  handle('register', async ({ body, c }) => {
    checkCaptcha(body.captchaToken);
    await limits.spend(['registrationAddress', clientAddress(c)]);
    await spendRegistrationMail(body.email);
    // Hashed on both branches, so the answer's time does not tell which one it took.
    const passwordHash = hashPassword(body.password);
    return transaction(db, () => {
      const owner = db.prepare('SELECT email, closed_at FROM members WHERE email = ?').get(body.email) as
        { email: string; closed_at: number | null } | undefined;
      if (owner) {
        outbox.queue(
          owner.closed_at === null
            ? registeredAgainMail(owner.email, pageLink('/login.html'), pageLink('/forget_password.html'))
            : registeredClosedMail(owner.email),
        );
      } else {
        // Registering agrees to the terms (agreeTerms): to the versions in force now, so no prompt follows.
        const versions = agreementVersions(db);
        const token = keepPendingRegistration(db, now(), {
          name: body.name,
          email: body.email,
          passwordHash,
          agreementVersion: versions.membershipAgreementVersion,
          privacyVersion: versions.privacyPolicyVersion,
        });
        const back = safeRedirectPath(body.redirectUrl, { fallback: '' });
        outbox.queue(
          registrationMail(body.email, outbox.link('/register.html', { registerToken: token, ...(back ? { redirect_url: back } : {}) })),
        );
      }
      return { status: 'pending' as const };
    });
  });

  handle('registerConfirm', ({ body, c }) =>
    transaction(db, () => {
      const pending = pendingRegistrationOf(db, now(), body.token);
      if (pending.kind === 'expired')
        throw fieldFailure('UR_REGISTER_LINK_EXPIRED', 'This registration link has expired; register again', 'token');
      if (pending.kind === 'used')
        throw fieldFailure('UR_REGISTER_LINK_USED', 'This link has opened its account already; sign in', 'token');
      const { fields } = pending;
      // Another registration's link, or an email change, may have taken the address since.
      if (db.prepare('SELECT 1 FROM members WHERE email = ?').get(fields.email))
        throw new ApiFailure('UR_REGISTER_EMAIL_TAKEN', 'This email has an account already; sign in or reset its password');
      const id = newMemberId();
      db.prepare(
        'INSERT INTO members (id, name, email, password_hash, agreement_version, privacy_version, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ).run(id, fields.name, fields.email, fields.passwordHash, fields.agreementVersion, fields.privacyVersion, now());
      // The first-purchase coupon the visitors' ticker promises for registering, in the region of the page the link opened.
      giveFirstPurchaseCoupon(db, id, requestCurrency(), now());
      usePendingRegistration(db, now(), pending.id);
      return sessionOf(startSession(c, id));
    }),
  );

  handle('refresh', ({ c }) => {
    const presented = cookies.refreshToken(c);
    if (!presented) {
      // A hint left without its token (or under an old name) would make every page try again.
      cookies.endSession(c);
      throw new ApiFailure('NO_REFRESH_TOKEN', 'Not signed in', 401);
    }
    // Thrown after the transaction: a refusal that ends a family must still commit it.
    const session = transaction(db, (): Session | null => {
      const row = db
        .prepare(
          'SELECT member_id, expires_at, revoked, rotated_at, successor, COALESCE(family_id, token_hash) AS family FROM refresh_tokens WHERE token_hash = ?',
        )
        .get(sha256(presented)) as
        | { member_id: string; expires_at: number; revoked: number; rotated_at: number | null; successor: string | null; family: string }
        | undefined;
      if (!row || row.expires_at <= now() || memberById(db, row.member_id)?.closed_at != null) return null;
      if (row.revoked === 0) {
        // Rotation: the token is replaced once; its successor is kept for the grace, sealed with it.
        const next = startSession(c, row.member_id, row.family);
        db.prepare('UPDATE refresh_tokens SET revoked = 1, rotated_at = ?, successor = ? WHERE token_hash = ?').run(
          now(),
          sealWithToken(presented, next.refreshToken),
          sha256(presented),
        );
        return sessionOf(next);
      }
      // Rotated moments ago (a refresh whose answer the browser never got, or two tabs at once):
      // the same successor again, so the sign-in stays one line. Never after logout or a reset
      // (rotated_at NULL).
      const inGrace = row.rotated_at !== null && row.rotated_at > now() - refreshReuseGraceSeconds * 1000;
      const successor = inGrace && row.successor ? openWithToken(presented, row.successor) : null;
      const live = successor
        ? (db.prepare('SELECT expires_at FROM refresh_tokens WHERE token_hash = ? AND family_id = ?').get(sha256(successor), row.family) as
            { expires_at: number } | undefined)
        : undefined;
      if (!successor || !live) {
        // A rotated token played back later is a copy someone kept: nothing of its sign-in is trusted now.
        endFamily(row.family);
        return null;
      }
      cookies.startSession(c, successor, Math.ceil((live.expires_at - now()) / 1000));
      return accessFor(row.member_id, row.family);
    });
    if (session) return session;
    cookies.endSession(c);
    throw new ApiFailure('REFRESH_EXPIRED', 'Sign in again', 401);
  });

  handle('logout', ({ c }) => {
    const presented = cookies.refreshToken(c);
    if (presented) {
      const owner = db.prepare('SELECT member_id FROM refresh_tokens WHERE token_hash = ?').get(sha256(presented)) as
        { member_id: string } | undefined;
      db.prepare('UPDATE refresh_tokens SET revoked = 1, rotated_at = NULL WHERE token_hash = ?').run(sha256(presented));
      // No grace survives a sign-out: the member's tokens rotated moments ago end too.
      if (owner) db.prepare('UPDATE refresh_tokens SET rotated_at = NULL WHERE member_id = ? AND revoked = 1').run(owner.member_id);
    }
    const bearer = bearerToken(c);
    if (bearer) db.prepare('DELETE FROM access_tokens WHERE token = ?').run(bearer);
    cookies.endSession(c);
    return {};
  });

  handle('forgetPassword', async ({ body, c }) => {
    await limits.spend(['passwordResetAccount', body.email.toLowerCase()], ['passwordResetAddress', clientAddress(c)]);
    return transaction(db, () => {
      const row = db.prepare('SELECT id, email FROM members WHERE email = ? AND closed_at IS NULL').get(body.email) as
        { id: string; email: string } | undefined;
      if (row) {
        const reset = randomToken();
        // Kept hashed, as the refresh tokens are: a copy of the table resets no password.
        db.prepare('INSERT INTO reset_tokens (token, member_id, expires_at) VALUES (?, ?, ?)').run(
          sha256(reset),
          row.id,
          now() + 3_600_000,
        );
        outbox.queue(resetMail(row.email, outbox.link('/reset-email.html', { token: reset })));
      }
      return {};
    });
  });

  handle('signInLinkRequest', async ({ body, c }) => {
    checkCaptcha(body.captchaToken);
    await limits.spend(['signInLinkAccount', body.account.toLowerCase()], ['signInLinkAddress', clientAddress(c)]);
    return transaction(db, () => {
      const row = db
        .prepare('SELECT id, email FROM members WHERE (email = ? OR mobile = ?) AND closed_at IS NULL')
        .get(body.account, body.account) as { id: string; email: string } | undefined;
      if (row) {
        const token = randomToken();
        // Kept hashed, as reset tokens are: a copy of the table signs nobody in.
        db.prepare('INSERT INTO sign_in_links (token_hash, member_id, expires_at) VALUES (?, ?, ?)').run(
          sha256(token),
          row.id,
          now() + SIGN_IN_LINK_MS,
        );
        outbox.queue(signInLinkMail(row.email, outbox.link('/login.html', { signInToken: token })));
      }
      return {};
    });
  });

  handle('signInLinkConsume', ({ body, c }) =>
    transaction(db, () => {
      const memberId = takeMailedToken('sign_in_links', 'token_hash', body.token);
      if (!memberId)
        throw fieldFailure('UR_SIGN_IN_LINK_INVALID', 'This sign-in link has expired or been used; ask for a new one', 'token');
      if (memberById(db, memberId)?.closed_at != null) throw closedAccount();
      return sessionOf(startSession(c, memberId));
    }),
  );

  handle('resetPassword', ({ body }) =>
    transaction(db, () => {
      const memberId = takeMailedToken('reset_tokens', 'token', body.token);
      if (!memberId) throw fieldFailure('UR_RESET_TOKEN_INVALID', 'This link has expired; ask for a new one', 'token');
      db.prepare('UPDATE members SET password_hash = ? WHERE id = ?').run(hashPassword(body.password), memberId);
      endSessionsOf(db, memberId);
      // Told as a change on the security page is: the owner learns of a reset someone else did.
      outbox.queue(passwordChangedMail(memberById(db, memberId)!.email));
      return {};
    }),
  );

  handle('thirdPartyCallback', ({ body, c }) => {
    const verifier = finishSignIn(c, db, cookies, body.provider, body.state, now());
    return transaction(db, () => {
      const code = db
        .prepare('SELECT * FROM provider_codes WHERE code = ? AND provider = ? AND used = 0 AND expires_at > ?')
        .get(body.code, body.provider, now()) as
        { provider_id: string; name: string; email: string; code_challenge: string | null } | undefined;
      // With PKCE, the provider gives the code only to whoever holds the verifier of its challenge.
      const pkceHeld = verifier === null || (code?.code_challenge != null && pkceChallenge(verifier) === code.code_challenge);
      if (!code || !pkceHeld) throw new ApiFailure('THIRD_PARTY_CODE_INVALID', 'The sign-in with the provider did not complete');
      db.prepare('UPDATE provider_codes SET used = 1 WHERE code = ?').run(body.code);
      let member = db
        .prepare('SELECT id, closed_at FROM members WHERE provider = ? AND provider_id = ?')
        .get(body.provider, code.provider_id) as { id: string; closed_at: number | null } | undefined;
      if (member?.closed_at != null) throw closedAccount();
      if (!member) {
        const id = newMemberId();
        db.prepare('INSERT INTO members (id, name, email, provider, provider_id, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(
          id,
          code.name,
          `${body.provider}.${code.provider_id}@users.linea.example`,
          body.provider,
          code.provider_id,
          now(),
        );
        // Signing up through a provider opens an account too: the same first-purchase coupon.
        giveFirstPurchaseCoupon(db, id, requestCurrency(), now());
        member = { id, closed_at: null };
      }
      return sessionOf(startSession(c, member.id));
    });
  });

  const knownProvider = (provider: string): provider is ThirdPartyProvider =>
    (THIRD_PARTY_PROVIDERS as readonly string[]).includes(provider);
  // A same-origin path only: `startsWith('/')` alone let `//evil.example/x` (protocol-relative)
  // and `/\evil.example` through, making the page an open redirect. Resolve it as a browser would.
  const sameOriginPath = (path: string) => path.startsWith('/') && URL.parse(path, 'http://same.invalid')?.origin === 'http://same.invalid';

  // Where the login page's provider links go: the state and its cookie, then on to the provider.
  app.get('/api/auth/third-party/:provider/start', (c) => {
    const provider = c.req.param('provider');
    const redirectUri = c.req.query('redirect_uri') ?? '';
    if (!knownProvider(provider) || !sameOriginPath(redirectUri)) return c.text('Unknown provider or redirect', 400);
    const { state, codeChallenge } = startSignIn(c, db, cookies, provider, now());
    const query = new URLSearchParams({ redirect_uri: redirectUri, state });
    if (codeChallenge) {
      query.set('code_challenge', codeChallenge);
      query.set('code_challenge_method', 'S256');
    }
    return c.redirect(`/api/auth/third-party/${provider}/authorize?${query}`, 302);
  });

  // The fake social-login provider: stands in for every provider's authorization page locally.
  app.get('/api/auth/third-party/:provider/authorize', (c) => {
    const provider = c.req.param('provider');
    const redirectUri = c.req.query('redirect_uri') ?? '';
    const state = c.req.query('state') ?? '';
    const challenge = c.req.query('code_challenge') ?? null;
    if (!knownProvider(provider) || !sameOriginPath(redirectUri)) return c.text('Unknown provider or redirect', 400);
    if (challenge !== null && c.req.query('code_challenge_method') !== 'S256') return c.text('Only S256 challenges', 400);
    const code = randomToken();
    db.prepare(
      'INSERT INTO provider_codes (code, provider, provider_id, name, email, expires_at, code_challenge) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).run(code, provider, `fake-${provider}-user`, `${provider} user`, `${provider}@fake.example`, now() + 300_000, challenge);
    const target = `${redirectUri}?${new URLSearchParams({ code, state, provider })}`;
    return htmlPage(
      c,
      `<!doctype html><meta charset="utf-8"><title>Fake ${provider} sign-in</title><style>${PROVIDER_PAGE_STYLE}</style><body><h1>Fake ${provider} sign-in</h1><p>The local stand-in for the provider's authorization page.</p><a id="approve" href="${target.replace(/"/g, '&quot;')}">Continue as ${provider} user</a></body>`,
      { styles: [PROVIDER_PAGE_STYLE] },
    );
  });
}
