/**
 * The order pages' logic, for the islands to draw: what an order offers in its state (the
 * buttons of member-actions.ts, each a link to its page or an action confirmed here), the
 * actions and what they said (the stale-tab reload on a refusal is the orders store's), buying
 * again, and the detail page as shown: when it is to be paid, the address or the pickup store,
 * the payment line (cash on delivery and paying in store are paid on handing over), each
 * shipment's lines and steps, and the cases opened on the order with their own labels.
 *
 * The order itself is the orders store's ($order), which the list shares. `now` is the page's
 * clock, fixed when it opened, so the buttons a deadline closes do not blink while it is open.
 */
import { atom } from 'nanostores';
import { paymentLine, type PaymentLine } from '../lib/checkout/payment-line.ts';
import { displayMobile, type MaskSwitches } from '../lib/format/mask.ts';
import { orderButtons, type OrderButton } from '../lib/orders/member-actions.ts';
import { buyAgain, cancelOrder, confirmReceipt, withdrawCancelRequest, type Order } from './orders.ts';
import { getPlatform, languagePrefix } from './platform.ts';
import type { ApiResult } from './session.ts';

/** The actions that change the order where it is shown, each confirmed in a dialog first. */
export type ConfirmedAction = 'cancel' | 'confirmReceipt' | 'withdrawCancel';
const CONFIRMED: readonly OrderButton[] = ['cancel', 'confirmReceipt', 'withdrawCancel'] satisfies ConfirmedAction[];

/** The page of each button that leads to one (its path within the language, before the order's query). */
const BUTTON_PAGES: Partial<Record<OrderButton, string>> = {
  pay: '/payment/third-party-pay.html',
  payDeposit: '/account/apply-prepay.html',
  payRest: '/account/apply-prepay.html',
  requestCancel: '/account/apply-refund.html',
  refund: '/account/apply-refund.html',
  exchange: '/account/replace.html',
  afterSale: '/account/apply-aftermarket.html',
  evaluate: '/account/order/evaluate.html',
  track: '/account/detail.html',
};

/** A button as the page draws it: a link (paying stands out), buying again, or an action confirmed first (cancelling is the quiet one). */
export type OrderButtonView =
  | { button: OrderButton; kind: 'link'; href: string; primary: boolean }
  | { button: 'buyAgain'; kind: 'buyAgain' }
  | { button: ConfirmedAction; kind: 'confirm'; primary: boolean };

const orderQuery = (orderCode: string) => `?orderCode=${encodeURIComponent(orderCode)}`;

/** The order's own page, in the page's language. */
export const orderHref = (orderCode: string) => `${languagePrefix()}/account/detail.html${orderQuery(orderCode)}`;

/** Where a button that is a link goes; null for the others. */
export function orderButtonHref(button: OrderButton, orderCode: string): string | null {
  const page = BUTTON_PAGES[button];
  if (!page) return null;
  return `${languagePrefix()}${page}${orderQuery(orderCode)}${button === 'track' ? '#shipments' : ''}`;
}

/** The buttons an order offers now (the API refuses anything else), less `except`. */
export function orderButtonViews(order: Order, now: number, except: readonly OrderButton[] = []): OrderButtonView[] {
  return orderButtons(order, now)
    .filter((button) => !except.includes(button))
    .map((button): OrderButtonView => {
      const href = orderButtonHref(button, order.orderCode);
      if (href) return { button, kind: 'link', href, primary: button === 'pay' || button === 'payRest' || button === 'payDeposit' };
      if (button === 'buyAgain') return { button, kind: 'buyAgain' };
      if (!CONFIRMED.includes(button)) throw new Error(`The order button ${button} has no page and no action`);
      return { button: button as ConfirmedAction, kind: 'confirm', primary: button !== 'cancel' };
    });
}

/** What the last action said: done, refused (the API's code and text), or no answer. */
export type OrderActionOutcome =
  { kind: 'done'; action: ConfirmedAction } | { kind: 'refused'; msgCode: string; msg: string | null } | { kind: 'network' };

const RUN: Record<ConfirmedAction, (order: Order) => Promise<ApiResult<unknown>>> = {
  cancel: (order) => cancelOrder(order.orderCode),
  confirmReceipt: (order) => confirmReceipt(order.orderCode),
  withdrawCancel: withdrawCancelRequest,
};

export type OrderActions = ReturnType<typeof createOrderActions>;

/**
 * The actions of one order's buttons (the list shows several orders, each with its own): the
 * action being confirmed, what the last one said, and buying again.
 */
export function createOrderActions() {
  const $confirming = atom<ConfirmedAction | null>(null);
  const $outcome = atom<OrderActionOutcome | null>(null);
  const $buyingAgain = atom(false);
  /** Buying again put nothing in the cart (every line sold out). */
  const $noneAdded = atom(false);

  return {
    $confirming,
    $outcome,
    $buyingAgain,
    $noneAdded,
    ask: (action: ConfirmedAction) => $confirming.set(action),
    dismiss: () => $confirming.set(null),
    /** The action confirmed: the orders store keeps the order it answers (or reloads it, when it moved on meanwhile). */
    async confirm(order: Order): Promise<void> {
      const action = $confirming.get();
      if (!action) return;
      $outcome.set(null);
      const result = await RUN[action](order);
      if (result.ok) $outcome.set({ kind: 'done', action });
      else if (result.kind === 'failure') $outcome.set({ kind: 'refused', msgCode: result.msgCode, msg: result.msg });
      else if (result.kind === 'network') $outcome.set({ kind: 'network' });
    },
    /** The lines go back in the cart and the member goes there; if none could (sold out), the page says so. */
    async buyAgain(order: Order): Promise<void> {
      $buyingAgain.set(true);
      $noneAdded.set(false);
      const { added } = await buyAgain(order);
      $buyingAgain.set(false);
      if (added > 0) getPlatform().navigate(`${languagePrefix()}/cart.html`);
      else $noneAdded.set(true);
    },
  };
}

/** A case opened on the order, with the label namespace of its kind (an after-sales case reads by its service). */
export type OrderCaseView =
  | { kind: 'refunds'; code: string; href: string; status: string; typeKey: string }
  | { kind: 'exchanges'; code: string; href: string; status: string; typeKey: string }
  | { kind: 'afterSales'; code: string; href: string; status: string; typeKey: string; service: string };

export interface ShipmentView {
  code: string;
  status: string;
  carrier: string;
  trackingCode: string | null;
  /** What it holds: each line's name and quantity. */
  lines: string[];
  /** The warehouse's steps, newest first. */
  events: Order['shipments'][number]['events'];
}

export interface OrderDetailView {
  order: Order;
  /** Its deadline to pay shows while a payment is due. */
  payByShown: boolean;
  /** Its type (refunded, after-sales…) shows unless it is a plain order. */
  typeShown: boolean;
  /** The delivery address, the mobile masked as the store's switches say, without the placeholder zip code '0'. */
  address: { receiver: string; mobile: string; zipCode: string | null; city: string; detail: string } | null;
  /** The pickup shop or convenience store: its name and address where known, else only its code. */
  store: Order['store'];
  paid: PaymentLine;
  buttons: OrderButtonView[];
  presaleHref: string | null;
  shipments: ShipmentView[];
  cases: OrderCaseView[];
  invoicesHref: string;
  listHref: string;
}

/** The order's page as it shows: the order, and what the page makes of it at `now`. */
export function orderDetailView(order: Order, now: number, switches: MaskSwitches): OrderDetailView {
  const prefix = languagePrefix();
  const { refunds, exchanges, afterSales } = order.cases;
  return {
    order,
    payByShown: order.payBy !== null && (order.status === 'UNPAID' || order.status === 'WAIT_DEPOSIT_PAY'),
    typeShown: order.orderType !== 'DEFAULT',
    address: order.address && {
      receiver: order.address.receiver,
      mobile: displayMobile(order.address.mobile, switches),
      zipCode: order.address.zipCode === '0' ? null : order.address.zipCode,
      city: order.address.city,
      detail: order.address.detail,
    },
    store: order.store,
    paid: paymentLine(order),
    // The page is where tracking shows: no button leads to it.
    buttons: orderButtonViews(order, now, ['track']),
    presaleHref: order.presale ? `${prefix}/account/view-prepay.html${orderQuery(order.orderCode)}` : null,
    shipments: order.shipments.map((shipment) => ({
      code: shipment.shipmentCode,
      status: shipment.status,
      carrier: shipment.carrier ?? '',
      trackingCode: shipment.trackingCode,
      lines: order.products
        .filter((p) => shipment.productIds.includes(p.productId))
        .map((p) => `${p.productDetailInfo.skuName} × ${p.quantity}`),
      events: [...shipment.events].reverse(),
    })),
    cases: [
      ...refunds.map((r) => ({
        kind: 'refunds' as const,
        code: r.code,
        href: `${prefix}/account/view-refund.html?refundCode=${encodeURIComponent(r.code)}`,
        status: r.status,
        typeKey: `refunds.types.${r.refundType}`,
      })),
      ...exchanges.map((e) => ({
        kind: 'exchanges' as const,
        code: e.code,
        href: `${prefix}/account/replace-list.html#${encodeURIComponent(e.code)}`,
        status: e.status,
        typeKey: 'exchanges.one',
      })),
      ...afterSales.map((a) => ({
        kind: 'afterSales' as const,
        code: a.code,
        href: `${prefix}/account/view-refund.html?afterSaleCode=${encodeURIComponent(a.code)}`,
        status: a.status,
        typeKey: `afterSales.services.${a.serviceType}`,
        service: a.serviceType,
      })),
    ],
    invoicesHref: `${prefix}/account/invoice.html`,
    listHref: `${prefix}/account/order/order-list.html`,
  };
}
