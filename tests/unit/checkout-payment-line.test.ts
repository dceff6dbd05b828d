/** What an order's payment line says (lib/checkout/payment-line.ts). */
import { describe, expect, it } from 'vitest';
import { paymentLine } from '../../src/lib/checkout/payment-line.ts';

const AT = 1_790_000_000_000;
const order = (method: string, status: string, paidAt: number | null = null, finishedAt: number | null = null) => ({
  status,
  finishedAt,
  payment: { method, paidAt },
});

describe('paymentLine', () => {
  it('an online order is paid when the provider says so, and not before', () => {
    expect(paymentLine(order('ONLINE', 'WAIT_SHIP', AT))).toEqual({ kind: 'paid', at: AT });
    expect(paymentLine(order('ONLINE', 'UNPAID'))).toEqual({ kind: 'notPaid' });
  });

  it('cash on delivery is to be paid on delivery until the order is finished, then paid when it finished', () => {
    for (const status of ['WAIT_SHIP', 'WAIT_CONFIRM', 'PARTIAL_SHIP', 'SHIPPED', 'WAIT_PICK'])
      expect(paymentLine(order('COD', status)), status).toEqual({ kind: 'onHandover', method: 'COD' });
    expect(paymentLine(order('COD', 'FINISHED', null, AT))).toEqual({ kind: 'paidOnHandover', method: 'COD', at: AT });
  });

  it('paying in store reads the same at the counter', () => {
    expect(paymentLine(order('PAY_IN_STORE', 'WAIT_PICK'))).toEqual({ kind: 'onHandover', method: 'PAY_IN_STORE' });
    expect(paymentLine(order('PAY_IN_STORE', 'FINISHED', null, AT))).toEqual({ kind: 'paidOnHandover', method: 'PAY_IN_STORE', at: AT });
  });

  it('an order that ended without being handed over was never paid', () => {
    for (const status of ['CANCELLED', 'CLOSED', 'WAIT_BACK'])
      expect(paymentLine(order('COD', status)), status).toEqual({ kind: 'notPaid' });
  });
});
