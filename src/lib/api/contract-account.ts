/**
 * The member's own data in the commerce contract: the account hub's summary, the profile,
 * security (password, email), addresses, coupons, invoices and the default invoice carrier,
 * the inbox, customer-service tickets, old-clothes recycling and closing the account. Spread
 * into ENDPOINTS by contract.ts. Orders and after-sales are contract.ts's.
 *
 * Every write answers the state it made (the address list after a delete, the ticket after a
 * reply, the unread count after a read), so a page sets it without reading again.
 */
import { z } from 'zod';
import { ROUTES } from './routes.ts';
import {
  EMAIL_CODE_LENGTH,
  EMAIL_CODE_RESEND_SECONDS,
  GENDERS,
  RECYCLE_BAGS_MAX,
  RECYCLE_METHODS,
  RECYCLE_TIME_SLOTS,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENTS_MAX,
  TICKET_CATEGORIES,
  TICKET_TEXT_MAX_LENGTH,
} from '../constants.ts';
import { phonePatternOf, stripEmojiAndSymbols } from '../validation/rules.ts';
import { postcodeProblem } from '../account/postcodes.ts';
import { REGIONS } from '../i18n/regions.ts';
import { EMAIL_PATTERN, IMAGE_EXTENSION_PATTERN, ISO_DATE_PATTERN, NAME_PATTERN, PASSWORD_PATTERN } from '../validation/patterns.ts';
import {
  API_BODY_MAX_BYTES,
  couponSchema,
  currencySchema,
  endpoint,
  listOf,
  none,
  pageQuery,
  yesNo,
  type EndpointDefinition,
} from './contract-kit.ts';
import { taiwanInvoiceSchema } from './contract-checkout.ts';

const regionSchema = z.enum(REGIONS);
const emailField = z.string().trim().regex(EMAIL_PATTERN, 'UR_EMAIL_06');
const newPasswordField = z.string().regex(PASSWORD_PATTERN, 'UR_PASSWORD_FORMAT');
const personName = (requiredCode: string, formatCode: string) =>
  z.string().trim().min(1, requiredCode).max(40, 'VALUE_TOO_LONG').regex(NAME_PATTERN, formatCode);

// ---------------------------------------------------------------------------------------
// The account hub and the profile

/** The member as the profile shows it (memberInfo and the profile writes answer it). */
export const memberProfileSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  birthday: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  memberSince: z.number().int(),
  preferLang: z.string().nullable().describe('BCP 47 code of the preferred language'),
  membershipAgreementVersion: z.string().nullable(),
  privacyPolicyVersion: z.string().nullable(),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;

/** A placed order as the hub shows the latest one (the order entity is contract.ts's). */
const latestOrderSchema = z.object({
  orderCode: z.string(),
  status: z.string(),
  createdAt: z.number().int(),
  currency: currencySchema,
  total: z.number(),
  itemCount: z.number().int(),
  imageProductCode: z.string().nullable().describe('The first line’s product, for its picture'),
});

export const accountSummarySchema = z.object({
  usableCoupons: z.number().int(),
  wishCount: z.number().int(),
  unreadMessages: z.number().int(),
  openTickets: z.number().int(),
  latestOrder: latestOrderSchema.nullable(),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

// ---------------------------------------------------------------------------------------
// Addresses

export const addressSchema = z.object({
  addressId: z.string(),
  receiver: z.string().min(1),
  mobile: z.string().min(1),
  region: regionSchema,
  city: z.string().min(1),
  detail: z.string().min(1),
  zipCode: z.string().default('0'),
  isDefault: yesNo,
});
export type Address = z.infer<typeof addressSchema>;

/**
 * An address field's text without emoji, #, & and ! (the strip rule, as the address form applies
 * it), then the field's own checks: what is saved goes onto courier labels, which print none of
 * them. Stripped rather than refused, so a client that skipped the form gets the same address.
 */
const addressText = <T extends z.ZodType<unknown, string>>(schema: T) => z.string().transform(stripEmojiAndSymbols).pipe(schema);

/** An address as sent: the receiver by the name rule, the mobile and postcode by the region's rules, every text field stripped. */
export const addressBodySchema = addressSchema
  .extend({
    receiver: addressText(personName('AD_RECEIVER_REQUIRED', 'AD_RECEIVER_FORMAT')),
    mobile: addressText(z.string().trim().min(1, 'AD_MOBILE_REQUIRED')),
    city: addressText(z.string().trim().min(1, 'AD_CITY_REQUIRED').max(30, 'VALUE_TOO_LONG')),
    detail: addressText(z.string().trim().min(1, 'AD_DETAIL_REQUIRED').max(120, 'VALUE_TOO_LONG')),
    zipCode: addressText(
      z
        .string()
        .trim()
        .max(10, 'VALUE_TOO_LONG')
        .regex(/^[0-9A-Za-z-]*$/, 'AD_ZIP_FORMAT'),
    ).default('0'),
  })
  .partial({ addressId: true })
  .superRefine((body, ctx) => {
    const pattern = phonePatternOf(body.region);
    if (pattern && !pattern.test(body.mobile)) ctx.addIssue({ code: 'custom', message: `AD_MOBILE_${body.region}`, path: ['mobile'] });
    const postcode = postcodeProblem(body.zipCode, body.region);
    if (postcode) ctx.addIssue({ code: 'custom', message: postcode, path: ['zipCode'] });
  });

/** What an address change answers: the address, and the list as it now stands. */
const addressChangeSchema = z.object({ address: addressSchema.nullable(), addresses: z.array(addressSchema) });

// ---------------------------------------------------------------------------------------
// Invoices

export const INVOICE_STATUSES = ['ISSUED', 'VOID'] as const;
export const invoiceSchema = z.object({
  invoiceNo: z.string(),
  orderCode: z.string(),
  type: z.enum(['CLOUD', 'COMPANY', 'DONATION']),
  carrier: taiwanInvoiceSchema.describe('How the invoice was issued: the carrier, the company or the donation target'),
  status: z.enum(INVOICE_STATUSES),
  amount: z.number(),
  issuedAt: z.number(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

// ---------------------------------------------------------------------------------------
// Inbox

export const inboxMessageSchema = z.object({
  messageId: z.string(),
  title: z.string(),
  body: z.string(),
  read: yesNo,
  createdAt: z.number(),
  link: z.string().nullable().describe('A page of the store the message is about (same-origin path), or null'),
});
const messageIdsSchema = z.object({ messageIds: z.array(z.string().min(1)).min(1, 'INBOX_NOTHING_CHOSEN').max(100) });
const unreadSchema = z.object({ unread: z.number().int() });

// ---------------------------------------------------------------------------------------
// Customer-service tickets

export const TICKET_STATUSES = ['OPEN', 'REPLIED', 'CLOSED'] as const;
export const ticketSchema = z.object({
  ticketId: z.string(),
  subject: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  orderCode: z.string().nullable(),
  status: z.enum(TICKET_STATUSES).describe('OPEN: waiting for the store; REPLIED: the store answered last; CLOSED'),
  createdAt: z.number(),
  updatedAt: z.number(),
});
const attachmentSchema = z.object({ attachmentId: z.string(), name: z.string(), url: z.string() });
export const ticketMessageSchema = z.object({
  messageId: z.string(),
  from: z.enum(['MEMBER', 'STORE']),
  text: z.string(),
  attachments: z.array(attachmentSchema),
  createdAt: z.number(),
});
export const ticketDetailSchema = ticketSchema.extend({ messages: z.array(ticketMessageSchema) });
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

/** A picture sent with a ticket message: its file name and its bytes as a data URL. */
export const attachmentUploadSchema = z.object({
  name: z.string().trim().min(1).max(120).regex(IMAGE_EXTENSION_PATTERN, 'TK_ATTACHMENT_TYPE'),
  dataUrl: z
    .string()
    .regex(/^data:image\/(?:gif|png|jpeg|bmp);base64,[A-Za-z0-9+/]+=*$/, 'TK_ATTACHMENT_TYPE')
    // base64 is 4 characters for 3 bytes; the prefix is a few dozen characters more.
    .max(Math.ceil((TICKET_ATTACHMENT_MAX_BYTES * 4) / 3) + 64, 'TK_ATTACHMENT_SIZE'),
});
const ticketText = z.string().trim().min(1, 'TK_TEXT_REQUIRED').max(TICKET_TEXT_MAX_LENGTH, 'VALUE_TOO_LONG');
const attachments = z.array(attachmentUploadSchema).max(TICKET_ATTACHMENTS_MAX, 'TK_ATTACHMENT_COUNT').default([]);
/**
 * The body limit of a call carrying pictures: room for one picture too many at the largest
 * size, so the count and size checks still answer on their field; above it, 413.
 */
export const UPLOAD_BODY_MAX_BYTES =
  (TICKET_ATTACHMENTS_MAX + 1) * (Math.ceil((TICKET_ATTACHMENT_MAX_BYTES * 4) / 3) + 1024) + API_BODY_MAX_BYTES;

// ---------------------------------------------------------------------------------------
// Recycling

export const RECYCLE_STATUSES = ['BOOKED', 'RECEIVED', 'CANCELLED'] as const;
export const recycleBookingSchema = z.object({
  bookingId: z.string(),
  method: z.enum(RECYCLE_METHODS),
  storeCode: z.string().nullable(),
  address: z.string().nullable().describe('Pick-up: the address as it was booked'),
  date: z.string().describe('YYYY-MM-DD, brand time'),
  timeSlot: z.enum(RECYCLE_TIME_SLOTS).nullable(),
  bags: z.number().int(),
  status: z.enum(RECYCLE_STATUSES),
  items: z.number().int().nullable().describe('Pieces counted when received'),
  couponId: z.string().nullable().describe('The coupon the drop-off earned'),
  createdAt: z.number(),
});
const recycleStateSchema = z.object({
  bookings: z.array(recycleBookingSchema),
  coupons: z.array(couponSchema).describe('Coupons recycling earned the member'),
});

// ---------------------------------------------------------------------------------------
// The endpoint table

export const ACCOUNT_ENDPOINTS = {
  accountSummary: endpoint({
    ...ROUTES.accountSummary,
    body: none,
    resp: accountSummarySchema,
    summary: "The account hub's counts and the latest order",
  }),
  memberUpdate: endpoint({
    ...ROUTES.memberUpdate,
    body: z.object({
      name: personName('UR_NAME_REQUIRED', 'UR_NAME_FORMAT'),
      birthday: z
        .string()
        .regex(ISO_DATE_PATTERN, 'UR_BIRTHDAY_FORMAT')
        .nullable()
        .describe('YYYY-MM-DD; a past date, once set it cannot be changed'),
      gender: z.enum(GENDERS, 'UR_GENDER').nullable(),
    }),
    resp: memberProfileSchema,
    summary: 'Change the name, birthday (once) and gender',
  }),
  passwordChange: endpoint({
    ...ROUTES.passwordChange,
    body: z.object({ currentPassword: z.string().min(1, 'UR_PASSWORD_REQUIRED'), newPassword: newPasswordField }),
    resp: z.object({}),
    summary: 'Change the password; every session ends, this one too',
  }),
  emailCodeSend: endpoint({
    ...ROUTES.emailCodeSend,
    body: z.object({ email: emailField }),
    resp: z.object({ resendAfter: z.literal(EMAIL_CODE_RESEND_SECONDS), expiresIn: z.number().int() }),
    summary: `Mail a ${EMAIL_CODE_LENGTH}-digit code and a link to the new address; again after ${EMAIL_CODE_RESEND_SECONDS} s`,
  }),
  emailChange: endpoint({
    ...ROUTES.emailChange,
    body: z.object({
      email: emailField,
      code: z
        .string()
        .trim()
        .regex(new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`), 'EMAIL_CODE_FORMAT'),
    }),
    resp: memberProfileSchema,
    summary: 'Change the email with the code mailed to it',
  }),
  emailVerify: endpoint({
    ...ROUTES.emailVerify,
    body: z.object({ token: z.string().min(1, 'EMAIL_LINK_INVALID').max(200, 'EMAIL_LINK_INVALID') }),
    resp: z.object({ email: z.string() }),
    summary: 'Change the email with the link mailed to it (no sign-in needed)',
  }),
  // Addresses
  addressList: endpoint({
    ...ROUTES.addressList,
    body: none,
    resp: z.array(addressSchema),
    summary: 'Saved addresses, the default first',
  }),
  addressSave: endpoint({
    ...ROUTES.addressSave,
    body: addressBodySchema,
    resp: addressChangeSchema,
    summary: "Create or update an address; a member's first is the default",
  }),
  addressDelete: endpoint({
    ...ROUTES.addressDelete,
    body: z.object({ addressId: z.string().min(1) }),
    resp: addressChangeSchema,
    summary: 'Delete an address; deleting the default makes the newest other one the default',
  }),
  addressSetDefault: endpoint({
    ...ROUTES.addressSetDefault,
    body: z.object({ addressId: z.string().min(1) }),
    resp: addressChangeSchema,
    summary: 'Make an address the default',
  }),
  // Coupons
  couponList: endpoint({
    ...ROUTES.couponList,
    body: pageQuery,
    resp: listOf(couponSchema),
    summary: "The member's coupons, newest first",
  }),
  couponRedeem: endpoint({
    ...ROUTES.couponRedeem,
    body: z.object({
      code: z
        .string()
        .trim()
        .min(1, 'COUPON_CODE_REQUIRED')
        .max(32, 'COUPON_CODE_UNKNOWN')
        .transform((code) => code.toUpperCase()),
    }),
    resp: couponSchema,
    summary: "Collect a coupon by its code (printed or mailed); case doesn't matter",
  }),
  // Invoices
  invoiceList: endpoint({
    ...ROUTES.invoiceList,
    body: pageQuery,
    resp: listOf(invoiceSchema),
    summary: 'Invoices issued for the member’s orders, newest first',
  }),
  invoiceCarrier: endpoint({
    ...ROUTES.invoiceCarrier,
    body: none,
    resp: taiwanInvoiceSchema.nullable(),
    summary: "The default invoice carrier Taiwan's checkout starts with (null: none saved)",
  }),
  invoiceCarrierSave: endpoint({
    ...ROUTES.invoiceCarrierSave,
    body: taiwanInvoiceSchema,
    resp: taiwanInvoiceSchema,
    summary: 'Save the default invoice carrier (of a Taiwan e-invoice)',
  }),
  // Inbox
  inboxList: endpoint({
    ...ROUTES.inboxList,
    body: pageQuery,
    resp: listOf(inboxMessageSchema).extend({ unread: z.number().int() }),
    summary: 'Inbox messages, newest first, with the unread count',
  }),
  inboxUnread: endpoint({
    ...ROUTES.inboxUnread,
    body: none,
    resp: unreadSchema,
    summary: 'How many messages are unread (the header badge)',
  }),
  inboxRead: endpoint({
    ...ROUTES.inboxRead,
    body: messageIdsSchema,
    resp: unreadSchema,
    summary: 'Mark messages read; answers the unread count',
  }),
  inboxReadAll: endpoint({
    ...ROUTES.inboxReadAll,
    body: none,
    resp: unreadSchema,
    summary: 'Mark every message read',
  }),
  inboxDelete: endpoint({
    ...ROUTES.inboxDelete,
    body: messageIdsSchema,
    resp: unreadSchema,
    summary: 'Delete messages; answers the unread count',
  }),
  // Tickets
  ticketList: endpoint({
    ...ROUTES.ticketList,
    body: pageQuery.extend({ status: z.enum(TICKET_STATUSES).optional() }),
    resp: listOf(ticketSchema),
    summary: 'Customer-service tickets, the latest activity first',
  }),
  ticketDetail: endpoint({
    ...ROUTES.ticketDetail,
    body: z.object({ ticketId: z.string().min(1) }),
    resp: ticketDetailSchema,
    summary: 'One ticket with its conversation',
  }),
  ticketCreate: endpoint({
    ...ROUTES.ticketCreate,
    body: z.object({
      category: z.enum(TICKET_CATEGORIES, 'TK_CATEGORY_REQUIRED'),
      orderCode: z.string().trim().max(32).nullable().default(null),
      subject: z.string().trim().min(1, 'TK_SUBJECT_REQUIRED').max(60, 'VALUE_TOO_LONG'),
      text: ticketText,
      attachments,
    }),
    resp: ticketDetailSchema,
    summary: 'Open a ticket, optionally about one of the member’s orders',
    maxBodyBytes: UPLOAD_BODY_MAX_BYTES,
  }),
  ticketReply: endpoint({
    ...ROUTES.ticketReply,
    body: z.object({ ticketId: z.string().min(1), text: ticketText, attachments }),
    resp: ticketDetailSchema,
    summary: 'Add a message; refused once the ticket is closed',
    maxBodyBytes: UPLOAD_BODY_MAX_BYTES,
  }),
  ticketClose: endpoint({
    ...ROUTES.ticketClose,
    body: z.object({ ticketId: z.string().min(1) }),
    resp: ticketDetailSchema,
    summary: 'Close a ticket',
  }),
  // Recycling
  recycleList: endpoint({
    ...ROUTES.recycleList,
    body: none,
    resp: recycleStateSchema,
    summary: 'Recycling bookings and records, newest first, and the coupons they earned',
  }),
  recycleBook: endpoint({
    ...ROUTES.recycleBook,
    body: z.object({
      method: z.enum(RECYCLE_METHODS, 'RC_METHOD_REQUIRED'),
      storeCode: z.string().trim().max(12).nullable().default(null).describe('Drop-off at a shop: its code'),
      addressId: z.string().nullable().default(null).describe('Pick-up: one of the member’s addresses'),
      date: z.string().regex(ISO_DATE_PATTERN, 'RC_DATE_REQUIRED'),
      timeSlot: z.enum(RECYCLE_TIME_SLOTS).nullable().default(null).describe('Pick-up: morning or afternoon'),
      bags: z.number().int().min(1, 'RC_BAGS_RANGE').max(RECYCLE_BAGS_MAX, 'RC_BAGS_RANGE'),
    }),
    resp: recycleStateSchema,
    summary: 'Book a drop-off at a shop or a pick-up',
  }),
  recycleCancel: endpoint({
    ...ROUTES.recycleCancel,
    body: z.object({ bookingId: z.string().min(1) }),
    resp: recycleStateSchema,
    summary: 'Cancel a booking that has not been received',
  }),
  // Closing the account
  accountClose: endpoint({
    ...ROUTES.accountClose,
    body: z.object({
      agree: z.literal(true, 'ACCOUNT_CLOSE_AGREE_REQUIRED'),
      password: z.string().min(1, 'UR_PASSWORD_REQUIRED'),
    }),
    resp: z.object({}),
    summary: 'Close the account (refused while orders or after-sales cases are open); data is kept, marked closed',
  }),
} satisfies Record<string, EndpointDefinition>;
