/**
 * Coupons: the ones a member holds, and the offers anyone may collect (once each), by id from
 * a collect page or by the code printed on a leaflet or mailed (couponRedeem). An offer belongs
 * to one region and is in its currency: it is listed, shown, collected and redeemed on that
 * region's pages only (the request's language says which); another region's is refused as not
 * offered here. Titles and terms come in the request's language (coupon-texts.ts).
 */
import { transaction } from '../db.ts';
import { textOf, textsOfColumn } from '../coupon-texts.ts';
import { giveOfferCoupon, holdsOffer, offerById, type OfferRow } from '../coupon-offers.ts';
import { fieldFailure, type MemberRow, type RouteKit } from '../kit.ts';
import { couponAnswer, type Coupon, type StoredCoupon } from '../pricing.ts';
import { listRecords } from '../records.ts';
import { requestCurrency } from '../request-language.ts';

const toOffer = (r: OfferRow) => ({
  couponId: r.coupon_id,
  title: textOf(textsOfColumn(r.title)),
  description: textOf(textsOfColumn(r.description)),
  currency: r.currency,
  discount: r.discount,
  threshold: r.threshold,
  startDate: r.start_date,
  endDate: r.end_date,
});

export function registerCouponRoutes(kit: RouteKit): void {
  const { db, now, handle, limits } = kit;

  /** An offer of this region; `field` is the form field a refusal belongs to. */
  function offerHere(offer: OfferRow | undefined, field: string, unknown: [msgCode: string, message: string]): OfferRow {
    if (!offer) throw fieldFailure(...unknown, field);
    if (offer.currency !== requestCurrency()) throw fieldFailure('COUPON_OTHER_REGION', 'This coupon is not offered in this region', field);
    return offer;
  }
  const offerOf = (couponId: string) => offerHere(offerById(db, couponId), 'couponId', ['COUPON_NOT_FOUND', 'No such coupon']);

  /**
   * Gives the member a coupon of the offer, once, until it ends (one that has not started yet
   * may be collected ahead). The coupon keeps the offer's texts in every language, so it reads
   * in whichever language the member opens it. Runs in the caller's transaction.
   */
  function collect(offer: OfferRow, member: MemberRow, field: string): Coupon {
    if (holdsOffer(db, member.id, offer.coupon_id)) throw fieldFailure('COUPON_ALREADY_COLLECTED', 'You already have this coupon', field);
    if (now() > offer.end_date) throw fieldFailure('COUPON_EXPIRED', 'This coupon has ended', field);
    return couponAnswer(giveOfferCoupon(db, member.id, offer, now()));
  }

  handle('couponList', ({ body, member }) => {
    const { list, total } = listRecords(db, 'coupon', member.id, body);
    return { list: (list as StoredCoupon[]).map(couponAnswer), total };
  });

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
      return collect(offerHere(offer, 'code', ['COUPON_CODE_UNKNOWN', 'No coupon has this code']), member, 'code');
    });
  });
}
