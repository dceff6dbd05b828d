/**
 * The member's profile: the account hub's summary, the name, birthday and gender, the
 * password, and closing the account. A password change and a closed account end every
 * session of the member, this one too: they sign in again (or, closed, no longer can).
 */
import { EARLIEST_BIRTHDAY } from '../../../src/lib/constants.ts';
import { isOpenAfterSale, isOpenExchange, isOpenOrder, isOpenRefund } from '../../../src/lib/orders/final-statuses.ts';
import { brandDay, isRealDay } from '../brand-days.ts';
import type { StoredOrder } from '../case-records.ts';
import { transaction } from '../db.ts';
import { applyDeadlines, withDeadlines } from '../deadlines.ts';
import { ApiFailure, fieldFailure, memberById, toMember, type MemberRow, type RouteKit } from '../kit.ts';
import { hashPassword, verifyPassword } from '../passwords.ts';
import { usableCoupons } from '../pricing.ts';
import { listRecords, recordStatuses } from '../records.ts';
import { passwordChangedMail } from '../security-mail.ts';
import { endSessionsOf } from '../sessions.ts';
import { unreadOf } from './inbox.ts';
import { wishTotalOf } from './wishlist.ts';

/** The member's password, or a failure on `field`; a member without one (social sign-in) has none to give. */
function checkPassword(member: MemberRow, password: string, field: string): void {
  if (!member.password_hash || !verifyPassword(password, member.password_hash))
    throw fieldFailure('UR_PASSWORD_WRONG', 'The password is incorrect', field);
}

export function registerProfileRoutes(kit: RouteKit): void {
  const { db, now, handle, cookies } = kit;

  handle('accountSummary', ({ member }) => {
    const latest = withDeadlines(kit, member.id, () => listRecords(db, 'order', member.id, { page: 1, pageSize: 1 }).list[0]) as
      StoredOrder | undefined;
    const { n: openTickets } = db
      .prepare("SELECT COUNT(*) AS n FROM records WHERE kind = 'ticket' AND member_id = ? AND status <> 'CLOSED'")
      .get(member.id) as { n: number };
    return {
      // Usable now, whatever the basket: the wallet's "usable" tab and checkout's rule
      // (src/lib/coupons/standing.ts), so in this page's region only.
      usableCoupons: usableCoupons(kit, member.id, Number.POSITIVE_INFINITY).length,
      wishCount: wishTotalOf(db, member.id),
      unreadMessages: unreadOf(db, member.id),
      openTickets,
      latestOrder: latest
        ? {
            orderCode: latest.orderCode,
            status: latest.status,
            createdAt: latest.createdAt,
            currency: latest.currency,
            total: latest.total,
            itemCount: latest.products.reduce((n, line) => n + line.quantity, 0),
            imageProductCode: latest.products[0]?.productCode ?? null,
          }
        : null,
    };
  });

  handle('memberUpdate', ({ body, member }) =>
    transaction(db, () => {
      if (body.birthday !== null) {
        if (!isRealDay(body.birthday) || body.birthday < EARLIEST_BIRTHDAY || body.birthday > brandDay(now()))
          throw fieldFailure('UR_BIRTHDAY_FORMAT', 'A birthday is a real day, not in the future', 'birthday');
        // Birthday coupons follow the birthday, so it is set once; the same value again is no change.
        if (member.birthday !== null && member.birthday !== body.birthday)
          throw fieldFailure('UR_BIRTHDAY_LOCKED', 'The birthday cannot be changed once set', 'birthday');
      }
      // A null birthday keeps the one set; a null gender is "rather not say".
      db.prepare('UPDATE members SET name = ?, birthday = COALESCE(?, birthday), gender = ? WHERE id = ?').run(
        body.name,
        body.birthday,
        body.gender,
        member.id,
      );
      return toMember(memberById(db, member.id)!);
    }),
  );

  handle('passwordChange', ({ body, member, c }) => {
    transaction(db, () => {
      checkPassword(member, body.currentPassword, 'currentPassword');
      if (body.newPassword === body.currentPassword)
        throw fieldFailure('UR_PASSWORD_SAME', 'The new password is the current one', 'newPassword');
      db.prepare('UPDATE members SET password_hash = ? WHERE id = ?').run(hashPassword(body.newPassword), member.id);
      endSessionsOf(db, member.id);
      kit.outbox.queue(passwordChangedMail(member.email));
    });
    cookies.endSession(c);
    return {};
  });

  handle('accountClose', ({ body, member, c }) => {
    transaction(db, () => {
      checkPassword(member, body.password, 'password');
      // What a passed deadline ended is not open any more.
      applyDeadlines(kit, member.id);
      const openOrders = recordStatuses(db, 'order', member.id).filter((r) => isOpenOrder(r.status));
      if (openOrders.length > 0)
        throw new ApiFailure('ACCOUNT_HAS_OPEN_ORDERS', `Orders still open: ${openOrders.map((r) => r.id).join(', ')}`);
      const openCases = [
        ...recordStatuses(db, 'refund', member.id).filter((r) => isOpenRefund(r.status)),
        ...recordStatuses(db, 'aftersale', member.id).filter((r) => isOpenAfterSale(r.status)),
        ...recordStatuses(db, 'exchange', member.id).filter((r) => isOpenExchange(r.status)),
      ];
      if (openCases.length > 0)
        throw new ApiFailure(
          'ACCOUNT_HAS_OPEN_AFTERSALES',
          `Refunds, exchanges or services still open: ${openCases.map((r) => r.id).join(', ')}`,
        );
      // The data stays (orders, invoices), marked closed: signing in is what ends.
      db.prepare('UPDATE members SET closed_at = ? WHERE id = ?').run(now(), member.id);
      db.prepare('DELETE FROM email_codes WHERE member_id = ? AND used = 0').run(member.id);
      endSessionsOf(db, member.id);
    });
    cookies.endSession(c);
    return {};
  });
}
