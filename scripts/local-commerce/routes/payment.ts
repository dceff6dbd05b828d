/**
 * Paying an online order: its status for the payment result pages, and the fake payment
 * provider that stands in for the card, wallet and bank pages locally.
 */
import { PAYMENT_RETURN_PATHS } from '../../../src/lib/api/contract-checkout.ts';
import type { Order } from '../../../src/lib/api/contract.ts';
import type { OnlinePayChannel } from '../../../src/lib/constants.ts';
import { transaction } from '../db.ts';
import { fieldFailure, type RouteKit } from '../kit.ts';
import { recordOf } from '../records.ts';

interface PayRow {
  order_code: string;
  member_id: string;
  pay_channel: OnlinePayChannel;
  paid_at: number | null;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function registerPaymentRoutes({ app, db, now, handle }: RouteKit): void {
  const orderStatus = (orderCode: string) =>
    (db.prepare("SELECT status FROM records WHERE kind = 'order' AND id = ?").get(orderCode) as { status: string } | undefined)?.status;
  const payable = (orderCode: string, token: string) =>
    db
      .prepare('SELECT order_code, member_id, pay_channel, paid_at FROM order_checkout WHERE order_code = ? AND pay_token = ?')
      .get(orderCode, token) as PayRow | undefined;

  handle('orderPayStatus', ({ body, member }) => {
    const row = db
      .prepare(
        "SELECT r.status, c.paid_at FROM records r LEFT JOIN order_checkout c ON c.order_code = r.id WHERE r.kind = 'order' AND r.id = ? AND r.member_id = ?",
      )
      .get(body.orderCode, member.id) as { status: Order['status']; paid_at: number | null } | undefined;
    // Another member's order answers as an unknown one, so order codes cannot be probed.
    if (!row) throw fieldFailure('ORDER_NOT_FOUND', 'No such order', 'orderCode');
    return { orderCode: body.orderCode, status: row.status, paid: row.paid_at !== null };
  });

  // The pay token in payUrl is what a provider's session id would be: whoever holds it may pay.
  app.get('/api/pay/provider/:orderCode', (c) => {
    const orderCode = c.req.param('orderCode');
    const row = payable(orderCode, c.req.query('token') ?? '');
    if (!row || row.pay_channel !== c.req.query('channel')) return c.text('Unknown payment', 404);
    const order = recordOf<Order>(db, 'order', orderCode)!;
    const form = (action: string, label: string) =>
      `<form method="post" action="./${escapeHtml(orderCode)}"><input type="hidden" name="token" value="${escapeHtml(c.req.query('token')!)}"><input type="hidden" name="action" value="${action}"><button id="${action}" type="submit">${label}</button></form>`;
    return c.html(
      `<!doctype html><meta charset="utf-8"><title>Fake ${row.pay_channel} payment</title><body style="font-family:sans-serif;padding:40px"><h1>Fake ${row.pay_channel} payment</h1><p>The local stand-in for the payment provider's page. Order ${escapeHtml(orderCode)}.</p>${form('pay', `Pay NT$${order.total.toLocaleString('en-US')}`)}${form('cancel', 'Cancel')}</body>`,
    );
  });

  app.post('/api/pay/provider/:orderCode', async (c) => {
    const orderCode = c.req.param('orderCode');
    const form = await c.req.parseBody();
    const row = payable(orderCode, String(form.token ?? ''));
    if (!row) return c.text('Unknown payment', 404);
    const paid = transaction(db, () => {
      if (form.action === 'pay' && row.paid_at === null && orderStatus(orderCode) === 'UNPAID') {
        db.prepare(
          "UPDATE records SET status = 'WAIT_SHIP', json = json_set(json, '$.status', 'WAIT_SHIP') WHERE kind = 'order' AND id = ?",
        ).run(orderCode);
        db.prepare('UPDATE order_checkout SET paid_at = ? WHERE order_code = ?').run(now(), orderCode);
        return true;
      }
      // A cancelled payment cancels the order: its stock goes back on sale and its items back
      // into the shopper's cart, so nothing is held by an order that will never be paid.
      if (form.action === 'cancel' && row.paid_at === null && orderStatus(orderCode) === 'UNPAID') {
        const order = recordOf<Order>(db, 'order', orderCode)!;
        db.prepare(
          "UPDATE records SET status = 'CANCELLED', json = json_set(json, '$.status', 'CANCELLED') WHERE kind = 'order' AND id = ?",
        ).run(orderCode);
        const restock = db.prepare('UPDATE skus SET stock = stock + ? WHERE sku_code = ?');
        const backToCart = db.prepare(
          'INSERT INTO cart_lines (member_id, product_code, sku_code, quantity, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (member_id, sku_code) DO UPDATE SET quantity = quantity + excluded.quantity',
        );
        for (const line of order.products) {
          restock.run(line.quantity, line.skuCode);
          backToCart.run(row.member_id, line.productCode, line.skuCode, line.quantity, now());
        }
        return false;
      }
      // Paying twice (a resubmitted form) is still a success.
      return form.action === 'pay' && row.paid_at !== null;
    });
    return c.redirect(
      `${PAYMENT_RETURN_PATHS[row.pay_channel]}?${new URLSearchParams({ orderCode, result: paid ? 'success' : 'failed' })}`,
      302,
    );
  });
}
