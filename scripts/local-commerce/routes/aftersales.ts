/**
 * After-sales cases: a repair, a quality issue or an alteration of a finished order's line within
 * the after-sales window, with photos (kept in the one picture store, pictures.ts); sending the
 * piece (a courier parcel or a shop) and withdrawing. Later steps are transitions of the
 * after-sales table.
 */
import { windowOpen } from '../../../src/lib/orders/member-actions.ts';
import { AFTER_SALE_INITIAL } from '../../../src/lib/orders/state-machine.ts';
import { memberCase, nextCaseCode, type StoredAfterSale } from '../case-records.ts';
import { checkFreeText, markOrderType, openedAt, returnRoute, saveNewCase } from '../case-rules.ts';
import { withDeadlines } from '../deadlines.ts';
import { fieldFailure, type RouteKit } from '../kit.ts';
import { afterSaleView, caseLine, orderView } from '../order-view.ts';
import { checkUpload, storeAttachments } from '../pictures.ts';
import { listRecords } from '../records.ts';
import { memberTransition } from '../transitions.ts';

export function registerAfterSaleRoutes(kit: RouteKit): void {
  const { db, now, handle } = kit;

  handle('afterSaleCreate', ({ body, member }) =>
    withDeadlines(kit, member.id, () => {
      const stored = memberCase(db, 'order', body.orderCode, member.id);
      const order = orderView(kit, stored);
      const at = now();
      const item = order.products.find((p) => p.productId === body.productId);
      if (!item || item.returnableQty < 1 || !windowOpen(order, 'afterSale', at))
        throw fieldFailure('OD_AFTERSALE_NOT_ALLOWED', 'This line cannot take an after-sales service now', 'productId');
      // The page checks it too (spec: the reason text against the emoji pattern); the API is the rule.
      checkFreeText(body.description, 'OD_REFUND_EMOJI', 'description');
      // A refused picture is named by its place (attachments.1), so the form drops that one and keeps the others.
      body.attachments.forEach((upload, i) => checkUpload(upload, `attachments.${i}`));
      const afterSale: StoredAfterSale = {
        afterSaleCode: nextCaseCode(db, 'afterSale', at),
        orderCode: order.orderCode,
        serviceType: body.serviceType,
        status: AFTER_SALE_INITIAL,
        description: body.description,
        // A service is about one piece, and refunds nothing.
        line: caseLine(item, 1, 0),
        pictures: storeAttachments(db, member.id, body.attachments, at),
        logistics: null,
        dropStoreCode: null,
        history: openedAt(AFTER_SALE_INITIAL, at),
        createdAt: at,
      };
      saveNewCase(db, 'afterSale', afterSale.afterSaleCode, member.id, afterSale);
      markOrderType(db, stored, 'afterSale');
      return afterSaleView(afterSale);
    }),
  );

  handle('afterSaleList', ({ body, member }) =>
    withDeadlines(kit, member.id, () => {
      const { list, total } = listRecords(db, 'aftersale', member.id, body);
      return { list: (list as StoredAfterSale[]).map(afterSaleView), total };
    }),
  );

  handle('afterSaleDetail', ({ body, member }) =>
    withDeadlines(kit, member.id, () => afterSaleView(memberCase(db, 'afterSale', body.afterSaleCode, member.id))),
  );

  handle('afterSaleCancel', ({ body, member }) =>
    withDeadlines(kit, member.id, () =>
      afterSaleView(memberTransition(kit, member.id, { machine: 'afterSale', code: body.afterSaleCode, action: 'cancel' })),
    ),
  );

  handle('afterSaleReturn', ({ body, member }) =>
    withDeadlines(kit, member.id, () =>
      afterSaleView(memberTransition(kit, member.id, { machine: 'afterSale', code: body.afterSaleCode, ...returnRoute(body.route) })),
    ),
  );
}
