/**
 * Coupons: collecting offers, and a collected coupon's threshold, window and single use at checkout.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_MEMBERS } from '../../../scripts/local-commerce/seed.ts';
import {
  addressOf,
  addToCart,
  call,
  checkoutEnv,
  DAY,
  expectFailure,
  expectSuccess,
  order,
  memberState,
  PICKUP,
  shopper,
  state,
  T0,
} from '../../fixtures/commerce-app.ts';

describe('coupons', () => {
  it('lists the collectable coupons that have not ended, or one by id', async () => {
    const env = checkoutEnv();
    const list = expectSuccess('couponCollectable', await call(env.app, 'couponCollectable', {}));
    expect(list.map((c) => c.couponId)).toEqual(['CC001', 'CC002', 'CC003']);
    for (const coupon of list) {
      expect(coupon.title.length * coupon.description.length).toBeGreaterThan(0);
      expect(coupon.startDate).toBeLessThan(coupon.endDate);
    }
    env.clock.now = T0 + 20 * DAY;
    expect(expectSuccess('couponCollectable', await call(env.app, 'couponCollectable', {})).map((c) => c.couponId)).toEqual([
      'CC001',
      'CC003',
    ]);
    expect(expectSuccess('couponCollectable', await call(env.app, 'couponCollectable', { couponId: 'CC002' }))).toEqual([list[1]]);
    expectFailure(await call(env.app, 'couponCollectable', { couponId: 'NOPE' }), 'COUPON_NOT_FOUND', { field: 'couponId' });
  });

  it('collects once; unknown and ended coupons are refused', async () => {
    const env = checkoutEnv();
    const me = await shopper(env, []);
    const coupon = expectSuccess('couponCollect', await call(env.app, 'couponCollect', { couponId: 'CC001' }, { token: me.token }));
    expect(coupon).toMatchObject({ couponId: 'CC001', discount: 150, threshold: 1000, used: 'N' });
    expectFailure(await call(env.app, 'couponCollect', { couponId: 'CC001' }, { token: me.token }), 'COUPON_ALREADY_COLLECTED', {
      field: 'couponId',
    });
    expect(expectSuccess('couponList', await call(env.app, 'couponList', { page: 1, pageSize: 10 }, { token: me.token })).list).toEqual([
      coupon,
    ]);
    expectFailure(await call(env.app, 'couponCollect', { couponId: 'NOPE' }, { token: me.token }), 'COUPON_NOT_FOUND', {
      field: 'couponId',
    });
    env.clock.now = T0 + 15 * DAY;
    expectFailure(await call(env.app, 'couponCollect', { couponId: 'CC002' }, { token: me.token }), 'COUPON_EXPIRED', {
      field: 'couponId',
    });
    // Another member collects the same coupon for themselves.
    const other = await shopper(env, []);
    expectSuccess('couponCollect', await call(env.app, 'couponCollect', { couponId: 'CC001' }, { token: other.token }));
    // The demo member already holds seeded coupons; collecting a new one adds to them.
    const demo = expectSuccess(
      'login',
      await call(env.app, 'login', { account: DEMO_MEMBERS[0].email, password: DEMO_MEMBERS[0].password }),
    );
    const held = expectSuccess(
      'couponList',
      await call(env.app, 'couponList', { page: 1, pageSize: 50 }, { token: demo.accessToken }),
    ).total;
    expectSuccess('couponCollect', await call(env.app, 'couponCollect', { couponId: 'CC001' }, { token: demo.accessToken }));
    expect(
      expectSuccess('couponList', await call(env.app, 'couponList', { page: 1, pageSize: 50 }, { token: demo.accessToken })).total,
    ).toBe(held + 1);
  });

  it('a collected coupon discounts the preview and the order from its threshold, once', async () => {
    const env = checkoutEnv();
    const me = await shopper(env, [[1, 3]]); // 1,470
    expectSuccess('couponCollect', await call(env.app, 'couponCollect', { couponId: 'CC001' }, { token: me.token }));
    const preview = expectSuccess(
      'checkoutPreview',
      await call(env.app, 'checkoutPreview', { deliveryType: 'EXPRESS_HOME', couponId: 'CC001' }, { token: me.token }),
    );
    expect(preview.summary).toEqual({ itemCount: 3, subtotal: 1470, discount: 150, couponId: 'CC001', freight: 100, total: 1420 });
    expect(preview.coupons.map((c) => c.couponId)).toEqual(['CC001']);
    // Omitted: the best usable one; null: none.
    expect(
      expectSuccess('checkoutPreview', await call(env.app, 'checkoutPreview', { deliveryType: 'EXPRESS_HOME' }, { token: me.token }))
        .summary.couponId,
    ).toBe('CC001');
    expect(
      expectSuccess(
        'checkoutPreview',
        await call(env.app, 'checkoutPreview', { deliveryType: 'EXPRESS_HOME', couponId: null }, { token: me.token }),
      ).summary,
    ).toMatchObject({ discount: 0, couponId: null, total: 1570 });

    const addressId = await addressOf(env, me);
    const placed = expectSuccess(
      'orderCreate',
      await order(env, me, {
        deliveryType: 'EXPRESS_HOME',
        addressId,
        invoice: { type: 'CLOUD', vehicle: 'MEMBER' },
        currency: 'TWD',
        paymentMethod: 'COD',
        couponId: 'CC001',
        from: 'cart',
      }),
    );
    expect(placed.total).toBe(1420);
    expect(placed.tracking.actionField).toEqual({ account: 1470, discount: 150, total: 1420, freight: 100, couponId: 'CC001' });
    expect(
      expectSuccess('orderDetail', await call(env.app, 'orderDetail', { orderCode: placed.orderCode }, { token: me.token })),
    ).toMatchObject({ discount: 150, freight: 100, total: 1420, couponId: 'CC001' });
    expect(
      expectSuccess('couponList', await call(env.app, 'couponList', { page: 1, pageSize: 10 }, { token: me.token })).list[0]!.used,
    ).toBe('Y');

    await addToCart(env, me, 1, 3);
    expectFailure(await order(env, me, { ...PICKUP, couponId: 'CC001' }), 'COUPON_USED', { field: 'couponId' });
    expect(
      expectSuccess('checkoutPreview', await call(env.app, 'checkoutPreview', { deliveryType: 'STORE_PICKUP' }, { token: me.token }))
        .summary.couponId,
    ).toBeNull();
  });

  it("is refused below its threshold, before it starts and when it is not the member's, changing nothing", async () => {
    const env = checkoutEnv();
    const me = await shopper(env, [[1, 2]]); // 980
    expectSuccess('couponCollect', await call(env.app, 'couponCollect', { couponId: 'CC001' }, { token: me.token }));
    expectSuccess('couponCollect', await call(env.app, 'couponCollect', { couponId: 'CC003' }, { token: me.token }));
    const before = state(env.db);
    expectFailure(
      await call(env.app, 'checkoutPreview', { deliveryType: 'STORE_PICKUP', couponId: 'CC001' }, { token: me.token }),
      'COUPON_THRESHOLD_NOT_MET',
      { field: 'couponId' },
    );
    expectFailure(await order(env, me, { ...PICKUP, couponId: 'CC001' }), 'COUPON_THRESHOLD_NOT_MET', { field: 'couponId' });
    expect(
      expectSuccess('checkoutPreview', await call(env.app, 'checkoutPreview', { deliveryType: 'STORE_PICKUP' }, { token: me.token }))
        .coupons,
    ).toEqual([]);
    await addToCart(env, me, 1, 2); // 1,960: CC003 (from 1,500) has not started yet
    const afterAdd = state(env.db);
    expectFailure(await order(env, me, { ...PICKUP, couponId: 'CC003' }), 'COUPON_NOT_STARTED', { field: 'couponId' });
    expectFailure(await order(env, me, { ...PICKUP, couponId: 'C0001' }), 'COUPON_NOT_FOUND', { field: 'couponId' });
    expect(state(env.db)).toEqual(afterAdd);
    expect(before.skus).toEqual(afterAdd.skus);
    env.clock.now = T0 + 11 * DAY;
    expect(expectSuccess('orderCreate', await order(env, me, { ...PICKUP, couponId: 'CC003' })).tracking.actionField).toMatchObject({
      discount: 200,
      couponId: 'CC003',
    });
  });

  it('every coupon carries its terms: the seeded ones, and a collected one copies the offer’s', async () => {
    const env = checkoutEnv();
    const demo = expectSuccess(
      'login',
      await call(env.app, 'login', { account: DEMO_MEMBERS[0].email, password: DEMO_MEMBERS[0].password }),
    );
    const held = expectSuccess('couponList', await call(env.app, 'couponList', { pageSize: 50 }, { token: demo.accessToken })).list;
    expect(held.length).toBeGreaterThanOrEqual(7);
    for (const coupon of held) expect(coupon.description.length, coupon.couponId).toBeGreaterThan(0);
    const [offer] = expectSuccess('couponCollectable', await call(env.app, 'couponCollectable', { couponId: 'CC002' }));
    const collected = expectSuccess(
      'couponCollect',
      await call(env.app, 'couponCollect', { couponId: 'CC002' }, { token: demo.accessToken }),
    );
    expect(collected.description).toBe(offer!.description);
  });
});

describe('redeeming a coupon code', () => {
  it('collects the offer of the code, whatever its case, once; the same offer by id is then already held', async () => {
    const env = checkoutEnv();
    const me = await shopper(env, []);
    const [offer] = expectSuccess('couponCollectable', await call(env.app, 'couponCollectable', { couponId: 'CC001' }));
    const coupon = expectSuccess('couponRedeem', await call(env.app, 'couponRedeem', { code: ' welcome150 ' }, { token: me.token }));
    expect(coupon).toEqual({
      couponId: 'CC001',
      title: offer!.title,
      description: offer!.description,
      currency: 'TWD',
      discount: 150,
      threshold: 1000,
      startDate: offer!.startDate,
      endDate: offer!.endDate,
      used: 'N',
    });
    expect(expectSuccess('couponList', await call(env.app, 'couponList', {}, { token: me.token })).list).toEqual([coupon]);
    const before = memberState(env.db);
    expectFailure(await call(env.app, 'couponRedeem', { code: 'WELCOME150' }, { token: me.token }), 'COUPON_ALREADY_COLLECTED', {
      field: 'code',
    });
    expectFailure(await call(env.app, 'couponCollect', { couponId: 'CC001' }, { token: me.token }), 'COUPON_ALREADY_COLLECTED', {
      field: 'couponId',
    });
    expect(memberState(env.db)).toEqual(before);
    // An offer that has not started may be redeemed ahead, as it may be collected.
    expect(expectSuccess('couponRedeem', await call(env.app, 'couponRedeem', { code: 'ANNIV200' }, { token: me.token })).couponId).toBe(
      'CC003',
    );
  });

  it('refuses an unknown, an empty and an ended code, changing nothing', async () => {
    const env = checkoutEnv();
    const me = await shopper(env, []);
    const before = memberState(env.db);
    for (const code of ['NOPE2026', 'WELCOME15', 'X'.repeat(33)])
      expectFailure(await call(env.app, 'couponRedeem', { code }, { token: me.token }), 'COUPON_CODE_UNKNOWN', { field: 'code' });
    expectFailure(await call(env.app, 'couponRedeem', { code: '  ' }, { token: me.token }), 'COUPON_CODE_REQUIRED', { field: 'code' });
    env.clock.now = T0 + 15 * DAY; // CC002 (LINEA500) ended after 14 days
    expectFailure(await call(env.app, 'couponRedeem', { code: 'LINEA500' }, { token: me.token }), 'COUPON_EXPIRED', { field: 'code' });
    expect(memberState(env.db)).toEqual(before);
  });

  it('a redeem code belongs to one offer', () => {
    const env = checkoutEnv();
    expect(env.db.prepare('SELECT coupon_id, redeem_code FROM coupon_offers ORDER BY coupon_id').all()).toEqual([
      { coupon_id: 'CC001', redeem_code: 'WELCOME150' },
      { coupon_id: 'CC002', redeem_code: 'LINEA500' },
      { coupon_id: 'CC003', redeem_code: 'ANNIV200' },
      { coupon_id: 'CC101', redeem_code: 'HKWELCOME40' },
      { coupon_id: 'CC201', redeem_code: 'CNWELCOME30' },
      { coupon_id: 'CC301', redeem_code: 'MOWELCOME40' },
    ]);
    expect(() => env.db.prepare("UPDATE coupon_offers SET redeem_code = 'WELCOME150' WHERE coupon_id = 'CC002'").run()).toThrow(/UNIQUE/);
  });
});
