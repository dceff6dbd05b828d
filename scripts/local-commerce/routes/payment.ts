/**
 * Paying online: an order's payment state for the payment result pages, paying later (an unpaid
 * order, or a presale's deposit or rest in its window), and the fake payment provider that stands
 * in for the card, wallet and bank pages locally. A completed payment is the PAYMENT's transition
 * of the order ('pay', 'payDeposit' or 'payRest'), through the one transition function.
 */
import { PAYMENT_RETURN_PATHS } from '../../../src/lib/routing/payment-returns.ts';
import { formatMoney } from '../../../src/lib/format/currency.ts';
import { regionOfCurrency } from '../../../src/lib/checkout/offers.ts';
import type { DeliveryType } from '../../../src/lib/constants.ts';
import { canPay } from '../../../src/lib/orders/member-actions.ts';
import { anyCase, memberCase } from '../case-records.ts';
import { withDeadlines } from '../deadlines.ts';
import { escapeHtml, htmlPage } from '../html.ts';
import { fieldFailure, type RouteKit } from '../kit.ts';
import { refuseUnoffered } from '../offers.ts';
import { orderView } from '../order-view.ts';
import { endPaySession, latestPaySessionEnd, paySessionOf, PROVIDER_PATH, startPaySession, type PaySession } from '../pay-sessions.ts';
import { transition, transitionIfAllowed } from '../transitions.ts';

/** The provider page's style, allowed by its hash (html.ts). */
const PROVIDER_PAGE_STYLE = 'body{font-family:sans-serif;padding:40px}';

const STEP_LABELS = { pay: 'Pay', payDeposit: 'Pay the deposit', payRest: 'Pay the rest' } as const;

export function registerPaymentRoutes(kit: RouteKit): void {
  const { app, db, now, handle } = kit;

  handle('orderPayStatus', ({ body, member }) =>
    withDeadlines(kit, member.id, () => {
      // Another member's order answers as an unknown one, so order codes cannot be probed.
      const order = memberCase(db, 'order', body.orderCode, member.id);
      // The payment the member comes back from is the latest started: a presale's cancelled rest
      // is not paid because its deposit was.
      const latest = latestPaySessionEnd(db, order.orderCode);
      return {
        orderCode: order.orderCode,
        status: order.status,
        paid: latest === undefined ? order.payment.paidAt !== null : latest === 'PAID',
      };
    }),
  );

  handle('orderPay', ({ body, member }) =>
    withDeadlines(kit, member.id, () => {
      const order = orderView(kit, memberCase(db, 'order', body.orderCode, member.id));
      const step = canPay(order, now());
      if (!step) throw fieldFailure('ORDER_NOT_PAYABLE', 'This order cannot be paid now', 'orderCode');
      // The channels of the order's region, wherever the member pays it from.
      refuseUnoffered(regionOfCurrency(order.currency), { deliveryType: order.deliveryType as DeliveryType, payChannel: body.payChannel });
      const amount = step === 'pay' ? order.total : step === 'payDeposit' ? order.presale!.deposit : order.presale!.rest;
      const payUrl = startPaySession(
        db,
        {
          orderCode: order.orderCode,
          memberId: member.id,
          channel: body.payChannel,
          step,
          amount,
          currency: order.currency,
          fromCheckout: false,
        },
        now(),
      );
      return { payUrl, amount, currency: order.currency };
    }),
  );

  /** The provider completes the step, once, while the order can still take it (its window open). */
  function pay(session: PaySession): boolean {
    if (session.ended !== null) return session.ended === 'PAID';
    if (canPay(orderView(kit, anyCase(db, 'order', session.order_code)), now()) !== session.step) return false;
    transition(kit, {
      machine: 'order',
      code: session.order_code,
      action: session.step,
      by: 'PAYMENT',
      input: { channel: session.channel },
    });
    endPaySession(db, session.token, 'PAID');
    return true;
  }

  /**
   * Cancelling checkout's own payment cancels the order: its stock goes back on sale and its items
   * back into the shopper's cart, so nothing is held by an order that will never be paid. A later
   * payment cancelled leaves the order as it was: the member may try again until its deadline.
   */
  function cancel(session: PaySession): void {
    if (!endPaySession(db, session.token, 'CANCELLED') || !session.from_checkout) return;
    const cancelled = transitionIfAllowed(kit, { machine: 'order', code: session.order_code, action: 'cancel', by: 'MEMBER' });
    if (!cancelled) return;
    // With what the member chose for each: the hem, the gift wrapping, a made-to-order item's choices.
    const backToCart = db.prepare(
      'INSERT INTO cart_lines (member_id, product_code, sku_code, quantity, created_at, alter_mode, final_inseam, case_flag, semi_values) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (member_id, sku_code) DO UPDATE SET quantity = quantity + excluded.quantity',
    );
    for (const line of cancelled.products) {
      const choices = line.productDetailInfo.semiValues ?? [];
      backToCart.run(
        session.member_id,
        line.productCode,
        line.skuCode,
        line.quantity,
        now(),
        line.alterMode ?? null,
        line.finalInseam ?? null,
        line.caseFlag ?? 'N',
        choices.length > 0 ? JSON.stringify(choices) : null,
      );
    }
  }

  app.get(`${PROVIDER_PATH}/:orderCode`, (c) => {
    const orderCode = c.req.param('orderCode');
    const session = paySessionOf(db, orderCode, c.req.query('token') ?? '');
    if (!session || session.channel !== c.req.query('channel')) return c.text('Unknown payment', 404);
    const form = (action: string, label: string) =>
      `<form method="post" action="./${escapeHtml(orderCode)}"><input type="hidden" name="token" value="${escapeHtml(session.token)}"><input type="hidden" name="action" value="${action}"><button id="${action}" type="submit">${label}</button></form>`;
    return htmlPage(
      c,
      `<!doctype html><meta charset="utf-8"><title>Fake ${session.channel} payment</title><style>${PROVIDER_PAGE_STYLE}</style><body><h1>Fake ${session.channel} payment</h1><p>The local stand-in for the payment provider's page. Order ${escapeHtml(orderCode)}.</p>${form('pay', `${STEP_LABELS[session.step]} ${escapeHtml(formatMoney(session.amount, session.currency))} (${session.currency})`)}${form('cancel', 'Cancel')}</body>`,
      { styles: [PROVIDER_PAGE_STYLE], forms: true },
    );
  });

  app.post(`${PROVIDER_PATH}/:orderCode`, async (c) => {
    const orderCode = c.req.param('orderCode');
    const form = await c.req.parseBody();
    const session = paySessionOf(db, orderCode, String(form.token ?? ''));
    if (!session) return c.text('Unknown payment', 404);
    const paid = withDeadlines(kit, session.member_id, () => {
      // Read again inside the transaction: a concurrent post may have ended it meanwhile.
      const current = paySessionOf(db, orderCode, session.token)!;
      if (form.action === 'pay') return pay(current);
      if (form.action === 'cancel') cancel(current);
      return false;
    });
    return c.redirect(
      `${session.return_prefix ? `/${session.return_prefix}` : ''}${PAYMENT_RETURN_PATHS[session.channel]}?${new URLSearchParams({ orderCode, result: paid ? 'success' : 'failed' })}`,
      302,
    );
  });
}
