/**
 * Paying an order after checkout, as its pages show it: an unpaid order paid online before its
 * deadline (third-party-pay.html), a presale's deposit and then its rest within the rest window
 * (apply-prepay.html), and the presale's schedule (view-prepay.html). Which step a page offers,
 * for how much, through which channels (the region's the order was placed in, whatever this
 * page's region), and starting it (the provider's page takes over: stores/orders.ts).
 */
import { CHECKOUT_OFFERS, regionOfCurrency } from '../lib/checkout/offers.ts';
import type { OnlinePayChannel } from '../lib/constants.ts';
import type { FieldSpec } from '../lib/forms/form.ts';
import { canPay } from '../lib/orders/member-actions.ts';
import { orderHref } from './order-page.ts';
import type { Order } from './orders.ts';
import { languagePrefix } from './platform.ts';

export { payOrder } from './orders.ts';

/** The page: paying an unpaid order, a presale's deposit or rest, or the presale's schedule. */
export type PayLaterKind = 'order' | 'prepay' | 'schedule';
export type PayStep = 'pay' | 'payDeposit' | 'payRest';

export type PayLaterView =
  /** The prepay pages are a presale's only. */
  | { page: 'notPresale'; backHref: string }
  | {
      page: 'order';
      backHref: string;
      /** The step this page takes now and what it asks (null: nothing to pay here now). */
      pay: { step: PayStep; amount: number; channels: readonly OnlinePayChannel[]; payBy: number | null } | null;
      /** A paying page with nothing to pay now says so (the schedule says nothing). */
      nothingToPay: boolean;
      /** The schedule's way to the step due now (a deposit or the rest). */
      scheduleStep: { step: PayStep; href: string } | null;
    };

export const PAY_CHANNEL_FIELD: FieldSpec = { name: 'payChannel', required: 'OD_PAY_CHANNEL_REQUIRED' };

export function payLaterView(order: Order, kind: PayLaterKind, now: number): PayLaterView {
  const backHref = orderHref(order.orderCode);
  if (kind !== 'order' && !order.presale) return { page: 'notPresale', backHref };
  const step = canPay(order, now);
  // Paying an order is this page's step only; a deposit or the rest is the prepay page's.
  const here = step && kind !== 'schedule' && (kind === 'order' ? step === 'pay' : step !== 'pay') ? step : null;
  return {
    page: 'order',
    backHref,
    pay: here && {
      step: here,
      amount: here === 'payDeposit' ? order.presale!.deposit : here === 'payRest' ? order.presale!.rest : order.total,
      channels: CHECKOUT_OFFERS[regionOfCurrency(order.currency)].payChannels,
      // The deadline is the order's and the deposit's; the rest has its window.
      payBy: here !== 'payRest' ? order.payBy : null,
    },
    nothingToPay: kind !== 'schedule' && !here,
    scheduleStep:
      kind === 'schedule' && step && step !== 'pay'
        ? { step, href: `${languagePrefix()}/account/apply-prepay.html?orderCode=${encodeURIComponent(order.orderCode)}` }
        : null,
  };
}
