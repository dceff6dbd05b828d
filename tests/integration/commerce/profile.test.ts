/**
 * The member's profile: the account hub's summary, and the name, birthday (set once, a real
 * past day on the brand's clock) and gender.
 */
import { describe, expect, it } from 'vitest';
import {
  call,
  checkoutEnv,
  DAY,
  DEMO,
  expectFailure,
  expectSuccess,
  login,
  memberState,
  NOW,
  order,
  PICKUP,
  sampleEnv,
  shopper,
  T0,
} from '../../fixtures/commerce-app.ts';

describe('account summary', () => {
  it("counts the demo member's usable coupons, wishes, unread messages and open tickets, and shows the latest order", async () => {
    const { app } = sampleEnv();
    const { token } = await login(app);
    const summary = expectSuccess('accountSummary', await call(app, 'accountSummary', {}, { token }));
    const [wishes] = expectSuccess('wishCount', await call(app, 'wishCount', {}, { token }));
    const latest = expectSuccess('orderList', await call(app, 'orderList', { pageSize: 1 }, { token })).list[0]!;
    // Seeded: 8 coupons, of which 2 used and 2 expired; 7 messages, 4 unread; 3 tickets, 1 closed.
    expect(summary).toEqual({
      usableCoupons: 4,
      wishCount: wishes,
      unreadMessages: 4,
      openTickets: 2,
      latestOrder: {
        orderCode: latest.orderCode,
        status: latest.status,
        createdAt: latest.createdAt,
        currency: 'TWD',
        total: latest.total,
        itemCount: latest.products.reduce((n, l) => n + l.quantity, 0),
        imageProductCode: latest.products[0]!.productCode,
      },
    });
    // O2026000001, placed five minutes before the seed's clock and not yet paid.
    expect(summary.latestOrder).toMatchObject({ orderCode: 'O2026000001', status: 'UNPAID', createdAt: NOW - 5 * 60_000 });

    expectSuccess('inboxRead', await call(app, 'inboxRead', { messageIds: ['N0001'] }, { token }));
    expectSuccess('ticketClose', await call(app, 'ticketClose', { ticketId: 'T0002' }, { token }));
    expect(expectSuccess('accountSummary', await call(app, 'accountSummary', {}, { token }))).toMatchObject({
      unreadMessages: 3,
      openTickets: 1,
    });
  });

  it('a new member has nothing; coupons count from their start to their end and until used; the latest order sums its items', async () => {
    const env = checkoutEnv();
    const me = await shopper(env, [
      [1, 2],
      [2, 1],
    ]);
    const summary = () => call(env.app, 'accountSummary', {}, { token: me.token }).then((a) => expectSuccess('accountSummary', a));
    expect(await summary()).toEqual({ usableCoupons: 0, wishCount: 0, unreadMessages: 0, openTickets: 0, latestOrder: null });

    // CC001 runs now; CC003 starts 10 days on (and is collectable ahead).
    for (const couponId of ['CC001', 'CC003'])
      expectSuccess('couponCollect', await call(env.app, 'couponCollect', { couponId }, { token: me.token }));
    expect((await summary()).usableCoupons).toBe(1);
    env.clock.now = T0 + 11 * DAY;
    expect((await summary()).usableCoupons).toBe(2);
    env.clock.now = T0 + 31 * DAY; // CC001 ended after 30 days
    expect((await summary()).usableCoupons).toBe(1);

    const placed = expectSuccess('orderCreate', await order(env, me, { ...PICKUP, couponId: null }));
    const detail = expectSuccess('orderDetail', await call(env.app, 'orderDetail', { orderCode: placed.orderCode }, { token: me.token }));
    expect((await summary()).latestOrder).toEqual({
      orderCode: placed.orderCode,
      status: 'WAIT_SHIP',
      createdAt: T0 + 31 * DAY,
      currency: 'TWD',
      total: placed.total,
      itemCount: 3,
      imageProductCode: detail.products[0]!.productCode,
    });
  });
});

describe('profile', () => {
  it('memberInfo answers the birthday, gender and member-since date', async () => {
    const { app } = sampleEnv();
    const { token, session } = await login(app);
    const info = expectSuccess('memberInfo', await call(app, 'memberInfo', {}, { token }));
    expect(info).toMatchObject({ userId: DEMO.id, birthday: '1990-05-12', gender: 'F', memberSince: NOW - 400 * DAY });
    expect(session.member).toEqual(info);
  });

  it('changes the name and gender; the birthday, once set, only to the same day (null keeps it)', async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    const changed = expectSuccess(
      'memberUpdate',
      await call(app, 'memberUpdate', { name: '林美美', birthday: null, gender: 'X' }, { token }),
    );
    expect(changed).toMatchObject({ name: '林美美', birthday: '1990-05-12', gender: 'X' });
    expect(expectSuccess('memberInfo', await call(app, 'memberInfo', {}, { token }))).toEqual(changed);
    expect(
      expectSuccess('memberUpdate', await call(app, 'memberUpdate', { name: '林美美', birthday: '1990-05-12', gender: null }, { token })),
    ).toMatchObject({ birthday: '1990-05-12', gender: null });

    const before = memberState(db);
    expectFailure(
      await call(app, 'memberUpdate', { name: '林小美', birthday: '1990-05-13', gender: 'F' }, { token }),
      'UR_BIRTHDAY_LOCKED',
      { field: 'birthday' },
    );
    expectFailure(await call(app, 'memberUpdate', { name: '', birthday: null, gender: 'F' }, { token }), 'UR_NAME_REQUIRED', {
      field: 'name',
    });
    expectFailure(await call(app, 'memberUpdate', { name: '林小美 2', birthday: null, gender: 'F' }, { token }), 'UR_NAME_FORMAT', {
      field: 'name',
    });
    expectFailure(await call(app, 'memberUpdate', { name: '林小美', birthday: null, gender: 'W' }, { token }), 'UR_GENDER', {
      field: 'gender',
    });
    expect(memberState(db)).toEqual(before);
  });

  it('a birthday is a real day from 1900-01-01 to today on the brand clock (UTC+8)', async () => {
    // Sessions outlive the hours the clock moves by.
    const env = sampleEnv({ accessTokenTtlSeconds: 86_400 });
    const me = await shopper(env, []);
    const info = expectSuccess('memberInfo', await call(env.app, 'memberInfo', {}, { token: me.token }));
    expect(info).toMatchObject({ birthday: null, gender: null, memberSince: NOW });

    // 2026-09-21 17:00 UTC is already 2026-09-22 01:00 in Taipei.
    env.clock.now = Date.UTC(2026, 8, 21, 17);
    const before = memberState(env.db);
    for (const birthday of ['2026-09-23', '2023-02-29', '1990-13-01', '1899-12-31', '1990/05/12', '19900512'])
      expectFailure(
        await call(env.app, 'memberUpdate', { name: 'Shopper', birthday, gender: 'M' }, { token: me.token }),
        'UR_BIRTHDAY_FORMAT',
        { field: 'birthday' },
      );
    expect(memberState(env.db)).toEqual(before);
    for (const birthday of ['1900-01-01', '2026-09-22']) {
      const fresh = await shopper(env, []);
      expect(
        expectSuccess(
          'memberUpdate',
          await call(env.app, 'memberUpdate', { name: 'Shopper', birthday, gender: 'M' }, { token: fresh.token }),
        ).birthday,
      ).toBe(birthday);
    }
    expectSuccess(
      'memberUpdate',
      await call(env.app, 'memberUpdate', { name: 'Shopper', birthday: '2000-02-29', gender: 'M' }, { token: me.token }),
    );
    expectFailure(
      await call(env.app, 'memberUpdate', { name: 'Shopper', birthday: '2000-03-01', gender: 'M' }, { token: me.token }),
      'UR_BIRTHDAY_LOCKED',
      { field: 'birthday' },
    );
  });
});
