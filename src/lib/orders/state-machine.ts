/**
 * The one state machine of what follows a purchase: orders, refunds, exchanges and after-sales
 * cases, each a table of (from, action, to, who). The local API allows exactly these
 * transitions (in a transaction, refusing any other), the pages offer a member exactly the
 * actions the table gives the member from the current state, and docs/order-states.md is drawn
 * from it (npm run docs:states).
 *
 * Who acts: the MEMBER (on the pages), the STORE and the WAREHOUSE (the back office; locally the
 * admin page), the PAYMENT provider, and the SYSTEM when a deadline passes (an unpaid order, a
 * rest payment window, a parcel not collected, goods never sent back).
 */
import type { ExchangeStatus, OrderStatus, RefundStatus, RefundType } from './statuses.ts';

export type Actor = 'MEMBER' | 'STORE' | 'WAREHOUSE' | 'PAYMENT' | 'SYSTEM';

export interface Transition<S extends string = string, A extends string = string> {
  from: S;
  action: A;
  to: S;
  by: Actor;
}

const t = <S extends string, A extends string>(from: S, action: A, to: S, by: Actor): Transition<S, A> => ({ from, action, to, by });

// ---------------------------------------------------------------------------------------
// Orders

export const ORDER_ACTIONS = [
  'pay',
  'cancel',
  'expire',
  'payDeposit',
  'payRest',
  'restExpire',
  'requestCancel',
  'withdrawCancel',
  'approveCancel',
  'refuseCancel',
  'shipPart',
  'shipAll',
  'arriveForPickup',
  'confirmReceipt',
  'autoConfirm',
  'pickUp',
  'notCollected',
  'returnedToWarehouse',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export const ORDER_TRANSITIONS: readonly Transition<OrderStatus, OrderAction>[] = [
  // Paying, or not: an online order waits for its payment until its deadline.
  t('UNPAID', 'pay', 'WAIT_SHIP', 'PAYMENT'),
  t('UNPAID', 'cancel', 'CANCELLED', 'MEMBER'),
  t('UNPAID', 'expire', 'CLOSED', 'SYSTEM'),
  // A presale order: the deposit, then the rest within its window.
  t('WAIT_DEPOSIT_PAY', 'payDeposit', 'WAIT_REST_PAY', 'PAYMENT'),
  t('WAIT_DEPOSIT_PAY', 'cancel', 'CANCELLED', 'MEMBER'),
  t('WAIT_DEPOSIT_PAY', 'expire', 'CLOSED', 'SYSTEM'),
  t('WAIT_REST_PAY', 'payRest', 'WAIT_SHIP', 'PAYMENT'),
  t('WAIT_REST_PAY', 'restExpire', 'REST_PAY_CANCELLED', 'SYSTEM'),
  // A paid order not yet shipped: the member asks to cancel it (a REFUND_UNSHIPPED case), the store decides.
  t('WAIT_SHIP', 'requestCancel', 'WAIT_CONFIRM', 'MEMBER'),
  t('WAIT_CONFIRM', 'withdrawCancel', 'WAIT_SHIP', 'MEMBER'),
  t('WAIT_CONFIRM', 'approveCancel', 'CANCELLED', 'STORE'),
  t('WAIT_CONFIRM', 'refuseCancel', 'WAIT_SHIP', 'STORE'),
  // Shipping: in one parcel or several; to the door, or to a store or convenience store for pickup.
  t('WAIT_SHIP', 'shipPart', 'PARTIAL_SHIP', 'WAREHOUSE'),
  t('WAIT_SHIP', 'shipAll', 'SHIPPED', 'WAREHOUSE'),
  t('PARTIAL_SHIP', 'shipAll', 'SHIPPED', 'WAREHOUSE'),
  t('SHIPPED', 'arriveForPickup', 'WAIT_PICK', 'WAREHOUSE'),
  t('SHIPPED', 'confirmReceipt', 'FINISHED', 'MEMBER'),
  t('SHIPPED', 'autoConfirm', 'FINISHED', 'SYSTEM'),
  t('WAIT_PICK', 'pickUp', 'FINISHED', 'STORE'),
  // Never collected: the parcel goes back, and the order closes when the warehouse has it.
  t('WAIT_PICK', 'notCollected', 'WAIT_BACK', 'SYSTEM'),
  t('WAIT_BACK', 'returnedToWarehouse', 'CLOSED', 'WAREHOUSE'),
];

// ---------------------------------------------------------------------------------------
// Refunds: refund only, cancelling an unshipped order, return and refund

export const REFUND_ACTIONS = [
  'approve',
  'refuse',
  'cancel',
  'sendBack',
  'dropAtStore',
  'storeReceive',
  'forwardToWarehouse',
  'warehouseReceive',
  'inspectPass',
  'inspectPartial',
  'acceptPartial',
  'rejectPartial',
  'sellerConfirm',
  'settle',
  'auditPass',
  'paidBack',
  'payFail',
  'payPartFail',
  'retryPay',
  'offlineRefund',
  'timeout',
] as const;
export type RefundAction = (typeof REFUND_ACTIONS)[number];

/** Where a new refund starts: a return waits for approval, refund only too, a cancelled unshipped order goes to the refund audit. */
export const REFUND_INITIAL: Readonly<Record<RefundType, RefundStatus>> = {
  REFUND_RETURN: 'RETURN_UNAPPROVED',
  REFUND_SHIPPED: 'REFUND_UNAPPROVED',
  REFUND_UNSHIPPED: 'SELLER_REFUND_AUDIT',
};

export const REFUND_TRANSITIONS: readonly Transition<RefundStatus, RefundAction>[] = [
  t('RETURN_UNAPPROVED', 'approve', 'WAIT_BUYER_RETURN_GOODS', 'STORE'),
  t('RETURN_UNAPPROVED', 'refuse', 'REFUSED', 'STORE'),
  t('RETURN_UNAPPROVED', 'cancel', 'CLOSED', 'MEMBER'),
  t('REFUND_UNAPPROVED', 'approve', 'SELLER_REFUND_AUDIT', 'STORE'),
  t('REFUND_UNAPPROVED', 'refuse', 'REFUSED', 'STORE'),
  t('REFUND_UNAPPROVED', 'cancel', 'CLOSED', 'MEMBER'),
  // The goods come back: by courier to the warehouse, or handed in at a shop that forwards them.
  t('WAIT_BUYER_RETURN_GOODS', 'sendBack', 'WAIT_SEND_WH', 'MEMBER'),
  t('WAIT_BUYER_RETURN_GOODS', 'dropAtStore', 'WAIT_SEND_STORE', 'MEMBER'),
  t('WAIT_BUYER_RETURN_GOODS', 'cancel', 'CLOSED', 'MEMBER'),
  t('WAIT_BUYER_RETURN_GOODS', 'timeout', 'TIME_CLOSED', 'SYSTEM'),
  t('WAIT_SEND_STORE', 'storeReceive', 'CONFIRM_RETURNED_STORE', 'STORE'),
  t('WAIT_SEND_STORE', 'timeout', 'TIME_CLOSED', 'SYSTEM'),
  t('CONFIRM_RETURNED_STORE', 'forwardToWarehouse', 'WAIT_RETURN_STORE', 'STORE'),
  t('WAIT_RETURN_STORE', 'warehouseReceive', 'WAIT_CONFIRM', 'WAREHOUSE'),
  t('WAIT_SEND_WH', 'warehouseReceive', 'WAIT_CONFIRM', 'WAREHOUSE'),
  // The warehouse inspects: all good, or less is refunded (worn, a part missing) and the member is asked.
  t('WAIT_CONFIRM', 'inspectPass', 'WAIT_REFUND_TO_BUYER', 'WAREHOUSE'),
  t('WAIT_CONFIRM', 'inspectPartial', 'WAIT_BUYER_CONFIRM', 'WAREHOUSE'),
  t('WAIT_BUYER_CONFIRM', 'acceptPartial', 'WAIT_REFUND_TO_BUYER', 'MEMBER'),
  t('WAIT_BUYER_CONFIRM', 'rejectPartial', 'BUYER_UNCONFIRMED', 'MEMBER'),
  t('BUYER_UNCONFIRMED', 'sellerConfirm', 'SELLER_CONFIRMED', 'STORE'),
  t('SELLER_CONFIRMED', 'settle', 'WAIT_REFUND_TO_BUYER', 'STORE'),
  // The refund audit, then the money goes back.
  t('SELLER_REFUND_AUDIT', 'auditPass', 'WAIT_REFUND_TO_BUYER', 'STORE'),
  t('SELLER_REFUND_AUDIT', 'refuse', 'REFUSED', 'STORE'),
  t('SELLER_REFUND_AUDIT', 'cancel', 'CLOSED', 'MEMBER'),
  t('WAIT_REFUND_TO_BUYER', 'paidBack', 'SUCCESS', 'PAYMENT'),
  t('WAIT_REFUND_TO_BUYER', 'payFail', 'FAILED', 'PAYMENT'),
  t('WAIT_REFUND_TO_BUYER', 'payPartFail', 'PART_REFUND_FAILURE', 'PAYMENT'),
  t('FAILED', 'retryPay', 'SUCCESS', 'PAYMENT'),
  t('FAILED', 'offlineRefund', 'OFFLINE_SUCCESS', 'STORE'),
  t('PART_REFUND_FAILURE', 'retryPay', 'SUCCESS', 'PAYMENT'),
  t('PART_REFUND_FAILURE', 'offlineRefund', 'OFFLINE_SUCCESS', 'STORE'),
];

// ---------------------------------------------------------------------------------------
// Exchanges: another size or colour of the same product

export const EXCHANGE_ACTIONS = [
  'approve',
  'refuse',
  'cancel',
  'sendBack',
  'timeout',
  'warehouseReceive',
  'shipReplacement',
  'confirmReceipt',
  'autoConfirm',
] as const;
export type ExchangeAction = (typeof EXCHANGE_ACTIONS)[number];
export const EXCHANGE_INITIAL: ExchangeStatus = 'EXCHANGE_UNAPPROVED';

export const EXCHANGE_TRANSITIONS: readonly Transition<ExchangeStatus, ExchangeAction>[] = [
  t('EXCHANGE_UNAPPROVED', 'approve', 'UNUPLOAD_EXPR', 'STORE'),
  t('EXCHANGE_UNAPPROVED', 'refuse', 'REFUSED', 'STORE'),
  t('EXCHANGE_UNAPPROVED', 'cancel', 'CANCELLED', 'MEMBER'),
  // Approved: the member sends the item back and records the parcel.
  t('UNUPLOAD_EXPR', 'sendBack', 'UNCONFIRM_RCV', 'MEMBER'),
  t('UNUPLOAD_EXPR', 'cancel', 'CANCELLED', 'MEMBER'),
  t('UNUPLOAD_EXPR', 'timeout', 'CLOSED', 'SYSTEM'),
  t('UNCONFIRM_RCV', 'warehouseReceive', 'INBOUND', 'WAREHOUSE'),
  t('INBOUND', 'shipReplacement', 'REPLACEMENT_SHIPPED', 'WAREHOUSE'),
  t('REPLACEMENT_SHIPPED', 'confirmReceipt', 'CLOSED', 'MEMBER'),
  t('REPLACEMENT_SHIPPED', 'autoConfirm', 'CLOSED', 'SYSTEM'),
];

// ---------------------------------------------------------------------------------------
// After-sales cases: repair, a quality issue, an alteration

export const AFTER_SALE_ACTIONS = [
  'approve',
  'refuse',
  'cancel',
  'sendBack',
  'dropAtStore',
  'warehouseReceive',
  'storeReceive',
  'complete',
] as const;
export type AfterSaleAction = (typeof AFTER_SALE_ACTIONS)[number];
export const AFTER_SALE_INITIAL: RefundStatus = 'RETURN_UNAPPROVED';

export const AFTER_SALE_TRANSITIONS: readonly Transition<RefundStatus, AfterSaleAction>[] = [
  t('RETURN_UNAPPROVED', 'approve', 'WAIT_BUYER_RETURN_GOODS', 'STORE'),
  t('RETURN_UNAPPROVED', 'refuse', 'REFUSED', 'STORE'),
  t('RETURN_UNAPPROVED', 'cancel', 'CLOSED', 'MEMBER'),
  t('WAIT_BUYER_RETURN_GOODS', 'sendBack', 'WAIT_SEND_WH', 'MEMBER'),
  t('WAIT_BUYER_RETURN_GOODS', 'dropAtStore', 'WAIT_SEND_STORE', 'MEMBER'),
  t('WAIT_BUYER_RETURN_GOODS', 'cancel', 'CLOSED', 'MEMBER'),
  t('WAIT_SEND_WH', 'warehouseReceive', 'WAIT_CONFIRM', 'WAREHOUSE'),
  t('WAIT_SEND_STORE', 'storeReceive', 'WAIT_CONFIRM', 'STORE'),
  // The piece is repaired, altered or replaced and sent back; or the store finds no fault.
  t('WAIT_CONFIRM', 'complete', 'SUCCESS', 'STORE'),
  t('WAIT_CONFIRM', 'refuse', 'REFUSED', 'STORE'),
];

// ---------------------------------------------------------------------------------------
// Reading the tables

export const MACHINES = {
  order: ORDER_TRANSITIONS,
  refund: REFUND_TRANSITIONS,
  exchange: EXCHANGE_TRANSITIONS,
  afterSale: AFTER_SALE_TRANSITIONS,
} as const;
export type MachineName = keyof typeof MACHINES;

/** Where `action` by `by` takes a case in `from`, or null when the table does not allow it. */
export function nextStatus<S extends string, A extends string>(
  table: readonly Transition<S, A>[],
  from: S,
  action: A,
  by: Actor,
): S | null {
  return table.find((row) => row.from === from && row.action === action && row.by === by)?.to ?? null;
}

/** The actions `by` may take from `from`, in table order. */
export function actionsFor<S extends string, A extends string>(table: readonly Transition<S, A>[], from: S, by: Actor): A[] {
  return table.filter((row) => row.from === from && row.by === by).map((row) => row.action);
}

/** Whether a case in `status` is over: nobody can take it anywhere. */
export function isFinal<S extends string>(table: readonly Transition<S>[], status: S): boolean {
  return !table.some((row) => row.from === status);
}

/** Every status the table mentions, in the order they first appear. */
export function statusesOf<S extends string>(table: readonly Transition<S>[]): S[] {
  return [...new Set(table.flatMap((row) => [row.from, row.to]))];
}
