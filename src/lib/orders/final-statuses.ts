/**
 * Whether an order or a case is still open: a status is final when the state machine takes it
 * nowhere. An account with anything open cannot be closed (the commerce API refuses it).
 */
import { AFTER_SALE_TRANSITIONS, EXCHANGE_TRANSITIONS, isFinal, ORDER_TRANSITIONS, REFUND_TRANSITIONS } from './state-machine.ts';
import type { ExchangeStatus, OrderStatus, RefundStatus } from './statuses.ts';

export const isOpenOrder = (status: string) => !isFinal(ORDER_TRANSITIONS, status as OrderStatus);
export const isOpenRefund = (status: string) => !isFinal(REFUND_TRANSITIONS, status as RefundStatus);
export const isOpenExchange = (status: string) => !isFinal(EXCHANGE_TRANSITIONS, status as ExchangeStatus);
export const isOpenAfterSale = (status: string) => !isFinal(AFTER_SALE_TRANSITIONS, status as RefundStatus);
