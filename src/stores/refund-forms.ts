/**
 * Asking for a refund (apply-refund.html, then only-refund.html or refund-return.html): which
 * page an order gets (cancelling it before it ships, choosing lines once it is finished within
 * the returns window, or nothing), the lines and units it may choose (a product that may only be
 * exchanged chooses none), the choice carried to the next page in its address, the chosen lines
 * as that page reads them back (never more than is left to return), the reasons they allow, the
 * amount refunded, the products' return notices, and sending it (the case's page follows).
 */
import { REFUND_DESCRIPTION_MAX_LENGTH, type RefundReason } from '../lib/constants.ts';
import type { FieldSpec, FormValues } from '../lib/forms/form.ts';
import { formatLinesParam, parseLinesParam, type ChosenLine } from '../lib/orders/lines-param.ts';
import { reasonsFor, refundTypesFor } from '../lib/orders/member-actions.ts';
import { returnedAmount } from '../lib/orders/refund-amount.ts';
import type { RefundType } from '../lib/orders/statuses.ts';
import { hasEmojiOrSymbols } from '../lib/validation/rules.ts';
import type { RequestOf } from '../lib/api/contract.ts';
import { orderHref } from './order-page.ts';
import type { Order } from './orders.ts';
import { currentQuery, getPlatform, languagePrefix } from './platform.ts';
import { openRefund } from './refunds.ts';

export type RefundPageKind = 'apply' | 'only' | 'return';
type Line = Order['products'][number];

/** A line on the choosing page: the units it may choose (none for a product only exchanged, or nothing left). */
export interface ChoosableLine {
  line: Line;
  exchangeOnly: boolean;
  available: number;
}

export type RefundPage =
  | { page: 'notAllowed'; backHref: string }
  | { page: 'choose'; backHref: string; lines: ChoosableLine[] }
  /** The address named no line left to return: the member chooses again. */
  | { page: 'nothingChosen'; chooseAgainHref: string }
  | {
      page: 'form';
      backHref: string;
      type: RefundType;
      /** The lines refunded, with the units asked (all of them when cancelling before shipping). */
      chosen: Line[];
      reasons: readonly RefundReason[];
      amount: number;
      /** The return notice of each kind of product chosen (no notice when cancelling). */
      notices: Line['noReasonToReturnFlag'][];
    };

/** The page `kind` of an order at `now`; the form pages read the chosen lines from the address. */
export function refundPage(order: Order, kind: RefundPageKind, now: number): RefundPage {
  const types = refundTypesFor(order, now);
  const backHref = orderHref(order.orderCode);
  if (kind === 'apply' && types.includes('REFUND_UNSHIPPED')) return formPage(order, 'REFUND_UNSHIPPED', order.products, backHref);
  const wanted: RefundType = kind === 'only' ? 'REFUND_SHIPPED' : 'REFUND_RETURN';
  if (types.length === 0 || (kind !== 'apply' && !types.includes(wanted))) return { page: 'notAllowed', backHref };
  if (kind === 'apply') return { page: 'choose', backHref, lines: choosableLines(order) };
  const chosen = parseLinesParam(currentQuery().get('lines') ?? '').flatMap(({ productId, quantity }) => {
    const line = order.products.find((p) => p.productId === productId);
    return line ? [{ ...line, quantity: Math.min(quantity, line.returnableQty) }] : [];
  });
  if (chosen.length === 0) return { page: 'nothingChosen', chooseAgainHref: refundApplyHref(order.orderCode) };
  return formPage(order, wanted, chosen, backHref);
}

function formPage(order: Order, type: RefundType, chosen: Line[], backHref: string): RefundPage {
  const cancelling = type === 'REFUND_UNSHIPPED';
  return {
    page: 'form',
    backHref,
    type,
    chosen,
    // Cancelling before shipping returns nothing: any reason, as the API takes.
    reasons: reasonsFor(cancelling ? [] : chosen),
    amount: cancelling ? order.total : chosen.reduce((sum, l) => sum + returnedAmount(order, l.productDetailInfo.unitPrice, l.quantity), 0),
    notices: cancelling ? [] : [...new Set(chosen.map((l) => l.noReasonToReturnFlag))],
  };
}

const refundApplyHref = (orderCode: string) => `${languagePrefix()}/account/apply-refund.html?orderCode=${encodeURIComponent(orderCode)}`;

export function choosableLines(order: Order): ChoosableLine[] {
  return order.products.map((line) => {
    const exchangeOnly = line.noReasonToReturnFlag === 'ONLY_EXCHANGE_NOT_RETREAT';
    return { line, exchangeOnly, available: exchangeOnly ? 0 : line.returnableQty };
  });
}

/** The form field of a line's units on the choosing page. */
export const quantityField = (productId: string) => `qty-${productId}`;

/** The choosing page's fields: at least one unit of a line (the group's hidden input gives it a value, so its rule runs), and the kind of refund. */
export function chooseFields(order: Order): FieldSpec[] {
  const returnable = order.products.filter((p) => p.returnableQty > 0);
  return [
    {
      name: 'lines',
      validate: (_, values) =>
        returnable.some((p) => values[quantityField(p.productId)] && values[quantityField(p.productId)] !== '0') ||
        'OD_REFUND_LINES_REQUIRED',
    },
    { name: 'refundType', required: 'OD_REFUND_TYPE' },
  ];
}

export interface RefundChoice {
  type: RefundType;
  lines: ChosenLine[];
}

export function choiceOf(order: Order, values: FormValues): RefundChoice {
  return {
    type: values.refundType as RefundType,
    lines: order.products
      .filter((p) => p.returnableQty > 0)
      .map((p) => ({ productId: p.productId, quantity: Number(values[quantityField(p.productId)] ?? 0) }))
      .filter((l) => l.quantity > 0),
  };
}

/** On to the refund's own page, the choice in its address. */
export async function goToRefundForm(order: Order, choice: RefundChoice) {
  const page = choice.type === 'REFUND_SHIPPED' ? 'only-refund' : 'refund-return';
  getPlatform().navigate(
    `${languagePrefix()}/account/${page}.html?orderCode=${encodeURIComponent(order.orderCode)}&lines=${encodeURIComponent(formatLinesParam(choice.lines))}`,
  );
  return { ok: true as const, data: null };
}

/** What the member writes about a refund, an exchange or an after-sales case: refused with emoji or #, & or !. */
export const DESCRIPTION_FIELD: FieldSpec = {
  name: 'description',
  maxLength: REFUND_DESCRIPTION_MAX_LENGTH,
  counter: true,
  validate: (value) => !hasEmojiOrSymbols(value) || 'OD_REFUND_EMOJI',
};

export const REASON_FIELD: FieldSpec = { name: 'reason', required: 'OD_REFUND_REASON_REQUIRED' };
export const REFUND_FIELDS: readonly FieldSpec[] = [REASON_FIELD, DESCRIPTION_FIELD];

export function refundBody(order: Order, form: Extract<RefundPage, { page: 'form' }>, values: FormValues): RequestOf<'refundCreate'> {
  return {
    orderCode: order.orderCode,
    refundType: form.type,
    lines: form.chosen.map((l) => ({ productId: l.productId, quantity: l.quantity })),
    reason: values.reason as RefundReason,
    description: values.description ?? '',
  };
}

/** Sends the refund; once opened, its page. A refusal is the form's to say. */
export async function sendRefund(body: RequestOf<'refundCreate'>) {
  const result = await openRefund(body);
  if (result.ok)
    getPlatform().navigate(`${languagePrefix()}/account/view-refund.html?refundCode=${encodeURIComponent(result.data.refundCode)}`);
  return result;
}
