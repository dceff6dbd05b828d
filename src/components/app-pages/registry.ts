/**
 * The app pages' registry: for each island id of lib/routing/app-pages.ts, the component that
 * renders it and the props it gets from the page, in one table. An id without its entry, or
 * props its component does not take, fails `npm run check` (`satisfies`, and `view` pairing a
 * component with its props).
 *
 * The components are small server-rendered wrappers (`*Island.astro` beside this file), each
 * rendering its React island with `client:load`: Astro hydrates only a component it finds
 * statically imported where the directive is written, so AppPageView.astro, which looks the
 * page up here at build time, renders the wrapper and the wrapper carries the directive.
 */
import type { TFunction } from 'i18next';
import type { IslandProps } from '../../islands/use-translator.ts';
import { documentTitle, localizedPath } from '../../lib/cms/pages.ts';
import type { LanguageDefinition } from '../../lib/i18n/languages.ts';
import { priceGroupsOf } from '../../lib/product/rules.ts';
import type { AppIsland } from '../../lib/routing/app-pages.ts';
import type { PageContext } from '../../node/page-context.ts';
import AccountHubIsland from './AccountHubIsland.astro';
import AddressBookIsland from './AddressBookIsland.astro';
import CartPageIsland from './CartPageIsland.astro';
import CaseFormsIsland from './CaseFormsIsland.astro';
import CaseViewIsland from './CaseViewIsland.astro';
import CheckoutPageIsland from './CheckoutPageIsland.astro';
import CloseAccountIsland from './CloseAccountIsland.astro';
import CouponPagesIsland from './CouponPagesIsland.astro';
import CouponWalletIsland from './CouponWalletIsland.astro';
import EmailVerifyIsland from './EmailVerifyIsland.astro';
import EvaluateOrderIsland from './EvaluateOrderIsland.astro';
import ExchangeListIsland from './ExchangeListIsland.astro';
import FavoritesPageIsland from './FavoritesPageIsland.astro';
import ForgetPasswordFormIsland from './ForgetPasswordFormIsland.astro';
import InboxPageIsland from './InboxPageIsland.astro';
import InvoicesPageIsland from './InvoicesPageIsland.astro';
import LoginFormIsland from './LoginFormIsland.astro';
import NewsletterPagesIsland from './NewsletterPagesIsland.astro';
import OrderDetailIsland from './OrderDetailIsland.astro';
import OrderListIsland from './OrderListIsland.astro';
import PayLaterIsland from './PayLaterIsland.astro';
import PaymentResultIsland from './PaymentResultIsland.astro';
import ProductDetailIsland from './ProductDetailIsland.astro';
import ProductEvaluationsIsland from './ProductEvaluationsIsland.astro';
import RecyclePageIsland from './RecyclePageIsland.astro';
import RefundListIsland from './RefundListIsland.astro';
import RefundPagesIsland from './RefundPagesIsland.astro';
import RegisterFormIsland from './RegisterFormIsland.astro';
import ResetPasswordFormIsland from './ResetPasswordFormIsland.astro';
import ReturnLogisticsIsland from './ReturnLogisticsIsland.astro';
import SearchResultsIsland from './SearchResultsIsland.astro';
import SecurityPagesIsland from './SecurityPagesIsland.astro';
import ThirdPartyCallbackIsland from './ThirdPartyCallbackIsland.astro';
import TicketDetailIsland from './TicketDetailIsland.astro';
import TicketsPageIsland from './TicketsPageIsland.astro';

/** What an entry makes its component's props from: the page's build-time data. */
export interface AppPageInput {
  /** What every island takes: its language, the language's path prefix, its strings. */
  island: IslandProps;
  language: LanguageDefinition;
  context: PageContext;
  t: TFunction;
}

export interface AppPageEntry {
  /** The server-rendered wrapper that hydrates the page's island. */
  view: (props: never) => unknown;
  props: (input: AppPageInput) => object;
  /** 'wide': the page spans the layout's width (lists of products, the cart, checkout). Others are a column. */
  width?: 'wide';
  /** False: the island writes the page's heading itself (a product's name, a case's kind). */
  heading?: false;
  /** The account area's strings, for a page outside it (a public page or a mailed link's) that shows a member's things. */
  memberStrings?: true;
  /** Which strings of the account group the page takes, outside the member area; the delete failure by default. */
  accountStrings?: readonly string[];
}

/**
 * An entry: `view(Wrapper)(props, options)`. In two calls so the wrapper alone fixes the props'
 * type, and the props function is checked against it (literal kinds and all).
 */
function view<P extends object>(component: (props: P) => unknown) {
  return (props: (input: AppPageInput) => P, options: Omit<AppPageEntry, 'view' | 'props'> = {}): AppPageEntry => ({
    view: component as AppPageEntry['view'],
    props,
    ...options,
  });
}

/** The account masks' switches, for the pages that show a member's phone or email. */
const masks = ({ context }: AppPageInput) => ({
  desensitizeSwitch: context.switchConfig.desensitizeSwitch,
  mobileMaskLeadingDigits: context.switchConfig.mobileMaskLeadingDigits,
});
const shopChoices = ({ context }: AppPageInput) =>
  context.content.shops.map((shop) => ({ code: shop.code, name: shop.name, region: shop.region }));
const companies = ({ context }: AppPageInput) => context.content.shared['express-companies'].companies;
const returnNotice = ({ context }: AppPageInput) => context.content.shared['return-notice'];
const titleTemplate = ({ context }: AppPageInput) => documentTitle('{{name}}', context.content.shared.config);

/** Checkout from the cart or from the settlement page (which signs a visitor in first). */
const checkout = (from: 'cart' | 'settlement') => (input: AppPageInput) => ({
  ...input.island,
  from,
  switches: input.context.switchConfig,
  region: input.language.region,
  // Store pickup offers the page's region's own shops, from the CMS at build time (the API refuses another's).
  pickupShops: input.context.content.shops
    .filter((shop) => shop.salesRegion === input.language.region)
    .map((shop) => ({ code: shop.code, name: shop.name, region: shop.region, address: shop.address, openingHours: shop.openingHours })),
});

export const APP_PAGE_VIEWS = {
  // Signing in
  login: view(LoginFormIsland)(({ island }) => island),
  register: view(RegisterFormIsland)(({ island }) => island),
  'forget-password': view(ForgetPasswordFormIsland)(({ island }) => island),
  'reset-email': view(ResetPasswordFormIsland)(({ island }) => island),
  'third-party': view(ThirdPartyCallbackIsland)(({ island }) => island),
  // The email-change mail's link: may be opened on another device, without a session.
  'email-verify': view(EmailVerifyIsland)(({ island }) => island, { memberStrings: true }),

  // Shopping
  'search-results': view(SearchResultsIsland)(
    ({ island, context, t }) => ({
      ...island,
      priceGroups: priceGroupsOf(context.switchConfig),
      soldOutMark: context.content.shared['product-corner'].soldOut,
      storeNames: Object.fromEntries(context.content.shops.map((shop) => [shop.code, shop.name])),
      needsJavaScript: t('results.needsJavaScript'),
    }),
    { width: 'wide' },
  ),
  'product-detail': view(ProductDetailIsland)(
    (input) => ({
      ...input.island,
      currency: input.language.currency,
      switches: input.context.switchConfig,
      corner: input.context.content.shared['product-corner'],
      returnNotice: returnNotice(input),
      sizeChartHref: localizedPath(input.language, '/product-size-chart.html'),
      titleTemplate: titleTemplate(input),
    }),
    { width: 'wide', heading: false },
  ),
  favorites: view(FavoritesPageIsland)(({ island, language, context }) => ({
    ...island,
    currency: language.currency,
    collectionSwitch: context.switchConfig.collectionSwitch,
  })),
  evaluations: view(ProductEvaluationsIsland)(({ island }) => island, { width: 'wide', memberStrings: true }),
  cart: view(CartPageIsland)(({ island, context }) => ({ ...island, switches: context.switchConfig }), { width: 'wide' }),
  checkout: view(CheckoutPageIsland)(checkout('cart'), { width: 'wide' }),
  // The visitor signed in here adds an address in checkout's dialog: its form's strings.
  settlement: view(CheckoutPageIsland)(checkout('settlement'), {
    width: 'wide',
    accountStrings: ['deleteFailure', 'address', 'regions', 'cancel', 'saving'],
  }),
  'payment-success': view(PaymentResultIsland)(({ island }) => ({ ...island, kind: 'success' })),
  'payment-complete': view(PaymentResultIsland)(({ island }) => ({ ...island, kind: 'complete' })),
  'payment-failed': view(PaymentResultIsland)(({ island }) => ({ ...island, kind: 'failed' })),
  'payment-return': view(PaymentResultIsland)(({ island }) => ({ ...island, kind: 'return' })),
  'third-party-pay': view(PayLaterIsland)(({ island }) => ({ ...island, kind: 'order' })),
  'coupon-collect': view(CouponPagesIsland)(({ island }) => ({ ...island, kind: 'collect' })),
  'voucher-description': view(CouponPagesIsland)(({ island }) => ({ ...island, kind: 'description' })),
  'my-coupons': view(CouponWalletIsland)(({ island }) => island),

  // The newsletter
  'newsletter-subscribe': view(NewsletterPagesIsland)(({ island, context }) => ({
    ...island,
    kind: 'subscribe',
    categories: context.content.shared['subscribe-list'].categories,
  })),
  'newsletter-confirm': view(NewsletterPagesIsland)(({ island }) => ({ ...island, kind: 'confirm' })),
  'newsletter-failure': view(NewsletterPagesIsland)(({ island }) => ({ ...island, kind: 'failure' })),
  'newsletter-unsubscribe': view(NewsletterPagesIsland)(({ island }) => ({ ...island, kind: 'unsubscribe' })),

  // The account area
  'account-hub': view(AccountHubIsland)((input) => ({ ...input.island, switches: masks(input) })),
  security: view(SecurityPagesIsland)((input) => ({ ...input.island, kind: 'overview', switches: masks(input) })),
  'security-email': view(SecurityPagesIsland)((input) => ({ ...input.island, kind: 'email', switches: masks(input) })),
  'security-password': view(SecurityPagesIsland)((input) => ({ ...input.island, kind: 'password', switches: masks(input) })),
  addresses: view(AddressBookIsland)((input) => ({ ...input.island, region: input.language.region, switches: masks(input) })),
  'coupon-wallet': view(CouponWalletIsland)(({ island }) => island),
  invoices: view(InvoicesPageIsland)(({ island }) => island),
  inbox: view(InboxPageIsland)(({ island }) => island),
  tickets: view(TicketsPageIsland)(({ island }) => island),
  'ticket-detail': view(TicketDetailIsland)(({ island }) => island),
  recycle: view(RecyclePageIsland)((input) => ({
    ...input.island,
    shops: shopChoices(input),
    programme: input.context.content.shared['member-texts'].recycleProgramme,
  })),
  'close-account': view(CloseAccountIsland)(({ island, context }) => ({
    ...island,
    clause: context.content.shared['member-texts'].cancellationClause,
  })),

  // Orders and after-sales
  'order-list': view(OrderListIsland)(({ island, context }) => ({ ...island, hiddenStatuses: context.switchConfig.hiddenOrderStatuses })),
  'order-detail': view(OrderDetailIsland)((input) => ({ ...input.island, switches: masks(input) })),
  evaluate: view(EvaluateOrderIsland)(({ island }) => island),
  'apply-refund': view(RefundPagesIsland)((input) => ({ ...input.island, kind: 'apply', returnNotice: returnNotice(input) })),
  'only-refund': view(RefundPagesIsland)((input) => ({ ...input.island, kind: 'only', returnNotice: returnNotice(input) })),
  'refund-return': view(RefundPagesIsland)((input) => ({ ...input.island, kind: 'return', returnNotice: returnNotice(input) })),
  'refund-list': view(RefundListIsland)(({ island, context }) => ({
    ...island,
    hiddenStatuses: context.switchConfig.hiddenRefundStatuses,
  })),
  'view-refund': view(CaseViewIsland)((input) => ({ ...input.island, companies: companies(input), titleTemplate: titleTemplate(input) }), {
    heading: false,
  }),
  'refund-logistics': view(ReturnLogisticsIsland)((input) => ({ ...input.island, companies: companies(input), shops: shopChoices(input) })),
  replace: view(CaseFormsIsland)(({ island }) => ({ ...island, kind: 'exchange' })),
  'replace-list': view(ExchangeListIsland)((input) => ({ ...input.island, companies: companies(input) })),
  'apply-aftermarket': view(CaseFormsIsland)(({ island }) => ({ ...island, kind: 'afterSale' })),
  'apply-prepay': view(PayLaterIsland)(({ island }) => ({ ...island, kind: 'prepay' })),
  'view-prepay': view(PayLaterIsland)(({ island }) => ({ ...island, kind: 'schedule' })),
} satisfies Record<AppIsland, AppPageEntry>;
