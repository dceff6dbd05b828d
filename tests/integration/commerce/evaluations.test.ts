/**
 * Evaluations: a line of a finished order is evaluated once, with text (no emoji or # & !) and
 * pictures; the store publishes it through the admin endpoint; the public list shows published ones
 * only, newest first, with the average rating.
 */
import { describe, expect, it } from 'vitest';
import { shortName } from '../../../scripts/local-commerce/routes/evaluations.ts';
import {
  adminPublish,
  call,
  expectFailure,
  expectSuccess,
  evaluatedProductOf,
  login,
  memberState,
  NOW,
  orderLineOf,
  OTHER,
  pictureUpload,
  sampleEnv,
  SEEDED,
} from '../../fixtures/commerce-app.ts';

async function signedIn() {
  const env = sampleEnv();
  const { token } = await login(env.app);
  const evaluate = (body: Record<string, unknown>) =>
    call(env.app, 'evaluationCreate', { orderCode: SEEDED.finished, rating: 4, text: '穿起來很舒服', ...body }, { token });
  const list = async (productCode: string) => expectSuccess('evaluationList', await call(env.app, 'evaluationList', { productCode }));
  return { ...env, token, evaluate, list };
}

describe('evaluating', () => {
  it('evaluates a line of a finished order once; it waits for the store, signed with the shortened name', async () => {
    const { app, token, db, evaluate } = await signedIn();
    const item = orderLineOf(db, SEEDED.finished, 0);
    const created = expectSuccess('evaluationCreate', await evaluate({ productId: item.productId, attachments: [pictureUpload()] }));
    expect(created).toMatchObject({
      evaluationId: 'V2026000004',
      productCode: item.productCode,
      productId: item.productId,
      rating: 4,
      text: '穿起來很舒服',
      author: '林**',
      published: 'N',
      createdAt: NOW,
    });
    expect(created.pictures).toEqual([
      {
        attachmentId: expect.stringMatching(/^[0-9a-f]{32}$/),
        name: 'photo.png',
        url: expect.stringMatching(/^\/api\/ticket\/attachment\//),
      },
    ]);
    const order = expectSuccess('orderDetail', await call(app, 'orderDetail', { orderCode: SEEDED.finished }, { token }));
    expect(order.products.map((l) => l.evaluated)).toEqual(['Y', 'N', 'N']);
    expectFailure(await evaluate({ productId: item.productId }), 'EV_NOT_ALLOWED', { field: 'productId' });
    expect(shortName('Chan Tai Man')).toBe('C**');
  });

  it('refuses a line not to be evaluated and text with emoji or # & !, each on its field, changing nothing', async () => {
    const { db, evaluate } = await signedIn();
    const productId = orderLineOf(db, SEEDED.finished, 1).productId;
    const before = memberState(db);
    const refused: Array<[Record<string, unknown>, string, string]> = [
      [{ orderCode: SEEDED.shipped, productId: orderLineOf(db, SEEDED.shipped, 0).productId }, 'EV_NOT_ALLOWED', 'productId'],
      [{ productId: 'NOT-A-LINE' }, 'EV_NOT_ALLOWED', 'productId'],
      // Already evaluated (V2026000003, waiting to be published).
      [{ orderCode: 'O2026000016', productId: orderLineOf(db, 'O2026000016', 0).productId }, 'EV_NOT_ALLOWED', 'productId'],
      [{ productId, text: '很好穿 #推薦' }, 'EV_TEXT_EMOJI', 'text'],
      [{ productId, text: '很好穿很好穿 👍' }, 'EV_TEXT_EMOJI', 'text'],
      [{ productId, text: '好' }, 'EV_TEXT_LENGTH', 'text'],
      [{ productId, rating: 0 }, 'EV_RATING_REQUIRED', 'rating'],
      [{ productId, rating: 6 }, 'EV_RATING_REQUIRED', 'rating'],
      [{ productId, attachments: [{ name: 'a.gif', dataUrl: pictureUpload().dataUrl }] }, 'TK_ATTACHMENT_TYPE', 'attachments'],
    ];
    for (const [body, code, field] of refused) expectFailure(await evaluate(body), code, { field });
    expectFailure(await evaluate({ orderCode: 'O2099999999', productId }), 'ORDER_NOT_FOUND', { field: 'orderCode' });
    expect(memberState(db)).toEqual(before);
  });
});

describe('the public list', () => {
  it('shows the published evaluations of a product, newest first, with their average; publishing adds one', async () => {
    const { app, db, evaluate, list } = await signedIn();
    const seeded = await list(evaluatedProductOf(db));
    expect(seeded.list.map((e) => [e.evaluationId, e.rating, e.author, e.published])).toEqual([
      ['V2026000002', 4, '林**', 'Y'],
      ['V2026000001', 5, '林**', 'Y'],
    ]);
    expect(seeded).toMatchObject({ total: 2, average: 4.5 });

    // V2026000003 waits for the store: its product has nothing to show yet.
    const waiting = orderLineOf(db, 'O2026000016', 0).productCode;
    expect(await list(waiting)).toEqual({ list: [], total: 0, average: null });
    expect(await adminPublish(app, 'V2026000003')).toEqual({ success: true, msgCode: null, resp: { published: 'Y' }, msg: null });
    expect(await list(waiting)).toMatchObject({ total: 1, average: 3, list: [{ evaluationId: 'V2026000003', published: 'Y' }] });

    const item = orderLineOf(db, SEEDED.finished, 0);
    const { evaluationId } = expectSuccess('evaluationCreate', await evaluate({ productId: item.productId, rating: 2 }));
    expect((await list(item.productCode)).total).toBe(0);
    expect((await adminPublish(app, evaluationId)).success).toBe(true);
    expect(await list(item.productCode)).toMatchObject({ total: 1, average: 2 });
    expect(await adminPublish(app, 'V2099999999')).toMatchObject({
      success: false,
      msgCode: 'EVALUATION_NOT_FOUND',
      resp: { field: 'evaluationId' },
    });
    // Paged, and no sign-in needed.
    const paged = expectSuccess(
      'evaluationList',
      await call(app, 'evaluationList', { productCode: evaluatedProductOf(db), page: 2, pageSize: 1 }),
    );
    expect(paged).toMatchObject({ total: 2, average: 4.5, list: [{ evaluationId: 'V2026000001' }] });
  });
});

describe("the member's reviews page", () => {
  it('lists every line of a finished order waiting for a review, and the reviews written, published or not; evaluating moves a line', async () => {
    const { app, token, db, evaluate } = await signedIn();
    const mine = async (body = {}) => expectSuccess('evaluationMine', await call(app, 'evaluationMine', body, { token }));
    const finished = expectSuccess('orderList', await call(app, 'orderList', { status: 'FINISHED', page: 1, pageSize: 100 }, { token }));
    const open = finished.list.flatMap((o) => o.products.filter((p) => p.evaluated === 'N').map((p) => `${o.orderCode}/${p.productId}`));
    expect(open.length).toBeGreaterThan(0);

    const before = await mine();
    expect(before.waiting.map((w) => `${w.orderCode}/${w.productId}`)).toEqual(open);
    const first = orderLineOf(db, SEEDED.finished, 0);
    expect(before.waiting.find((w) => w.productId === first.productId)).toEqual({
      orderCode: SEEDED.finished,
      productId: first.productId,
      productCode: first.productCode,
      skuName: first.productDetailInfo.skuName,
      colorAlias: expect.any(String),
      sizeAlias: expect.any(String),
      imageUrl: expect.stringMatching(/^\/|^https?:/),
      orderedAt: expect.any(Number),
    });
    // O2026000016's first line has its review (V2026000003, waiting for the store): written, not waiting.
    const reviewed = orderLineOf(db, 'O2026000016', 0);
    expect(before.waiting.some((w) => w.orderCode === 'O2026000016' && w.productId === reviewed.productId)).toBe(false);
    expect(before.written.list.map((e) => [e.evaluationId, e.published])).toEqual([
      ['V2026000003', 'N'],
      ['V2026000002', 'Y'],
      ['V2026000001', 'Y'],
    ]);
    expect(before.written.list[0]).toMatchObject({ orderCode: 'O2026000016', productId: reviewed.productId, skuName: expect.any(String) });

    const { evaluationId } = expectSuccess('evaluationCreate', await evaluate({ productId: first.productId }));
    const after = await mine({ page: 1, pageSize: 2 });
    expect(after.waiting.map((w) => `${w.orderCode}/${w.productId}`)).toEqual(
      open.filter((k) => k !== `${SEEDED.finished}/${first.productId}`),
    );
    expect(after.written).toMatchObject({ total: 4, list: [{ evaluationId, published: 'N', orderCode: SEEDED.finished }, {}] });
    expect(after.written.list).toHaveLength(2);

    // Another member sees none of it; a visitor is asked to sign in.
    const other = await login(app, OTHER.email, OTHER.password);
    const theirs = expectSuccess('evaluationMine', await call(app, 'evaluationMine', {}, { token: other.token }));
    expect(theirs.written.list.some((e) => e.evaluationId === evaluationId)).toBe(false);
    expect((await call(app, 'evaluationMine', {})).status).toBe(401);
  });
});
