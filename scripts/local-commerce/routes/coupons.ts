/**
 * Coupons: the ones a member holds, and the offers anyone may collect (once each), by id from
 * a collect page or by the code printed on a leaflet or mailed (couponRedeem). An offer is in
 * one currency: a region's collect page lists its own, and a coupon is usable on orders in it.
 */
import { transaction } from '../db.ts';
import { fieldFailure, type MemberRow, type RouteKit } from '../kit.ts';
import { couponsOf, type Coupon } from '../pricing.ts';
import { listRecords } from '../records.ts';
import { requestCurrency } from '../request-language.ts';
import type { CurrencyCode } from '../../../src/lib/i18n/regions.ts';

interface OfferRow {
  coupon_id: string;
  title: string;
  description: string;
  currency: CurrencyCode;
  discount: number;
  threshold: number;
  start_date: number;
  end_date: number;
}
const toOffer = (r: OfferRow) => ({
  couponId: r.coupon_id,
  title: r.title,
  description: r.description,
  currency: r.currency,
  discount: r.discount,
  threshold: r.threshold,
  startDate: r.start_date,
  endDate: r.end_date,
});

export function registerCouponRoutes(kit: RouteKit): void {
  const { db, now, handle, limits } = kit;
  const offerOf = (couponId: string) => {
    const offer = db.prepare('SELECT * FROM coupon_offers WHERE coupon_id = ?').get(couponId) as OfferRow | undefined;
    if (!offer) throw fieldFailure('COUPON_NOT_FOUND', 'No such coupon', 'couponId');
    return offer;
  };

  /**
   * Gives the member a coupon of the offer, once, until it ends (one that has not started yet
   * may be collected ahead). `field` is the form field a refusal belongs to. Runs in the
   * caller's transaction.
   */
  function collect(offer: OfferRow, member: MemberRow, field: string): Coupon {
    if (couponsOf(kit, member.id).some((c) => c.couponId === offer.coupon_id))
      throw fieldFailure('COUPON_ALREADY_COLLECTED', 'You already have this coupon', field);
    if (now() > offer.end_date) throw fieldFailure('COUPON_EXPIRED', 'This coupon has ended', field);
    const { couponId, title, description, currency, discount, threshold, startDate, endDate } = toOffer(offer);
    const coupon: Coupon = { couponId, title, currency, discount, threshold, startDate, endDate, used: 'N', description };
    // Record ids are unique per kind across members, so the member's id makes the coupon's theirs.
    db.prepare("INSERT INTO records (kind, id, member_id, status, created_at, json) VALUES ('coupon', ?, ?, 'N', ?, ?)").run(
      `${offer.coupon_id}-${member.id}`,
      member.id,
      now(),
      JSON.stringify(coupon),
    );
    return coupon;
  }

  handle('couponList', ({ body, member }) => listRecords(db, 'coupon', member.id, body));

  handle('couponCollectable', ({ body }) => {
    if (body.couponId) return [toOffer(offerOf(body.couponId))];
    return (
      db
        .prepare('SELECT * FROM coupon_offers WHERE end_date >= ? AND currency = ? ORDER BY start_date, coupon_id')
        .all(now(), requestCurrency()) as unknown as OfferRow[]
    ).map(toOffer);
  });

  handle('couponCollect', async ({ body, member }) => {
    await limits.spend(['couponCollectMember', member.id]);
    return transaction(db, () => collect(offerOf(body.couponId), member, 'couponId'));
  });

  // A code can be guessed: redeeming one counts with collecting.
  handle('couponRedeem', async ({ body, member }) => {
    await limits.spend(['couponCollectMember', member.id]);
    return transaction(db, () => {
      // The contract upper-cases the code, and the seeded codes are upper case.
      const offer = db.prepare('SELECT * FROM coupon_offers WHERE redeem_code = ?').get(body.code) as OfferRow | undefined;
      if (!offer) throw fieldFailure('COUPON_CODE_UNKNOWN', 'No coupon has this code', 'code');
      return collect(offer, member, 'code');
    });
  });
}
