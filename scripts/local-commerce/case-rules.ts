/**
 * What opening a refund, an exchange or an after-sales case checks and writes alike: the line it is
 * about, the reason and free text a member may give, the new case's first step, and the order's
 * type (REFUND, AFTERSALE, REFUNDAF) once it has such cases.
 */
import type { DatabaseSync } from 'node:sqlite';
import type { Order, RequestOf } from '../../src/lib/api/contract.ts';
import type { RefundReason } from '../../src/lib/constants.ts';
import { reasonsFor } from '../../src/lib/orders/member-actions.ts';
import type { OrderType } from '../../src/lib/orders/statuses.ts';
import { hasEmojiOrSymbols } from '../../src/lib/validation/rules.ts';
import { queueCaseOpened } from './case-mail.ts';
import { MACHINE_RECORDS, saveFields, type AnyStored, type History, type StoredOf, type StoredOrder } from './case-records.ts';
import type { ActionInput } from './case-steps.ts';
import { fieldFailure } from './kit.ts';
import { outboxOf } from './mail.ts';
import { saveRecord } from './records.ts';

type OrderItem = Order['products'][number];

/** Free text without emoji, #, & or !, else `code` on `field`. */
export function checkFreeText(text: string, code: string, field: string): void {
  if (hasEmojiOrSymbols(text)) throw fieldFailure(code, 'Emoji and the characters # & ! cannot be used here', field);
}

/** A product that cannot be returned without a reason takes only a reason that is the goods' fault. */
export function checkReason(reason: RefundReason, item: OrderItem): void {
  if (!reasonsFor([item]).includes(reason))
    throw fieldFailure(
      'OD_REFUND_REASON_NOT_ALLOWED',
      `${item.productDetailInfo.skuName} is returned only for a fault of the goods`,
      'reason',
    );
}

/** A case's first step: opened by the member, in its machine's first status. */
export const openedAt = (status: string, at: number): History => [{ status, at, by: 'MEMBER' }];

/** Keeps a new case of `memberId`, and tells the member it is received (case-mail.ts). */
export function saveNewCase(
  db: DatabaseSync,
  machine: 'refund' | 'exchange' | 'afterSale',
  code: string,
  memberId: string,
  record: AnyStored,
): void {
  saveRecord(db, MACHINE_RECORDS[machine].kind, code, memberId, record.status, record.createdAt, record);
  queueCaseOpened(db, outboxOf(db), memberId, machine, record as StoredOf[typeof machine]);
}

const TYPE_WITH: Record<'refund' | 'afterSale', Partial<Record<OrderType, OrderType>>> = {
  refund: { DEFAULT: 'REFUND', AFTERSALE: 'REFUNDAF' },
  afterSale: { DEFAULT: 'AFTERSALE', REFUND: 'REFUNDAF' },
};

/** The order's type once it has a refund or an after-sales case (REFUNDAF with both); other types stay. */
export const orderTypeWith = (type: OrderType, kind: 'refund' | 'afterSale'): OrderType => TYPE_WITH[kind][type] ?? type;

/** Marks the order as having a refund or an after-sales case. Runs in the caller's transaction, before any move of the order. */
export function markOrderType(db: DatabaseSync, order: StoredOrder, kind: 'refund' | 'afterSale'): void {
  const orderType = orderTypeWith(order.orderType, kind);
  if (orderType !== order.orderType) saveFields(db, 'order', order.orderCode, { ...order, orderType });
}

type ReturnRoute = RequestOf<'refundReturn'>['route'];

/** How the goods come back, as a transition: a courier parcel ('sendBack' with its logistics) or a shop ('dropAtStore'). */
export const returnRoute = (route: ReturnRoute): { action: string; input: ActionInput } =>
  route.way === 'COURIER'
    ? { action: 'sendBack', input: { logistics: { expressCode: route.expressCode, logisticsCode: route.logisticsCode } } }
    : { action: 'dropAtStore', input: { storeCode: route.storeCode } };
