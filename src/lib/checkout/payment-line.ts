/**
 * What an order's payment line says. Paid online, it is paid when the provider says so
 * (payment.paidAt). Cash on delivery and paying in store are paid when the parcel is handed over:
 * until then the line says when it will be paid, not that the member owes something; once the
 * order is finished (received, or collected at the store) it was paid then (finishedAt). An order
 * that ended without being handed over (cancelled, closed, returned uncollected) was never paid.
 */
import type { PaymentMethod } from '../constants.ts';

export type PaymentLine =
  | { kind: 'paid'; at: number }
  | { kind: 'onHandover'; method: HandoverMethod }
  | { kind: 'paidOnHandover'; method: HandoverMethod; at: number }
  | { kind: 'notPaid' };

/** The methods paid when the goods are handed over. */
export type HandoverMethod = Extract<PaymentMethod, 'COD' | 'PAY_IN_STORE'>;
const HANDOVER_METHODS: readonly string[] = ['COD', 'PAY_IN_STORE'] satisfies HandoverMethod[];

/** Order statuses after which nothing will be handed over. */
const ENDED_UNDELIVERED = new Set(['CANCELLED', 'CLOSED', 'REST_PAY_CANCELLED', 'WAIT_BACK']);

export function paymentLine(order: {
  status: string;
  finishedAt: number | null;
  payment: { method: string; paidAt: number | null };
}): PaymentLine {
  const { method, paidAt } = order.payment;
  if (paidAt !== null) return { kind: 'paid', at: paidAt };
  if (!HANDOVER_METHODS.includes(method)) return { kind: 'notPaid' };
  const handover = method as HandoverMethod;
  if (order.status === 'FINISHED' && order.finishedAt !== null) return { kind: 'paidOnHandover', method: handover, at: order.finishedAt };
  if (ENDED_UNDELIVERED.has(order.status)) return { kind: 'notPaid' };
  return { kind: 'onHandover', method: handover };
}
