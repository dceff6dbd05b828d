/**
 * Old-clothes recycling: a member books a drop-off at a shop or a pick-up at one of their
 * addresses, for a day from tomorrow up to RECYCLE_BOOK_DAYS_AHEAD days ahead (brand time),
 * with at most RECYCLE_OPEN_BOOKINGS_MAX bookings open at once. A received booking records the
 * pieces counted and the coupon it earned. Bookings are `records` rows (kind 'recycle').
 */
import { randomBytes } from 'node:crypto';
import type { Address, ResponseOf } from '../../../src/lib/api/contract.ts';
import { RECYCLE_BOOK_DAYS_AHEAD, RECYCLE_OPEN_BOOKINGS_MAX } from '../../../src/lib/constants.ts';
import { SHOP_CODE_PATTERN } from '../../../src/lib/validation/patterns.ts';
import { brandDay, isRealDay } from '../brand-days.ts';
import { transaction } from '../db.ts';
import { ApiFailure, fieldFailure, type RouteKit } from '../kit.ts';
import { couponsOf } from '../pricing.ts';
import { memberRecords, recordOf, saveRecord } from '../records.ts';

type Booking = ResponseOf<'recycleList'>['bookings'][number];

export function registerRecycleRoutes(kit: RouteKit): void {
  const { db, now, handle } = kit;

  /** The member's bookings, newest first, and the coupons they earned. */
  function recycleState(memberId: string) {
    const bookings = memberRecords<Booking>(db, 'recycle', memberId);
    const earned = new Set(bookings.map((b) => b.couponId).filter((id) => id !== null));
    return { bookings, coupons: couponsOf(kit, memberId).filter((c) => earned.has(c.couponId)) };
  }

  handle('recycleList', ({ member }) => recycleState(member.id));

  handle('recycleBook', ({ body, member }) =>
    transaction(db, () => {
      const shop = body.method === 'SHOP';
      if (shop && !SHOP_CODE_PATTERN.test(body.storeCode ?? ''))
        throw fieldFailure('RC_STORE_REQUIRED', 'Choose the shop to bring the clothes to', 'storeCode');
      let address: string | null = null;
      if (!shop) {
        const booked = body.addressId ? recordOf<Address>(db, 'address', body.addressId, member.id) : undefined;
        if (!booked) throw fieldFailure('RC_ADDRESS_REQUIRED', 'Choose one of your addresses for the pick-up', 'addressId');
        if (!body.timeSlot) throw fieldFailure('RC_TIME_SLOT_REQUIRED', 'Choose the morning or the afternoon', 'timeSlot');
        // Copied, so the booking keeps the address it was made for if the address changes later.
        address = [booked.zipCode === '0' ? '' : booked.zipCode, booked.city, booked.detail].filter(Boolean).join(' ');
      }
      if (!isRealDay(body.date) || body.date < brandDay(now(), 1) || body.date > brandDay(now(), RECYCLE_BOOK_DAYS_AHEAD))
        throw fieldFailure('RC_DATE_RANGE', `Choose a day from tomorrow to ${RECYCLE_BOOK_DAYS_AHEAD} days ahead`, 'date');
      const open = memberRecords<Booking>(db, 'recycle', member.id).filter((b) => b.status === 'BOOKED').length;
      if (open >= RECYCLE_OPEN_BOOKINGS_MAX)
        throw new ApiFailure('RC_TOO_MANY_OPEN', `At most ${RECYCLE_OPEN_BOOKINGS_MAX} bookings can be open at once`);
      const booking: Booking = {
        bookingId: `RC${randomBytes(5).toString('hex').toUpperCase()}`,
        method: body.method,
        storeCode: shop ? body.storeCode : null,
        address,
        date: body.date,
        timeSlot: shop ? null : body.timeSlot,
        bags: body.bags,
        status: 'BOOKED',
        items: null,
        couponId: null,
        createdAt: now(),
      };
      saveRecord(db, 'recycle', booking.bookingId, member.id, booking.status, booking.createdAt, booking);
      return recycleState(member.id);
    }),
  );

  handle('recycleCancel', ({ body, member }) =>
    transaction(db, () => {
      const booking = recordOf<Booking>(db, 'recycle', body.bookingId, member.id);
      if (!booking) throw fieldFailure('RC_NOT_FOUND', 'No such booking', 'bookingId');
      if (booking.status !== 'BOOKED') throw new ApiFailure('RC_NOT_CANCELLABLE', 'Only a booking not yet received can be cancelled');
      saveRecord(db, 'recycle', booking.bookingId, member.id, 'CANCELLED', booking.createdAt, { ...booking, status: 'CANCELLED' });
      return recycleState(member.id);
    }),
  );
}
