/**
 * Refunds: cancelling a paid order before it ships (REFUND_UNSHIPPED: every line, the order's
 * total, and the order waits in WAIT_CONFIRM for the store), refund only and return and refund of
 * a finished order's lines within the return window; withdrawing, sending the goods back, and
 * answering the store's offer after inspection. What may be asked is member-actions.ts's
 * `refundTypesFor`; each later step is a transition of the refund table.
 */
import type { z } from 'zod';
import type { ENDPOINTS } from '../../../src/lib/api/contract.ts';
import { refundTypesFor } from '../../../src/lib/orders/member-actions.ts';
import { returnedAmount } from '../../../src/lib/orders/refund-amount.ts';
import { REFUND_INITIAL } from '../../../src/lib/orders/state-machine.ts';
import { memberCase, nextCaseCode, type StoredRefund } from '../case-records.ts';
import { checkFreeText, checkReason, markOrderType, openedAt, returnRoute, saveNewCase } from '../case-rules.ts';
import { withDeadlines } from '../deadlines.ts';
import { fieldFailure, type RouteKit } from '../kit.ts';
import { caseLine, orderView, refundView, type CaseLine } from '../order-view.ts';
import { sum } from '../pricing.ts';
import { listRecords } from '../records.ts';
import { memberTransition, transition } from '../transitions.ts';

type Order = ReturnType<typeof orderView>;
type Body = z.infer<(typeof ENDPOINTS)['refundCreate']['body']>;

/** The lines of a refund of a finished order: each one of the order's, within what is left to return, and returnable. */
function returnedLines(order: Order, body: Body): CaseLine[] {
  if (body.lines.length === 0) throw fieldFailure('OD_REFUND_LINES_REQUIRED', 'Choose what to refund', 'lines');
  const units = new Map<string, number>();
  for (const line of body.lines) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
  const items = [...units].map(([productId, quantity]) => {
    const item = order.products.find((p) => p.productId === productId);
    if (!item || quantity > item.returnableQty)
      throw fieldFailure('OD_REFUND_QTY', `At most ${item?.returnableQty ?? 0} of ${productId}`, 'lines');
    return { item, quantity };
  });
  for (const { item } of items)
    if (item.noReasonToReturnFlag === 'ONLY_EXCHANGE_NOT_RETREAT')
      throw fieldFailure('OD_REFUND_EXCHANGE_ONLY', `${item.productDetailInfo.skuName} can be exchanged, not refunded`, 'lines');
  for (const { item } of items) checkReason(body.reason, item);
  return items.map(({ item, quantity }) => caseLine(item, quantity, returnedAmount(order, item.productDetailInfo.unitPrice, quantity)));
}

export function registerRefundRoutes(kit: RouteKit): void {
  const { db, now, handle } = kit;

  handle('refundCreate', ({ body, member }) =>
    withDeadlines(kit, member.id, () => {
      const stored = memberCase(db, 'order', body.orderCode, member.id);
      const order = orderView(kit, stored);
      const at = now();
      if (!refundTypesFor(order, at).includes(body.refundType))
        throw fieldFailure('OD_REFUND_NOT_ALLOWED', `This order cannot take a ${body.refundType} refund now`, 'refundType');
      const unshipped = body.refundType === 'REFUND_UNSHIPPED';
      // Cancelling before shipping takes the whole order back, freight and discount included.
      const lines = unshipped
        ? order.products.map((item) => caseLine(item, item.quantity, item.productDetailInfo.unitPrice * item.quantity))
        : returnedLines(order, body);
      checkFreeText(body.description, 'OD_REFUND_EMOJI', 'description');
      const status = REFUND_INITIAL[body.refundType];
      const refund: StoredRefund = {
        refundCode: nextCaseCode(db, 'refund', at),
        orderCode: order.orderCode,
        refundType: body.refundType,
        status,
        currency: order.currency,
        amount: unshipped ? order.total : sum(lines.map((line) => line.amount)),
        proposedAmount: null,
        reason: body.reason,
        description: body.description,
        lines,
        logistics: null,
        dropStoreCode: null,
        history: openedAt(status, at),
        createdAt: at,
        returnBy: null,
      };
      saveNewCase(db, 'refund', refund.refundCode, member.id, refund);
      markOrderType(db, stored, 'refund');
      if (unshipped) transition(kit, { machine: 'order', code: order.orderCode, action: 'requestCancel', by: 'MEMBER', at });
      return refundView(refund);
    }),
  );

  handle('refundList', ({ body, member }) =>
    withDeadlines(kit, member.id, () => {
      const { list, total } = listRecords(db, 'refund', member.id, body);
      return { list: (list as StoredRefund[]).map(refundView), total };
    }),
  );

  handle('refundDetail', ({ body, member }) =>
    withDeadlines(kit, member.id, () => refundView(memberCase(db, 'refund', body.refundCode, member.id))),
  );

  // Withdrawing a cancellation request also puts the order back to waiting for shipment (case-effects.ts).
  handle('refundCancel', ({ body, member }) =>
    withDeadlines(kit, member.id, () =>
      refundView(memberTransition(kit, member.id, { machine: 'refund', code: body.refundCode, action: 'cancel' })),
    ),
  );

  handle('refundReturn', ({ body, member }) =>
    withDeadlines(kit, member.id, () =>
      refundView(memberTransition(kit, member.id, { machine: 'refund', code: body.refundCode, ...returnRoute(body.route) })),
    ),
  );

  handle('refundRespond', ({ body, member }) =>
    withDeadlines(kit, member.id, () =>
      refundView(
        memberTransition(kit, member.id, {
          machine: 'refund',
          code: body.refundCode,
          action: body.accept ? 'acceptPartial' : 'rejectPartial',
        }),
      ),
    ),
  );
}
