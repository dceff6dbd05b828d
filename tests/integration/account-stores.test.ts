/**
 * The stores behind the account and checkout-result pages (coupons, orders and the payment
 * return, the member's details, password reset, the preferred language) against the real
 * local API over HTTP, with injected platform parts. A failed call must leave a state the
 * page can show with a retry, never a throw.
 *
 * Every "page" is a fresh module graph (vi.resetModules) over the same cookies.
 */
import { describe, expect, it, vi } from 'vitest';
import { DEMO_MEMBERS } from '../../scripts/local-commerce/seed.ts';
import { API_SETTLED } from '../fixtures/local-api.ts';
import { storeFixture } from './store-fixture.ts';

const fixture = storeFixture();
const demo = DEMO_MEMBERS[0];

async function newPage(language = 'zh-TW') {
  await fixture.openPage({ url: '/membershipcoupon.html', language });
  return {
    session: await import('../../src/stores/session.ts'),
    coupons: await import('../../src/stores/coupons.ts'),
    orders: await import('../../src/stores/orders.ts'),
    refunds: await import('../../src/stores/refunds.ts'),
    exchanges: await import('../../src/stores/exchanges.ts'),
    member: await import('../../src/stores/member.ts'),
  };
}

async function signedInPage(language?: string) {
  const page = await newPage(language);
  expect((await page.session.signIn(demo.email, demo.password)).ok).toBe(true);
  return page;
}

describe('coupons', () => {
  it('lists the offers to a visitor, or the one asked for', async () => {
    const { coupons } = await newPage();
    await coupons.loadCouponOffers();
    const all = coupons.$couponOffers.get();
    expect(all.status).toBe('ready');
    expect(all.status === 'ready' && all.coupons.map((c) => c.couponId)).toContain('CC001');
    await coupons.loadCouponOffers('CC002');
    const one = coupons.$couponOffers.get();
    expect(one.status === 'ready' && one.coupons.map((c) => c.couponId)).toEqual(['CC002']);
  });

  it('a failed load is an error state, and loading again recovers', async () => {
    const { coupons } = await newPage();
    await fixture.offline(() => coupons.loadCouponOffers());
    expect(coupons.$couponOffers.get()).toEqual({ status: 'error' });
    await coupons.loadCouponOffers();
    expect(coupons.$couponOffers.get().status).toBe('ready');
  });

  it('collecting sends a visitor to sign in, and collects once for a member', async () => {
    const visitor = await newPage();
    const since = fixture.browser.requests.length;
    expect(await visitor.coupons.collectCoupon('CC001')).toBeNull();
    expect(fixture.navigations).toEqual(['/login.html?redirect_url=%2Fmembershipcoupon.html']);
    expect(fixture.browser.requests.slice(since).filter((p) => p.endsWith('/coupon/collect'))).toEqual([]);

    const { coupons } = await signedInPage();
    expect((await coupons.collectCoupon('CC001'))?.ok).toBe(true);
    expect(coupons.$collecting.get().CC001).toEqual({ status: 'collected' });
    const again = await coupons.collectCoupon('CC001');
    expect(again).toMatchObject({ ok: false, kind: 'failure', msgCode: 'COUPON_ALREADY_COLLECTED' });
    expect(coupons.$collecting.get().CC001).toMatchObject({ status: 'refused', msgCode: 'COUPON_ALREADY_COLLECTED' });
  });

  it("the member's coupons come with where they stand", async () => {
    const { coupons } = await signedInPage();
    await coupons.loadMemberCoupons();
    const mine = coupons.$memberCoupons.get();
    expect(mine.status).toBe('ready');
    if (mine.status !== 'ready') return;
    expect(mine.coupons.find((c) => c.couponId === 'C0003')?.status).toBe('used');
    expect(mine.coupons.find((c) => c.couponId === 'C0001')?.status).toBe('usable');
    // An ended coupon is expired, whatever the API's list says.
    await coupons.loadMemberCoupons(Date.UTC(2100, 0, 1));
    const later = coupons.$memberCoupons.get();
    expect(later.status === 'ready' && later.coupons.find((c) => c.couponId === 'C0001')?.status).toBe('expired');
  });

  it("an unknown coupon, or another region's, is the API's answer to show, not a failure to retry", async () => {
    const { coupons } = await newPage();
    await coupons.loadCouponOffers('NOPE');
    expect(coupons.$couponOffers.get()).toMatchObject({ status: 'refused', msgCode: 'COUPON_NOT_FOUND' });
    const english = await newPage('en-GB');
    await english.coupons.loadCouponOffers('CC001');
    expect(english.coupons.$couponOffers.get()).toMatchObject({ status: 'refused', msgCode: 'COUPON_OTHER_REGION' });
    await english.coupons.loadCouponOffers('CC101');
    expect(english.coupons.$couponOffers.get()).toMatchObject({
      status: 'ready',
      coupons: [{ couponId: 'CC101', currency: 'HKD', title: 'Collect and save HK$40' }],
    });
    // Only no answer at all is an error (with a retry).
    await fixture.offline(() => coupons.loadCouponOffers('NOPE'));
    expect(coupons.$couponOffers.get()).toEqual({ status: 'error' });
  });

  it('offers the member holds are marked collected, on loading and once collected', async () => {
    const { coupons } = await signedInPage();
    await coupons.loadCouponOffers();
    const before = coupons.$couponOffers.get();
    const collectedOf = (state: typeof before) =>
      state.status === 'ready' ? Object.fromEntries(state.coupons.map((c) => [c.couponId, c.collected])) : null;
    // The demo member holds CC001 (collected above), not CC002.
    expect(collectedOf(before)).toMatchObject({ CC001: true, CC002: false });
    await coupons.collectCoupon('CC002');
    expect(collectedOf(coupons.$couponOffers.get())!.CC002).toBe(true);
    // A new page knows from the member's coupons.
    const next = await newPage();
    expect(await next.session.restoreSession()).toBe(true);
    await next.coupons.loadCouponOffers();
    expect(collectedOf(next.coupons.$couponOffers.get())).toMatchObject({ CC002: true });
    // A visitor's offers are all to collect.
    await next.session.signOut();
    const visitor = await newPage();
    await visitor.coupons.loadCouponOffers();
    expect(Object.values(collectedOf(visitor.coupons.$couponOffers.get())!).every((held) => !held)).toBe(true);
  });

  it('the wallet follows the one rule: not started yet, and another region’s coupons, are not usable', async () => {
    const { coupons } = await signedInPage();
    expect((await coupons.redeemCoupon('ANNIV200')).ok).toBe(true); // CC003 starts in 10 days
    await coupons.loadMemberCoupons();
    const here = coupons.$memberCoupons.get();
    const standing = (state: typeof here, id: string) =>
      state.status === 'ready' ? state.coupons.find((c) => c.couponId === id)?.status : null;
    expect(standing(here, 'CC003')).toBe('notStarted');
    expect(standing(here, 'C0001')).toBe('usable');
    // On Hong Kong's English pages, the same NT$ coupons are Taiwan's: kept, not usable there.
    const english = await signedInPage('en-GB');
    await english.coupons.loadMemberCoupons();
    const there = english.coupons.$memberCoupons.get();
    expect(standing(there, 'C0001')).toBe('otherRegion');
    expect(standing(there, 'CC003')).toBe('otherRegion');
    expect(standing(there, 'C0003')).toBe('used');
  });
});

describe('orders and the payment return', () => {
  it("loads a member's order; an unknown one is not found", async () => {
    const { orders } = await signedInPage();
    await orders.loadOrder('O2026000001');
    expect(orders.$order.get()).toMatchObject({
      status: 'ready',
      order: { orderCode: 'O2026000001', total: expect.any(Number), status: 'UNPAID', payment: { method: 'ONLINE' } },
    });
    await orders.loadOrder('O2099999999');
    expect(orders.$order.get()).toEqual({ status: 'not-found' });
    await orders.loadOrder('');
    expect(orders.$order.get()).toEqual({ status: 'not-found' });
  });

  it('a failed load is an error state the page can retry', async () => {
    const { orders } = await signedInPage();
    await fixture.offline(() => orders.loadOrder('O2026000001'));
    expect(orders.$order.get()).toEqual({ status: 'error' });
    await orders.loadOrder('O2026000001');
    expect(orders.$order.get().status).toBe('ready');
  });

  it("the provider's return goes on to the failed or completed page as the API says, in the page's language", async () => {
    const { orders } = await signedInPage('en-GB');
    await orders.followPaymentReturn('O2026000001');
    expect(fixture.navigations).toEqual(['/en-gb/payment/failed.html?orderCode=O2026000001']);
    await orders.followPaymentReturn('O2099999999');
    expect(orders.$order.get()).toEqual({ status: 'not-found' });
    expect(fixture.navigations).toHaveLength(1);
  });
});

describe('the order list, asked faster than it answers', () => {
  /** A signed-in page whose order-list answers are held until the test lets each one through. */
  async function slowListPage() {
    const held: Array<() => void> = [];
    await fixture.openPage({
      url: '/account/order/order-list.html',
      platform: {
        fetch: async (input, init) => {
          const answer = await fixture.browser.fetch(input, init);
          if (String(input instanceof Request ? input.url : input).endsWith('/order/list')) await new Promise<void>((go) => held.push(go));
          return answer;
        },
      },
    });
    const session = await import('../../src/stores/session.ts');
    const orders = await import('../../src/stores/orders.ts');
    expect((await session.signIn(demo.email, demo.password)).ok).toBe(true);
    const answered = (n: number) => vi.waitFor(() => expect(held.length).toBeGreaterThanOrEqual(n), API_SETTLED);
    return { orders, held, answered };
  }

  it('a tab chosen before a search answers keeps the searched word', async () => {
    const { orders, held, answered } = await slowListPage();
    const unpaid = orders.showOrders('UNPAID');
    await answered(1);
    held[0]!();
    await unpaid;
    const searched = orders.searchOrders('O2026000003');
    const all = orders.showOrders(null);
    expect(orders.$orderQuery.get()).toEqual({ page: 1, status: null, keyword: 'O2026000003' });
    await answered(3);
    for (const go of held.slice(1)) go();
    await Promise.all([searched, all]);
    const list = orders.$orders.get();
    expect(list.status).toBe('ready');
    expect(list.data).toMatchObject({ status: null, keyword: 'O2026000003' });
    expect(list.data?.list.map((o) => o.orderCode)).toEqual(['O2026000003']);
  });

  it("an older answer that comes back last does not replace the newer one's list", async () => {
    const { orders, held, answered } = await slowListPage();
    const unpaid = orders.showOrders('UNPAID');
    const all = orders.showOrders(null);
    await answered(2);
    held[1]!();
    await all;
    held[0]!();
    await unpaid;
    const list = orders.$orders.get();
    expect(list.data?.status).toBeNull();
    expect(list.data?.list.some((o) => o.status !== 'UNPAID')).toBe(true);
  });
});

/** The code of the demo member's seeded case of `kind` in `status`. */
const seededCase = (kind: string, status: string) =>
  (
    fixture.api.db
      .prepare('SELECT id FROM records WHERE kind = ? AND status = ? AND member_id = (SELECT id FROM members WHERE email = ?) LIMIT 1')
      .get(kind, status, demo.email) as { id: string }
  ).id;

describe('an action on an order or a case that moved on meanwhile (a stale tab)', () => {
  it('withdrawing a cancel request the store approved meanwhile is refused, and the order is loaded again with no loading state between', async () => {
    const { orders } = await signedInPage();
    await orders.loadOrder('O2026000010');
    const state = orders.$order.get();
    if (state.status !== 'ready') throw new Error(`the order did not load: ${state.status}`);
    expect(state.order.status).toBe('WAIT_CONFIRM');
    await fixture.actAsStore('order', 'O2026000010', 'approveCancel');
    const seen: string[] = [];
    const stop = orders.$order.listen((s) => seen.push(s.status === 'ready' ? s.order.status : s.status));
    const result = await orders.withdrawCancelRequest(state.order);
    stop();
    expect(result).toMatchObject({ ok: false, kind: 'failure', msgCode: 'REFUND_STATE_CHANGED' });
    expect(seen).toEqual(['CANCELLED']);
    // Asked again from the page as it now stands, there is nothing to withdraw: still the order as it is.
    const again = await orders.withdrawCancelRequest(
      (orders.$order.get() as { order: Parameters<typeof orders.withdrawCancelRequest>[0] }).order,
    );
    expect(again).toMatchObject({ ok: false, msgCode: 'ORDER_STATE_CHANGED' });
    expect(orders.$order.get()).toMatchObject({ status: 'ready', order: { status: 'CANCELLED' } });
  });

  it('withdrawing a refund, an after-sales case or an exchange the store refused meanwhile shows it refused', async () => {
    const { refunds, exchanges } = await signedInPage();
    const refundCode = seededCase('refund', 'RETURN_UNAPPROVED');
    await refunds.loadRefund(refundCode);
    await fixture.actAsStore('refund', refundCode, 'refuse');
    expect(await refunds.cancelRefund(refundCode)).toMatchObject({ ok: false, msgCode: 'REFUND_STATE_CHANGED' });
    expect(refunds.$refund.get()).toMatchObject({ status: 'ready', data: { refundCode, status: 'REFUSED' } });

    const afterSaleCode = seededCase('aftersale', 'RETURN_UNAPPROVED');
    await refunds.loadAfterSale(afterSaleCode);
    await fixture.actAsStore('afterSale', afterSaleCode, 'refuse');
    expect(await refunds.cancelAfterSale(afterSaleCode)).toMatchObject({ ok: false, msgCode: 'AFTERSALE_STATE_CHANGED' });
    expect(refunds.$afterSale.get()).toMatchObject({ status: 'ready', data: { afterSaleCode, status: 'REFUSED' } });

    const exchangeCode = seededCase('exchange', 'EXCHANGE_UNAPPROVED');
    await exchanges.loadExchanges();
    await fixture.actAsStore('exchange', exchangeCode, 'refuse');
    expect(await exchanges.cancelExchange(exchangeCode)).toMatchObject({ ok: false, msgCode: 'EXCHANGE_STATE_CHANGED' });
    expect(exchanges.$exchanges.get().data!.list.find((e) => e.exchangeCode === exchangeCode)).toMatchObject({ status: 'REFUSED' });
  });
});

describe('the case lists by filter entry', () => {
  it('one entry covers the statuses that read alike: both kinds of review in one list, and the page remembers them', async () => {
    const { refunds } = await signedInPage();
    await refunds.loadRefunds(1, ['RETURN_UNAPPROVED', 'REFUND_UNAPPROVED']);
    const page = refunds.$refunds.get().data!;
    expect(page.statuses).toEqual(['RETURN_UNAPPROVED', 'REFUND_UNAPPROVED']);
    expect(page.list.length).toBeGreaterThan(0);
    expect(page.list.every((r) => r.status === 'RETURN_UNAPPROVED' || r.status === 'REFUND_UNAPPROVED')).toBe(true);
    // As many as the two statuses hold apart.
    let apart = 0;
    for (const status of ['RETURN_UNAPPROVED', 'REFUND_UNAPPROVED'] as const) {
      await refunds.loadRefunds(1, [status]);
      apart += refunds.$refunds.get().data!.total;
    }
    expect(page.total).toBe(apart);
  });
});

describe('member', () => {
  it("loads the member's profile, with an error state to retry", async () => {
    const { member } = await signedInPage();
    await fixture.offline(() => member.loadProfile());
    expect(member.$profile.get()).toEqual({ status: 'error', data: null });
    await member.loadProfile();
    expect(member.$profile.get()).toMatchObject({ status: 'ready', data: { name: demo.name, email: demo.email } });
  });

  it('asks for a reset link, and a bad reset token is a refusal for the form', async () => {
    const { member } = await newPage();
    expect((await member.requestPasswordReset(`  ${demo.email} `)).ok).toBe(true);
    expect(await member.resetPassword('no-such-token', 'Linea2027')).toMatchObject({ ok: false, kind: 'failure' });
  });

  it('saves the language a member chooses; a visitor sends nothing', async () => {
    const visitor = await newPage();
    const since = fixture.browser.requests.length;
    await visitor.member.savePreferredLanguage('en-GB', 1500);
    expect(fixture.browser.requests.length).toBe(since);
    const { member } = await signedInPage();
    await member.savePreferredLanguage('en-GB', 1500);
    expect(fixture.browser.requests.at(-1)).toBe('/api/member/prefer-lang');
  });
});
