/**
 * The checkout part of the commerce contract: the cart page, placing an order, paying it,
 * coupons. Spread into ENDPOINTS by contract.ts.
 *
 * Money is in the currency of the request's region (its Accept-Language, the page's language):
 * a cart is priced in it, an order placed and kept in it. What checkout offers per region is
 * src/lib/checkout/offers.ts.
 */
import { z } from 'zod';
import { ROUTES } from './routes.ts';
import { INSEAM_RANGE_CM } from '../product/rules.ts';
import {
  ADDRESS_DELIVERY_TYPES,
  DELIVERY_TYPES,
  DONATION_INVOICE_TARGETS,
  ONLINE_PAY_CHANNELS,
  PAYMENT_METHODS,
  STORE_DELIVERY_TYPES,
  type DeliveryType,
} from '../constants.ts';
import { CN_TAX_NUMBER_PATTERN } from '../checkout/invoice-formats.ts';
import { EIGHT_DIGITS_PATTERN, LOGISTICS_CODE_PATTERN, MOBILE_BARCODE_PATTERN, PICKUP_STORE_CODE_PATTERN } from '../validation/patterns.ts';
import { stripEmojiAndSymbols } from '../validation/rules.ts';
// contract.ts imports this module, so shared entities come from the kit, never from contract.ts.
import {
  cartLineSchema,
  couponSchema,
  currencySchema,
  endpoint,
  none,
  ORDER_STATUSES,
  orderLineSchema,
  yesNo,
  type EndpointDefinition,
} from './contract-kit.ts';

// ---------------------------------------------------------------------------------------
// Field formats of the checkout forms (the UI validates with the same ones)

/** Hem type of a pants-length alteration (e.g. HEM, as in the CMS's hemDeliveryType `EXPRESS_HEM`). */
export const HEM_MODE_PATTERN = /^[A-Z][A-Z0-9_]{0,19}$/;

// Where an order is placed from and which donation targets each page offers: constants.ts.
export { CHECKOUT_FROM, donationTargetsFor, type CheckoutFrom } from '../constants.ts';
import { CHECKOUT_FROM, donationTargetsFor } from '../constants.ts';
import { RISK_BLACKBOX_MAX_LENGTH } from '../external-scripts/sources.ts';

// ---------------------------------------------------------------------------------------
// The cart page

export const CART_LINE_INVALID_REASONS = ['OFF_SALE', 'SOLD_OUT', 'STOCK_SHORT', 'NOT_SOLD_HERE'] as const;

export const cartDetailLineSchema = cartLineSchema.extend({
  productId: z.string().describe('Level-2 product id of the SKU'),
  imageUrl: z.string(),
  caseFlag: yesNo.describe('Gift wrapping chosen for this line'),
  giftFlag: yesNo.describe('Y for a free gift of a promotion'),
  serviceFlags: z.object({ makePantsLengthFlag: yesNo, caseFlag: yesNo }).describe('What the product offers: hemming, gift wrapping'),
  stock: z.number().int().nonnegative(),
  lineTotal: z.number().describe('unitPrice × quantity'),
  invalid: z.boolean().describe('Cannot be ordered now: see invalidReason'),
  invalidReason: z
    .enum(CART_LINE_INVALID_REASONS)
    .nullable()
    .describe(
      "OFF_SALE: switched off or unlisted; SOLD_OUT; STOCK_SHORT: fewer in stock than the quantity; NOT_SOLD_HERE: no price in the region's currency",
    ),
});
export type CartDetailLine = z.infer<typeof cartDetailLineSchema>;

export const cartSummarySchema = z.object({
  itemCount: z.number().int().describe('Items of the valid lines'),
  subtotal: z.number().describe('Of the valid lines'),
  discount: z.number(),
  couponId: z.string().nullable().describe('The coupon the discount comes from'),
  freight: z.number(),
  total: z.number().describe('subtotal − discount + freight'),
});

/**
 * The cart as every cart call that changes it answers: the page's lines and totals and the
 * header's count, so the page, the mini cart and the badge follow a change without reading again.
 */
export const cartDetailSchema = z.object({
  currency: currencySchema.describe("The request's region's: the lines' prices and the summary are in it"),
  lines: z.array(cartDetailLineSchema).describe('Every line, newest first, invalid ones too'),
  summary: cartSummarySchema.describe("The valid lines with the member's best usable coupon; freight 0 until a delivery type is chosen"),
  count: z.number().int().describe("Items in the cart, every line's quantity (the header's badge)"),
});

/** The hem and gift-wrapping services of a line: chosen when it is added (cartAdd) or later (cartOptions). */
export const cartServicesShape = {
  alterMode: z
    .string('CART_HEM_MODE_FORMAT')
    .regex(HEM_MODE_PATTERN, 'CART_HEM_MODE_FORMAT')
    .nullable()
    .optional()
    .describe('Hem type; null removes the hem'),
  finalInseam: z
    .number('CART_HEM_INSEAM_RANGE')
    .min(INSEAM_RANGE_CM.min, 'CART_HEM_INSEAM_RANGE')
    .max(INSEAM_RANGE_CM.max, 'CART_HEM_INSEAM_RANGE')
    .nullable()
    .optional()
    .describe('cm; given with alterMode'),
  caseFlag: yesNo.optional().describe('Gift wrapping'),
};

/** A hem is a type and a length: set both, clear both (null) or leave both out. */
export function checkHem(
  body: { alterMode?: string | null | undefined; finalInseam?: number | null | undefined },
  ctx: z.RefinementCtx,
): void {
  const mode = body.alterMode ?? null;
  const inseam = body.finalInseam ?? null;
  if (mode !== null && inseam === null) ctx.addIssue({ code: 'custom', message: 'CART_HEM_INSEAM_REQUIRED', path: ['finalInseam'] });
  if (mode === null && inseam !== null) ctx.addIssue({ code: 'custom', message: 'CART_HEM_MODE_REQUIRED', path: ['alterMode'] });
}

const cartOptionsBodySchema = z.object({ cartId: z.string().min(1), ...cartServicesShape }).superRefine(checkHem);

// ---------------------------------------------------------------------------------------
// Checkout

const deliveryTypeSchema = z.enum(DELIVERY_TYPES, 'OD_DELIVERY_TYPE');

const invoiceTitle = z.string('OD_INVOICE_TITLE_REQUIRED').trim().min(1, 'OD_INVOICE_TITLE_REQUIRED').max(60, 'OD_INVOICE_TITLE_LENGTH');

/** A Taiwan e-invoice as asked for: its carrier, the company, or the donation target. */
export const taiwanInvoiceSchema = z.discriminatedUnion(
  'type',
  [
    z.discriminatedUnion(
      'vehicle',
      [
        z.object({ type: z.literal('CLOUD'), vehicle: z.literal('MEMBER') }),
        z.object({
          type: z.literal('CLOUD'),
          vehicle: z.literal('PHONE'),
          vehicleCode: z.string('OD_INVOICE_PHONE_CODE').regex(MOBILE_BARCODE_PATTERN, 'OD_INVOICE_PHONE_CODE'),
        }),
        z.object({
          type: z.literal('CLOUD'),
          vehicle: z.literal('CERTIFICATE'),
          vehicleCode: z.string('OD_INVOICE_CERTIFICATE_CODE').regex(LOGISTICS_CODE_PATTERN, 'OD_INVOICE_CERTIFICATE_CODE'),
        }),
      ],
      { error: 'OD_INVOICE_VEHICLE' },
    ),
    z.object({
      type: z.literal('COMPANY'),
      taxId: z.string('OD_INVOICE_TAX_ID').regex(EIGHT_DIGITS_PATTERN, 'OD_INVOICE_TAX_ID'),
      title: invoiceTitle,
    }),
    z.object({ type: z.literal('DONATION'), target: z.enum(DONATION_INVOICE_TARGETS, 'OD_INVOICE_DONATION_TARGET') }),
  ],
  { error: 'OD_INVOICE_TYPE' },
);

export type TaiwanInvoice = z.infer<typeof taiwanInvoiceSchema>;

/** The invoice asked for (not the issued one, contract.ts's invoiceSchema); which kinds a region offers is checkout/offers.ts's. */
export const invoiceRequestSchema = z.discriminatedUnion(
  'type',
  [
    taiwanInvoiceSchema,
    z.object({ type: z.literal('RECEIPT') }).describe("Hong Kong's and Macao's: a receipt with the order"),
    z
      .object({ type: z.literal('TITLE_PERSONAL'), title: invoiceTitle })
      .describe("The mainland's invoice made out to a person: the title is their name"),
    z
      .object({
        type: z.literal('TITLE_COMPANY'),
        title: invoiceTitle,
        taxNumber: z.string('OD_INVOICE_TAX_NUMBER').regex(CN_TAX_NUMBER_PATTERN, 'OD_INVOICE_TAX_NUMBER'),
      })
      .describe("The mainland's invoice made out to a company: its name and unified social credit code"),
  ],
  { error: 'OD_INVOICE_TYPE' },
);
export type InvoiceRequest = z.infer<typeof invoiceRequestSchema>;

const needsAddress = (d: DeliveryType) => (ADDRESS_DELIVERY_TYPES as readonly DeliveryType[]).includes(d);
const needsStore = (d: DeliveryType) => (STORE_DELIVERY_TYPES as readonly DeliveryType[]).includes(d);

export const orderCreateBodySchema = z
  .object({
    deliveryType: deliveryTypeSchema,
    addressId: z
      .string()
      .min(1, 'OD_ADDRESS_REQUIRED')
      .nullable()
      .optional()
      .describe('One of the saved addresses; for EXPRESS_HOME and DIRECT_SITE'),
    storeCode: z
      .string('OD_STORE_CODE_FORMAT')
      .regex(PICKUP_STORE_CODE_PATTERN, 'OD_STORE_CODE_FORMAT')
      .nullable()
      .optional()
      .describe(
        "For CVS_711, CVS_FAMILY and STORE_PICKUP; a store pickup's is one of the region's shops (OD_STORE_NOT_FOUND, OD_STORE_OTHER_REGION)",
      ),
    // Addresses keep no emoji or #&! on any field (lib/validation/rules.ts): a store's too, map or not.
    storeName: z
      .string()
      .transform(stripEmojiAndSymbols)
      .pipe(z.string().trim().max(60))
      .nullable()
      .optional()
      .describe(
        "A convenience store's name, as the chain's map returned it with the code; kept on the order (a store pickup's is the shop's)",
      ),
    storeAddress: z
      .string()
      .transform(stripEmojiAndSymbols)
      .pipe(z.string().trim().max(200))
      .nullable()
      .optional()
      .describe("A convenience store's address, as the chain's map returned it"),
    invoice: invoiceRequestSchema,
    currency: currencySchema.describe(
      "What the shopper saw the order in (checkoutPreview's): refused when the request's region prices in another",
    ),
    paymentMethod: z.enum(PAYMENT_METHODS, 'OD_PAYMENT_METHOD'),
    payChannel: z.enum(ONLINE_PAY_CHANNELS, 'OD_PAY_CHANNEL').nullable().optional().describe('For ONLINE only'),
    couponId: z.string().min(1).nullable().optional(),
    cartIds: z.array(z.string().min(1)).min(1).optional().describe("checkoutPreview's lines; without it, every line of a product on sale"),
    from: z.enum(CHECKOUT_FROM, 'OD_FROM').describe('The page the order is placed from'),
    blackbox: z
      .string()
      .max(RISK_BLACKBOX_MAX_LENGTH)
      .optional()
      .describe("The risk-fingerprint script's device blackbox; absent when it gave none in time"),
  })
  // The rules between fields, in form order (what the request's region offers is checked by the
  // API with checkout/offers.ts: the body does not say its region). They run even when a field failed its own check
  // (that failure is reported first), so a value may be of the wrong kind here.
  .superRefine((body, ctx) => {
    const fail = (message: string, ...path: string[]) => ctx.addIssue({ code: 'custom', message, path });
    const delivery = body.deliveryType;
    if (needsAddress(delivery) && !body.addressId) fail('OD_ADDRESS_REQUIRED', 'addressId');
    if (needsStore(delivery) && !body.storeCode) fail('OD_STORE_REQUIRED', 'storeCode');
    if (body.invoice?.type === 'DONATION' && !(donationTargetsFor(body.from) as readonly string[]).includes(body.invoice.target))
      fail('OD_INVOICE_DONATION_TARGET', 'invoice', 'target');
    if (body.paymentMethod === 'ONLINE' && !body.payChannel) fail('OD_PAY_CHANNEL_REQUIRED', 'payChannel');
    if (body.paymentMethod !== 'ONLINE' && body.payChannel) fail('OD_PAY_CHANNEL_UNEXPECTED', 'payChannel');
  });

const createdStatuses = ['UNPAID', 'WAIT_SHIP'] as const satisfies readonly (typeof ORDER_STATUSES)[number][];

/** What a placed order tells the analytics and tag-manager purchase event. */
export const orderTrackingSchema = z.object({
  orTempId: z.string(),
  currency: currencySchema.describe('Of every amount below'),
  shippingType: z.enum(['EXPRESS', 'PICKUP']).describe('The distribution type: PICKUP for a store pickup'),
  shippingMethod: deliveryTypeSchema,
  shippingZipCode: z.string().describe("The address's zip code; '0' without one"),
  giftOrder: yesNo.describe('Y when a line is gift-wrapped'),
  giftFlag: yesNo.describe('Y when a line is a free gift'),
  actionField: z.object({
    account: z.number().describe('Goods amount: the lines before discount and freight'),
    discount: z.number(),
    total: z.number(),
    freight: z.number(),
    couponId: z.string().nullable(),
  }),
  products: z.array(
    orderLineSchema.extend({
      summaryInfo: z.object({
        categoryNames: z.array(z.string()).describe('Category codes, broadest first (the CMS holds their titles)'),
        originPrice: z.number(),
        fullName: z.string(),
        omsProductCodeSix: z.string(),
        minPrice: z.number(),
        maxPrice: z.number(),
      }),
    }),
  ),
});
export type OrderTracking = z.infer<typeof orderTrackingSchema>;

// ---------------------------------------------------------------------------------------
// Coupons

export const couponOfferSchema = z.object({
  couponId: z.string(),
  title: z.string(),
  currency: currencySchema,
  description: z.string(),
  discount: z.number(),
  threshold: z.number().describe('Subtotal the cart must reach; 0 for none'),
  startDate: z.number().int().describe('Usable from (ms)'),
  endDate: z.number().int().describe('Usable and collectable until (ms)'),
});

// ---------------------------------------------------------------------------------------
// The endpoint table

export const CHECKOUT_ENDPOINTS = {
  cartDetail: endpoint({
    ...ROUTES.cartDetail,
    body: none,
    resp: cartDetailSchema,
    summary: "The cart page: every line (invalid ones flagged) and a summary, in the region's currency",
  }),
  cartOptions: endpoint({
    ...ROUTES.cartOptions,
    body: cartOptionsBodySchema,
    resp: cartDetailSchema,
    summary: 'Set the hem and gift wrapping of a line; answers the cart',
  }),
  checkoutPreview: endpoint({
    ...ROUTES.checkoutPreview,
    body: z.object({
      deliveryType: deliveryTypeSchema,
      couponId: z.string().min(1).nullable().optional().describe('Omitted: the best usable coupon; null: none'),
    }),
    resp: z.object({
      currency: currencySchema,
      lines: z.array(cartDetailLineSchema).describe('The valid lines: what orderCreate orders'),
      summary: cartSummarySchema,
      freeFreightFrom: z.number().nullable().describe('Subtotal after discount from which this delivery is free; null when it always is'),
      coupons: z.array(couponSchema).describe("The member's coupons usable on these lines"),
    }),
    summary: 'Lines, discount, freight and total of an order before it is placed',
  }),
  orderCreate: endpoint({
    ...ROUTES.orderCreate,
    body: orderCreateBodySchema,
    resp: z.object({
      orderCode: z.string(),
      status: z.enum(createdStatuses).describe('UNPAID for ONLINE, else WAIT_SHIP'),
      currency: currencySchema,
      total: z.number(),
      payUrl: z.string().nullable().describe('For ONLINE: where to send the shopper to pay'),
      tracking: orderTrackingSchema,
    }),
    summary: 'Place an order from the cart: reserves stock, all lines or none',
  }),
  orderPayStatus: endpoint({
    ...ROUTES.orderPayStatus,
    body: z.object({ orderCode: z.string().min(1) }),
    resp: z.object({
      orderCode: z.string(),
      status: z.enum(ORDER_STATUSES),
      paid: z.boolean().describe("The latest online payment started for the order (the order's, a deposit's or a rest's) is complete"),
    }),
    summary: "An order's payment state, for the payment return pages",
  }),
  couponCollect: endpoint({
    ...ROUTES.couponCollect,
    body: z.object({ couponId: z.string().min(1) }),
    resp: couponSchema,
    summary: 'Collect a coupon, once',
  }),
  couponCollectable: endpoint({
    ...ROUTES.couponCollectable,
    body: z.object({ couponId: z.string().min(1).optional().describe('One coupon, even once it has ended') }),
    resp: z.array(couponOfferSchema),
    summary: "Coupons to collect (not yet ended) in the region's currency, or one of them",
  }),
} satisfies Record<string, EndpointDefinition>;
