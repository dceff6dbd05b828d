/**
 * Evaluations: a member rates a line of a finished order once, with text and photos; the store
 * publishes it (the admin page), and only then does it show in the product's public list. Kept as
 * `records` rows (kind 'evaluation', status Y once published, N before).
 */
import { hasEmojiOrSymbols } from '../../../src/lib/validation/rules.ts';
import { memberCase, nextCaseCode, type StoredEvaluation } from '../case-records.ts';
import { withDeadlines } from '../deadlines.ts';
import { fieldFailure, type RouteKit } from '../kit.ts';
import { evaluationView, orderView } from '../order-view.ts';
import { storeAttachments } from '../pictures.ts';
import { saveRecord } from '../records.ts';

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
