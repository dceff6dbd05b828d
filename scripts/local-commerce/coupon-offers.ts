/**
 * The coupon offers (coupon_offers table) and the coupons they give: a member holds an offer's
 * coupon once, whether collected on a collect page, redeemed by its code (routes/coupons.ts) or
 * given when the account opens (routes/auth.ts: the region's first-purchase offer, which the
 * visitors' ticker promises for registering).
 */
import type { DatabaseSync } from 'node:sqlite';
import type { CurrencyCode } from '../../src/lib/i18n/regions.ts';
import { textsOfColumn } from './coupon-texts.ts';
import type { StoredCoupon } from './pricing.ts';

export interface OfferRow {
  coupon_id: string;
  /** One text, or a JSON object of texts by language (coupon-texts.ts). */
  title: string;
  description: string;
  currency: CurrencyCode;
  discount: number;
  threshold: number;
  start_date: number;
  end_date: number;
}

/**
 * The offer each region gives an account as it opens, in the region's currency: the welcome
 * offer seeded for it (seed-account.ts). Still collectable by anyone who has not got it.
 */
export const FIRST_PURCHASE_OFFERS: Readonly<Record<CurrencyCode, string>> = { TWD: 'CC001', HKD: 'CC101', CNY: 'CC201', MOP: 'CC301' };

export const offerById = (db: DatabaseSync, couponId: string) =>
  db.prepare('SELECT * FROM coupon_offers WHERE coupon_id = ?').get(couponId) as OfferRow | undefined;

/** Whether the member already holds a coupon of the offer (used or not, given or seeded). */
export const holdsOffer = (db: DatabaseSync, memberId: string, couponId: string) =>
  db
    .prepare("SELECT 1 FROM records WHERE kind = 'coupon' AND member_id = ? AND json_extract(json, '$.couponId') = ?")
    .get(memberId, couponId) !== undefined;

/**
 * Gives the member a coupon of the offer, with the offer's texts in every language, so it reads
 * in whichever language the member opens it. The caller checks it may (once, not ended); runs in
 * the caller's transaction.
 */
export function giveOfferCoupon(db: DatabaseSync, memberId: string, offer: OfferRow, at: number): StoredCoupon {
  const coupon: StoredCoupon = {
    couponId: offer.coupon_id,
    title: textsOfColumn(offer.title),
    currency: offer.currency,
    discount: offer.discount,
    threshold: offer.threshold,
    startDate: offer.start_date,
    endDate: offer.end_date,
    used: 'N',
    description: textsOfColumn(offer.description),
  };
  // Record ids are unique per kind across members, so the member's id makes the coupon's theirs.
  db.prepare("INSERT INTO records (kind, id, member_id, status, created_at, json) VALUES ('coupon', ?, ?, 'N', ?, ?)").run(
    `${offer.coupon_id}-${memberId}`,
    memberId,
    at,
    JSON.stringify(coupon),
  );
  return coupon;
}

/**
 * A new account's first-purchase coupon: its region's offer (the region of the page it opened
 * on), unless the offer has ended or is not there. Runs in the transaction that opens the account.
 */
export function giveFirstPurchaseCoupon(db: DatabaseSync, memberId: string, currency: CurrencyCode, at: number): void {
  const offer = offerById(db, FIRST_PURCHASE_OFFERS[currency]);
  if (!offer || offer.currency !== currency || at > offer.end_date || holdsOffer(db, memberId, offer.coupon_id)) return;
  giveOfferCoupon(db, memberId, offer, at);
}
