/**
 * What a transition does to the case it moves: the new status and its step in the history, and
 * the fields that step sets (paid at, the parcels and their events, finished at, a return's
 * send-by date, the parcel sent back, the store's offer). Pure, no database: the transition
 * function (transitions.ts) writes what `advance` makes, and the seed walks its orders and cases
 * through the same `advance`, so a seeded record is what the same steps would have made.
 */
import { PICKUP_DAYS, RETURN_SEND_DAYS, type OnlinePayChannel } from '../../src/lib/constants.ts';
import { MACHINES, nextStatus, type Actor, type MachineName, type Transition } from '../../src/lib/orders/state-machine.ts';
import type { StoredAfterSale, StoredExchange, StoredOf, StoredOrder, StoredRefund } from './case-records.ts';
import { fieldFailure } from './kit.ts';

const DAY = 86_400_000;
/** The local warehouse ships with one carrier. */
export const CARRIER = 'BLACKCAT';

/** What an action takes from whoever asks for it. */
export interface ActionInput {
  channel?: OnlinePayChannel;
  logistics?: { expressCode: string; logisticsCode: string };
  storeCode?: string;
  amount?: number;
}

type Change<R> = (record: R, at: number, input: ActionInput, to: string) => void;
type Shipment = StoredOrder['shipments'][number];

// ---------------------------------------------------------------------------------------
// Orders

/**
 * The parcels an order goes out in, planned when the first one leaves: a partial shipment sends
 * the first line ahead and the rest after it; shipping everything at once is one parcel.
 */
function planShipments(order: StoredOrder, whole: boolean): void {
  if (order.shipments.length > 0) return;
  const ids = order.products.map((line) => line.productId);
  const parcels = whole || ids.length < 2 ? [ids] : [ids.slice(0, 1), ids.slice(1)];
  order.shipments = parcels.map((productIds, i) => ({
    shipmentCode: `${order.orderCode}-${i + 1}`,
    status: 'WAIT_SHIP',
    carrier: null,
    trackingCode: null,
    productIds,
    events: [],
  }));
}

function ship(order: StoredOrder, shipment: Shipment, at: number): void {
  const n = order.shipments.indexOf(shipment) + 1;
  Object.assign(shipment, { status: 'SHIPPED', carrier: CARRIER, trackingCode: `BC${order.orderCode.slice(1)}${n}` });
  shipment.events.push({ subStatus: 'X_PACKAGED', at }, { subStatus: 'X_OUT_WAREHOUSE', at });
}

const shipmentsIn = (order: StoredOrder, status: Shipment['status']) => order.shipments.filter((s) => s.status === status);

function finish(order: StoredOrder, at: number): void {
  order.finishedAt = at;
  for (const shipment of shipmentsIn(order, 'SHIPPED')) shipment.status = 'FINISHED';
}

/** An order that ends before it ships: its planned parcels never leave. */
function closePlanned(order: StoredOrder): void {
  for (const shipment of shipmentsIn(order, 'WAIT_SHIP')) shipment.status = 'CLOSED';
}

function paidWith(order: StoredOrder, input: ActionInput): void {
  if (input.channel) order.payment.channel = input.channel;
}

const ORDER_CHANGES: Record<string, Change<StoredOrder>> = {
  pay: (order, at, input) => {
    order.payment.paidAt = at;
    paidWith(order, input);
  },
  payDeposit: (order, at, input) => {
    order.presale!.depositPaidAt = at;
    paidWith(order, input);
  },
  payRest: (order, at, input) => {
    order.presale!.restPaidAt = at;
    paidWith(order, input);
  },
  shipPart: (order, at) => {
    planShipments(order, false);
    ship(order, shipmentsIn(order, 'WAIT_SHIP')[0]!, at);
  },
  shipAll: (order, at) => {
    planShipments(order, true);
    for (const shipment of shipmentsIn(order, 'WAIT_SHIP')) ship(order, shipment, at);
    order.shippedAt = at;
  },
  arriveForPickup: (order, at) => {
    for (const shipment of shipmentsIn(order, 'SHIPPED')) shipment.events.push({ subStatus: 'X_SHOP_ALLOCATION', at });
    order.pickupBy = at + PICKUP_DAYS * DAY;
  },
  pickUp: (order, at) => {
    for (const shipment of shipmentsIn(order, 'SHIPPED')) shipment.events.push({ subStatus: 'X_COMMODITY_CONFIRM', at });
    finish(order, at);
  },
  confirmReceipt: (order, at) => finish(order, at),
  autoConfirm: (order, at) => finish(order, at),
  notCollected: (order) => {
    order.orderType = 'NOTDELIVERREFUSED';
  },
  returnedToWarehouse: (order) => {
    for (const shipment of shipmentsIn(order, 'SHIPPED')) shipment.status = 'CLOSED';
  },
  cancel: closePlanned,
  expire: closePlanned,
  restExpire: closePlanned,
  approveCancel: closePlanned,
};

// ---------------------------------------------------------------------------------------
// Cases

const sentBack = <R extends { logistics: StoredRefund['logistics'] }>(record: R, at: number, input: ActionInput) => {
  record.logistics = { ...input.logistics!, sentAt: at };
};
const handedIn = <R extends { dropStoreCode: string | null }>(record: R, _at: number, input: ActionInput) => {
  record.dropStoreCode = input.storeCode!;
};
const returnWindow = <R extends { returnBy: number | null }>(record: R, at: number) => {
  record.returnBy = at + RETURN_SEND_DAYS * DAY;
};

const REFUND_CHANGES: Record<string, Change<StoredRefund>> = {
  // Only a return waits for the goods; an approved refund-only case goes to the audit.
  approve: (refund, at, _input, to) => {
    if (to === 'WAIT_BUYER_RETURN_GOODS') returnWindow(refund, at);
  },
  sendBack: sentBack,
  dropAtStore: handedIn,
  inspectPartial: (refund, _at, { amount }) => {
    if (amount === undefined || !Number.isInteger(amount) || amount < 0 || amount >= refund.amount)
      throw fieldFailure('ADMIN_AMOUNT', `The offer is a whole amount from 0 to under ${refund.amount}`, 'amount');
    refund.proposedAmount = amount;
  },
  acceptPartial: (refund) => {
    refund.amount = refund.proposedAmount!;
  },
};

const EXCHANGE_CHANGES: Record<string, Change<StoredExchange>> = {
  approve: returnWindow,
  sendBack: sentBack,
  shipReplacement: (exchange, at) => {
    exchange.replacementShippedAt = at;
  },
};

const AFTER_SALE_CHANGES: Record<string, Change<StoredAfterSale>> = { sendBack: sentBack, dropAtStore: handedIn };

const CHANGES: { [M in MachineName]: Record<string, Change<StoredOf[M]>> } = {
  order: ORDER_CHANGES,
  refund: REFUND_CHANGES,
  exchange: EXCHANGE_CHANGES,
  afterSale: AFTER_SALE_CHANGES,
};

const tableOf = (machine: MachineName) => MACHINES[machine] as readonly Transition[];

/**
 * The record after `by` takes `action` at `at`, or null when the table does not allow it from
 * the record's status. The record passed in is left as it was.
 */
export function advance<M extends MachineName>(
  machine: M,
  record: StoredOf[M],
  action: string,
  by: Actor,
  at: number,
  input: ActionInput = {},
): StoredOf[M] | null {
  const to = nextStatus(tableOf(machine), record.status, action, by);
  if (to === null) return null;
  const next = structuredClone(record);
  (next as { status: string }).status = to;
  next.history.push({ status: to, at, by });
  CHANGES[machine][action]?.(next, at, input, to);
  // A deadline to pay means something only while the order waits for its payment.
  if (machine === 'order' && to !== 'UNPAID' && to !== 'WAIT_DEPOSIT_PAY') (next as StoredOrder).payBy = null;
  return next;
}

/** Who the table lets take `action` from `from` (leaving out `except`), or null when nobody may. */
export function actorOf(machine: MachineName, from: string, action: string, except?: Actor): Actor | null {
  return tableOf(machine).find((row) => row.from === from && row.action === action && row.by !== except)?.by ?? null;
}
