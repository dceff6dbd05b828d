/**
 * What a member may do now with an order or a case: the state machine's member actions from
 * its status, narrowed by the deadlines and by what is left to return or evaluate. The pages
 * show a button for exactly these, and the local API refuses anything else, so a button is
 * never offered for an action the API would refuse.
 */
import { AFTER_SALE_WINDOW_DAYS, NO_FAULT_REASONS, REFUND_REASONS, RETURN_WINDOW_DAYS, type RefundReason } from '../constants.ts';
import {
  actionsFor,
  AFTER_SALE_TRANSITIONS,
  EXCHANGE_TRANSITIONS,
  ORDER_TRANSITIONS,
  REFUND_TRANSITIONS,
  type AfterSaleAction,
  type ExchangeAction,
  type RefundAction,
} from './state-machine.ts';
import type { ExchangeStatus, OrderStatus, RefundStatus, RefundType } from './statuses.ts';

const DAY = 86_400_000;

/** What of an order the rules read: its status, deadlines and lines. */
export interface OrderFacts {
  status: OrderStatus;
  payBy: number | null;
  finishedAt: number | null;
  presale: { restStartAt: number; restEndAt: number } | null;
  shipments: ReadonlyArray<{ trackingCode: string | null }>;
  products: ReadonlyArray<{ returnableQty: number; evaluated: 'Y' | 'N'; noReasonToReturnFlag: string }>;
}

export type OrderButton =
  | 'pay'
  | 'payDeposit'
  | 'payRest'
  | 'cancel'
  | 'requestCancel'
  | 'withdrawCancel'
  | 'confirmReceipt'
  | 'track'
  | 'refund'
  | 'exchange'
  | 'afterSale'
  | 'evaluate'
  | 'buyAgain';

/** Whether a payment step can start now: the table lets the provider take it, and its window is open. */
export function canPay(order: OrderFacts, now: number): 'pay' | 'payDeposit' | 'payRest' | null {
  const payments = actionsFor(ORDER_TRANSITIONS, order.status, 'PAYMENT');
  if (payments.includes('pay') && (order.payBy === null || now < order.payBy)) return 'pay';
  if (payments.includes('payDeposit') && (order.payBy === null || now < order.payBy)) return 'payDeposit';
  if (payments.includes('payRest') && order.presale && now >= order.presale.restStartAt && now < order.presale.restEndAt) return 'payRest';
  return null;
}

/** Whether the returns window (refund, exchange) or the longer after-sales window is open. */
export function windowOpen(order: OrderFacts, kind: 'return' | 'afterSale', now: number): boolean {
  if (order.status !== 'FINISHED' || order.finishedAt === null) return false;
  const days = kind === 'return' ? RETURN_WINDOW_DAYS : AFTER_SALE_WINDOW_DAYS;
  return now < order.finishedAt + days * DAY;
}

export function orderButtons(order: OrderFacts, now: number): OrderButton[] {
  const buttons: OrderButton[] = [];
  const pay = canPay(order, now);
  if (pay) buttons.push(pay);
  for (const action of actionsFor(ORDER_TRANSITIONS, order.status, 'MEMBER'))
    if (action === 'cancel' || action === 'requestCancel' || action === 'withdrawCancel' || action === 'confirmReceipt')
      buttons.push(action);
  if (order.shipments.some((s) => s.trackingCode)) buttons.push('track');
  const left = order.products.filter((p) => p.returnableQty > 0);
  if (windowOpen(order, 'return', now) && left.some((p) => p.noReasonToReturnFlag !== 'ONLY_EXCHANGE_NOT_RETREAT')) buttons.push('refund');
  if (windowOpen(order, 'return', now) && left.length > 0) buttons.push('exchange');
  if (windowOpen(order, 'afterSale', now) && left.length > 0) buttons.push('afterSale');
  if (order.status === 'FINISHED' && order.products.some((p) => p.evaluated === 'N')) buttons.push('evaluate');
  if (['FINISHED', 'CANCELLED', 'CLOSED', 'REST_PAY_CANCELLED'].includes(order.status)) buttons.push('buyAgain');
  return buttons;
}

/** The refund types an order can take now: cancelling it before it ships, or, once finished, refund only and return and refund. */
export function refundTypesFor(order: OrderFacts, now: number): RefundType[] {
  if (actionsFor(ORDER_TRANSITIONS, order.status, 'MEMBER').includes('requestCancel')) return ['REFUND_UNSHIPPED'];
  if (!windowOpen(order, 'return', now)) return [];
  const returnable = order.products.some((p) => p.returnableQty > 0 && p.noReasonToReturnFlag !== 'ONLY_EXCHANGE_NOT_RETREAT');
  return returnable ? ['REFUND_SHIPPED', 'REFUND_RETURN'] : [];
}

/** A refund's member actions: withdraw it, send the goods back (courier or shop), answer the store's offer. */
export const refundActions = (status: RefundStatus): RefundAction[] => actionsFor(REFUND_TRANSITIONS, status, 'MEMBER');
export const exchangeActions = (status: ExchangeStatus): ExchangeAction[] => actionsFor(EXCHANGE_TRANSITIONS, status, 'MEMBER');
export const afterSaleActions = (status: RefundStatus): AfterSaleAction[] => actionsFor(AFTER_SALE_TRANSITIONS, status, 'MEMBER');

/**
 * The reasons a member may give for returning or exchanging `items`: only a fault of the goods
 * when one of them cannot be returned without a reason (noReasonToReturnFlag N). Cancelling an
 * order before it ships returns nothing, so it takes any reason: ask with no items.
 */
export function reasonsFor(items: ReadonlyArray<{ noReasonToReturnFlag: string }>): readonly RefundReason[] {
  if (!items.some((item) => item.noReasonToReturnFlag === 'N')) return REFUND_REASONS;
  return REFUND_REASONS.filter((reason) => !(NO_FAULT_REASONS as readonly RefundReason[]).includes(reason));
}
