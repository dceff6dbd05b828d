/**
 * The member's orders: the list (by status or keyword, with the count of each status), one order,
 * cancelling an unpaid one and confirming receipt. Paying later is payment.ts's; refunds,
 * exchanges, after-sales and evaluations have their own modules. Every call first applies the
 * member's passed deadlines (deadlines.ts), so what it reads or moves is as of now.
 */
import { ORDER_STATUSES } from '../../../src/lib/orders/statuses.ts';
import { memberCase, type StoredOrder } from '../case-records.ts';
import { withDeadlines } from '../deadlines.ts';
import type { RouteKit } from '../kit.ts';
import { orderView } from '../order-view.ts';
import { memberRecords } from '../records.ts';
import { localText } from '../request-language.ts';
import { memberTransition } from '../transitions.ts';

export function registerOrderRoutes(kit: RouteKit): void {
  const { db, handle } = kit;

  /** The order code, or a product's name in the request's language, holds the keyword (any case). */
  const matches = (order: StoredOrder, keyword: string) =>
    order.orderCode.toLowerCase().includes(keyword) ||
    order.products.some((line) => {
      const product = kit.productOf(line.productCode);
      return product !== null && localText(product.names).toLowerCase().includes(keyword);
    });

  handle('orderList', ({ body, member }) =>
    withDeadlines(kit, member.id, () => {
      const keyword = body.keyword?.toLowerCase() ?? '';
      const found = memberRecords<StoredOrder>(db, 'order', member.id).filter((order) => !keyword || matches(order, keyword));
      // The tabs' counts: the keyword applies, the status filter does not.
      const counts: Record<string, number> = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0]));
      for (const order of found) counts[order.status]! += 1;
      const shown = body.status ? found.filter((order) => order.status === body.status) : found;
      const start = (body.page - 1) * body.pageSize;
      return { list: shown.slice(start, start + body.pageSize).map((order) => orderView(kit, order)), total: shown.length, counts };
    }),
  );

  handle('orderDetail', ({ body, member }) =>
    withDeadlines(kit, member.id, () => orderView(kit, memberCase(db, 'order', body.orderCode, member.id))),
  );

  handle('orderCancel', ({ body, member }) =>
    withDeadlines(kit, member.id, () =>
      orderView(kit, memberTransition(kit, member.id, { machine: 'order', code: body.orderCode, action: 'cancel' })),
    ),
  );

  handle('orderConfirmReceipt', ({ body, member }) =>
    withDeadlines(kit, member.id, () =>
      orderView(kit, memberTransition(kit, member.id, { machine: 'order', code: body.orderCode, action: 'confirmReceipt' })),
    ),
  );
}
