/**
 * Registration tells nobody whether an address has an account: the answer is the same for a new
 * address and one with an account, and only the mailbox learns which it was. A new address is
 * mailed a link that opens the account (once, for 24 hours) and signs the member in; an
 * account's owner is mailed that someone tried, with links to sign in and to reset the password.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../../scripts/local-commerce/db.ts';
import {
  PENDING_REGISTRATIONS_KEPT,
  REGISTRATION_LINK_MS,
  REGISTRATION_MAILBOX_RULE,
} from '../../../scripts/local-commerce/pending-registrations.ts';
import { REFRESH_COOKIE } from '../../../src/lib/api/contract.ts';
import {
  adminAgreements,
  authorize,
  call,
  DEMO,
  expectFailure,
  expectSuccess,
  login,
  mailsTo,
  NOW,
  OTHER,
  registerMember,
  registrationTokenOf,
  sampleEnv,
  sendEmailCode,
  socialCallback,
  SITE_ORIGIN,
  type Env,
} from '../../fixtures/commerce-app.ts';

const form = (email: string, password = 'Fresh2026') => ({ name: '新會員', email, password, agreeTerms: true as const });
const NEW_EMAIL = 'newcomer@linea.example';
const count = (env: Env, sql: string, ...values: string[]) => (env.db.prepare(sql).get(...values) as { n: number }).n;
const membersWith = (env: Env, email: string) => count(env, 'SELECT COUNT(*) AS n FROM members WHERE email = ?', email);
/** The links a mail carries. */
const linksIn = (text: string) => (text.match(/https?:\/\/\S+/g) ?? []).map((link) => new URL(link));

afterEach(() => {
  vi.useRealTimers();
});

describe('registering', () => {
  it('answers a new address and one with an account byte for byte alike, with no session', async () => {
    const env = sampleEnv();
    const fresh = await call(env.app, 'register', form(NEW_EMAIL));
    const taken = await call(env.app, 'register', form(DEMO.email));
    const takenOtherCase = await call(env.app, 'register', form(OTHER.email.toUpperCase(), 'Other2026'));
    for (const answer of [fresh, taken, takenOtherCase]) {
      expect(answer.status).toBe(fresh.status);
      expect(answer.text).toBe(fresh.text);
      expect([...answer.headers]).toEqual([...fresh.headers]);
      expect(answer.cookies.size).toBe(0);
    }
    expect(expectSuccess('register', fresh)).toEqual({ status: 'pending' });
    // No account yet for the new address; the taken ones still have their one.
    expect(membersWith(env, NEW_EMAIL)).toBe(0);
    expect(membersWith(env, DEMO.email)).toBe(1);
  });

  it("mails an account's owner that someone tried, with links to sign in and to reset, and changes nothing of the account", async () => {
    const env = sampleEnv();
    const account = () => env.db.prepare('SELECT * FROM members WHERE id = ?').get(DEMO.id);
    const before = account();
    expectSuccess('register', await call(env.app, 'register', form(DEMO.email.toUpperCase(), 'Hijack2026'), { language: 'en-GB' }));
    expect(account()).toEqual(before);
    expect(count(env, 'SELECT COUNT(*) AS n FROM pending_registrations')).toBe(0);

    const [warning, ...others] = mailsTo(env.db, DEMO.email);
    expect(others).toEqual([]);
    expect(warning!.subject).toBe('Someone tried to open a LINEA account with your email');
    expect(warning!.text).toContain('It already has an account, so no new one was opened');
    expect(linksIn(warning!.text).map(String)).toEqual([`${SITE_ORIGIN}/en-gb/login.html`, `${SITE_ORIGIN}/en-gb/forget_password.html`]);
    // Nothing the stranger typed reaches the owner's mailbox.
    expect(warning!.text).not.toContain('Hijack2026');
    expect(warning!.text).not.toContain('新會員');
    // The password is the owner's still, and the stranger's opens nothing.
    await login(env.app);
    expectFailure(await call(env.app, 'login', { account: DEMO.email, password: 'Hijack2026' }), 'UR_LOGIN_FAILED');
  });

  it("mails in the page's language: Macao reads Hong Kong's words, the mainland Taiwan's in Simplified", async () => {
    const env = sampleEnv();
    expectSuccess('register', await call(env.app, 'register', form('mo@linea.example'), { language: 'zh-MO' }));
    expectSuccess('register', await call(env.app, 'register', form('cn@linea.example'), { language: 'zh-CN' }));
    expectSuccess('register', await call(env.app, 'register', form(DEMO.email), { language: 'zh-CN' }));
    const [macao] = mailsTo(env.db, 'mo@linea.example');
    expect(macao!.subject).toBe('請完成 LINEA 會員註冊');
    expect(macao!.text).toContain('開立帳戶');
    expect(linksIn(macao!.text)[0]!.pathname).toBe('/zh-mo/register.html');
    const [mainland] = mailsTo(env.db, 'cn@linea.example');
    expect(mainland!.subject).toBe('请完成 LINEA 会员注册');
    expect(linksIn(mainland!.text)[0]!.pathname).toBe('/zh-cn/register.html');
    const [warning] = mailsTo(env.db, DEMO.email);
    expect(warning!.subject).toBe('有人尝试以您的电子邮件注册 LINEA');
    expect(linksIn(warning!.text).map((link) => link.pathname)).toEqual(['/zh-cn/login.html', '/zh-cn/forget_password.html']);
  });

  it('keeps what the form sent until the link is opened: the password hashed, the token hashed, for 24 hours', async () => {
    const env = sampleEnv();
    expectSuccess('register', await call(env.app, 'register', form(NEW_EMAIL, 'Secret2026x')));
    const token = registrationTokenOf(env.db, NEW_EMAIL)!;
    expect(token).toMatch(/^[\w-]{43}$/);
    const row = env.db.prepare('SELECT * FROM pending_registrations').get() as Record<string, unknown>;
    expect(row).toMatchObject({
      email: NEW_EMAIL,
      name: '新會員',
      agreement_version: '2026.1',
      privacy_version: '2026.1',
      created_at: NOW,
      expires_at: NOW + 24 * 3_600_000,
      used_at: null,
    });
    expect(REGISTRATION_LINK_MS).toBe(24 * 3_600_000);
    expect(String(row.password_hash)).toMatch(/^scrypt\$/);
    expect(JSON.stringify(row)).not.toContain('Secret2026x');
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('hashes the password for an address with an account too: neither answer is the quicker', async () => {
    const { app } = sampleEnv({ attemptRules: { registrationAddress: { points: 10_000, duration: 3600 } } });
    // The work each answer costs, as this process's CPU time: the test machine's other load
    // weighs on wall-clock times far more than the hash does.
    const work = async (email: string) => {
      const started = process.cpuUsage();
      expectSuccess('register', await call(app, 'register', form(email)));
      const { user, system } = process.cpuUsage(started);
      return user + system;
    };
    // Each mailbox is mailed only so often: the taken addresses take turns.
    const taken = [DEMO.email, OTHER.email, 'cn.member@linea.example', 'mo.member@linea.example'];
    const fresh: number[] = [];
    const existing: number[] = [];
    for (let i = 0; i < 13; i++) {
      const [a, b] = [await work(`fresh${i}@linea.example`), await work(taken[i % taken.length]!)];
      // The first two warm up.
      if (i > 1) [fresh[i], existing[i]] = [a, b];
    }
    const median = (times: number[]) => times.filter(Number.isFinite).sort((x, y) => x - y)[5]!;
    // Without the hash, an address with an account cost a tenth of a new one.
    expect(median(existing) / median(fresh)).toBeGreaterThan(0.6);
    expect(median(existing) / median(fresh)).toBeLessThan(1.6);
  });

  it('carries a same-origin redirect_url into the link, and leaves out any other', async () => {
    const env = sampleEnv();
    const linkFor = async (email: string, redirectUrl: string) => {
      expectSuccess('register', await call(env.app, 'register', { ...form(email), redirectUrl }, { language: 'en-GB' }));
      return linksIn(mailsTo(env.db, email)[0]!.text)[0]!;
    };
    const back = await linkFor('back@linea.example', '/en-gb/product/L000001.html?colorNo=02');
    expect(back.origin + back.pathname).toBe(`${SITE_ORIGIN}/en-gb/register.html`);
    expect(back.searchParams.get('redirect_url')).toBe('/en-gb/product/L000001.html?colorNo=02');
    for (const hostile of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)'])
      expect((await linkFor(`hostile${hostile.length}@linea.example`, hostile)).searchParams.has('redirect_url'), hostile).toBe(false);
  });

  it('mails one mailbox at most 5 times an hour, account or not, and says so alike to both', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    expect(REGISTRATION_MAILBOX_RULE).toEqual({ points: 5, duration: 3600 });
    const env = sampleEnv();
    const from = (i: number) => ({ address: `203.0.113.${i}` });
    for (let i = 0; i < 5; i++) {
      expectSuccess('register', await call(env.app, 'register', form(NEW_EMAIL), from(i)));
      expectSuccess('register', await call(env.app, 'register', form(DEMO.email), from(i)));
    }
    const fresh = await call(env.app, 'register', form(NEW_EMAIL.toUpperCase()), from(9));
    const taken = await call(env.app, 'register', form(DEMO.email), from(9));
    expectFailure(fresh, 'TOO_MANY_ATTEMPTS', { status: 429 });
    expect(taken.text).toBe(fresh.text);
    expect(mailsTo(env.db, NEW_EMAIL)).toHaveLength(5);
    expect(mailsTo(env.db, DEMO.email)).toHaveLength(5);
    // Another mailbox has its own allowance, and an hour later this one has its own again.
    expectSuccess('register', await call(env.app, 'register', form('other.newcomer@linea.example'), from(9)));
    vi.setSystemTime(NOW + 3_601_000);
    expectSuccess('register', await call(env.app, 'register', form(NEW_EMAIL), from(9)));
  });
});

describe('the mailed link', () => {
  it('opens the account once, signs the member in, and the password signs in afterwards', async () => {
    const env = sampleEnv();
    expectSuccess('register', await call(env.app, 'register', form(NEW_EMAIL, 'Opened2026'), { language: 'en-GB' }));
    const [mail] = mailsTo(env.db, NEW_EMAIL);
    expect(mail!.subject).toBe('Finish opening your LINEA account');
    const [link] = linksIn(mail!.text);
    expect(link!.origin + link!.pathname).toBe(`${SITE_ORIGIN}/en-gb/register.html`);
    const token = link!.searchParams.get('registerToken')!;
    // Nothing the form sent but the address is in the mail.
    expect(mail!.text).not.toContain('Opened2026');
    expect(mail!.text).not.toContain('新會員');

    const opened = await call(env.app, 'registerConfirm', { token });
    const session = expectSuccess('registerConfirm', opened);
    expect(session.member).toMatchObject({ name: '新會員', email: NEW_EMAIL, membershipAgreementVersion: '2026.1' });
    expect(opened.cookies.get(REFRESH_COOKIE)?.attrs.has('httponly')).toBe(true);
    expect(expectSuccess('memberInfo', await call(env.app, 'memberInfo', {}, { token: session.accessToken })).userId).toBe(
      session.member.userId,
    );
    // The pending row keeps no password once the member does.
    expect(env.db.prepare('SELECT used_at, password_hash FROM pending_registrations').get()).toEqual({ used_at: NOW, password_hash: null });

    const again = await call(env.app, 'registerConfirm', { token });
    expectFailure(again, 'UR_REGISTER_LINK_USED', { field: 'token' });
    expect(again.cookies.size).toBe(0);
    expect(membersWith(env, NEW_EMAIL)).toBe(1);
    expect((await login(env.app, NEW_EMAIL, 'Opened2026')).session.member.userId).toBe(session.member.userId);
  });

  it('works for 24 hours, then answers that it has expired, as a token never mailed does', async () => {
    const env = sampleEnv();
    expectSuccess('register', await call(env.app, 'register', form('late@linea.example')));
    expectSuccess('register', await call(env.app, 'register', form('in.time@linea.example')));
    env.clock.now += REGISTRATION_LINK_MS - 1;
    expectSuccess(
      'registerConfirm',
      await call(env.app, 'registerConfirm', { token: registrationTokenOf(env.db, 'in.time@linea.example') }),
    );
    env.clock.now += 1;
    const late = await call(env.app, 'registerConfirm', { token: registrationTokenOf(env.db, 'late@linea.example') });
    expectFailure(late, 'UR_REGISTER_LINK_EXPIRED', { field: 'token' });
    expect(late.cookies.size).toBe(0);
    expect(membersWith(env, 'late@linea.example')).toBe(0);
    for (const token of ['made-up', ''])
      expectFailure(await call(env.app, 'registerConfirm', { token }), 'UR_REGISTER_LINK_EXPIRED', { field: 'token' });
  });

  it('answers that the address has an account when it got one since: by another link, or an email change', async () => {
    const env = sampleEnv();
    // Two registrations of one address: the first link opened wins.
    expectSuccess('register', await call(env.app, 'register', form(NEW_EMAIL, 'First2026')));
    const first = registrationTokenOf(env.db, NEW_EMAIL)!;
    expectSuccess('register', await call(env.app, 'register', form(NEW_EMAIL, 'Second2026')));
    const second = registrationTokenOf(env.db, NEW_EMAIL)!;
    expect(second).not.toBe(first);
    expectSuccess('registerConfirm', await call(env.app, 'registerConfirm', { token: second }));
    const raced = await call(env.app, 'registerConfirm', { token: first });
    expectFailure(raced, 'UR_REGISTER_EMAIL_TAKEN', { field: null });
    expect(raced.cookies.size).toBe(0);
    await login(env.app, NEW_EMAIL, 'Second2026');

    // A member moves to an address while its registration waits.
    const moving = 'moving@linea.example';
    expectSuccess('register', await call(env.app, 'register', form(moving)));
    const { token } = await login(env.app);
    const { code } = await sendEmailCode(env.app, env.db, token, moving);
    expectSuccess('emailChange', await call(env.app, 'emailChange', { email: moving, code }, { token }));
    expectFailure(await call(env.app, 'registerConfirm', { token: registrationTokenOf(env.db, moving) }), 'UR_REGISTER_EMAIL_TAKEN');
    expect(membersWith(env, moving)).toBe(1);
  });

  it('opens the account with the terms agreed to when it registered, so a version published since is asked for', async () => {
    const env = sampleEnv();
    expectSuccess('register', await call(env.app, 'register', form(NEW_EMAIL)));
    const published = {
      membershipAgreementVersion: '2027.1',
      membershipAgreementPopFlag: 'Y',
      privacyPolicyVersion: '2026.1',
      privacyPolicyPopFlag: 'Y',
    };
    expect(await adminAgreements(env.app, published)).toMatchObject({ success: true });
    const session = expectSuccess(
      'registerConfirm',
      await call(env.app, 'registerConfirm', { token: registrationTokenOf(env.db, NEW_EMAIL) }),
    );
    expect(session.member).toMatchObject({ membershipAgreementVersion: '2026.1', privacyPolicyVersion: '2026.1' });
    // Registering now agrees to the new one.
    const { session: later } = await registerMember(env, form('later@linea.example'));
    expect(later.member.membershipAgreementVersion).toBe('2027.1');
  });
});

describe('the first-purchase coupon', () => {
  const held = async (env: Env, token: string, language = 'zh-TW') =>
    expectSuccess('couponList', await call(env.app, 'couponList', { page: 1, pageSize: 10 }, { token, language })).list;

  it("an account opened by the mailed link holds its region's first-purchase coupon, the one the visitors' ticker promises", async () => {
    const env = sampleEnv();
    // Taiwan's pages: the NT$ offer; Hong Kong's (Chinese or English) and Macao's: their own; the mainland's: ¥.
    for (const [language, couponId, title] of [
      ['zh-TW', 'CC001', '領取即用 NT$150'],
      ['zh-HK', 'CC101', '領取即用 HK$40'],
      ['en-GB', 'CC101', 'Collect and save HK$40'],
      ['zh-MO', 'CC301', '領取即用 MOP$40'],
      ['zh-CN', 'CC201', '领取即用 ¥30'],
    ] as const) {
      const email = `first.${language.toLowerCase()}@linea.example`;
      const { session } = await registerMember(env, form(email), { language });
      expect(await held(env, session.accessToken, language)).toEqual([
        expect.objectContaining({ couponId, title, used: 'N', startDate: expect.any(Number), endDate: expect.any(Number) }),
      ]);
      // Held, so not collected twice.
      expectFailure(
        await call(env.app, 'couponCollect', { couponId }, { token: session.accessToken, language }),
        'COUPON_ALREADY_COLLECTED',
        {
          field: 'couponId',
        },
      );
    }
    // An offer that has ended is not given.
    env.db.prepare("UPDATE coupon_offers SET end_date = ? WHERE coupon_id = 'CC001'").run(NOW - 1);
    const { session } = await registerMember(env, form('late@linea.example'));
    expect(await held(env, session.accessToken)).toEqual([]);
  });

  it('an account opened through a social provider holds it too, once: signing in again gives none', async () => {
    const env = sampleEnv();
    const first = expectSuccess('thirdPartyCallback', await socialCallback(env.app, await authorize(env.app, 'google')));
    expect((await held(env, first.accessToken)).map((c) => c.couponId)).toEqual(['CC001']);
    const again = expectSuccess('thirdPartyCallback', await socialCallback(env.app, await authorize(env.app, 'google')));
    expect(again.member.userId).toBe(first.member.userId);
    expect((await held(env, again.accessToken)).map((c) => c.couponId)).toEqual(['CC001']);
  });
});

describe('the pending registrations table', () => {
  it('drops expired rows, and keeps only the newest rows, as each registration comes', async () => {
    const env = sampleEnv();
    const old = env.db.prepare(
      `INSERT INTO pending_registrations (token_hash, email, name, password_hash, agreement_version, privacy_version, created_at, expires_at)
       VALUES (?, ?, 'Old', 'scrypt$x', '2026.1', '2026.1', ?, ?)`,
    );
    old.run('expired', 'expired@linea.example', NOW - REGISTRATION_LINK_MS, NOW);
    for (let i = 0; i < PENDING_REGISTRATIONS_KEPT + 10; i++) old.run(`old${i}`, `old${i}@linea.example`, NOW, NOW + 1000);
    expectSuccess('register', await call(env.app, 'register', form(NEW_EMAIL)));
    expect(count(env, 'SELECT COUNT(*) AS n FROM pending_registrations')).toBe(PENDING_REGISTRATIONS_KEPT);
    expect(count(env, "SELECT COUNT(*) AS n FROM pending_registrations WHERE token_hash IN ('expired', 'old0', 'old10')")).toBe(0);
    expect(count(env, "SELECT COUNT(*) AS n FROM pending_registrations WHERE token_hash = 'old11'")).toBe(1);
    // The newest is the one just made, and its link works.
    expectSuccess('registerConfirm', await call(env.app, 'registerConfirm', { token: registrationTokenOf(env.db, NEW_EMAIL) }));
  });

  it('is added to a database of an earlier version as it opens', () => {
    const dir = mkdtempSync(join(tmpdir(), 'linea-db-'));
    try {
      const path = join(dir, 'old.sqlite');
      const old = new DatabaseSync(path);
      old.exec(
        'CREATE TABLE mail_outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, to_address TEXT NOT NULL, subject TEXT NOT NULL, text TEXT NOT NULL, created_at INTEGER NOT NULL)',
      );
      old.close();
      const db = openDatabase(path);
      const columns = (
        db.prepare("SELECT name FROM pragma_table_info('pending_registrations') ORDER BY cid").all() as Array<{ name: string }>
      ).map((c) => c.name);
      expect(columns).toEqual([
        'id',
        'token_hash',
        'email',
        'name',
        'password_hash',
        'agreement_version',
        'privacy_version',
        'created_at',
        'expires_at',
        'used_at',
      ]);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
