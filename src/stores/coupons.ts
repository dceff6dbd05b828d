/**
 * Coupons: those to collect (all that have not ended, or one by id even once ended), the
 * member's own, and collecting one (members only, once each).
 */
import { atom } from 'nanostores';
import type { CurrencyCode } from '../lib/i18n/regions.ts';
import type { ResponseOf } from '../lib/api/contract.ts';
import { callApi, onMemberLogout, requireMember, type ApiResult } from './session.ts';

/** A coupon on offer, as the collect and description pages show it. */
export type CouponOffer = ResponseOf<'couponCollectable'>[number];

/** A coupon the member holds, with where it stands now. */
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
  status: 'usable' | 'used' | 'expired';
}

/** Where a held coupon stands now: spent, past its end, or ready (one not started yet counts as ready: it is the member's). */
export function couponStatus(coupon: { used: 'Y' | 'N'; endDate: number }, now: number): MemberCoupon['status'] {
  return coupon.used === 'Y' ? 'used' : coupon.endDate <= now ? 'expired' : 'usable';
}
const toMemberCoupon = ({ used, ...coupon }: ResponseOf<'couponRedeem'>, now: number): MemberCoupon => ({
  ...coupon,
  status: couponStatus({ used, endDate: coupon.endDate }, now),
});

export type CouponsState<T> = { status: 'loading' } | { status: 'ready'; coupons: T[] } | { status: 'error' };

export const $couponOffers = atom<CouponsState<CouponOffer>>({ status: 'loading' });
export const $memberCoupons = atom<CouponsState<MemberCoupon>>({ status: 'loading' });

/** Per coupon collected on this page: done, or the refusal to show beside it. */
export type CollectState = { status: 'busy' } | { status: 'collected' } | { status: 'refused'; msgCode: string | null; msg: string | null };
export const $collecting = atom<Record<string, CollectState>>({});

/** The offers: every coupon not yet ended, or the one `couponId` (whose terms a link points to). */
export async function loadCouponOffers(couponId?: string | null): Promise<void> {
  $couponOffers.set({ status: 'loading' });
  const result = await callApi('couponCollectable', couponId ? { couponId } : {});
  if (result.ok) $couponOffers.set({ status: 'ready', coupons: result.data });
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

/** Collects a coupon for the member (a visitor signs in first and comes back). */
export async function collectCoupon(couponId: string): Promise<ApiResult<unknown> | null> {
  if (!(await requireMember())) return null;
  const set = (state: CollectState) => $collecting.set({ ...$collecting.get(), [couponId]: state });
  set({ status: 'busy' });
  const result = await callApi('couponCollect', { couponId });
  if (result.ok) set({ status: 'collected' });
  else if (result.kind === 'aborted') {
    const { [couponId]: _, ...rest } = $collecting.get();
    $collecting.set(rest);
  } else
    set({
      status: 'refused',
      msgCode: result.kind === 'failure' ? result.msgCode : null,
      msg: result.kind === 'failure' ? result.msg : null,
    });
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
});
