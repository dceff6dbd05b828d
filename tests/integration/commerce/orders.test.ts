/**
 * The member's orders and what follows them (refunds, exchanges), as seeded.
 */
import { describe, expect, it } from 'vitest';
import { EXCHANGE_STATUSES, ORDER_STATUSES, REFUND_STATUSES } from '../../../src/lib/api/contract.ts';
import { call, expectFailure, expectSuccess, login, OTHER, sampleEnv } from '../../fixtures/commerce-app.ts';

describe('the seeded account records', () => {
  it('orders: one in every ORDER_STATUSES status, newest first, consistent with the catalogue; paging adds up', async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    const all = expectSuccess('orderList', await call(app, 'orderList', { page: 1, pageSize: 100 }, { token }));
    expect(all.list).toHaveLength(all.total);
    expect(new Set(all.list.map((o) => o.status))).toEqual(new Set(ORDER_STATUSES));
    expect(all.list.map((o) => o.createdAt)).toEqual(all.list.map((o) => o.createdAt).sort((a, b) => b - a));
    for (const order of all.list) {
      expect(order.products.length).toBeGreaterThan(0);
      for (const line of order.products) {
        const sku = db.prepare('SELECT product_code FROM skus WHERE sku_code = ?').get(line.skuCode) as
          { product_code: string } | undefined;
        expect(sku?.product_code).toBe(line.productCode);
      }
      const goods = order.products.reduce((n, l) => n + l.productDetailInfo.unitPrice * l.quantity, 0);
      expect(order.total).toBe(goods - order.discount + order.freight);
    }

    const paged: string[] = [];
    for (let page = 1; page < 20; page++) {
      const resp = expectSuccess('orderList', await call(app, 'orderList', { page, pageSize: 5 }, { token }));
      expect(resp.total).toBe(all.total);
      if (resp.list.length === 0) break;
      paged.push(...resp.list.map((o) => o.orderCode));
    }
    expect(paged).toEqual(all.list.map((o) => o.orderCode));
    // The default page is 10 items.
    expect(expectSuccess('orderList', await call(app, 'orderList', {}, { token })).list).toHaveLength(Math.min(10, all.total));
    expectFailure(await call(app, 'orderList', { page: 1, pageSize: 101 }, { token }), 'INVALID_FIELD', { field: 'pageSize' });
    expectFailure(await call(app, 'orderList', { page: 0 }, { token }), 'INVALID_FIELD', { field: 'page' });
  });

  it('orders: the status filter and the detail call', async () => {
    const { app } = sampleEnv();
    const { token } = await login(app);
    const all = expectSuccess('orderList', await call(app, 'orderList', { pageSize: 100 }, { token }));
    for (const status of ORDER_STATUSES) {
      const filtered = expectSuccess('orderList', await call(app, 'orderList', { pageSize: 100, status }, { token }));
      expect(filtered.list.length, status).toBeGreaterThan(0);
      expect(filtered.list.every((o) => o.status === status)).toBe(true);
      expect(filtered.total).toBe(all.list.filter((o) => o.status === status).length);
    }
    expectFailure(await call(app, 'orderList', { status: 'LOST' }, { token }), 'INVALID_FIELD', { field: 'status' });
    for (const order of all.list)
      expect(expectSuccess('orderDetail', await call(app, 'orderDetail', { orderCode: order.orderCode }, { token }))).toEqual(order);
    expectFailure(await call(app, 'orderDetail', { orderCode: 'O0000' }, { token }), 'ORDER_NOT_FOUND', { field: 'orderCode' });

    // Another member sees none of them.
    const other = await login(app, OTHER.email, OTHER.password);
    expect(expectSuccess('orderList', await call(app, 'orderList', {}, { token: other.token }))).toEqual({ list: [], total: 0 });
    expectFailure(await call(app, 'orderDetail', { orderCode: all.list[0]!.orderCode }, { token: other.token }), 'ORDER_NOT_FOUND');
  });

  it('refunds: one in every REFUND_STATUSES status, for seeded orders; the status filter works', async () => {
    const { app } = sampleEnv();
    const { token } = await login(app);
    const orders = new Set(
      expectSuccess('orderList', await call(app, 'orderList', { pageSize: 100 }, { token })).list.map((o) => o.orderCode),
    );
    const all = expectSuccess('refundList', await call(app, 'refundList', { page: 1, pageSize: 100 }, { token }));
    expect(all.list).toHaveLength(all.total);
    expect(new Set(all.list.map((r) => r.status))).toEqual(new Set(REFUND_STATUSES));
    for (const refund of all.list) expect(orders.has(refund.orderCode), refund.refundCode).toBe(true);
    for (const status of REFUND_STATUSES) {
      const filtered = expectSuccess('refundList', await call(app, 'refundList', { pageSize: 100, status }, { token }));
      expect(filtered.list.length, status).toBeGreaterThan(0);
      expect(filtered.list.every((r) => r.status === status)).toBe(true);
      expect(filtered.total).toBe(all.list.filter((r) => r.status === status).length);
    }
  });

  it('exchanges: one in every EXCHANGE_STATUSES status (paged through)', async () => {
    const { app } = sampleEnv();
    const { token } = await login(app);
    const seen: string[] = [];
    let total = -1;
    for (let page = 1; page < 20; page++) {
      const resp = expectSuccess('exchangeList', await call(app, 'exchangeList', { page, pageSize: 3 }, { token }));
      total = resp.total;
      if (resp.list.length === 0) break;
      seen.push(...resp.list.map((e) => e.status));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen)).toEqual(new Set(EXCHANGE_STATUSES));
  });
});
