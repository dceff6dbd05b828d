/**
 * The building blocks of the commerce contract's endpoint table, apart so that every part of
 * the contract (contract.ts, contract-checkout.ts) builds on them without importing each other.
 */
import { z } from 'zod';
import { CURRENCY_CODES } from '../i18n/regions.ts';

export const yesNo = z.enum(['Y', 'N']);
/** The ISO code of the currency an amount is in: a cart, an order, a coupon carry theirs. */
export const currencySchema = z.enum(CURRENCY_CODES);

export interface EndpointDefinition {
  method: 'GET' | 'POST';
  path: string;
  /** Member calls need the access token; the API answers 401 without a valid one. */
  auth: boolean;
  body: z.ZodType;
  resp: z.ZodType;
  summary: string;
  /** The largest body the API reads (413 above it); API_BODY_MAX_BYTES when not said. */
  maxBodyBytes?: number;
}

/** What a call may send: a form's fields and a cart's ids fit many times over. */
export const API_BODY_MAX_BYTES = 64 * 1024;
/** Sign-in, registration and search: a few short fields, read before any check, so kept small. */
export const SMALL_BODY_MAX_BYTES = 8 * 1024;

/** The body of a call that sends none (GET). */
export const none = z.object({}).strict();
/** Keeps each definition's own schema types (a plain annotation would widen them to ZodType). */
export const endpoint = <B extends z.ZodType, R extends z.ZodType>(d: {
  method: 'GET' | 'POST';
  path: string;
  auth: boolean;
  body: B;
  resp: R;
  summary: string;
  maxBodyBytes?: number;
}) => d;

export const pageQuery = z.object({ page: z.number().int().min(1).default(1), pageSize: z.number().int().min(1).max(100).default(10) });
export const listOf = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), total: z.number().int() });

// ---------------------------------------------------------------------------------------
// Entities both parts of the contract answer (contract.ts re-exports them)

/** Every status an order can be in (the order state machine's states). */
export { ORDER_STATUSES } from '../orders/statuses.ts';

/** A made-to-order line's choices (option and value), named in the request's language. */
const semiValuesSchema = z.array(z.object({ semiName: z.string(), semiValue: z.string() }));

/** A cart line as the API answers it for the mini cart (the store maps it to the app's CartItem). */
export const cartLineSchema = z.object({
  cartId: z.string(),
  productCode: z.string(),
  skuCode: z.string(),
  quantity: z.number().int().positive(),
  alterMode: z.string().nullable().describe('Hem type'),
  finalInseam: z.number().nullable(),
  productDetail: z.object({
    productDetailInfo: z.object({
      colorAlias: z.string(),
      sizeAlias: z.string(),
      unitPrice: z.number(),
      skuName: z.string(),
      colorCode: z.string(),
      semiValues: semiValuesSchema,
      priceType: z.string().nullable(),
    }),
    summaryInfo: z.object({ customMadeFlag: yesNo, originPrice: z.number() }),
  }),
});
/** A line of a placed order; productId is the level-2 product id. */
export const orderLineSchema = z.object({
  productId: z.string(),
  skuCode: z.string(),
  productCode: z.string(),
  quantity: z.number().int(),
  purchasedQty: z.number().int(),
  giftFlag: yesNo,
  alterMode: z.string().nullable().describe('Hem type chosen with the line'),
  finalInseam: z.number().nullable().describe('cm; given with alterMode'),
  caseFlag: yesNo.describe('Gift wrapping chosen for the line'),
  productDetailInfo: z.object({
    skuName: z.string(),
    colorCode: z.string(),
    sizeCode: z.string(),
    sizeAlias: z.string(),
    colorAlias: z.string(),
    unitPrice: z.number(),
    omsSkuCode: z.string(),
    semiValues: semiValuesSchema.describe('What the member chose for a made-to-order line: what to make'),
  }),
});

/** A coupon the member holds; `used` Y once an order spent it. */
export const couponSchema = z.object({
  couponId: z.string(),
  title: z.string(),
  currency: currencySchema.describe('Its discount and threshold are in this currency; it is usable only on an order in it'),
  discount: z.number(),
  threshold: z.number(),
  startDate: z.number(),
  endDate: z.number(),
  used: yesNo,
  description: z.string().default('').describe('The terms as the member reads them'),
});
