/**
 * What an order costs: the lines, the member's best (or chosen) coupon and the freight of the
 * delivery type. The cart page, the checkout preview and placing an order all sum this way.
 */
import type { DatabaseSync } from 'node:sqlite';
import type { CartDetailLine } from '../../src/lib/api/contract-checkout.ts';
import type { ResponseOf } from '../../src/lib/api/contract.ts';
import type { DeliveryType } from '../../src/lib/constants.ts';
import { couponStanding, STANDING_PROBLEMS } from '../../src/lib/coupons/standing.ts';
import { textOf, type CouponTexts } from './coupon-texts.ts';
import { fieldFailure, type RouteKit } from './kit.ts';
import { memberRecords } from './records.ts';
import { requestCurrency, requestRegion } from './request-language.ts';
import type { Region } from '../../src/lib/i18n/regions.ts';

interface FreightRule {
  fee: number;
  /** The subtotal after discount from which the delivery is free; null: never (or always, at fee 0). */
  freeFrom: number | null;
}

/**
 * Freight per region and delivery type, in the region's currency, free once the subtotal after
 * discount reaches `freeFrom`. The local API's own rule: the brand's platform decides freight,
 * and the store shows what checkoutPreview answers. A delivery a region does not offer has none.
 */
export const FREIGHT: Record<Region, Partial<Record<DeliveryType, FreightRule>>> = {
  TW: {
    EXPRESS_HOME: { fee: 100, freeFrom: 1500 },
    CVS_711: { fee: 60, freeFrom: 1500 },
    CVS_FAMILY: { fee: 60, freeFrom: 1500 },
    STORE_PICKUP: { fee: 0, freeFrom: null },
    DIRECT_SITE: { fee: 150, freeFrom: 3000 },
  },
  HK: {
    EXPRESS_HOME: { fee: 40, freeFrom: 500 },
    STORE_PICKUP: { fee: 0, freeFrom: null },
    LOCKER: { fee: 20, freeFrom: 300 },
  },
  MO: {
    EXPRESS_HOME: { fee: 30, freeFrom: 500 },
    STORE_PICKUP: { fee: 0, freeFrom: null },
    LOCKER: { fee: 20, freeFrom: 300 },
  },
  CN: {
    EXPRESS_HOME: { fee: 12, freeFrom: 299 },
  },
};

/** The request's region's rule for a delivery; null for one it does not offer. */
export const freightRule = (delivery: DeliveryType): FreightRule | null => FREIGHT[requestRegion()][delivery] ?? null;

export type Coupon = ResponseOf<'couponCollect'>;
type Summary = ResponseOf<'cartDetail'>['summary'];

export const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/**
 * Why a coupon cannot be used now on an order of `subtotal` in the request's currency; null when
 * it can. Its standing is the wallet's and the hub's rule (src/lib/coupons/standing.ts).
 */
function couponProblem(coupon: Coupon, subtotal: number, at: number): string | null {
  const standing = couponStanding(coupon, at, requestCurrency());
  if (standing !== 'usable') return STANDING_PROBLEMS[standing];
  if (subtotal < coupon.threshold) return 'COUPON_THRESHOLD_NOT_MET';
  return null;
}

export function summarise(lines: CartDetailLine[], delivery: DeliveryType | null, coupon: Coupon | null): Summary {
  const subtotal = sum(lines.map((l) => l.lineTotal));
  const discount = coupon ? Math.min(coupon.discount, subtotal) : 0;
  const rule = delivery ? freightRule(delivery) : null;
  const freeByAmount = rule?.freeFrom != null && subtotal - discount >= rule.freeFrom;
  const freight = rule && !freeByAmount ? rule.fee : 0;
  return {
    itemCount: sum(lines.map((l) => l.quantity)),
    subtotal,
    discount,
    couponId: coupon?.couponId ?? null,
    freight,
    total: subtotal - discount + freight,
  };
}

/** A held coupon as its record keeps it: the title and terms in every language it was written in. */
export type StoredCoupon = Omit<Coupon, 'title' | 'description'> & { title: CouponTexts; description?: CouponTexts };

/** A held coupon as the API answers it: its texts in the request's language. */
export const couponAnswer = ({ title, description, ...coupon }: StoredCoupon): Coupon => ({
  ...coupon,
  title: textOf(title),
  description: textOf(description ?? ''),
});

/** The coupons a member holds (collected or given), newest first. */
export const couponsOf = ({ db }: RouteKit, memberId: string) => memberRecords<StoredCoupon>(db, 'coupon', memberId).map(couponAnswer);

/**
 * The coupons usable now on an order of `subtotal` in the request's currency; with an endless
 * subtotal, the hub's count of coupons to use.
 */
export const usableCoupons = (kit: RouteKit, memberId: string, subtotal: number) =>
  couponsOf(kit, memberId).filter((c) => couponProblem(c, subtotal, kit.now()) === null);

/** `undefined`: the best usable coupon (largest discount, then the one ending first); null: none; an id: that one, or a failure. */
export function chooseCoupon(kit: RouteKit, memberId: string, subtotal: number, choice: string | null | undefined): Coupon | null {
  if (choice === null) return null;
  if (choice === undefined)
    return (
      usableCoupons(kit, memberId, subtotal).sort(
        (a, b) => b.discount - a.discount || a.endDate - b.endDate || a.couponId.localeCompare(b.couponId),
      )[0] ?? null
    );
  const coupon = couponsOf(kit, memberId).find((c) => c.couponId === choice);
  if (!coupon) throw fieldFailure('COUPON_NOT_FOUND', 'You have no such coupon', 'couponId');
  const problem = couponProblem(coupon, subtotal, kit.now());
  if (problem) throw fieldFailure(problem, `Coupon ${choice} cannot be used on this order`, 'couponId');
  return coupon;
}

/**
 * Marks the member's coupon used when an order spends it, or unused again when the order ends
 * before it was worth anything: unpaid (cancelled, expired), or cancelled before shipping and
 * refunded (case-effects.ts). Runs in the caller's transaction.
 */
export function markCoupon(db: DatabaseSync, memberId: string, couponId: string, used: 'Y' | 'N'): void {
  db.prepare(
    "UPDATE records SET status = ?, json = json_set(json, '$.used', ?) WHERE kind = 'coupon' AND member_id = ? AND json_extract(json, '$.couponId') = ?",
  ).run(used, used, memberId, couponId);
}
