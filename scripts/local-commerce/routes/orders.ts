/** The member's order history and what follows an order: refunds, exchanges, after-sales (invoices: invoices.ts). */
import type { Order } from '../../../src/lib/api/contract.ts';
import { fieldFailure, type RouteKit } from '../kit.ts';
import { listRecords, recordOf } from '../records.ts';

export function registerOrderRoutes({ db, handle }: RouteKit): void {
  handle('orderList', ({ body, member }) => listRecords(db, 'order', member.id, body));
  handle('orderDetail', ({ body, member }) => {
    const order = recordOf<Order>(db, 'order', body.orderCode, member.id);
    if (!order) throw fieldFailure('ORDER_NOT_FOUND', 'No such order', 'orderCode');
    return order;
  });
  handle('refundList', ({ body, member }) => listRecords(db, 'refund', member.id, body));
  handle('exchangeList', ({ body, member }) => listRecords(db, 'exchange', member.id, body));
  handle('afterSaleList', ({ body, member }) => listRecords(db, 'aftersale', member.id, body));
}
