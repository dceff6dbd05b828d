/**
 * Where a held coupon stands for a page of one region: the one rule the wallet's tabs, the
 * hub's count of coupons to use and checkout's choice all follow (checkout then asks its
 * threshold too). Shared by the stores and the local commerce API, so they cannot disagree.
 */
import type { CurrencyCode } from '../i18n/regions.ts';

/**
 * usable: spend it now on an order here. notStarted: the member's, from its start date.
 * otherRegion: for orders in another region's currency (the member keeps it for that store).
 * used: an order spent it. expired: past its end, unused.
 */
export const COUPON_STANDINGS = ['usable', 'notStarted', 'used', 'expired', 'otherRegion'] as const;
export type CouponStanding = (typeof COUPON_STANDINGS)[number];

export interface HeldCoupon {
  used: 'Y' | 'N';
  currency: CurrencyCode;
  startDate: number;
  endDate: number;
}

/**
 * Spent and ended come first (they hold in every region); a coupon of another currency is
 * then that region's, whether it has started or not.
 */
export function couponStanding(coupon: HeldCoupon, now: number, currency: CurrencyCode): CouponStanding {
  if (coupon.used === 'Y') return 'used';
  if (now > coupon.endDate) return 'expired';
  if (coupon.currency !== currency) return 'otherRegion';
  if (now < coupon.startDate) return 'notStarted';
  return 'usable';
}

/** The API's refusal for a coupon that cannot be used now (checkout's msgCodes). */
export const STANDING_PROBLEMS: Readonly<Record<Exclude<CouponStanding, 'usable'>, string>> = {
  notStarted: 'COUPON_NOT_STARTED',
  otherRegion: 'COUPON_OTHER_CURRENCY',
  used: 'COUPON_USED',
  expired: 'COUPON_EXPIRED',
};
