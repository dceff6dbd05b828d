/**
 * Evaluations: a member rates a line of a finished order once, with text and photos; the store
 * publishes it (the admin page), and only then does it show in the product's public list. Kept as
 * `records` rows (kind 'evaluation', status Y once published, N before).
 */
import type { Order, ResponseOf } from '../../../src/lib/api/contract.ts';
import { hasEmojiOrSymbols } from '../../../src/lib/validation/rules.ts';
import { memberCase, nextCaseCode, type StoredEvaluation, type StoredOrder } from '../case-records.ts';
import { withDeadlines } from '../deadlines.ts';
import { fieldFailure, type RouteKit } from '../kit.ts';
import { evaluationView, orderView } from '../order-view.ts';
import { storeAttachments } from '../pictures.ts';
import { listRecords, memberRecords, recordOf, saveRecord } from '../records.ts';

type Mine = ResponseOf<'evaluationMine'>;

/** The line an evaluation is of, as the reviews page shows it. */
const lineFields = (orderCode: string, line: Order['products'][number]) => ({
  orderCode,
  productId: line.productId,
  productCode: line.productCode,
  skuName: line.productDetailInfo.skuName,
  colorAlias: line.productDetailInfo.colorAlias,
  sizeAlias: line.productDetailInfo.sizeAlias,
  imageUrl: line.imageUrl,
});

/** The member's name as others read it: the first character, then stars (林**). */
export const shortName = (name: string) => `${[...name.trim()][0] ?? ''}**`;

export function registerEvaluationRoutes(kit: RouteKit): void {
  const { db, now, handle } = kit;

  handle('evaluationCreate', ({ body, member }) =>
    withDeadlines(kit, member.id, () => {
      const order = orderView(kit, memberCase(db, 'order', body.orderCode, member.id));
      const item = order.products.find((p) => p.productId === body.productId);
      if (order.status !== 'FINISHED' || !item || item.evaluated === 'Y')
        throw fieldFailure('EV_NOT_ALLOWED', 'Only a line of a finished order, once', 'productId');
      if (hasEmojiOrSymbols(body.text)) throw fieldFailure('EV_TEXT_EMOJI', 'Emoji and the characters # & ! cannot be used here', 'text');
      const at = now();
      const evaluation: StoredEvaluation = {
        evaluationId: nextCaseCode(db, 'evaluation', at),
        orderCode: order.orderCode,
        productCode: item.productCode,
        productId: item.productId,
        colorAlias: item.productDetailInfo.colorAlias,
        sizeAlias: item.productDetailInfo.sizeAlias,
        rating: body.rating,
        text: body.text,
        pictures: storeAttachments(db, member.id, body.attachments, at),
        author: shortName(member.name),
        published: 'N',
        createdAt: at,
      };
      saveRecord(db, 'evaluation', evaluation.evaluationId, member.id, evaluation.published, at, evaluation);
      return evaluationView(evaluation);
    }),
  );

  // The member's reviews page: what is waiting for a review (every line of a finished order not
  // evaluated, as the order page offers it) and the reviews written, published or not.
  handle('evaluationMine', ({ body, member }) =>
    withDeadlines(kit, member.id, () => {
      const waiting: Mine['waiting'] = memberRecords<StoredOrder>(db, 'order', member.id)
        .filter((order) => order.status === 'FINISHED')
        .flatMap((stored) => {
          const order = orderView(kit, stored);
          return order.products
            .filter((line) => line.evaluated === 'N')
            .map((line) => ({ ...lineFields(order.orderCode, line), orderedAt: order.createdAt }));
        });
      const { list, total } = listRecords(db, 'evaluation', member.id, body);
      const orders = new Map<string, Order>();
      const orderOf = (code: string) => {
        if (!orders.has(code)) {
          const stored = recordOf<StoredOrder>(db, 'order', code, member.id);
          if (stored) orders.set(code, orderView(kit, stored));
        }
        return orders.get(code);
      };
      const written: Mine['written']['list'] = (list as StoredEvaluation[]).map((evaluation) => {
        const line = orderOf(evaluation.orderCode)?.products.find((p) => p.productId === evaluation.productId);
        return {
          ...evaluationView(evaluation),
          ...(line
            ? lineFields(evaluation.orderCode, line)
            : // An order no longer found still shows what the evaluation itself keeps.
              { orderCode: evaluation.orderCode, skuName: evaluation.productCode, imageUrl: '' }),
        };
      });
      return { waiting, written: { list: written, total } };
    }),
  );

  handle('evaluationList', ({ body }) => {
    const where = "kind = 'evaluation' AND status = 'Y' AND json_extract(json, '$.productCode') = ?";
    const rows = db
      .prepare(`SELECT json FROM records WHERE ${where} ORDER BY created_at DESC, id LIMIT ? OFFSET ?`)
      .all(body.productCode, body.pageSize, (body.page - 1) * body.pageSize) as Array<{ json: string }>;
    const { n, average } = db
      .prepare(`SELECT COUNT(*) AS n, AVG(json_extract(json, '$.rating')) AS average FROM records WHERE ${where}`)
      .get(body.productCode) as { n: number; average: number | null };
    return {
      list: rows.map((r) => evaluationView(JSON.parse(r.json) as StoredEvaluation)),
      total: n,
      // One decimal, as the stars show it.
      average: average === null ? null : Math.round(average * 10) / 10,
    };
  });
}
