/**
 * The commerce contract: every call the store makes to the commerce API, as one table of
 * endpoints with zod schemas for the request and the `resp` of the envelope. The local
 * commerce API implements exactly this table, the browser client calls through it, and the
 * README's path table is checked against it. Paths are relative to the API base (`/api`).
 */
import { z } from 'zod';
import { CAPTCHA_TOKEN_MAX_LENGTH, MAX_QUANTITY_PER_LINE, SEARCH_SORTS } from './contract-values.ts';
import { ROUTES } from './routes.ts';
import { REGIONS } from '../i18n/regions.ts';
import { THIRD_PARTY_PROVIDERS } from './third-party.ts';
import { cartDetailSchema, cartServicesShape, checkHem, CHECKOUT_ENDPOINTS } from './contract-checkout.ts';
import { ACCOUNT_ENDPOINTS, memberProfileSchema } from './contract-account.ts';
import { NEWSLETTER_ENDPOINTS } from './contract-newsletter.ts';
import { ORDER_ENDPOINTS } from './contract-orders.ts';
import {
  cartLineSchema,
  currencySchema,
  endpoint,
  SMALL_BODY_MAX_BYTES,
  listOf,
  none,
  yesNo,
  type EndpointDefinition,
} from './contract-kit.ts';

export type { EndpointDefinition } from './contract-kit.ts';
// Shared with contract-checkout.ts, so they live in the kit; exported here as before.
export { cartLineSchema, couponSchema, orderLineSchema } from './contract-kit.ts';
export { AFTER_SALE_SERVICES, EXCHANGE_STATUSES, ORDER_STATUSES, ORDER_TYPES, REFUND_STATUSES, REFUND_TYPES } from '../orders/statuses.ts';
export {
  afterSaleSchema,
  evaluationSchema,
  exchangeSchema,
  orderSchema,
  refundSchema,
  type AfterSale,
  type Evaluation,
  type Exchange,
  type Order,
  type Refund,
} from './contract-orders.ts';
export { addressSchema, inboxMessageSchema, invoiceSchema, ticketSchema, type Address, type MemberProfile } from './contract-account.ts';

// ---------------------------------------------------------------------------------------
// Envelope: every answer of the API, success or not, has this shape

export const envelopeSchema = <T extends z.ZodType>(resp: T) =>
  z.object({
    success: z.boolean(),
    msgCode: z.string().nullable().describe('Machine-readable result code, translated through the message catalogue'),
    resp: resp.nullable(),
    msg: z.string().nullable().describe('Human-readable message, shown when msgCode has no translation'),
  });
/** Any failure: resp is free-form, usually `{ field }` naming the form field it belongs to. */
export const failureEnvelopeSchema = z
  .object({
    success: z.literal(false),
    msgCode: z
      .string()
      .regex(/^[A-Z][A-Z0-9_]+$/)
      .describe('UPPER_SNAKE code, translated through the message catalogue'),
    resp: z
      .union([
        z.object({ field: z.string() }).strict().describe('the form field refused'),
        z
          .object({
            retryAfterSeconds: z.number().int().positive(),
            signInLink: z.literal(true).optional().describe('sign-in refused: a sign-in link by mail (signInLinkRequest) is offered'),
          })
          .strict()
          .describe('TOO_MANY_ATTEMPTS: the wait'),
      ])
      .nullable(),
    msg: z.string().nullable(),
  })
  .strict();

// ---------------------------------------------------------------------------------------
// Validation rules that both sides check (the form before sending, the API on receipt)

import { EMAIL_PATTERN, NAME_PATTERN, PASSWORD_PATTERN } from '../validation/patterns.ts';
export const passwordSchema = z.string().regex(PASSWORD_PATTERN, 'UR_PASSWORD_FORMAT');
export const emailSchema = z.string().trim().regex(EMAIL_PATTERN, 'UR_EMAIL_06');

/** The subscription save payload: the addresses, the flags, and Y or N per subscription category. */
export const subscriptionSchema = z.object({
  subscribeEmail: z.string().trim().min(1, 'UR_EMAIL_08').regex(EMAIL_PATTERN, 'UR_EMAIL_06'),
  extensionEmail: z.union([z.literal(''), z.string().trim().regex(EMAIL_PATTERN, 'UR_EMAIL_06')]).default(''),
  phoneFlag: yesNo,
  smsFlag: yesNo,
  emailFlag: yesNo,
  popupNoticeFlag: yesNo,
  subscribeMap: z.record(z.string().regex(/^[A-Z0-9_]{2,40}$/), yesNo),
});

// ---------------------------------------------------------------------------------------
// Members and sessions

/** The signed-in member: the session carries it, and the profile pages show and change it. */
export const memberSchema = memberProfileSchema;
export type Member = z.infer<typeof memberSchema>;

export const sessionSchema = z.object({
  accessToken: z.string().describe('Short-lived bearer token; kept in memory only'),
  expiresIn: z.number().int().describe('Seconds until the access token expires'),
  member: memberSchema,
});
export type Session = z.infer<typeof sessionSchema>;

// Apart, so the login page lists the providers without loading the schemas.
export { THIRD_PARTY_PROVIDERS, THIRD_PARTY_STATE, type ThirdPartyProvider } from './third-party.ts';

// ---------------------------------------------------------------------------------------
// Products, cart, wishlist

export { WISH_VALID_APPROVALS } from './contract-values.ts';

export const priceInfoSchema = z.object({
  minPrice: z.number(),
  maxPrice: z.number(),
  valPrice: z.number().describe('The price before discount'),
  priceColor: z.string().nullable(),
  priceGroup: z.string().nullable(),
});

export const productSummarySchema = z.object({
  productCode: z.string(),
  name: z.string(),
  enabledFlag: yesNo,
  approval: z.string().describe('LIST, AUTOLIST and BE_GOING_TO_LIST are valid for the wishlist'),
  imageUrl: z.string(),
  stockFlag: yesNo,
  priceInfo: priceInfoSchema,
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

const region = z.enum(REGIONS);
const skuPriceSchema = z.object({
  sale: z.number().describe('Selling price'),
  origin: z.number().describe('Regular price; above sale when discounted'),
});

/**
 * What a product-detail page shows that changes only when the catalogue does: written as a
 * static JSON per product and language at build time (the CDN serves it), so the page needs
 * the API only for live price and stock (productStock).
 */
export const productDetailSchema = z.object({
  productCode: z.string(),
  omsProductCode: z.string(),
  name: z.string(),
  description: z.string(),
  gender: z.string(),
  categoryCode: z.string(),
  colours: z
    .array(z.object({ colorNo: z.string(), code: z.string(), hex: z.string(), name: z.string(), images: z.array(z.string()).min(1) }))
    .min(1),
  sizes: z.array(z.object({ sizeNo: z.string(), alias: z.string() })).min(1),
  skus: z
    .array(
      z.object({
        skuCode: z.string(),
        omsSkuCode: z.string(),
        productId: z.string(),
        colorNo: z.string(),
        sizeNo: z.string(),
        price: skuPriceSchema.describe("In the region's currency, as of the build"),
      }),
    )
    .min(1),
  priceGroup: z.string(),
  makePantsLengthFlag: yesNo,
  caseFlag: yesNo,
  customMadeFlag: yesNo,
  semiOptions: z
    .array(z.object({ key: z.string(), name: z.string(), values: z.array(z.object({ key: z.string(), name: z.string() })).min(1) }))
    .describe('Made-to-order choices, in the language; one value of each is required'),
  presaleFlag: yesNo,
  noReasonToReturnFlag: z.enum(['Y', 'N', 'ONLY_EXCHANGE_NOT_RETREAT']),
  cornerCode: z.string().nullable(),
  productPageCode: z.string().nullable(),
  enabledFlag: yesNo,
  approval: z.string(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;
/** The most products one productDetails call answers: the build's pull asks a page of the catalogue at a time. */
export const PRODUCT_DETAILS_BATCH = 100;

export const productStockSchema = z.object({
  productCode: z.string(),
  skus: z.array(z.object({ skuCode: z.string(), stock: z.number().int().nonnegative(), price: skuPriceSchema })),
});
export type ProductStock = z.infer<typeof productStockSchema>;

export type CartLine = z.infer<typeof cartLineSchema>;

export const wishEntrySchema = z.object({
  spuInfo: productSummarySchema,
  status: z.string().describe('CHECK_SUCCESS when the entry is valid'),
});

const productRefSchema = z.object({ productCode: z.string().min(1), skuCode: z.string().default('') });

/** Product search (the search page): page size default and cap. */
export const SEARCH_PAGE_SIZE_DEFAULT = 24;
export const SEARCH_PAGE_SIZE_MAX = 60;
export const productSearchBodySchema = z
  .object({
    description: z
      .string()
      .optional()
      .describe(
        "The searched word; matched against the product names of the search's language, also read in its Chinese script, ignoring case",
      ),
    storeCode: z.string().optional().describe("A store's code: with searchType storeCode, the store's wares"),
    searchType: z.enum(['keyword', 'storeCode']).default('keyword'),
    sort: z.enum(SEARCH_SORTS).default('relevance'),
    page: z.number().int().min(1).default(1),
    pageSize: z.number().int().min(1).max(SEARCH_PAGE_SIZE_MAX).default(SEARCH_PAGE_SIZE_DEFAULT),
    region: region.describe("Prices are in the region's currency"),
    language: z
      .string()
      .optional()
      .describe("BCP 47 code of the page: its product names are searched and come back; default the request's (Accept-Language)"),
  })
  // A store search without a store is a mistake of the caller, not an empty result.
  .refine((body) => body.searchType !== 'storeCode' || Boolean(body.storeCode?.trim()), {
    message: 'SEARCH_STORE_CODE_REQUIRED',
    path: ['storeCode'],
  });

/** The captcha's token, where the store has a captcha (CAPTCHA_SCRIPT_URL); the API checks it before anything else. */
const captchaTokenSchema = z
  .string()
  .max(CAPTCHA_TOKEN_MAX_LENGTH, 'UR_CAPTCHA_FAILED')
  .optional()
  .describe('The captcha token, where the store has a captcha');

// ---------------------------------------------------------------------------------------
// The endpoint table

export const ENDPOINTS = {
  // Auth
  login: endpoint({
    ...ROUTES.login,
    body: z.object({
      account: z.string().trim().min(1, 'UR_ACCOUNT_REQUIRED'),
      password: z.string().min(1, 'UR_PASSWORD_REQUIRED'),
      captchaToken: captchaTokenSchema,
    }),
    resp: sessionSchema,
    summary: 'Sign in; sets the HttpOnly refresh cookie',
    maxBodyBytes: SMALL_BODY_MAX_BYTES,
  }),
  register: endpoint({
    ...ROUTES.register,
    body: z.object({
      name: z.string().trim().min(1, 'UR_NAME_REQUIRED').max(40, 'VALUE_TOO_LONG').regex(NAME_PATTERN, 'UR_NAME_FORMAT'),
      email: emailSchema,
      password: passwordSchema,
      agreeTerms: z.literal(true, 'UR_AGREE_REQUIRED'),
      captchaToken: captchaTokenSchema,
      redirectUrl: z
        .string()
        .optional()
        .describe("The register page's redirect_url: the mailed link brings the new member there (a same-origin path, else left out)"),
    }),
    resp: z.object({
      status: z.literal('pending').describe('A mail went to the address: no account and no session yet'),
    }),
    summary:
      'Register: a new address is mailed a link that opens the account (registerConfirm, 24 hours, once), an address with an account is mailed a warning; the same answer either way, so accounts cannot be probed',
    maxBodyBytes: SMALL_BODY_MAX_BYTES,
  }),
  registerConfirm: endpoint({
    ...ROUTES.registerConfirm,
    body: z.object({ token: z.string().min(1, 'UR_REGISTER_LINK_EXPIRED').max(200, 'UR_REGISTER_LINK_EXPIRED') }),
    resp: sessionSchema,
    summary:
      'Open the account with the mailed registration link and sign in (sets the refresh cookie); UR_REGISTER_LINK_USED a second time, UR_REGISTER_LINK_EXPIRED after 24 hours, UR_REGISTER_EMAIL_TAKEN when the address got an account meanwhile',
    maxBodyBytes: SMALL_BODY_MAX_BYTES,
  }),
  refresh: endpoint({
    ...ROUTES.refresh,
    body: none,
    resp: sessionSchema,
    summary: 'New access token from the refresh cookie (rotated)',
  }),
  logout: endpoint({
    ...ROUTES.logout,
    body: none,
    resp: z.object({}),
    summary: 'Revoke the refresh token and clear its cookie',
  }),
  forgetPassword: endpoint({
    ...ROUTES.forgetPassword,
    body: z.object({ email: emailSchema }),
    resp: z.object({}),
    summary: 'Send a reset link (always answers success, so accounts cannot be probed)',
  }),
  resetPassword: endpoint({
    ...ROUTES.resetPassword,
    body: z.object({ token: z.string().min(1), password: passwordSchema }),
    resp: z.object({}),
    summary: 'Set a new password with the emailed token',
  }),
  signInLinkRequest: endpoint({
    ...ROUTES.signInLinkRequest,
    body: z.object({ account: z.string().trim().min(1, 'UR_ACCOUNT_REQUIRED'), captchaToken: captchaTokenSchema }),
    resp: z.object({}),
    summary:
      'Mail a one-time sign-in link (15 minutes) to the account, e.g. when its sign-in is refused for attempts made elsewhere; always answers success, so accounts cannot be probed',
    maxBodyBytes: SMALL_BODY_MAX_BYTES,
  }),
  signInLinkConsume: endpoint({
    ...ROUTES.signInLinkConsume,
    body: z.object({ token: z.string().min(1, 'UR_SIGN_IN_LINK_INVALID') }),
    resp: sessionSchema,
    summary: 'Sign in with a mailed sign-in link, once (UR_SIGN_IN_LINK_INVALID when used or expired); sets the refresh cookie',
    maxBodyBytes: SMALL_BODY_MAX_BYTES,
  }),
  thirdPartyCallback: endpoint({
    ...ROUTES.thirdPartyCallback,
    body: z.object({ provider: z.enum(THIRD_PARTY_PROVIDERS), code: z.string().min(1), state: z.string() }),
    resp: sessionSchema,
    summary: 'Complete a social login',
  }),
  // Member
  memberInfo: endpoint({
    ...ROUTES.memberInfo,
    body: none,
    resp: memberSchema,
    summary: 'The signed-in member',
  }),
  preferLanguage: endpoint({
    ...ROUTES.preferLanguage,
    body: z.object({ preferLang: z.string().min(2) }),
    resp: z.object({}),
    summary: 'Save the preferred language',
  }),
  membershipVersion: endpoint({
    ...ROUTES.membershipVersion,
    body: none,
    resp: z.object({
      membershipAgreementVersion: z.string(),
      membershipAgreementPopFlag: yesNo,
      privacyPolicyVersion: z.string(),
      privacyPolicyPopFlag: yesNo,
    }),
    summary: 'Current agreement and privacy versions',
  }),
  membershipVersionUpdate: endpoint({
    ...ROUTES.membershipVersionUpdate,
    body: z.object({ membershipAgreementVersion: z.string().optional(), privacyPolicyVersion: z.string().optional() }),
    resp: z.object({}),
    summary: 'Record the accepted version',
  }),
  subscriptionSave: endpoint({
    ...ROUTES.subscriptionSave,
    body: subscriptionSchema,
    resp: z.object({}),
    summary: 'Save newsletter subscriptions',
  }),
  subscriptionInfo: endpoint({
    ...ROUTES.subscriptionInfo,
    body: none,
    resp: subscriptionSchema,
    summary: "The member's newsletter subscriptions as last saved (their account's email and every flag N before that)",
  }),
  // Cart
  cartCount: endpoint({
    ...ROUTES.cartCount,
    body: none,
    resp: z.number().int(),
    summary: 'Number of items in the cart',
  }),
  miniCart: endpoint({
    ...ROUTES.miniCart,
    body: none,
    resp: z.array(z.object({ cartList: z.array(cartLineSchema), total: z.number().int(), currency: currencySchema })),
    summary: 'Cart lines for the mini cart: resp[0].cartList',
  }),
  // Every change answers the cart it made (cartDetailSchema), so the page sets it without reading again.
  cartAdd: endpoint({
    ...ROUTES.cartAdd,
    body: z
      .object({
        productCode: z.string().min(1),
        skuCode: z.string().min(1),
        quantity: z.number().int().min(1).max(MAX_QUANTITY_PER_LINE),
        semiValues: z
          .array(z.object({ semiName: z.string().min(1), semiValue: z.string().min(1) }))
          .optional()
          .describe("A made-to-order item's choices, by option and value key"),
        ...cartServicesShape,
      })
      .superRefine(checkHem),
    resp: cartDetailSchema,
    summary:
      "Add a SKU, with its hem and gift wrapping when chosen (all or nothing); answers the cart; a SKU the region's currency does not price is refused (CART_NOT_SOLD_HERE)",
  }),
  cartUpdate: endpoint({
    ...ROUTES.cartUpdate,
    body: z.object({ cartId: z.string(), quantity: z.number().int().min(1).max(MAX_QUANTITY_PER_LINE) }),
    resp: cartDetailSchema,
    summary: 'Change a line quantity; answers the cart',
  }),
  cartRemove: endpoint({
    ...ROUTES.cartRemove,
    body: z.object({ cartIds: z.array(z.string()).min(1) }),
    resp: cartDetailSchema,
    summary: 'Remove lines; answers the cart',
  }),
  // Wishlist
  wishCount: endpoint({
    ...ROUTES.wishCount,
    body: none,
    resp: z.array(z.number().int()),
    summary: 'resp[0] is the count',
  }),
  wishList: endpoint({
    ...ROUTES.wishList,
    body: z.object({ page: z.number().int().min(1) }),
    resp: z.object({ list: z.array(wishEntrySchema), total: z.number().int() }),
    summary: 'Wishlist entries, 20 a page',
  }),
  wishInsert: endpoint({
    ...ROUTES.wishInsert,
    body: z.object({ productList: z.array(productRefSchema).min(1), cartList: z.array(z.string()).default([]) }),
    resp: z.object({ total: z.number().int() }),
    summary: 'Add products',
  }),
  wishDelete: endpoint({
    ...ROUTES.wishDelete,
    body: z.object({
      productList: z.array(productRefSchema).min(1),
      page: z.number().int().optional(),
      pageSize: z.number().int().optional(),
    }),
    resp: z.object({ total: z.number().int() }),
    summary: 'Remove products',
  }),
  // Products and search
  productsByCodes: endpoint({
    ...ROUTES.productsByCodes,
    body: z.object({
      codes: z.array(z.string()).min(1).max(100),
      region,
      language: z.string().optional(),
    }),
    resp: z.array(productSummarySchema),
    summary: 'Live price and stock of products',
  }),
  productCatalogue: endpoint({
    ...ROUTES.productCatalogue,
    body: none,
    resp: z.array(z.object({ productCode: z.string(), updatedAt: z.number().int() })),
    summary: 'Every product code, for the build',
  }),
  productDetail: endpoint({
    ...ROUTES.productDetail,
    body: z.object({ productCode: z.string().min(1), region, language: z.string().min(2) }),
    resp: productDetailSchema,
    summary: "A product's static detail in a language and region",
  }),
  productDetails: endpoint({
    ...ROUTES.productDetails,
    body: z.object({
      productCodes: z.array(z.string().min(1)).min(1).max(PRODUCT_DETAILS_BATCH),
      region,
      language: z.string().min(2),
    }),
    resp: z.array(productDetailSchema),
    summary:
      "Many products' static detail in a language and region, in the order asked (a code not found is left out), for the build's pull",
  }),
  productStock: endpoint({
    ...ROUTES.productStock,
    body: z.object({ productCode: z.string().min(1), region }),
    resp: productStockSchema,
    summary: 'Live price and stock of every SKU of a product',
  }),
  recommendedWords: endpoint({
    ...ROUTES.recommendedWords,
    body: none,
    resp: z.array(z.object({ wordName: z.string() })),
    summary: 'Hot search words',
  }),
  searchSuggestions: endpoint({
    ...ROUTES.searchSuggestions,
    body: z.object({
      word: z.string().min(1),
      language: z
        .string()
        .optional()
        .describe("BCP 47 code of the page: the suggestions are its product names alone; default the request's (Accept-Language)"),
    }),
    resp: z.array(z.string()),
    maxBodyBytes: SMALL_BODY_MAX_BYTES,
    summary: 'Auto-complete for a typed word',
  }),
  productSearch: endpoint({
    ...ROUTES.productSearch,
    body: productSearchBodySchema,
    resp: listOf(productSummarySchema),
    summary: 'Switched-on products whose name contains the word, sorted and paged',
    maxBodyBytes: SMALL_BODY_MAX_BYTES,
  }),
  // Checkout, orders placed, payment and coupons (contract-checkout.ts)
  ...CHECKOUT_ENDPOINTS,
  // The member's own data (contract-account.ts)
  ...ACCOUNT_ENDPOINTS,
  // The newsletter (contract-newsletter.ts)
  ...NEWSLETTER_ENDPOINTS,
  // Orders, refunds, exchanges, after-sales, evaluations (contract-orders.ts)
  ...ORDER_ENDPOINTS,
} satisfies Record<string, EndpointDefinition>;

export type EndpointName = keyof typeof ENDPOINTS;
export type RequestOf<N extends EndpointName> = z.input<(typeof ENDPOINTS)[N]['body']>;
export type ResponseOf<N extends EndpointName> = z.infer<(typeof ENDPOINTS)[N]['resp']>;

/** Analytics collector paths (form-encoded, as the collector takes them); served beside the API locally. */
export const ANALYTICS_PATHS = ['/datarcvr/user/web', '/datarcvr/event', '/datarcvr/custom'] as const;

export { REFRESH_COOKIE, SESSION_HINT_COOKIE } from './cookies.ts';
