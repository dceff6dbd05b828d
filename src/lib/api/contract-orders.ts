/**
 * What follows a purchase, in the commerce contract: the member's orders with their shipments,
 * payment, presale schedule and cases; refunds, exchanges and after-sales cases with their
 * timelines; evaluations; paying an unpaid order (or a presale's deposit and rest) later.
 * Spread into ENDPOINTS by contract.ts. Every member action is one transition of the state
 * machine (src/lib/orders/state-machine.ts); an action the table does not allow from the case's
 * current state is refused with ORDER_STATE_CHANGED, REFUND_STATE_CHANGED… and changes nothing.
 */
import { z } from 'zod';
import { ROUTES } from './routes.ts';
import {
  EVALUATION_PICTURES_MAX,
  EVALUATION_TEXT_MAX_LENGTH,
  EVALUATION_TEXT_MIN_LENGTH,
  ONLINE_PAY_CHANNELS,
  REFUND_DESCRIPTION_MAX_LENGTH,
  REFUND_REASONS,
} from '../constants.ts';
import {
  AFTER_SALE_SERVICES,
  EXCHANGE_STATUSES,
  ORDER_STATUSES,
  ORDER_TYPES,
  REFUND_STATUSES,
  REFUND_TYPES,
  SHIPMENT_STATUSES,
  WAREHOUSE_SUB_STATUSES,
} from '../orders/statuses.ts';
import { LOGISTICS_CODE_PATTERN, PICKUP_STORE_CODE_PATTERN } from '../validation/patterns.ts';
import { attachmentUploadSchema, addressSchema, UPLOAD_BODY_MAX_BYTES } from './contract-account.ts';
import { invoiceRequestSchema } from './contract-checkout.ts';
import { currencySchema, endpoint, listOf, orderLineSchema, pageQuery, yesNo, type EndpointDefinition } from './contract-kit.ts';

const stamp = z.number().int().describe('A moment (ms)');

// ---------------------------------------------------------------------------------------
// Orders

/** A line as the order pages show it: the placed line, its picture, its return rule and what is left to return. */
export const orderItemSchema = orderLineSchema.extend({
  imageUrl: z.string().describe('The ordered colour’s main picture'),
  noReasonToReturnFlag: z
    .enum(['Y', 'N', 'ONLY_EXCHANGE_NOT_RETREAT'])
    .describe('The product’s return rule (the CMS return notice is keyed by it)'),
  returnableQty: z.number().int().describe('Units not already in a refund, exchange or after-sales case'),
  evaluated: yesNo.describe('Y once the member has evaluated this line'),
});

export const shipmentSchema = z.object({
  shipmentCode: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  carrier: z.string().nullable().describe('Express company code'),
  trackingCode: z.string().nullable(),
  productIds: z.array(z.string()).describe('The level-2 ids of the lines in this parcel'),
  events: z.array(z.object({ subStatus: z.enum(WAREHOUSE_SUB_STATUSES), at: stamp })).describe('Oldest first'),
});

export const presaleSchema = z.object({
  deposit: z.number(),
  rest: z.number(),
  depositPaidAt: stamp.nullable(),
  restPaidAt: stamp.nullable(),
  restStartAt: stamp.describe('The rest can be paid from here…'),
  restEndAt: stamp.describe('…until here; unpaid, the order ends as REST_PAY_CANCELLED'),
});

const caseRefSchema = z.object({ code: z.string(), status: z.string(), createdAt: stamp });

export const orderSchema = z.object({
  orderCode: z.string(),
  status: z.enum(ORDER_STATUSES),
  orderType: z.enum(ORDER_TYPES),
  createdAt: stamp,
  currency: currencySchema.describe("Every amount of the order and its cases: the region's it was placed in"),
  shippingType: z.string().describe('EXPRESS or PICKUP (the distribution type)'),
  deliveryType: z.string().describe('One of DELIVERY_TYPES'),
  discount: z.number(),
  total: z.number(),
  freight: z.number(),
  couponId: z.string().nullable(),
  products: z.array(orderItemSchema),
  address: addressSchema.omit({ addressId: true, isDefault: true }).nullable(),
  storeCode: z.string().nullable(),
  store: z
    .object({ code: z.string(), name: z.string().nullable(), address: z.string().nullable() })
    .nullable()
    .describe(
      "Where the order is collected: a store pickup's shop (its name and address in the request's language), a convenience store as the chain's map returned it, a locker's code; name and address null when not known (a code typed by hand)",
    ),
  invoice: invoiceRequestSchema.nullable(),
  invoiceNo: z.string().nullable().describe('The issued invoice, once there is one'),
  payment: z.object({
    method: z.string(),
    channel: z.enum(ONLINE_PAY_CHANNELS).nullable(),
    paidAt: stamp.nullable(),
    goods: z.number().describe('The lines before discount and freight'),
  }),
  shipments: z.array(shipmentSchema),
  presale: presaleSchema.nullable(),
  payBy: stamp.nullable().describe('An unpaid order closes when this passes'),
  finishedAt: stamp.nullable().describe('Returns and exchanges are open RETURN_WINDOW_DAYS from here, after-sales AFTER_SALE_WINDOW_DAYS'),
  cases: z.object({
    refunds: z.array(caseRefSchema.extend({ refundType: z.enum(REFUND_TYPES) })),
    exchanges: z.array(caseRefSchema),
    afterSales: z.array(caseRefSchema.extend({ serviceType: z.enum(AFTER_SALE_SERVICES) })),
  }),
});
export type Order = z.infer<typeof orderSchema>;

// ---------------------------------------------------------------------------------------
// Cases

/** One step of a case's timeline: the status it reached, when, and who moved it. */
const historySchema = z.array(
  z.object({ status: z.string(), at: stamp, by: z.enum(['MEMBER', 'STORE', 'WAREHOUSE', 'PAYMENT', 'SYSTEM']) }),
);
const caseLineSchema = z.object({
  productId: z.string(),
  productCode: z.string(),
  skuName: z.string(),
  colorAlias: z.string(),
  sizeAlias: z.string(),
  imageUrl: z.string(),
  quantity: z.number().int(),
  amount: z.number().describe('What this line refunds'),
});
const logisticsSchema = z.object({ expressCode: z.string(), logisticsCode: z.string(), sentAt: stamp }).nullable();

export const refundSchema = z.object({
  refundCode: z.string(),
  orderCode: z.string(),
  refundType: z.enum(REFUND_TYPES),
  status: z.enum(REFUND_STATUSES),
  currency: currencySchema.describe("The order's"),
  amount: z.number().describe('What is refunded in all (the partial amount once agreed)'),
  proposedAmount: z.number().nullable().describe('WAIT_BUYER_CONFIRM: what the store offers after inspection'),
  reason: z.enum(REFUND_REASONS),
  description: z.string(),
  lines: z.array(caseLineSchema),
  logistics: logisticsSchema,
  dropStoreCode: z.string().nullable(),
  history: historySchema,
  createdAt: stamp,
});
export type Refund = z.infer<typeof refundSchema>;

export const exchangeSchema = z.object({
  exchangeCode: z.string(),
  orderCode: z.string(),
  status: z.enum(EXCHANGE_STATUSES),
  reason: z.enum(REFUND_REASONS),
  description: z.string(),
  line: caseLineSchema.describe('The line sent back'),
  toSkuCode: z.string(),
  toColorAlias: z.string(),
  toSizeAlias: z.string(),
  logistics: logisticsSchema,
  history: historySchema,
  createdAt: stamp,
});
export type Exchange = z.infer<typeof exchangeSchema>;

const pictureSchema = z.object({ attachmentId: z.string(), name: z.string(), url: z.string() });

export const afterSaleSchema = z.object({
  afterSaleCode: z.string(),
  orderCode: z.string(),
  serviceType: z.enum(AFTER_SALE_SERVICES),
  status: z.enum(REFUND_STATUSES),
  description: z.string(),
  line: caseLineSchema,
  pictures: z.array(pictureSchema),
  logistics: logisticsSchema,
  dropStoreCode: z.string().nullable(),
  history: historySchema,
  createdAt: stamp,
});
export type AfterSale = z.infer<typeof afterSaleSchema>;

export const evaluationSchema = z.object({
  evaluationId: z.string(),
  productCode: z.string(),
  productId: z.string(),
  colorAlias: z.string(),
  sizeAlias: z.string(),
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  pictures: z.array(pictureSchema),
  author: z.string().describe('The member’s name, shortened (林**)'),
  published: yesNo,
  createdAt: stamp,
});
export type Evaluation = z.infer<typeof evaluationSchema>;

/** What a line of a member's order shows on their reviews page: which order, the product as ordered, its picture. */
const evaluationLineFields = {
  orderCode: z.string(),
  productId: z.string(),
  productCode: z.string(),
  skuName: z.string().describe('The product’s name in the request’s language'),
  colorAlias: z.string(),
  sizeAlias: z.string(),
  imageUrl: z.string().describe('The ordered colour’s main picture'),
};
/** A line of a finished order the member has not evaluated yet. */
const evaluationWaitingSchema = z.object({
  ...evaluationLineFields,
  orderedAt: stamp.describe('When the order was placed: the newest order’s lines come first'),
});
/** One of the member's own evaluations, published or waiting for the store, with the line it is of. */
const ownEvaluationSchema = evaluationSchema.extend(evaluationLineFields);

// ---------------------------------------------------------------------------------------
// Bodies

const orderCode = z.object({ orderCode: z.string().min(1) });
const reasonFields = {
  reason: z.enum(REFUND_REASONS, 'OD_REFUND_REASON_REQUIRED'),
  description: z
    .string()
    .trim()
    .max(REFUND_DESCRIPTION_MAX_LENGTH, 'VALUE_TOO_LONG')
    .describe('Free text; refused with OD_REFUND_EMOJI when it holds emoji or #, &, !'),
};
const logisticsBody = {
  expressCode: z.string().trim().min(1, 'OD_EXPRESS_REQUIRED').max(20),
  logisticsCode: z.string().trim().regex(LOGISTICS_CODE_PATTERN, 'OD_LOGISTICS_CODE'),
};
const returnRoute = z.discriminatedUnion('way', [
  z.object({ way: z.literal('COURIER'), ...logisticsBody }),
  z.object({
    way: z.literal('STORE'),
    // Left empty, what is missing is the shop the goods are handed in at, not a pickup store.
    storeCode: z.string().trim().min(1, 'OD_DROP_STORE_REQUIRED').regex(PICKUP_STORE_CODE_PATTERN, 'OD_STORE_CODE_FORMAT'),
  }),
]);

/** A page of refunds or after-sales cases: one status, or any of several (a filter entry covering the statuses that read alike). */
const caseListQuery = pageQuery.extend({
  status: z.enum(REFUND_STATUSES).optional(),
  statuses: z
    .array(z.enum(REFUND_STATUSES))
    .max(REFUND_STATUSES.length)
    .optional()
    .describe('Any of these statuses; none or empty for every status'),
});

// ---------------------------------------------------------------------------------------
// The endpoint table

export const ORDER_ENDPOINTS = {
  orderList: endpoint({
    ...ROUTES.orderList,
    body: pageQuery.extend({
      status: z.enum(ORDER_STATUSES).optional(),
      keyword: z.string().trim().max(40).optional().describe('An order code, or a word of a product name'),
    }),
    resp: listOf(orderSchema).extend({
      counts: z.record(z.string(), z.number().int()).describe('Orders per status (the keyword applied)'),
    }),
    summary: 'Orders, newest first, by status or keyword, with the count of each status',
  }),
  orderDetail: endpoint({ ...ROUTES.orderDetail, body: orderCode, resp: orderSchema, summary: 'One order' }),
  orderCancel: endpoint({
    ...ROUTES.orderCancel,
    body: orderCode,
    resp: orderSchema,
    summary: 'Cancel an unpaid order (or a presale before its deposit); the stock goes back on sale',
  }),
  orderConfirmReceipt: endpoint({
    ...ROUTES.orderConfirmReceipt,
    body: orderCode,
    resp: orderSchema,
    summary: 'The member has the parcel: the order is finished',
  }),
  orderPay: endpoint({
    ...ROUTES.orderPay,
    body: orderCode.extend({ payChannel: z.enum(ONLINE_PAY_CHANNELS, 'OD_PAY_CHANNEL_REQUIRED') }),
    resp: z.object({
      payUrl: z.string(),
      amount: z.number().describe('What this payment is: the total, the deposit or the rest'),
      currency: currencySchema.describe("The order's"),
    }),
    summary: 'Pay an unpaid order later, or a presale’s deposit or rest in its window, through the provider',
  }),
  // Refunds
  refundCreate: endpoint({
    ...ROUTES.refundCreate,
    body: orderCode.extend({
      refundType: z.enum(REFUND_TYPES, 'OD_REFUND_TYPE'),
      lines: z
        .array(z.object({ productId: z.string().min(1), quantity: z.number().int().min(1) }))
        .max(50)
        .default([])
        .describe('The lines and units; a cancelled unshipped order takes every line'),
      ...reasonFields,
    }),
    resp: refundSchema,
    summary: 'Ask for a refund: cancel an unshipped order, refund only, or return and refund',
  }),
  refundList: endpoint({
    ...ROUTES.refundList,
    body: caseListQuery,
    resp: listOf(refundSchema),
    summary: 'Refunds and returns, newest first',
  }),
  refundDetail: endpoint({
    ...ROUTES.refundDetail,
    body: z.object({ refundCode: z.string().min(1) }),
    resp: refundSchema,
    summary: 'One refund with its timeline',
  }),
  refundCancel: endpoint({
    ...ROUTES.refundCancel,
    body: z.object({ refundCode: z.string().min(1) }),
    resp: refundSchema,
    summary: 'Withdraw a refund before the goods are on their way',
  }),
  refundReturn: endpoint({
    ...ROUTES.refundReturn,
    body: z.object({ refundCode: z.string().min(1), route: returnRoute }),
    resp: refundSchema,
    summary: 'How the goods come back: a courier parcel (express company and logistics code) or a shop',
  }),
  refundRespond: endpoint({
    ...ROUTES.refundRespond,
    body: z.object({ refundCode: z.string().min(1), accept: z.boolean() }),
    resp: refundSchema,
    summary: 'Accept or refuse the amount the store offers after inspection',
  }),
  // Exchanges
  exchangeCreate: endpoint({
    ...ROUTES.exchangeCreate,
    body: orderCode.extend({ productId: z.string().min(1), toSkuCode: z.string().min(1, 'OD_EXCHANGE_SKU_REQUIRED'), ...reasonFields }),
    resp: exchangeSchema,
    summary: 'Exchange one unit of a line for another size or colour of the same product, in stock',
  }),
  exchangeList: endpoint({
    ...ROUTES.exchangeList,
    body: pageQuery.extend({ status: z.enum(EXCHANGE_STATUSES).optional() }),
    resp: listOf(exchangeSchema),
    summary: 'Exchanges, newest first',
  }),
  exchangeDetail: endpoint({
    ...ROUTES.exchangeDetail,
    body: z.object({ exchangeCode: z.string().min(1) }),
    resp: exchangeSchema,
    summary: 'One exchange with its timeline',
  }),
  exchangeCancel: endpoint({
    ...ROUTES.exchangeCancel,
    body: z.object({ exchangeCode: z.string().min(1) }),
    resp: exchangeSchema,
    summary: 'Withdraw an exchange before the item is sent back',
  }),
  exchangeReturn: endpoint({
    ...ROUTES.exchangeReturn,
    body: z.object({ exchangeCode: z.string().min(1), ...logisticsBody }),
    resp: exchangeSchema,
    summary: 'The parcel sent back for an exchange',
  }),
  exchangeConfirmReceipt: endpoint({
    ...ROUTES.exchangeConfirmReceipt,
    body: z.object({ exchangeCode: z.string().min(1) }),
    resp: exchangeSchema,
    summary: 'The replacement has arrived',
  }),
  // After-sales
  afterSaleCreate: endpoint({
    ...ROUTES.afterSaleCreate,
    body: orderCode.extend({
      productId: z.string().min(1),
      serviceType: z.enum(AFTER_SALE_SERVICES, 'OD_AFTERSALE_SERVICE_REQUIRED'),
      description: z.string().trim().min(1, 'OD_AFTERSALE_DESCRIPTION_REQUIRED').max(REFUND_DESCRIPTION_MAX_LENGTH, 'VALUE_TOO_LONG'),
      attachments: z.array(attachmentUploadSchema).max(EVALUATION_PICTURES_MAX, 'TK_ATTACHMENT_COUNT').default([]),
    }),
    resp: afterSaleSchema,
    summary: 'Ask for a repair, report a quality issue, or ask for an alteration, with photos',
    maxBodyBytes: UPLOAD_BODY_MAX_BYTES,
  }),
  afterSaleList: endpoint({
    ...ROUTES.afterSaleList,
    body: caseListQuery,
    resp: listOf(afterSaleSchema),
    summary: 'After-sales cases, newest first',
  }),
  afterSaleDetail: endpoint({
    ...ROUTES.afterSaleDetail,
    body: z.object({ afterSaleCode: z.string().min(1) }),
    resp: afterSaleSchema,
    summary: 'One after-sales case with its timeline',
  }),
  afterSaleCancel: endpoint({
    ...ROUTES.afterSaleCancel,
    body: z.object({ afterSaleCode: z.string().min(1) }),
    resp: afterSaleSchema,
    summary: 'Withdraw an after-sales case before the piece is sent',
  }),
  afterSaleReturn: endpoint({
    ...ROUTES.afterSaleReturn,
    body: z.object({ afterSaleCode: z.string().min(1), route: returnRoute }),
    resp: afterSaleSchema,
    summary: 'How the piece comes to us: a courier parcel or a shop',
  }),
  // Evaluations
  evaluationCreate: endpoint({
    ...ROUTES.evaluationCreate,
    body: orderCode.extend({
      productId: z.string().min(1),
      rating: z.number().int().min(1, 'EV_RATING_REQUIRED').max(5, 'EV_RATING_REQUIRED'),
      text: z
        .string()
        .trim()
        .min(EVALUATION_TEXT_MIN_LENGTH, 'EV_TEXT_LENGTH')
        .max(EVALUATION_TEXT_MAX_LENGTH, 'EV_TEXT_LENGTH')
        .describe('Refused with EV_TEXT_EMOJI when it holds emoji or #, &, !'),
      attachments: z.array(attachmentUploadSchema).max(EVALUATION_PICTURES_MAX, 'TK_ATTACHMENT_COUNT').default([]),
    }),
    resp: evaluationSchema,
    summary: 'Evaluate a line of a finished order, once; the store publishes it',
    maxBodyBytes: UPLOAD_BODY_MAX_BYTES,
  }),
  evaluationMine: endpoint({
    ...ROUTES.evaluationMine,
    body: pageQuery,
    resp: z.object({
      waiting: z.array(evaluationWaitingSchema).describe('Every line of a finished order not evaluated yet, newest order first'),
      written: listOf(ownEvaluationSchema).describe('The member’s evaluations, newest first, a page of them'),
    }),
    summary: 'The member’s reviews page: the lines waiting for a review, and the reviews written (paged)',
  }),
  evaluationList: endpoint({
    ...ROUTES.evaluationList,
    body: pageQuery.extend({ productCode: z.string().min(1).max(40) }),
    resp: listOf(evaluationSchema).extend({ average: z.number().nullable() }),
    summary: 'A product’s published evaluations, newest first, with the average rating',
  }),
} satisfies Record<string, EndpointDefinition>;
