/**
 * Coupons: those to collect on this region's pages (all that have not ended, or one by id even
 * once ended), marked when the member already holds them; the member's own, each with where it
 * stands here; and collecting one (members only, once each).
 */
import { atom } from 'nanostores';
import { couponStanding, type CouponStanding } from '../lib/coupons/standing.ts';
import { currencyOf, type CurrencyCode } from '../lib/i18n/regions.ts';
import type { ResponseOf } from '../lib/api/contract.ts';
import { getPlatform } from './platform.ts';
import { callApi, onMemberLogout, requireMember, restoreSession, type ApiResult } from './session.ts';

/** A coupon on offer, as the collect and description pages show it; `collected` once the member holds it. */
export type CouponOffer = ResponseOf<'couponCollectable'>[number] & { collected: boolean };

/** A coupon the member holds, with where it stands now on this region's pages. */
export interface MemberCoupon {
  couponId: string;
  title: string;
  description: string;
  /** The discount and threshold are in it; the coupon takes off orders in it only. */
  currency: CurrencyCode;
  discount: number;
  threshold: number;
  startDate: number;
  endDate: number;
  status: CouponStanding;
}

/** The currency of the page's region: a coupon in another is that region's. */
const pageCurrency = (): CurrencyCode => currencyOf(getPlatform().language().region);

const toMemberCoupon = ({ used, ...coupon }: ResponseOf<'couponRedeem'>, now: number): MemberCoupon => ({
  ...coupon,
  status: couponStanding({ ...coupon, used }, now, pageCurrency()),
});

export type CouponsState<T> = { status: 'loading' } | { status: 'ready'; coupons: T[] } | { status: 'error' };
/**
 * The offers, or the API's definitive answer that there is none to show (an unknown coupon,
 * another region's): a message for its code and no retry, which could never help. `error` is
 * only a failure to get any answer, which a retry may mend.
 */
export type OffersState = CouponsState<CouponOffer> | { status: 'refused'; msgCode: string; msg: string | null };

export const $couponOffers = atom<OffersState>({ status: 'loading' });
export const $memberCoupons = atom<CouponsState<MemberCoupon>>({ status: 'loading' });

/** Per coupon collected on this page: done, or the refusal to show beside it. */
export type CollectState = { status: 'busy' } | { status: 'collected' } | { status: 'refused'; msgCode: string | null; msg: string | null };
export const $collecting = atom<Record<string, CollectState>>({});

/** Answers that say the API (or the proxy before it) could not answer now, not that the coupon is not there. */
const ANSWERS_WORTH_RETRYING = new Set(['SERVER_ERROR', 'SERVICE_UNAVAILABLE']);

/** The ids of the coupons a signed-in member holds; none for a visitor, or when the list cannot be had. */
async function heldCouponIds(): Promise<Set<string>> {
  if (!(await restoreSession())) return new Set();
  const held = await callApi('couponList', { page: 1, pageSize: 100 });
  return new Set(held.ok ? held.data.list.map((c) => c.couponId) : []);
}

/** The offers: every coupon not yet ended, or the one `couponId` (whose terms a link points to). */
export async function loadCouponOffers(couponId?: string | null): Promise<void> {
  $couponOffers.set({ status: 'loading' });
  const [result, held] = await Promise.all([callApi('couponCollectable', couponId ? { couponId } : {}), heldCouponIds()]);
  if (result.ok)
    $couponOffers.set({ status: 'ready', coupons: result.data.map((offer) => ({ ...offer, collected: held.has(offer.couponId) })) });
  else if (result.kind === 'failure' && !ANSWERS_WORTH_RETRYING.has(result.msgCode))
    $couponOffers.set({ status: 'refused', msgCode: result.msgCode, msg: result.msg });
  else if (result.kind !== 'aborted') $couponOffers.set({ status: 'error' });
}

/** The member's coupons (all of them: a member holds few). A visitor is sent to sign in. */
export async function loadMemberCoupons(now = Date.now()): Promise<void> {
  if (!(await requireMember())) return;
  $memberCoupons.set({ status: 'loading' });
  const result = await callApi('couponList', { page: 1, pageSize: 100 });
  if (result.ok) {
    $memberCoupons.set({ status: 'ready', coupons: result.data.list.map((coupon) => toMemberCoupon(coupon, now)) });
  } else if (result.kind !== 'aborted') {
    $memberCoupons.set({ status: 'error' });
  }
}

/** Marks an offer on the page as the member's. */
function markCollected(couponId: string): void {
  const offers = $couponOffers.get();
  if (offers.status === 'ready')
    $couponOffers.set({ ...offers, coupons: offers.coupons.map((c) => (c.couponId === couponId ? { ...c, collected: true } : c)) });
}

/** Collects a coupon for the member (a visitor signs in first and comes back). */
export async function collectCoupon(couponId: string): Promise<ApiResult<unknown> | null> {
  if (!(await requireMember())) return null;
  const set = (state: CollectState) => $collecting.set({ ...$collecting.get(), [couponId]: state });
  set({ status: 'busy' });
  const result = await callApi('couponCollect', { couponId });
  if (result.ok) {
    set({ status: 'collected' });
    markCollected(couponId);
  } else if (result.kind === 'aborted') {
    const { [couponId]: _, ...rest } = $collecting.get();
    $collecting.set(rest);
  } else {
    set({
      status: 'refused',
      msgCode: result.kind === 'failure' ? result.msgCode : null,
      msg: result.kind === 'failure' ? result.msg : null,
    });
    // Held already (collected in another tab, say): the offer is shown as the member's.
    if (result.kind === 'failure' && result.msgCode === 'COUPON_ALREADY_COLLECTED') markCollected(couponId);
  }
  return result;
}

/** Collects a coupon by its code (printed or mailed); it joins the member's coupons at once. */
export async function redeemCoupon(code: string, now = Date.now()): Promise<ApiResult<ResponseOf<'couponRedeem'>>> {
  const result = await callApi('couponRedeem', { code });
  const state = $memberCoupons.get();
  if (result.ok && state.status === 'ready')
    $memberCoupons.set({ status: 'ready', coupons: [toMemberCoupon(result.data, now), ...state.coupons] });
  return result;
}

onMemberLogout(() => {
  $memberCoupons.set({ status: 'loading' });
  $collecting.set({});
  const offers = $couponOffers.get();
  if (offers.status === 'ready') $couponOffers.set({ ...offers, coupons: offers.coupons.map((c) => ({ ...c, collected: false })) });
});
