/**
 * After-sales cases: a repair, quality issue or alteration of a finished order's line within the
 * after-sales window, with pictures checked and stored like ticket attachments; the journey with
 * the store acting through the admin endpoint.
 */
import { describe, expect, it } from 'vitest';
import { AFTER_SALE_WINDOW_DAYS } from '../../../src/lib/constants.ts';
import {
  adminAct,
  call,
  DAY,
  expectFailure,
  expectSuccess,
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
  const env = sampleEnv({ accessTokenTtlSeconds: 120 * 86_400 });
  const { token } = await login(env.app);
  const ask = (body: Record<string, unknown>) =>
    call(
      env.app,
      'afterSaleCreate',
      { orderCode: SEEDED.finishedLongAgo, serviceType: 'REPAIR', description: '拉鍊壞了', ...body },
      { token },
    );
  const afterSale = async (afterSaleCode: string) =>
    expectSuccess('afterSaleDetail', await call(env.app, 'afterSaleDetail', { afterSaleCode }, { token }));
  const order = async (orderCode: string) => expectSuccess('orderDetail', await call(env.app, 'orderDetail', { orderCode }, { token }));
  return { ...env, token, ask, afterSale, order };
}

describe('asking for an after-sales service', () => {
  it('takes a line of an order finished within the after-sales window, with pictures served back as they came', async () => {
    const { app, db, ask, order } = await signedIn();
    // Finished 35 days ago: returns are over, services are not.
    const item = orderLineOf(db, SEEDED.finishedLongAgo, 0);
    const photos = [pictureUpload('zip.png'), pictureUpload('close-up.png')];
    const created = expectSuccess(
      'afterSaleCreate',
      await ask({ productId: item.productId, serviceType: 'QUALITY_ISSUE', attachments: photos }),
    );
    expect(created).toMatchObject({
      afterSaleCode: 'S2026000009',
      orderCode: SEEDED.finishedLongAgo,
      serviceType: 'QUALITY_ISSUE',
      status: 'RETURN_UNAPPROVED',
      description: '拉鍊壞了',
      logistics: null,
      dropStoreCode: null,
      history: [{ status: 'RETURN_UNAPPROVED', at: NOW, by: 'MEMBER' }],
      createdAt: NOW,
    });
    expect(created.line).toMatchObject({ productId: item.productId, productCode: item.productCode, quantity: 1, amount: 0 });
    expect(created.pictures.map((p) => p.name)).toEqual(['zip.png', 'close-up.png']);
    for (const [i, picture] of created.pictures.entries()) {
      expect(picture.url).toBe(`/api/ticket/attachment/${picture.attachmentId}`);
      const res = await app.request(picture.url);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await res.arrayBuffer()).toString('base64')).toBe(photos[i]!.dataUrl.split(',')[1]);
    }
    const after = await order(SEEDED.finishedLongAgo);
    expect(after.orderType).toBe('AFTERSALE');
    expect(after.products[0]!.returnableQty).toBe(0);
    expect(after.cases.afterSales).toEqual([
      { code: 'S2026000009', status: 'RETURN_UNAPPROVED', createdAt: NOW, serviceType: 'QUALITY_ISSUE' },
    ]);
  });

  it('refuses a line it cannot take and bad pictures, each on its field, and changes nothing', async () => {
    const { db, ask, clock } = await signedIn();
    const item = orderLineOf(db, SEEDED.finishedLongAgo, 0);
    const notPng = { name: 'photo.png', dataUrl: `data:image/png;base64,${Buffer.alloc(64, 7).toString('base64')}` };
    const before = memberState(db);
    const refused: Array<[Record<string, unknown>, string, string]> = [
      [{ productId: 'NOT-A-LINE' }, 'OD_AFTERSALE_NOT_ALLOWED', 'productId'],
      [{ orderCode: SEEDED.waitShip, productId: orderLineOf(db, SEEDED.waitShip, 0).productId }, 'OD_AFTERSALE_NOT_ALLOWED', 'productId'],
      [{ orderCode: 'O2026000015', productId: orderLineOf(db, 'O2026000015', 0).productId }, 'OD_AFTERSALE_NOT_ALLOWED', 'productId'],
      // A refused picture is named by its place, so the form drops that one and keeps the others.
      [{ productId: item.productId, attachments: [notPng] }, 'TK_ATTACHMENT_TYPE', 'attachments.0'],
      [{ productId: item.productId, attachments: [pictureUpload('fine.png'), notPng] }, 'TK_ATTACHMENT_TYPE', 'attachments.1'],
      [
        { productId: item.productId, attachments: [1, 2, 3, 4].map((n) => pictureUpload(`p${n}.png`)) },
        'TK_ATTACHMENT_COUNT',
        'attachments',
      ],
      [{ productId: item.productId, serviceType: 'DRY_CLEANING' }, 'OD_AFTERSALE_SERVICE_REQUIRED', 'serviceType'],
      [{ productId: item.productId, description: ' ' }, 'OD_AFTERSALE_DESCRIPTION_REQUIRED', 'description'],
      [{ productId: item.productId, description: '拉鍊壞了😢' }, 'OD_REFUND_EMOJI', 'description'],
      [{ productId: item.productId, description: '拉鍊壞了!' }, 'OD_REFUND_EMOJI', 'description'],
    ];
    for (const [body, code, field] of refused) expectFailure(await ask(body), code, { field });
    // The window closes AFTER_SALE_WINDOW_DAYS after the order finished (35 days before the seed's clock).
    clock.now = NOW - 35 * DAY + AFTER_SALE_WINDOW_DAYS * DAY;
    expectFailure(await ask({ productId: item.productId }), 'OD_AFTERSALE_NOT_ALLOWED', { field: 'productId' });
    expect(memberState(db)).toEqual(before);
    clock.now -= 1;
    expectSuccess('afterSaleCreate', await ask({ productId: item.productId }));
  });

  it("makes an order with a refund REFUNDAF; another member's case is unknown", async () => {
    const { app, token, db, ask, order } = await signedIn();
    const item = orderLineOf(db, SEEDED.finished, 0);
    expectSuccess(
      'refundCreate',
      await call(
        app,
        'refundCreate',
        {
          orderCode: SEEDED.finished,
          refundType: 'REFUND_SHIPPED',
          lines: [{ productId: item.productId, quantity: 1 }],
          reason: 'QUALITY',
          description: '',
        },
        { token },
      ),
    );
    expect((await order(SEEDED.finished)).orderType).toBe('REFUND');
    expectSuccess('afterSaleCreate', await ask({ orderCode: SEEDED.finished, productId: orderLineOf(db, SEEDED.finished, 1).productId }));
    expect((await order(SEEDED.finished)).orderType).toBe('REFUNDAF');
    const other = await login(app, OTHER.email, OTHER.password);
    expectFailure(await call(app, 'afterSaleDetail', { afterSaleCode: 'S2026000001' }, { token: other.token }), 'AFTERSALE_NOT_FOUND', {
      field: 'afterSaleCode',
    });
  });
});

describe('an after-sales case, all the way', () => {
  it('approved, sent by courier, received, completed: SUCCESS; by a shop, refused: REFUSED; withdrawn before sending: CLOSED', async () => {
    const { app, token, db, ask, afterSale, clock } = await signedIn();
    const productId = orderLineOf(db, SEEDED.finishedLongAgo, 0).productId;
    const store = (code: string, action: string) => adminAct(app, { machine: 'afterSale', code, action });
    const send = (afterSaleCode: string, route: Record<string, string>) =>
      call(app, 'afterSaleReturn', { afterSaleCode, route }, { token });

    const repair = expectSuccess('afterSaleCreate', await ask({ productId })).afterSaleCode;
    expectFailure(await send(repair, { way: 'STORE', storeCode: 'TPE001' }), 'AFTERSALE_STATE_CHANGED', { field: null });
    clock.now = NOW + DAY;
    expect((await store(repair, 'approve')).resp).toEqual({ status: 'WAIT_BUYER_RETURN_GOODS' });
    clock.now = NOW + 2 * DAY;
    expect(
      expectSuccess('afterSaleReturn', await send(repair, { way: 'COURIER', expressCode: 'BLACKCAT', logisticsCode: 'TW00000000000007' })),
    ).toMatchObject({
      status: 'WAIT_SEND_WH',
      logistics: { expressCode: 'BLACKCAT', logisticsCode: 'TW00000000000007', sentAt: NOW + 2 * DAY },
    });
    expectFailure(await call(app, 'afterSaleCancel', { afterSaleCode: repair }, { token }), 'AFTERSALE_STATE_CHANGED');
    clock.now = NOW + 3 * DAY;
    expect((await store(repair, 'warehouseReceive')).resp).toEqual({ status: 'WAIT_CONFIRM' });
    expect((await store(repair, 'complete')).resp).toEqual({ status: 'SUCCESS' });
    expect((await afterSale(repair)).history).toEqual([
      { status: 'RETURN_UNAPPROVED', at: NOW, by: 'MEMBER' },
      { status: 'WAIT_BUYER_RETURN_GOODS', at: NOW + DAY, by: 'STORE' },
      { status: 'WAIT_SEND_WH', at: NOW + 2 * DAY, by: 'MEMBER' },
      { status: 'WAIT_CONFIRM', at: NOW + 3 * DAY, by: 'WAREHOUSE' },
      { status: 'SUCCESS', at: NOW + 3 * DAY, by: 'STORE' },
    ]);

    const atShop = expectSuccess(
      'afterSaleCreate',
      await call(
        app,
        'afterSaleCreate',
        {
          orderCode: SEEDED.finishedLongAgo,
          productId: orderLineOf(db, SEEDED.finishedLongAgo, 1).productId,
          serviceType: 'ALTERATION',
          description: '改短袖長',
        },
        { token },
      ),
    ).afterSaleCode;
    await store(atShop, 'approve');
    expect(expectSuccess('afterSaleReturn', await send(atShop, { way: 'STORE', storeCode: 'TPE001' }))).toMatchObject({
      status: 'WAIT_SEND_STORE',
      dropStoreCode: 'TPE001',
    });
    expect((await store(atShop, 'storeReceive')).resp).toEqual({ status: 'WAIT_CONFIRM' });
    expect((await store(atShop, 'refuse')).resp).toEqual({ status: 'REFUSED' });

    // S2026000002 waits for the piece: the member may still withdraw.
    expect(expectSuccess('afterSaleCancel', await call(app, 'afterSaleCancel', { afterSaleCode: 'S2026000002' }, { token })).status).toBe(
      'CLOSED',
    );
    const list = expectSuccess('afterSaleList', await call(app, 'afterSaleList', { pageSize: 100, status: 'CLOSED' }, { token }));
    expect(list.list.map((a) => a.afterSaleCode)).toEqual(['S2026000002', 'S2026000004']);
  });
});
