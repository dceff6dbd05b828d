/**
 * Coupons per region and language, the one rule for "usable now", and a coupon given back when
 * its order is cancelled before shipping: on the real local API and its SQLite.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_MEMBERS } from '../../../scripts/local-commerce/seed.ts';
import {
  addressOf,
  addToCart,
  adminAct,
  call,
  checkoutEnv,
  DAY,
  expectFailure,
  expectSuccess,
  order,
  shopper,
  T0,
  type Env,
  type Shopper,
} from '../../fixtures/commerce-app.ts';

/** Each language's region: the one offer it lists first, its currency and its title there. */
const REGION_OFFERS = [
  { language: 'zh-TW', couponId: 'CC001', currency: 'TWD', title: '領取即用 NT$150' },
  { language: 'zh-HK', couponId: 'CC101', currency: 'HKD', title: '領取即用 HK$40' },
  { language: 'en-GB', couponId: 'CC101', currency: 'HKD', title: 'Collect and save HK$40' },
  { language: 'zh-MO', couponId: 'CC301', currency: 'MOP', title: '領取即用 MOP$40' },
  { language: 'zh-CN', couponId: 'CC201', currency: 'CNY', title: '领取即用 ¥30' },
] as const;

const list = async (env: Env, me: Shopper, language = 'zh-TW') =>
  expectSuccess('couponList', await call(env.app, 'couponList', { page: 1, pageSize: 50 }, { token: me.token, language })).list;
const hubCount = async (env: Env, token: string, language = 'zh-TW') =>
  expectSuccess('accountSummary', await call(env.app, 'accountSummary', {}, { token, language })).usableCoupons;

describe('coupons per region', () => {
  for (const { language, couponId, currency, title } of REGION_OFFERS) {
    it(`${language}: lists its region's offers only, in its currency and language; another region's is not offered here`, async () => {
      const env = checkoutEnv();
      const offers = expectSuccess('couponCollectable', await call(env.app, 'couponCollectable', {}, { language }));
      expect(offers.length).toBeGreaterThan(0);
      expect(new Set(offers.map((o) => o.currency))).toEqual(new Set([currency]));
      const [one] = expectSuccess('couponCollectable', await call(env.app, 'couponCollectable', { couponId }, { language }));
      expect(one).toMatchObject({ couponId, currency, title });
      // Another region's offer, by id, by collecting and by its code, is refused as not offered here.
      const [other, code] = language === 'zh-TW' ? ['CC101', 'HKWELCOME40'] : ['CC001', 'WELCOME150'];
      expectFailure(await call(env.app, 'couponCollectable', { couponId: other }, { language }), 'COUPON_OTHER_REGION', {
        field: 'couponId',
      });
      const me = await shopper(env, []);
      expectFailure(await call(env.app, 'couponCollect', { couponId: other }, { token: me.token, language }), 'COUPON_OTHER_REGION', {
        field: 'couponId',
      });
      expectFailure(await call(env.app, 'couponRedeem', { code }, { token: me.token, language }), 'COUPON_OTHER_REGION', {
        field: 'code',
      });
      expect(await list(env, me, language)).toEqual([]);
      // An unknown coupon is still not found, whatever the region.
      expectFailure(await call(env.app, 'couponCollectable', { couponId: 'NOPE' }, { language }), 'COUPON_NOT_FOUND', {
        field: 'couponId',
      });
    });
  }

  it("a held coupon reads in the page's language: collected ones keep every language of their offer", async () => {
    const env = checkoutEnv();
    const me = await shopper(env, []);
    expectSuccess('couponCollect', await call(env.app, 'couponCollect', { couponId: 'CC101' }, { token: me.token, language: 'en-GB' }));
    expect((await list(env, me, 'en-GB'))[0]).toMatchObject({
      couponId: 'CC101',
      title: 'Collect and save HK$40',
      description: 'HK$40 off an order of HK$300 or more; one per member.',
    });
    expect((await list(env, me, 'zh-HK'))[0]).toMatchObject({ title: '領取即用 HK$40' });
    // A Taiwan coupon, read on the English pages, is in English too (kept there as Taiwan's).
    expectSuccess('couponCollect', await call(env.app, 'couponCollect', { couponId: 'CC001' }, { token: me.token }));
    expect((await list(env, me, 'en-GB')).find((c) => c.couponId === 'CC001')).toMatchObject({ title: 'Collect and save NT$150' });
    expect((await list(env, me, 'zh-TW')).find((c) => c.couponId === 'CC001')).toMatchObject({ title: '領取即用 NT$150' });
    // The seeded Hong Kong member prefers English: their coupons are written in it too.
    const hk = expectSuccess('login', await call(env.app, 'login', { account: DEMO_MEMBERS[1].email, password: DEMO_MEMBERS[1].password }));
    const held = expectSuccess(
      'couponList',
      await call(env.app, 'couponList', { page: 1, pageSize: 50 }, { token: hk.accessToken, language: 'en-GB' }),
    ).list;
    expect(held.map((c) => c.title)).toContain('New member gift HK$30');
    for (const coupon of held) expect(coupon.title + coupon.description).not.toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('usable now: one rule for the wallet, the hub and checkout', () => {
  it('a coupon not started yet, or of another region, is neither counted by the hub nor offered at checkout', async () => {
    const env = checkoutEnv();
    const me = await shopper(env, [[1, 4]]); // 1,960: over CC003's 1,500 threshold
    expectSuccess('couponCollect', await call(env.app, 'couponCollect', { couponId: 'CC003' }, { token: me.token }));
    expect(await hubCount(env, me.token)).toBe(0);
    const preview = () =>
      call(env.app, 'checkoutPreview', { deliveryType: 'STORE_PICKUP' }, { token: me.token }).then((a) =>
        expectSuccess('checkoutPreview', a),
      );
    expect((await preview()).coupons).toEqual([]);
    // Once it starts, it is counted and offered alike.
    env.clock.now = T0 + 11 * DAY;
    expect(await hubCount(env, me.token)).toBe(1);
    expect((await preview()).coupons.map((c) => c.couponId)).toEqual(['CC003']);

    // The demo member's NT$ coupons count on the Taiwan pages, not on Hong Kong's English ones, where checkout would refuse them.
    const demo = expectSuccess(
      'login',
      await call(env.app, 'login', { account: DEMO_MEMBERS[0].email, password: DEMO_MEMBERS[0].password }),
    );
    expect(await hubCount(env, demo.accessToken, 'zh-TW')).toBeGreaterThan(0);
    expect(await hubCount(env, demo.accessToken, 'en-GB')).toBe(0);
  });
});

describe('a coupon given back', () => {
  it('an order cancelled and refunded before shipping gives its once-per-member coupon back', async () => {
    const env = checkoutEnv();
    const me = await shopper(env, [[1, 3]]); // 1,470
    expectSuccess('couponCollect', await call(env.app, 'couponCollect', { couponId: 'CC001' }, { token: me.token }));
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
    expect((await list(env, me))[0]!.used).toBe('Y');
    const refund = expectSuccess(
      'refundCreate',
      await call(
        env.app,
        'refundCreate',
        { orderCode: placed.orderCode, refundType: 'REFUND_UNSHIPPED', reason: 'CHANGED_MIND', description: '' },
        { token: me.token },
      ),
    );
    // Asking is not yet cancelling: the coupon stays spent while the store may refuse.
    expect((await list(env, me))[0]!.used).toBe('Y');
    expect((await adminAct(env.app, { machine: 'refund', code: refund.refundCode, action: 'auditPass' })).resp).toEqual({
      status: 'WAIT_REFUND_TO_BUYER',
    });
    expect((await adminAct(env.app, { machine: 'refund', code: refund.refundCode, action: 'paidBack' })).resp).toEqual({
      status: 'SUCCESS',
    });
    expect((await list(env, me))[0]).toMatchObject({ couponId: 'CC001', used: 'N' });
    expect(await hubCount(env, me.token)).toBe(1);
    // And it takes off the next order.
    await addToCart(env, me, 1, 3);
    expect(
      expectSuccess('checkoutPreview', await call(env.app, 'checkoutPreview', { deliveryType: 'EXPRESS_HOME' }, { token: me.token }))
        .summary,
    ).toMatchObject({ couponId: 'CC001', discount: 150 });
  });

  it('a cancellation the store refuses keeps the coupon spent', async () => {
    const env = checkoutEnv();
    const me = await shopper(env, [[1, 3]]);
    expectSuccess('couponCollect', await call(env.app, 'couponCollect', { couponId: 'CC001' }, { token: me.token }));
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
    const refund = expectSuccess(
      'refundCreate',
      await call(
        env.app,
        'refundCreate',
        { orderCode: placed.orderCode, refundType: 'REFUND_UNSHIPPED', reason: 'CHANGED_MIND', description: '' },
        { token: me.token },
      ),
    );
    expect((await adminAct(env.app, { machine: 'refund', code: refund.refundCode, action: 'refuse' })).resp).toEqual({ status: 'REFUSED' });
    expect((await list(env, me))[0]!.used).toBe('Y');
  });
});
