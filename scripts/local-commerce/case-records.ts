/**
 * What follows a purchase, as the `records` table keeps it: an order, a refund, an exchange, an
 * after-sales case and an evaluation are each the contract's shape plus the few facts the API
 * needs and never answers (an order's timeline and deadlines, a return's send-by date). The
 * views (order-view.ts) take those away again, so an answer is exactly the contract.
 */
import type { DatabaseSync } from 'node:sqlite';
import type { z } from 'zod';
import type { AfterSale, Evaluation, Exchange, Order, Refund } from '../../src/lib/api/contract.ts';
import type { orderLineSchema } from '../../src/lib/api/contract-kit.ts';
import type { MachineName } from '../../src/lib/orders/state-machine.ts';
import { ApiFailure, fieldFailure } from './kit.ts';
import { recordOf } from './records.ts';

export type History = Refund['history'];
/** A placed line: what checkout wrote (the level-2 product id, the SKU, the price paid). */
export type OrderLine = z.infer<typeof orderLineSchema>;

/** An order as kept: the contract's Order without what is derived on reading (order-view.ts). */
export interface StoredOrder extends Omit<Order, 'products' | 'invoiceNo' | 'cases' | 'store'> {
  products: OrderLine[];
  /** Kept when placed (a convenience store's name and address are the map's); orders from before, and seeded ones, have only storeCode. */
  store?: Order['store'];
  /** When the last parcel left: the order finishes by itself AUTO_CONFIRM_DAYS later. */
  shippedAt: number | null;
  /** A parcel waiting at a store goes back when this passes. */
  pickupBy: number | null;
  history: History;
}

export interface StoredRefund extends Refund {
  /** Approved goods not sent back (or not handed in) by then close the case. */
  returnBy: number | null;
}

export interface StoredExchange extends Exchange {
  returnBy: number | null;
  /** The replacement counts as received AUTO_CONFIRM_DAYS after this. */
  replacementShippedAt: number | null;
}

export type StoredAfterSale = AfterSale;

export interface StoredEvaluation extends Evaluation {
  orderCode: string;
}

export interface StoredOf {
  order: StoredOrder;
  refund: StoredRefund;
  exchange: StoredExchange;
  afterSale: StoredAfterSale;
}
export type AnyStored = StoredOf[MachineName];

/** The records kind each machine's cases are kept under, and the field their code is in a request. */
export const MACHINE_RECORDS: Readonly<Record<MachineName, { kind: string; codeField: string; noun: string; prefix: string }>> = {
  order: { kind: 'order', codeField: 'orderCode', noun: 'ORDER', prefix: 'O' },
  refund: { kind: 'refund', codeField: 'refundCode', noun: 'REFUND', prefix: 'R' },
  exchange: { kind: 'exchange', codeField: 'exchangeCode', noun: 'EXCHANGE', prefix: 'E' },
  afterSale: { kind: 'aftersale', codeField: 'afterSaleCode', noun: 'AFTERSALE', prefix: 'S' },
};

/** The case's code, whatever its machine. */
export const codeOf = (machine: MachineName, record: AnyStored) =>
  (record as unknown as Record<string, string>)[MACHINE_RECORDS[machine].codeField]!;

/** A member's case by code, or `<NOUN>_NOT_FOUND` on its field: another member's answers as unknown. */
export function memberCase<M extends MachineName>(db: DatabaseSync, machine: M, code: string, memberId: string): StoredOf[M] {
  const { kind, codeField, noun } = MACHINE_RECORDS[machine];
  const found = recordOf<StoredOf[M]>(db, kind, code, memberId);
  if (!found) throw fieldFailure(`${noun}_NOT_FOUND`, `No such ${machine}`, codeField);
  return found;
}

/** Any member's case by code (the store's side), or `<NOUN>_NOT_FOUND`. */
export function anyCase<M extends MachineName>(db: DatabaseSync, machine: M, code: string): StoredOf[M] {
  const { kind, noun } = MACHINE_RECORDS[machine];
  const found = recordOf<StoredOf[M]>(db, kind, code);
  if (!found) throw new ApiFailure(`${noun}_NOT_FOUND`, `No ${machine} ${code}`, 200, { field: 'code' });
  return found;
}

/** The next code of a kind: its prefix, the year and a number one past the kind's count (seeded codes come first). */
export function nextCaseCode(db: DatabaseSync, machine: Exclude<MachineName, 'order'> | 'evaluation', at: number): string {
  const { kind, prefix } = machine === 'evaluation' ? { kind: 'evaluation', prefix: 'V' } : MACHINE_RECORDS[machine];
  const { n } = db.prepare('SELECT COUNT(*) AS n FROM records WHERE kind = ?').get(kind) as { n: number };
  return `${prefix}${new Date(at).getUTCFullYear()}${String(n + 1).padStart(6, '0')}`;
}

/** Writes a record's document without touching its status: only the transition function moves a status. */
export function saveFields<R extends { status: string }>(db: DatabaseSync, kind: string, id: string, record: R): void {
  const { changes } = db
    .prepare('UPDATE records SET json = ? WHERE kind = ? AND id = ? AND status = ?')
    .run(JSON.stringify(record), kind, id, record.status);
  if (changes !== 1) throw new ApiFailure(`${kind.toUpperCase()}_STATE_CHANGED`, `The ${kind} changed meanwhile`);
}

/** An order's cases, oldest first. */
export function casesOfOrder(db: DatabaseSync, orderCode: string) {
  const of = <T>(kind: string) =>
    (
      db
        .prepare("SELECT json FROM records WHERE kind = ? AND json_extract(json, '$.orderCode') = ? ORDER BY created_at, id")
        .all(kind, orderCode) as Array<{ json: string }>
    ).map((r) => JSON.parse(r.json) as T);
  return {
    refunds: of<StoredRefund>('refund'),
    exchanges: of<StoredExchange>('exchange'),
    afterSales: of<StoredAfterSale>('aftersale'),
    evaluations: of<StoredEvaluation>('evaluation'),
  };
}
export type OrderCases = ReturnType<typeof casesOfOrder>;
