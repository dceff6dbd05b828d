/** Coupons: the ones a member holds, and the offers anyone may collect (once each). */
import { transaction } from '../db.ts';
import { fieldFailure, type RouteKit } from '../kit.ts';
import { couponsOf, type Coupon } from '../pricing.ts';
import { listRecords } from '../records.ts';

interface OfferRow {
  coupon_id: string;
  title: string;
  description: string;
  discount: number;
  threshold: number;
  start_date: number;
  end_date: number;
}
const toOffer = (r: OfferRow) => ({
  couponId: r.coupon_id,
  title: r.title,
  description: r.description,
  discount: r.discount,
  threshold: r.threshold,
  startDate: r.start_date,
  endDate: r.end_date,
});

export function registerCouponRoutes(kit: RouteKit): void {
  const { db, now, handle } = kit;
  const offerOf = (couponId: string) => {
    const offer = db.prepare('SELECT * FROM coupon_offers WHERE coupon_id = ?').get(couponId) as OfferRow | undefined;
    if (!offer) throw fieldFailure('COUPON_NOT_FOUND', 'No such coupon', 'couponId');
    return offer;
  };

  handle('couponList', ({ body, member }) => listRecords(db, 'coupon', member.id, body));

  handle('couponCollectable', ({ body }) => {
    if (body.couponId) return [toOffer(offerOf(body.couponId))];
    return (
      db.prepare('SELECT * FROM coupon_offers WHERE end_date >= ? ORDER BY start_date, coupon_id').all(now()) as unknown as OfferRow[]
    ).map(toOffer);
  });

  handle('couponCollect', ({ body, member }) =>
    transaction(db, () => {
      const offer = offerOf(body.couponId);
      if (couponsOf(kit, member.id).some((c) => c.couponId === body.couponId))
        throw fieldFailure('COUPON_ALREADY_COLLECTED', 'You already have this coupon', 'couponId');
      if (now() > offer.end_date) throw fieldFailure('COUPON_EXPIRED', 'This coupon has ended', 'couponId');
      const coupon: Coupon = {
        couponId: offer.coupon_id,
        title: offer.title,
        discount: offer.discount,
        threshold: offer.threshold,
        startDate: offer.start_date,
        endDate: offer.end_date,
        used: 'N',
      };
      // Record ids are unique per kind across members, so the member's id makes the coupon's theirs.
      db.prepare("INSERT INTO records (kind, id, member_id, status, created_at, json) VALUES ('coupon', ?, ?, 'N', ?, ?)").run(
        `${offer.coupon_id}-${member.id}`,
        member.id,
        now(),
        JSON.stringify(coupon),
      );
      return coupon;
    }),
  );
}
