/**
 * What a transition does beyond the record it moves: units back on sale, a coupon given back, a
 * replacement unit held or let go, and the cascades between a refund that cancels an unshipped
 * order and that order (the store's answer to one is its answer to the other). Run by the
 * transition function (transitions.ts) after it has written the move, in the same transaction.
 */
import type { DatabaseSync } from 'node:sqlite';
import type { Actor, MachineName } from '../../src/lib/orders/state-machine.ts';
import { casesOfOrder, type StoredOf } from './case-records.ts';
import type { RouteKit } from './kit.ts';
import { markCoupon } from './pricing.ts';

export interface EffectContext<M extends MachineName> {
  kit: RouteKit;
  /** The owner of the record moved. */
  memberId: string;
  after: StoredOf[M];
  /** Applies another record's transition when the table allows it from where that record is now; else nothing. */
  follow: (machine: MachineName, code: string, action: string, by: Actor) => void;
}
type Effect<M extends MachineName> = (context: EffectContext<M>) => void;

/** Puts units back on sale. */
export function restock(db: DatabaseSync, units: ReadonlyArray<{ skuCode: string; quantity: number }>): void {
  const put = db.prepare('UPDATE skus SET stock = stock + ? WHERE sku_code = ?');
  for (const { skuCode, quantity } of units) put.run(quantity, skuCode);
}

/** The SKU of a case line: the level-2 product id names exactly one SKU of the product. */
export function skuOfLine(kit: RouteKit, line: { productCode: string; productId: string }): string | null {
  return kit.productOf(line.productCode)?.skus.find((s) => s.productId === line.productId)?.skuCode ?? null;
}

function restockCaseLines(kit: RouteKit, lines: ReadonlyArray<{ productCode: string; productId: string; quantity: number }>): void {
  restock(
    kit.db,
    lines.flatMap((line) => {
      const skuCode = skuOfLine(kit, line);
      return skuCode ? [{ skuCode, quantity: line.quantity }] : [];
    }),
  );
}

// ---------------------------------------------------------------------------------------
// Orders

/** An order that ends before the member has it: its units go back on sale. */
const orderBackOnSale: Effect<'order'> = ({ kit, after }) => restock(kit.db, after.products);

/** The coupon the order spent is the member's to use again. */
const giveCouponBack: Effect<'order'> = ({ kit, memberId, after }) => {
  if (after.couponId) markCoupon(kit.db, memberId, after.couponId, 'N');
};

/** An order that ends unpaid also gives back the coupon it would have spent. */
const orderEndsUnpaid: Effect<'order'> = (context) => {
  orderBackOnSale(context);
  giveCouponBack(context);
};

/** The store's answer to a cancellation is also the answer to the refund that asked for it. */
const answerCancelRefund =
  (refundAction: string): Effect<'order'> =>
  ({ kit, after, follow }) => {
    for (const refund of casesOfOrder(kit.db, after.orderCode).refunds)
      if (refund.refundType === 'REFUND_UNSHIPPED') follow('refund', refund.refundCode, refundAction, 'STORE');
  };

const ORDER_EFFECTS: Record<string, Effect<'order'>> = {
  cancel: orderEndsUnpaid,
  expire: orderEndsUnpaid,
  restExpire: orderBackOnSale,
  // Cancelled before shipping: the member is paid back the total (the discount was never paid),
  // so a once-per-member coupon would be lost for an order that did not happen.
  approveCancel: (context) => {
    orderBackOnSale(context);
    giveCouponBack(context);
    answerCancelRefund('auditPass')(context);
  },
  refuseCancel: answerCancelRefund('refuse'),
  returnedToWarehouse: orderBackOnSale,
};

// ---------------------------------------------------------------------------------------
// Cases

/** A refund that cancels an unshipped order moves the order with it. */
const cancelRequest =
  (orderAction: string, by: Actor): Effect<'refund'> =>
  ({ after, follow }) => {
    if (after.refundType === 'REFUND_UNSHIPPED') follow('order', after.orderCode, orderAction, by);
  };

const REFUND_EFFECTS: Record<string, Effect<'refund'>> = {
  warehouseReceive: ({ kit, after }) => restockCaseLines(kit, after.lines),
  cancel: cancelRequest('withdrawCancel', 'MEMBER'),
  auditPass: cancelRequest('approveCancel', 'STORE'),
  refuse: cancelRequest('refuseCancel', 'STORE'),
};

/** An exchange that will not happen lets go of the replacement unit held for it. */
const releaseReplacement: Effect<'exchange'> = ({ kit, after }) => restock(kit.db, [{ skuCode: after.toSkuCode, quantity: 1 }]);

const EXCHANGE_EFFECTS: Record<string, Effect<'exchange'>> = {
  refuse: releaseReplacement,
  cancel: releaseReplacement,
  timeout: releaseReplacement,
  // The unit sent back is on sale again; the replacement was taken when the exchange was asked for.
  warehouseReceive: ({ kit, after }) => restockCaseLines(kit, [after.line]),
};

export const EFFECTS: { [M in MachineName]: Record<string, Effect<M>> } = {
  order: ORDER_EFFECTS,
  refund: REFUND_EFFECTS,
  exchange: EXCHANGE_EFFECTS,
  afterSale: {},
};
