/**
 * Old-clothes recycling: the bookings and the coupons they earned; booking a drop-off at a shop
 * or a pick-up at one of the member's addresses, from tomorrow to 30 days ahead on the brand's
 * clock (UTC+8), at most 2 open at once; cancelling a booking not yet received.
 */
import { describe, expect, it } from 'vitest';
import type { RequestOf } from '../../../src/lib/api/contract.ts';
import { call, expectFailure, expectSuccess, login, memberState, NOW, OTHER, sampleEnv } from '../../fixtures/commerce-app.ts';

/** NOW is 2026-09-21 22:13 in Taipei. */
const TOMORROW = '2026-09-22';
const SHOP = { method: 'SHOP', storeCode: 'TPE01', date: TOMORROW, bags: 2 } as const satisfies RequestOf<'recycleBook'>;
const PICKUP = {
  method: 'PICKUP',
  addressId: 'A0001',
  date: TOMORROW,
  timeSlot: 'PM',
  bags: 1,
} as const satisfies RequestOf<'recycleBook'>;

describe('recycling', () => {
  it('lists the bookings newest first, and the coupon the received one earned', async () => {
    const { app } = sampleEnv();
    const { token } = await login(app);
    const { bookings, coupons } = expectSuccess('recycleList', await call(app, 'recycleList', {}, { token }));
    expect(bookings.map((b) => [b.bookingId, b.method, b.status])).toEqual([
      ['RC0001', 'SHOP', 'BOOKED'],
      ['RC0002', 'SHOP', 'RECEIVED'],
      ['RC0003', 'PICKUP', 'CANCELLED'],
    ]);
    expect(bookings[0]!.storeCode).toBe('TPE01');
    expect(bookings[1]).toMatchObject({ items: 14, couponId: 'C0008' });
    expect(coupons.map((c) => c.couponId)).toEqual(['C0008']);
    const held = expectSuccess('couponList', await call(app, 'couponList', { pageSize: 50 }, { token })).list;
    expect(held.find((c) => c.couponId === 'C0008')).toEqual(coupons[0]);
    const other = await login(app, OTHER.email, OTHER.password);
    expect(expectSuccess('recycleList', await call(app, 'recycleList', {}, { token: other.token }))).toEqual({ bookings: [], coupons: [] });
  });

  it('books a drop-off and a pick-up (with the address as it was), at most 2 open at once', async () => {
    const { app, db, clock } = sampleEnv();
    const { token } = await login(app);
    expectSuccess('recycleCancel', await call(app, 'recycleCancel', { bookingId: 'RC0001' }, { token }));
    clock.now += 1_000;
    const shop = expectSuccess('recycleBook', await call(app, 'recycleBook', SHOP, { token })).bookings[0]!;
    expect(shop).toMatchObject({
      ...SHOP,
      address: null,
      timeSlot: null,
      status: 'BOOKED',
      items: null,
      couponId: null,
      createdAt: NOW + 1_000,
    });
    clock.now += 1_000;
    const state = expectSuccess('recycleBook', await call(app, 'recycleBook', { ...PICKUP, storeCode: 'TPE01' }, { token }));
    expect(state.bookings[0]).toMatchObject({
      method: 'PICKUP',
      storeCode: null,
      address: '106 台北市 大安區忠孝東路四段 100 號 5 樓',
      timeSlot: 'PM',
      status: 'BOOKED',
    });
    expect(state.bookings.map((b) => b.bookingId).slice(1)).toEqual([shop.bookingId, 'RC0001', 'RC0002', 'RC0003']);

    const before = memberState(db);
    expectFailure(await call(app, 'recycleBook', SHOP, { token }), 'RC_TOO_MANY_OPEN', { field: null });
    expect(memberState(db)).toEqual(before);
    expectSuccess('recycleCancel', await call(app, 'recycleCancel', { bookingId: shop.bookingId }, { token }));
    expectSuccess('recycleBook', await call(app, 'recycleBook', SHOP, { token }));
  });

  it('refuses a booking without its shop, address or time, changing nothing', async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    const before = memberState(db);
    for (const [body, code, field] of [
      [{ ...SHOP, storeCode: null }, 'RC_STORE_REQUIRED', 'storeCode'],
      [{ ...SHOP, storeCode: 'tpe01' }, 'RC_STORE_REQUIRED', 'storeCode'],
      [{ ...SHOP, storeCode: 'TP' }, 'RC_STORE_REQUIRED', 'storeCode'],
      [{ ...PICKUP, addressId: null }, 'RC_ADDRESS_REQUIRED', 'addressId'],
      [{ ...PICKUP, addressId: 'A0101' }, 'RC_ADDRESS_REQUIRED', 'addressId'],
      [{ ...PICKUP, timeSlot: null }, 'RC_TIME_SLOT_REQUIRED', 'timeSlot'],
      [{ ...SHOP, method: 'POST' }, 'RC_METHOD_REQUIRED', 'method'],
      [{ ...SHOP, bags: 0 }, 'RC_BAGS_RANGE', 'bags'],
      [{ ...SHOP, bags: 6 }, 'RC_BAGS_RANGE', 'bags'],
      [{ ...SHOP, date: '2026/09/22' }, 'RC_DATE_REQUIRED', 'date'],
    ] as const)
      expectFailure(await call(app, 'recycleBook', body, { token }), code, { field });
    expect(memberState(db)).toEqual(before);
  });

  it('takes a day from tomorrow to 30 days ahead, on the brand clock', async () => {
    const env = sampleEnv({ accessTokenTtlSeconds: 86_400 });
    const { token } = await login(env.app);
    expectSuccess('recycleCancel', await call(env.app, 'recycleCancel', { bookingId: 'RC0001' }, { token }));
    const before = memberState(env.db);
    for (const date of ['2026-09-21', '2026-10-22', '2026-02-30', '2026-09-31'])
      expectFailure(await call(env.app, 'recycleBook', { ...SHOP, date }, { token }), 'RC_DATE_RANGE', { field: 'date' });
    expect(memberState(env.db)).toEqual(before);
    expectSuccess('recycleBook', await call(env.app, 'recycleBook', { ...SHOP, date: '2026-10-21' }, { token }));
    // 17:00 UTC on the 21st is already the 22nd in Taipei: the 22nd is today there, not tomorrow.
    env.clock.now = Date.UTC(2026, 8, 21, 17);
    expectFailure(await call(env.app, 'recycleBook', { ...SHOP, date: TOMORROW }, { token }), 'RC_DATE_RANGE', { field: 'date' });
    expectSuccess('recycleBook', await call(env.app, 'recycleBook', { ...SHOP, date: '2026-09-23' }, { token }));
  });

  it('cancels a booked booking only; unknown and foreign ones are refused', async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    const other = await login(app, OTHER.email, OTHER.password);
    const cancelled = expectSuccess('recycleCancel', await call(app, 'recycleCancel', { bookingId: 'RC0001' }, { token }));
    expect(cancelled.bookings.find((b) => b.bookingId === 'RC0001')!.status).toBe('CANCELLED');
    const before = memberState(db);
    for (const bookingId of ['RC0001', 'RC0002', 'RC0003'])
      expectFailure(await call(app, 'recycleCancel', { bookingId }, { token }), 'RC_NOT_CANCELLABLE', { field: null });
    expectFailure(await call(app, 'recycleCancel', { bookingId: 'RC9999' }, { token }), 'RC_NOT_FOUND', { field: 'bookingId' });
    expectFailure(await call(app, 'recycleCancel', { bookingId: 'RC0002' }, { token: other.token }), 'RC_NOT_FOUND', {
      field: 'bookingId',
    });
    expect(memberState(db)).toEqual(before);
  });
});
