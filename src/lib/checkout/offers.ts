/**
 * What checkout offers in each region: the delivery types, the payment methods each delivery
 * takes there, the online channels and the kinds of invoice. Checkout shows its page region's
 * row; the API refuses an order that asks for what its region does not offer (offerProblems).
 * Freight and free-shipping thresholds are the platform's, per region, and come back in
 * checkoutPreview.
 *
 * - Taiwan: every delivery type but lockers, its e-invoices, cash on delivery except at a
 *   store (where the shopper pays at the counter), and its card, wallet and bank channels.
 * - Hong Kong and Macao: home delivery, store pickup and a locker or pickup point; paid online
 *   (or at the counter on pickup), by card or the region's wallets; a receipt, no e-invoice.
 * - Mainland China: express to home, paid online with Alipay, WeChat Pay or UnionPay; an
 *   invoice made out to a person or to a company with its tax number.
 */
import { REGION_CURRENCIES, REGIONS, type CurrencyCode, type Region } from '../i18n/regions.ts';
import type { DeliveryType, InvoiceType, OnlinePayChannel, PaymentMethod } from '../constants.ts';

export interface RegionCheckout {
  /** In the page's order; the first is chosen at the start. */
  deliveries: readonly DeliveryType[];
  /** The payment methods each offered delivery takes, the first chosen at the start. */
  payments: Readonly<Partial<Record<DeliveryType, readonly PaymentMethod[]>>>;
  /** Online channels, the first chosen at the start. */
  payChannels: readonly OnlinePayChannel[];
  /** Kinds of invoice, the first chosen at the start (unless the member saved a default). */
  invoices: readonly InvoiceType[];
}

const HK_AND_MO_DELIVERIES = ['EXPRESS_HOME', 'STORE_PICKUP', 'LOCKER'] as const satisfies readonly DeliveryType[];
const HK_AND_MO_PAYMENTS = { EXPRESS_HOME: ['ONLINE'], STORE_PICKUP: ['ONLINE', 'PAY_IN_STORE'], LOCKER: ['ONLINE'] } as const;

export const CHECKOUT_OFFERS: Readonly<Record<Region, RegionCheckout>> = {
  TW: {
    deliveries: ['EXPRESS_HOME', 'CVS_711', 'CVS_FAMILY', 'STORE_PICKUP', 'DIRECT_SITE'],
    // Cash on delivery needs a courier; a store pickup pays at the counter instead.
    payments: {
      EXPRESS_HOME: ['COD', 'ONLINE'],
      CVS_711: ['COD', 'ONLINE'],
      CVS_FAMILY: ['COD', 'ONLINE'],
      STORE_PICKUP: ['PAY_IN_STORE', 'ONLINE'],
      DIRECT_SITE: ['COD', 'ONLINE'],
    },
    payChannels: ['CARD', 'UNION_CARD', 'WALLET', 'BANK_A', 'BANK_B'],
    invoices: ['CLOUD', 'COMPANY', 'DONATION'],
  },
  HK: {
    deliveries: HK_AND_MO_DELIVERIES,
    payments: HK_AND_MO_PAYMENTS,
    payChannels: ['CARD', 'ALIPAY_HK', 'PAYME'],
    invoices: ['RECEIPT'],
  },
  MO: {
    deliveries: HK_AND_MO_DELIVERIES,
    payments: HK_AND_MO_PAYMENTS,
    payChannels: ['CARD', 'MPAY'],
    invoices: ['RECEIPT'],
  },
  CN: {
    deliveries: ['EXPRESS_HOME'],
    payments: { EXPRESS_HOME: ['ONLINE'] },
    payChannels: ['ALIPAY', 'WECHAT_PAY', 'UNION_CARD'],
    invoices: ['TITLE_PERSONAL', 'TITLE_COMPANY'],
  },
};

/** The region an order was placed in, by its currency (each region has its own): paying it later offers that region's channels. */
export const regionOfCurrency = (currency: CurrencyCode): Region => REGIONS.find((r) => REGION_CURRENCIES[r].code === currency)!;

/** The payment methods a delivery takes in a region; none for a delivery the region does not offer. */
export const paymentMethodsFor = (region: Region, delivery: DeliveryType): readonly PaymentMethod[] =>
  CHECKOUT_OFFERS[region].payments[delivery] ?? [];

export interface OfferProblem {
  code: string;
  field: string;
  message: string;
}

/**
 * The first thing an order asks for that its region does not offer, in form order; null when
 * all is offered. The API's check: the page offers only its region's choices, so this catches
 * a hand-made request or a page of another region.
 */
export function offerProblem(
  region: Region,
  order: {
    deliveryType: DeliveryType;
    paymentMethod?: PaymentMethod;
    payChannel?: OnlinePayChannel | null;
    invoice?: { type: InvoiceType };
  },
): OfferProblem | null {
  const offers = CHECKOUT_OFFERS[region];
  if (!offers.deliveries.includes(order.deliveryType))
    return { code: 'OD_DELIVERY_NOT_OFFERED', field: 'deliveryType', message: `${order.deliveryType} is not offered in ${region}` };
  if (order.invoice && !offers.invoices.includes(order.invoice.type))
    return { code: 'OD_INVOICE_NOT_OFFERED', field: 'invoice', message: `A ${order.invoice.type} invoice is not offered in ${region}` };
  if (order.paymentMethod && !paymentMethodsFor(region, order.deliveryType).includes(order.paymentMethod))
    return {
      code: 'OD_PAYMENT_NOT_FOR_DELIVERY',
      field: 'paymentMethod',
      message: `${order.paymentMethod} is not taken for ${order.deliveryType} in ${region}`,
    };
  if (order.payChannel && !offers.payChannels.includes(order.payChannel))
    return { code: 'OD_PAY_CHANNEL_NOT_OFFERED', field: 'payChannel', message: `${order.payChannel} is not offered in ${region}` };
  return null;
}
