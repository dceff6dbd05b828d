/**
 * The statuses after which an order, a refund, an exchange or an after-sales case needs
 * nothing more from the member or the store. Anything else is still open: an account with
 * an open case cannot be closed (the commerce API refuses it), and the account pages say why.
 * Browser-safe and free of the contract's schemas (its status lists are imported as types).
 */
import type { EXCHANGE_STATUSES, ORDER_STATUSES, REFUND_STATUSES } from '../api/contract.ts';

type OrderStatus = (typeof ORDER_STATUSES)[number];
type RefundStatus = (typeof REFUND_STATUSES)[number];
type ExchangeStatus = (typeof EXCHANGE_STATUSES)[number];

/** An order that is finished, cancelled or closed (a deposit order whose rest was never paid too). */
export const FINAL_ORDER_STATUSES = ['FINISHED', 'CANCELLED', 'CLOSED', 'REST_PAY_CANCELLED'] as const satisfies readonly OrderStatus[];

/**
 * A refund or an after-sales case (they share the statuses) that has ended: paid back, refused,
 * closed, failed, settled at a shop, timed out, or confirmed by the seller.
 */
export const FINAL_REFUND_STATUSES = [
  'SUCCESS',
  'REFUSED',
  'CLOSED',
  'FAILED',
  'OFFLINE_SUCCESS',
  'TIME_CLOSED',
  'PART_REFUND_FAILURE',
  'SELLER_CONFIRMED',
] as const satisfies readonly RefundStatus[];

/** An exchange that has ended: closed, cancelled, refused, or the replacement sent. */
export const FINAL_EXCHANGE_STATUSES = [
  'CLOSED',
  'CANCELLED',
  'REFUSED',
  'REPLACEMENT_SHIPPED',
] as const satisfies readonly ExchangeStatus[];

const openUnlessIn = (finals: readonly string[]) => (status: string) => !finals.includes(status);
/** Whether a case in this status is still open (not one of the final statuses above). */
export const isOpenOrder = openUnlessIn(FINAL_ORDER_STATUSES);
export const isOpenRefund = openUnlessIn(FINAL_REFUND_STATUSES);
export const isOpenExchange = openUnlessIn(FINAL_EXCHANGE_STATUSES);
