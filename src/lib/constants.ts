/**
 * The brand's business constants and limits, each named once: import from here and never
 * repeat one of these numbers elsewhere. A number comes here with the behaviour that uses it.
 */

// Search panel
export const SEARCH_SUGGESTION_DEBOUNCE_MS = 500;
export const RECOMMENDED_WORDS_SHOWN = 7;
export const SEARCH_HISTORY_MAX = 10;
export const SEARCH_BOX_HEIGHT_PX = 44;

// Products and wishlist
export const PRODUCT_CODE_BATCH_DELAY_MS = 200;
export const WISH_LIST_MAX_FETCHES = 5;

// Mini cart
export const MINI_CART_MAX_LINES = 3;
export const MINI_CART_OPEN_DELAY_MS = 500;
export const MINI_CART_CLOSE_DELAY_MS = 100;
export const MINI_CART_WIDTH_PX = 812;

// Pop-ups
/** A pop-up is placed again this long after the page scrolls or the visible area changes (a phone's keyboard). */
export const POPUP_REPOSITION_DELAY_MS = 10;
/** On the root element while any pop-up is registered: the page behind stays still under the cover. */
export const POPUP_COVER_CLASS = 'has-popup';

// Header and navigation
/**
 * On the root element while the category float layer is open: the account entry, hydrated only
 * when touched, wakes by it to show its display mode D (the interaction directive's `wake`).
 */
export const CATEGORY_LAYER_OPEN_CLASS = 'category-layer-open';
export const CATEGORY_LAYER_HOVER_DELAY_MS = 300;
export const ACCOUNT_POPUP_CLOSE_DELAY_MS = 100;
export const BALLOON_TIP_DURATION_MS = 6000;
export const CUSTOMER_TIP_SHOW_AT_MS = 500;
export const CUSTOMER_TIP_HIDE_AT_MS = 8500;
export const CLASSIFICATION_MAX_ITEMS = 4;
export const DEFAULT_PAGE_HEADER_HEIGHT_PX = 64;
export const BADGE_OVERFLOW_COUNT = 99;

// Page loading
/** A page reloads this long after one of its start or end dates passes. */
export const PAGE_BOUNDARY_RELOAD_DELAY_MS = 20;
/**
 * A page loaded after its boundary is the release from before it (the rebuild takes seconds, or
 * failed): it asks for its address again after these waits, doubling, and reloads once the
 * answer is another release's.
 */
export const STALE_PAGE_FIRST_CHECK_MS = 5_000;
export const STALE_PAGE_MAX_CHECK_MS = 300_000;

// Images
export const IMAGE_VISIBILITY_MARGIN_PX = 600;
export const DEFAULT_IMAGE_RESIZE = '500-500';

// Scrolling and carousels
export const AUTOPLAY_CAROUSEL_DEFAULT_SPEED = 20;
export const AUTOPLAY_CAROUSEL_DEFAULT_DIRECTION = 'left';

// Cookies, storage and analytics
export const ANALYTICS_SDK_VERSION = '2.1.3';

// Validation and forms
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;
export const ALPHANUMERIC_MIN_LENGTH = 6;
export const ALPHANUMERIC_MAX_LENGTH = 16;
/** Buttons: default height, and the corner radius is height/4 up to this cap. */
export const BUTTON_DEFAULT_HEIGHT_PX = 40;
export const BUTTON_MAX_RADIUS_PX = 13.5;

// Dates as the account pages show them (dayjs formats)
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';
export const DATE_TIME_SECONDS_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_SLASH_FORMAT = 'YYYY/MM/DD';
export const TIME_FORMAT = 'HH:mm:ss';

// The member's account
/** A verification code can be mailed again this long after the last one. */
export const EMAIL_CODE_RESEND_SECONDS = 60;
export const EMAIL_CODE_LENGTH = 6;
/** How long a mailed code or link works, and how many wrong codes end it (our choice). */
export const EMAIL_CODE_TTL_SECONDS = 600;
export const EMAIL_CODE_MAX_TRIES = 5;
export const GENDERS = ['F', 'M', 'X'] as const;
/** The earliest birthday a member may give (our choice). */
export const EARLIEST_BIRTHDAY = '1900-01-01';
/** How many addresses a member may keep (our choice). */
export const ADDRESSES_MAX = 20;
/** Customer-service tickets: what they are about, and what a message may carry (our choice). */
export const TICKET_CATEGORIES = ['ORDER', 'DELIVERY', 'RETURN', 'PRODUCT', 'ACCOUNT', 'OTHER'] as const;
export const TICKET_TEXT_MAX_LENGTH = 1000;
export const TICKET_ATTACHMENTS_MAX = 3;
export const TICKET_ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;
// Orders and after-sales (our choices: docs/decisions.md, docs/account.md)
/** An online order not paid within this long closes (the SYSTEM's expire). */
export const UNPAID_PAY_HOURS = 24;
/** A shipped order the member has not confirmed finishes by itself this long after shipping. */
export const AUTO_CONFIRM_DAYS = 7;
/** A parcel waiting at a store or convenience store this long goes back to the warehouse. */
export const PICKUP_DAYS = 7;
/** Returns and exchanges are open this long after an order finishes; repairs, quality issues and alterations longer. */
export const RETURN_WINDOW_DAYS = 7;
export const AFTER_SALE_WINDOW_DAYS = 90;
/** Approved goods not sent back within this long close the case (TIME_CLOSED). */
export const RETURN_SEND_DAYS = 7;
/** Why a member returns, refunds or exchanges. */
export const REFUND_REASONS = [
  'SIZE',
  'COLOUR',
  'CHANGED_MIND',
  'QUALITY',
  'NOT_AS_DESCRIBED',
  'WRONG_ITEM',
  'MISSING_ITEM',
  'OTHER',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
/** Reasons that are no fault of the goods: not accepted for a product that cannot be returned without a reason. */
export const NO_FAULT_REASONS = ['SIZE', 'COLOUR', 'CHANGED_MIND', 'OTHER'] as const satisfies readonly RefundReason[];
export const REFUND_DESCRIPTION_MAX_LENGTH = 200;
export const EVALUATION_TEXT_MIN_LENGTH = 5;
export const EVALUATION_TEXT_MAX_LENGTH = 500;
export const EVALUATION_PICTURES_MAX = 3;

/** Old-clothes recycling: drop-off at a shop or pick-up at home, up to this many bags a booking. */
export const RECYCLE_METHODS = ['SHOP', 'PICKUP'] as const;
export const RECYCLE_TIME_SLOTS = ['AM', 'PM'] as const;
export const RECYCLE_BAGS_MAX = 5;
/** A booking is for a day from tomorrow up to this many days ahead, with at most this many open at once. */
export const RECYCLE_BOOK_DAYS_AHEAD = 30;
export const RECYCLE_OPEN_BOOKINGS_MAX = 2;

// Invoices
export const DONATION_INVOICE_TARGETS = ['919', '13579', '885521', '1799'] as const;
/** Omitted from the donation targets on the payment settlement page. */
export const DONATION_TARGET_OMITTED_ON_SETTLEMENT = '885521';
/** The pages an order is placed from: the cart page, or the payment settlement page. */
export const CHECKOUT_FROM = ['cart', 'settlement'] as const;
export type CheckoutFrom = (typeof CHECKOUT_FROM)[number];
/** Donation targets a page offers: the settlement page leaves one out. */
export const donationTargetsFor = (from: CheckoutFrom) =>
  DONATION_INVOICE_TARGETS.filter((t) => from !== 'settlement' || t !== DONATION_TARGET_OMITTED_ON_SETTLEMENT);

// Checkout: delivery types, invoice types, payment methods, every region's. Which of them a
// region offers, and which payment a delivery takes there, is src/lib/checkout/offers.ts. The
// donation targets and the one omitted on the settlement page are DONATION_INVOICE_TARGETS and
// DONATION_TARGET_OMITTED_ON_SETTLEMENT above.
/**
 * Express to home, express to a convenience store of either chain (Taiwan's), store pickup,
 * direct site delivery, and a locker or pickup point (Hong Kong's and Macao's networks).
 */
export const DELIVERY_TYPES = ['EXPRESS_HOME', 'CVS_711', 'CVS_FAMILY', 'STORE_PICKUP', 'DIRECT_SITE', 'LOCKER'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];
/** Deliveries to one of the member's saved addresses (the order needs an addressId). */
export const ADDRESS_DELIVERY_TYPES = ['EXPRESS_HOME', 'DIRECT_SITE'] as const satisfies readonly DeliveryType[];
/** Deliveries to a convenience store, one of our stores or a locker (the order needs a storeCode). */
export const STORE_DELIVERY_TYPES = ['CVS_711', 'CVS_FAMILY', 'STORE_PICKUP', 'LOCKER'] as const satisfies readonly DeliveryType[];
/** Of those, the convenience-store chains, whose store is picked on the chain's map (stores/third-party.ts). */
export const CVS_DELIVERY_TYPES = ['CVS_711', 'CVS_FAMILY'] as const satisfies readonly DeliveryType[];
/**
 * Taiwan's e-invoices (personal cloud invoice, company e-invoice, donation); the receipt of Hong
 * Kong and Macao, which have no tax invoice; the mainland's invoice made out to a person's name
 * or to a company's name with its tax number.
 */
export const INVOICE_TYPES = ['CLOUD', 'COMPANY', 'DONATION', 'RECEIPT', 'TITLE_PERSONAL', 'TITLE_COMPANY'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];
/** Vehicles of a personal cloud invoice: the member account, a mobile barcode, a natural-person certificate. */
export const CLOUD_INVOICE_VEHICLES = ['MEMBER', 'PHONE', 'CERTIFICATE'] as const;
/** Cash on delivery, pay in store, online payment. */
export const PAYMENT_METHODS = ['COD', 'PAY_IN_STORE', 'ONLINE'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/**
 * Channels of online payment through the provider: Taiwan's card, union card, wallet and two
 * banks; the mainland's Alipay and WeChat Pay (and UnionPay, the union card); Hong Kong's
 * AlipayHK and PayMe; Macao's MPay.
 */
export const ONLINE_PAY_CHANNELS = [
  'CARD',
  'UNION_CARD',
  'WALLET',
  'BANK_A',
  'BANK_B',
  'ALIPAY',
  'WECHAT_PAY',
  'ALIPAY_HK',
  'PAYME',
  'MPAY',
] as const;
export type OnlinePayChannel = (typeof ONLINE_PAY_CHANNELS)[number];

/** Header islands, and islands hydrated on interaction for a member, hydrate within this of idle (after first paint). */
export const HYDRATE_WITHIN_MS = 1000;
