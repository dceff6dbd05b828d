/**
 * Invoices: those issued for the member's orders, each with how it was issued (its carrier) and
 * its status, and the default carrier checkout starts with.
 */
import { describe, expect, it } from 'vitest';
import type { RequestOf } from '../../../src/lib/api/contract.ts';
import {
  call,
  checkoutEnv,
  expectFailure,
  expectSuccess,
  login,
  memberState,
  order,
  OTHER,
  PICKUP,
  sampleEnv,
  shopper,
} from '../../fixtures/commerce-app.ts';

const CARRIERS = [
  { type: 'CLOUD', vehicle: 'MEMBER' },
  { type: 'CLOUD', vehicle: 'PHONE', vehicleCode: '/ABC+123' },
  { type: 'CLOUD', vehicle: 'CERTIFICATE', vehicleCode: 'AB12345678901234' },
  { type: 'COMPANY', taxId: '24536806', title: '綠線服飾股份有限公司' },
  { type: 'DONATION', target: '919' },
] as const satisfies Array<RequestOf<'invoiceCarrierSave'>>;

describe('invoices', () => {
  it("lists the demo member's invoices, newest first: every kind of carrier, one void for the cancelled order", async () => {
    const { app } = sampleEnv();
    const { token } = await login(app);
    const orders = expectSuccess('orderList', await call(app, 'orderList', { pageSize: 100 }, { token })).list;
    const { list, total } = expectSuccess('invoiceList', await call(app, 'invoiceList', { pageSize: 100 }, { token }));
    expect(total).toBe(6);
    expect(list.map((i) => i.issuedAt)).toEqual(list.map((i) => i.issuedAt).sort((a, b) => b - a));
    for (const invoice of list) {
      const ordered = orders.find((o) => o.orderCode === invoice.orderCode)!;
      expect(invoice.type).toBe(invoice.carrier.type);
      expect(invoice.amount).toBe(ordered.total);
      expect(invoice.status).toBe(ordered.status === 'CANCELLED' ? 'VOID' : 'ISSUED');
    }
    expect(list.filter((i) => i.status === 'VOID')).toHaveLength(1);
    for (const carrier of CARRIERS) expect(list.map((i) => i.carrier)).toContainEqual(carrier);
    expect(expectSuccess('invoiceList', await call(app, 'invoiceList', { page: 2, pageSize: 4 }, { token })).list).toEqual(list.slice(4));

    const other = await login(app, OTHER.email, OTHER.password);
    expect(expectSuccess('invoiceList', await call(app, 'invoiceList', {}, { token: other.token }))).toEqual({ list: [], total: 0 });
  });

  it('placing an order issues no invoice', async () => {
    const env = checkoutEnv();
    const me = await shopper(env);
    expectSuccess('orderCreate', await order(env, me, PICKUP));
    expect(expectSuccess('invoiceList', await call(env.app, 'invoiceList', {}, { token: me.token }))).toEqual({ list: [], total: 0 });
  });
});

describe('the default invoice carrier', () => {
  it("answers the demo member's mobile barcode, and null for a member without one", async () => {
    const env = sampleEnv();
    const { token } = await login(env.app);
    expect(expectSuccess('invoiceCarrier', await call(env.app, 'invoiceCarrier', {}, { token }))).toEqual(CARRIERS[1]);
    const me = await shopper(env, []);
    expect((await call(env.app, 'invoiceCarrier', {}, { token: me.token })).json).toEqual({
      success: true,
      msgCode: null,
      resp: null,
      msg: null,
    });
  });

  it('saves each kind of carrier; a malformed one is refused, changing nothing', async () => {
    const env = sampleEnv();
    const me = await shopper(env, []);
    for (const carrier of CARRIERS) {
      expect(expectSuccess('invoiceCarrierSave', await call(env.app, 'invoiceCarrierSave', carrier, { token: me.token }))).toEqual(carrier);
      expect(expectSuccess('invoiceCarrier', await call(env.app, 'invoiceCarrier', {}, { token: me.token }))).toEqual(carrier);
    }
    const before = memberState(env.db);
    for (const [body, code, field] of [
      [{ type: 'CLOUD', vehicle: 'PHONE', vehicleCode: 'ABC+1234' }, 'OD_INVOICE_PHONE_CODE', 'vehicleCode'],
      [{ type: 'CLOUD', vehicle: 'CERTIFICATE', vehicleCode: 'A123456789012345' }, 'OD_INVOICE_CERTIFICATE_CODE', 'vehicleCode'],
      [{ type: 'COMPANY', taxId: '1234567', title: '公司' }, 'OD_INVOICE_TAX_ID', 'taxId'],
      [{ type: 'COMPANY', taxId: '12345678', title: ' ' }, 'OD_INVOICE_TITLE_REQUIRED', 'title'],
      [{ type: 'DONATION', target: '000' }, 'OD_INVOICE_DONATION_TARGET', 'target'],
    ] as const)
      expectFailure(await call(env.app, 'invoiceCarrierSave', body, { token: me.token }), code, { field });
    expect(memberState(env.db)).toEqual(before);
    // Another member's default is their own.
    const { token } = await login(env.app);
    expect(expectSuccess('invoiceCarrier', await call(env.app, 'invoiceCarrier', {}, { token }))).toEqual(CARRIERS[1]);
  });
});
