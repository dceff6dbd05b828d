/**
 * Exchanges: one unit of a finished order's line for another size or colour of the same product,
 * within the return window. The replacement unit is taken from stock when the exchange is asked
 * for, so it cannot sell out meanwhile; it goes back on sale if the exchange is refused, withdrawn
 * or never sent back (case-effects.ts). Later steps are transitions of the exchange table.
 */
import { windowOpen } from '../../../src/lib/orders/member-actions.ts';
import { EXCHANGE_INITIAL } from '../../../src/lib/orders/state-machine.ts';
import { memberCase, nextCaseCode, type StoredExchange } from '../case-records.ts';
import { checkFreeText, checkReason, openedAt, saveNewCase } from '../case-rules.ts';
import type { ActionInput } from '../case-steps.ts';
import { withDeadlines } from '../deadlines.ts';
import { fieldFailure, type RouteKit } from '../kit.ts';
import { caseLine, exchangeView, orderView } from '../order-view.ts';
import { listRecords } from '../records.ts';
import { localText } from '../request-language.ts';
import { memberTransition } from '../transitions.ts';

export function registerExchangeRoutes(kit: RouteKit): void {
  const { db, now, handle } = kit;

  handle('exchangeCreate', ({ body, member }) =>
    withDeadlines(kit, member.id, () => {
      const order = orderView(kit, memberCase(db, 'order', body.orderCode, member.id));
      const at = now();
      const item = order.products.find((p) => p.productId === body.productId);
      if (!item || item.returnableQty < 1 || !windowOpen(order, 'return', at))
        throw fieldFailure('OD_EXCHANGE_NOT_ALLOWED', 'This line cannot be exchanged now', 'productId');
      const product = kit.productOf(item.productCode);
      const to = product?.skus.find((s) => s.skuCode === body.toSkuCode && s.skuCode !== item.skuCode);
      if (!product || !to) throw fieldFailure('OD_EXCHANGE_SKU_INVALID', 'Choose another size or colour of the same product', 'toSkuCode');
      checkReason(body.reason, item);
      checkFreeText(body.description, 'OD_REFUND_EMOJI', 'description');
      if (db.prepare('UPDATE skus SET stock = stock - 1 WHERE sku_code = ? AND stock >= 1').run(to.skuCode).changes !== 1)
        throw fieldFailure('OD_EXCHANGE_OUT_OF_STOCK', `${to.skuCode} is sold out`, 'toSkuCode');
      const exchange: StoredExchange = {
        exchangeCode: nextCaseCode(db, 'exchange', at),
        orderCode: order.orderCode,
        status: EXCHANGE_INITIAL,
        reason: body.reason,
        description: body.description,
        // An exchange refunds nothing.
        line: caseLine(item, 1, 0),
        toSkuCode: to.skuCode,
        toColorAlias: localText(product.colours.find((c) => c.colorNo === to.colorNo)!.names),
        toSizeAlias: product.sizes.find((s) => s.sizeNo === to.sizeNo)!.alias,
        logistics: null,
        history: openedAt(EXCHANGE_INITIAL, at),
        createdAt: at,
        returnBy: null,
        replacementShippedAt: null,
      };
      saveNewCase(db, 'exchange', exchange.exchangeCode, member.id, exchange);
      return exchangeView(exchange);
    }),
  );

  handle('exchangeList', ({ body, member }) =>
    withDeadlines(kit, member.id, () => {
      const { list, total } = listRecords(db, 'exchange', member.id, body);
      return { list: (list as StoredExchange[]).map(exchangeView), total };
    }),
  );

  handle('exchangeDetail', ({ body, member }) =>
    withDeadlines(kit, member.id, () => exchangeView(memberCase(db, 'exchange', body.exchangeCode, member.id))),
  );

  const move = (memberId: string, code: string, action: string, input: ActionInput = {}) =>
    withDeadlines(kit, memberId, () => exchangeView(memberTransition(kit, memberId, { machine: 'exchange', code, action, input })));

  handle('exchangeCancel', ({ body, member }) => move(member.id, body.exchangeCode, 'cancel'));
  handle('exchangeConfirmReceipt', ({ body, member }) => move(member.id, body.exchangeCode, 'confirmReceipt'));
  handle('exchangeReturn', ({ body, member }) =>
    move(member.id, body.exchangeCode, 'sendBack', { logistics: { expressCode: body.expressCode, logisticsCode: body.logisticsCode } }),
  );
}
