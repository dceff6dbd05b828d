/**
 * Every status an order, a shipment, a refund, an exchange or an after-sales case can be in,
 * the order types and the refund types. Plain lists, no schema library: the state machine,
 * the pages and the contract all build on them.
 */

export const ORDER_STATUSES = [
  'UNPAID',
  'WAIT_SHIP',
  'PARTIAL_SHIP',
  'SHIPPED',
  'WAIT_PICK',
  'FINISHED',
  'CANCELLED',
  'CLOSED',
  'WAIT_BACK',
  'WAIT_CONFIRM',
  'WAIT_DEPOSIT_PAY',
  'WAIT_REST_PAY',
  'REST_PAY_CANCELLED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** DEFAULT; REFUND or AFTERSALE once a refund or an after-sales case is opened on it, REFUNDAF with both; NOTDELIVERREFUSED when a parcel was never collected. */
export const ORDER_TYPES = ['DEFAULT', 'REFUND', 'AFTERSALE', 'REFUNDAF', 'NOTDELIVERREFUSED'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

export const REFUND_STATUSES = [
  'RETURN_UNAPPROVED',
  'WAIT_RETURN_STORE',
  'WAIT_SEND_STORE',
  'WAIT_SEND_WH',
  'WAIT_CONFIRM',
  'WAIT_BUYER_CONFIRM',
  'BUYER_UNCONFIRMED',
  'REFUND_UNAPPROVED',
  'REFUSED',
  'SUCCESS',
  'SELLER_CONFIRMED',
  'CLOSED',
  'FAILED',
  'PART_REFUND_FAILURE',
  'OFFLINE_SUCCESS',
  'TIME_CLOSED',
  'CONFIRM_RETURNED_STORE',
  'WAIT_BUYER_RETURN_GOODS',
  'WAIT_REFUND_TO_BUYER',
  'SELLER_REFUND_AUDIT',
] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Refund only (the goods stay with the member), cancelling a paid order before it ships, return and refund. */
export const REFUND_TYPES = ['REFUND_SHIPPED', 'REFUND_UNSHIPPED', 'REFUND_RETURN'] as const;
export type RefundType = (typeof REFUND_TYPES)[number];

export const EXCHANGE_STATUSES = [
  'EXCHANGE_UNAPPROVED',
  'UNUPLOAD_EXPR',
  'UNCONFIRM_RCV',
  'CANCELLED',
  'INBOUND',
  'REPLACEMENT_SHIPPED',
  'CLOSED',
  'REFUSED',
] as const;
export type ExchangeStatus = (typeof EXCHANGE_STATUSES)[number];

/** After-sales services: repair, a quality issue, an alteration. Their cases take the refund statuses they pass through. */
export const AFTER_SALE_SERVICES = ['REPAIR', 'QUALITY_ISSUE', 'ALTERATION'] as const;
export type AfterSaleService = (typeof AFTER_SALE_SERVICES)[number];

export const SHIPMENT_STATUSES = ['WAIT_SHIP', 'SHIPPED', 'FINISHED', 'CLOSED'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** What the warehouse or the shop did with a shipment, in the order it happens. */
export const WAREHOUSE_SUB_STATUSES = [
  'X_PACKAGED',
  'X_WAIT_ALLOCATION',
  'X_OUT_WAREHOUSE',
  'X_ALLOCATION_NOTIFIED',
  'X_SHOP_ALLOCATION',
  'X_COMMODITY_CONFIRM',
] as const;
export type WarehouseSubStatus = (typeof WAREHOUSE_SUB_STATUSES)[number];
