/**
 * Closing the account: refused with a wrong password and while an order or an after-sales case
 * is open; then every session ends, the data stays (marked closed), and the account can no
 * longer sign in, by password, refresh or a social provider.
 */
import { describe, expect, it } from 'vitest';
import { EXCHANGE_STATUSES, ORDER_STATUSES, REFRESH_COOKIE, REFUND_STATUSES, SESSION_HINT_COOKIE } from '../../../src/lib/api/contract.ts';
import { isOpenAfterSale, isOpenExchange, isOpenOrder, isOpenRefund } from '../../../src/lib/orders/final-statuses.ts';
import { AFTER_SALE_TRANSITIONS, statusesOf } from '../../../src/lib/orders/state-machine.ts';
import {
  authorize,
  socialCallback,
  call,
  DEMO,
  expectFailure,
  expectSuccess,
  expectUnauthorized,
  login,
  mailsTo,
  memberState,
  NOW,
  refreshCookie,
  registerMember,
  sampleEnv,
  settleCases,
} from '../../fixtures/commerce-app.ts';

const CLOSE = { agree: true, password: DEMO.password } as const;
const setStatus = (db: ReturnType<typeof sampleEnv>['db'], kind: string, id: string, status: string) =>
  db.prepare("UPDATE records SET status = ?, json = json_set(json, '$.status', ?) WHERE kind = ? AND id = ?").run(status, status, kind, id);
const idsOf = (db: ReturnType<typeof sampleEnv>['db'], kind: string) =>
  (db.prepare('SELECT id FROM records WHERE kind = ? AND member_id = ? ORDER BY id').all(kind, DEMO.id) as Array<{ id: string }>).map(
    (r) => r.id,
  );

// After-sales cases take the refund statuses their table passes through.
const AFTER_SALE_STATUSES = REFUND_STATUSES.filter((s) => (statusesOf(AFTER_SALE_TRANSITIONS) as string[]).includes(s));
const FINAL_ORDER_STATUSES = ORDER_STATUSES.filter((s) => !isOpenOrder(s));
const FINAL_REFUND_STATUSES = REFUND_STATUSES.filter((s) => !isOpenRefund(s));
const FINAL_EXCHANGE_STATUSES = EXCHANGE_STATUSES.filter((s) => !isOpenExchange(s));
const FINAL_AFTER_SALE_STATUSES = AFTER_SALE_STATUSES.filter((s) => !isOpenAfterSale(s));

describe('the final statuses', () => {
  it('are the ones the state machine takes nowhere', () => {
    expect(FINAL_ORDER_STATUSES).toEqual(['FINISHED', 'CANCELLED', 'CLOSED', 'REST_PAY_CANCELLED']);
    expect(FINAL_REFUND_STATUSES).toEqual(['REFUSED', 'SUCCESS', 'CLOSED', 'OFFLINE_SUCCESS', 'TIME_CLOSED']);
    expect(FINAL_EXCHANGE_STATUSES).toEqual(['CANCELLED', 'CLOSED', 'REFUSED']);
    expect(FINAL_AFTER_SALE_STATUSES).toEqual(['REFUSED', 'SUCCESS', 'CLOSED']);
  });
});

describe('closing the account', () => {
  it('refuses a wrong password and a missing agreement, changing nothing', async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    settleCases(db, DEMO.id);
    const before = memberState(db);
    expectFailure(await call(app, 'accountClose', { ...CLOSE, password: 'Wrong2026' }, { token }), 'UR_PASSWORD_WRONG', {
      field: 'password',
    });
    expectFailure(await call(app, 'accountClose', { ...CLOSE, agree: false }, { token }), 'ACCOUNT_CLOSE_AGREE_REQUIRED', {
      field: 'agree',
    });
    expectFailure(await call(app, 'accountClose', { ...CLOSE, password: '' }, { token }), 'UR_PASSWORD_REQUIRED', { field: 'password' });
    expect(memberState(db)).toEqual(before);
  });

  it('refuses while an order is open, naming the open orders', async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    const before = memberState(db);
    const failure = expectFailure(await call(app, 'accountClose', CLOSE, { token }), 'ACCOUNT_HAS_OPEN_ORDERS', { field: null });
    const orders = expectSuccess('orderList', await call(app, 'orderList', { pageSize: 100 }, { token })).list;
    for (const order of orders) {
      const named = failure.msg!.includes(order.orderCode);
      expect(named, `${order.orderCode} ${order.status}`).toBe(!(FINAL_ORDER_STATUSES as readonly string[]).includes(order.status));
    }
    expect(memberState(db)).toEqual(before);
  });

  it('refuses while a refund, an exchange or an after-sales service is open; every final status lets it through', async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    settleCases(db, DEMO.id);
    // Every final status once, across the cases.
    for (const [kind, finals] of [
      ['order', FINAL_ORDER_STATUSES],
      ['refund', FINAL_REFUND_STATUSES],
      ['aftersale', FINAL_AFTER_SALE_STATUSES],
      ['exchange', FINAL_EXCHANGE_STATUSES],
    ] as const)
      idsOf(db, kind).forEach((id, i) => setStatus(db, kind, id, finals[i % finals.length]!));
    for (const [kind, open] of [
      ['refund', 'WAIT_CONFIRM'],
      ['aftersale', 'WAIT_CONFIRM'],
      ['exchange', 'INBOUND'],
    ] as const) {
      const id = idsOf(db, kind)[0]!;
      const settled = (db.prepare('SELECT status FROM records WHERE kind = ? AND id = ?').get(kind, id) as { status: string }).status;
      setStatus(db, kind, id, open);
      const before = memberState(db);
      const failure = expectFailure(await call(app, 'accountClose', CLOSE, { token }), 'ACCOUNT_HAS_OPEN_AFTERSALES', { field: null });
      expect(failure.msg).toContain(id);
      expect(memberState(db)).toEqual(before);
      setStatus(db, kind, id, settled);
    }
    expectSuccess('accountClose', await call(app, 'accountClose', CLOSE, { token }));
  });

  it('closes: the data stays, sessions end, and the account signs in no more', async () => {
    const { app, db } = sampleEnv();
    const here = await login(app);
    const elsewhere = await login(app);
    settleCases(db, DEMO.id);
    const records = db.prepare('SELECT * FROM records ORDER BY kind, id').all();

    const answer = await call(app, 'accountClose', CLOSE, { token: here.token });
    expect(expectSuccess('accountClose', answer)).toEqual({});
    expect(answer.cookies.get(REFRESH_COOKIE)!.attrs.get('max-age')).toBe('0');
    expect(answer.cookies.get(SESSION_HINT_COOKIE)!.attrs.get('max-age')).toBe('0');
    expect(db.prepare('SELECT closed_at FROM members WHERE id = ?').get(DEMO.id)).toEqual({ closed_at: NOW });
    expect(db.prepare('SELECT * FROM records ORDER BY kind, id').all()).toEqual(records);

    for (const token of [here.token, elsewhere.token]) expectUnauthorized(await call(app, 'memberInfo', {}, { token }));
    for (const signedIn of [here, elsewhere])
      expectFailure(await call(app, 'refresh', {}, { cookie: refreshCookie(signedIn.refreshToken) }), 'REFRESH_EXPIRED', { status: 401 });
    // The right password learns it is closed; a wrong one learns nothing.
    const closed = await call(app, 'login', { account: DEMO.email, password: DEMO.password });
    expectFailure(closed, 'UR_ACCOUNT_CLOSED', { field: null });
    expect(closed.cookies.size).toBe(0);
    expectFailure(await call(app, 'login', { account: DEMO.email, password: 'Wrong2026' }), 'UR_LOGIN_FAILED');
    // No reset mail for it, and its email stays taken: registering it is answered as any
    // registration, opens nothing, and tells the mailbox the address cannot open an account.
    expectSuccess('forgetPassword', await call(app, 'forgetPassword', { email: DEMO.email }));
    expect(mailsTo(db, DEMO.email)).toEqual([]);
    const members = db.prepare('SELECT * FROM members ORDER BY id').all();
    expectSuccess('register', await call(app, 'register', { name: '新會員', email: DEMO.email, password: 'Again2026', agreeTerms: true }));
    expect(db.prepare('SELECT * FROM members ORDER BY id').all()).toEqual(members);
    expect(db.prepare('SELECT COUNT(*) AS n FROM pending_registrations').get()).toEqual({ n: 0 });
    const [warning] = mailsTo(db, DEMO.email);
    expect(warning!.text).toContain('已關閉');
    expect(warning!.text).not.toMatch(/https?:/);
  });

  it('a member with nothing open closes at once; a closed social account cannot sign in with the provider', async () => {
    const { app, db } = sampleEnv();
    const { session } = await registerMember(
      { app, db },
      { name: '短期會員', email: 'brief@linea.example', password: 'Brief2026', agreeTerms: true },
    );
    expectSuccess('accountClose', await call(app, 'accountClose', { agree: true, password: 'Brief2026' }, { token: session.accessToken }));
    expectFailure(await call(app, 'login', { account: 'brief@linea.example', password: 'Brief2026' }), 'UR_ACCOUNT_CLOSED');

    const signIn = async () => socialCallback(app, await authorize(app, 'google'));
    const social = expectSuccess('thirdPartyCallback', await signIn());
    // A social member has no password to confirm with; the platform closes such accounts itself.
    expectFailure(
      await call(app, 'accountClose', { agree: true, password: 'Anything1' }, { token: social.accessToken }),
      'UR_PASSWORD_WRONG',
      {
        field: 'password',
      },
    );
    db.prepare('UPDATE members SET closed_at = ? WHERE id = ?').run(NOW, social.member.userId);
    const refused = await signIn();
    expectFailure(refused, 'UR_ACCOUNT_CLOSED', { field: null });
    // No session; only the spent sign-in's cookie is cleared.
    expect([...refused.cookies.keys()]).toEqual(['lin_oauth']);
  });
});
