/**
 * The local commerce API: the commerce contract (src/lib/api/contract.ts) implemented with
 * Hono over SQLite, one route module per domain (routes/). Every endpoint is registered from
 * the contract's table (kit.ts), so a request is validated by the same schema the browser
 * client types against, and every answer is the `{ success, msgCode, resp, msg }` envelope.
 */
import type { DatabaseSync } from 'node:sqlite';
import { Hono } from 'hono';
import { createAttemptLimits, type AttemptOverrides, type AttemptRuleValue } from './attempt-limits.ts';
import { ADMIN_PATH } from './admin-page.ts';
import { thisMachineOnly } from './client-address.ts';
import { sameOriginOnly } from './cross-site.ts';
import { PROVIDER_PATH } from './pay-sessions.ts';
import { sessionCookies } from './session-cookies.ts';
import { unframable } from './html.ts';
import { createRouteKit, errorAnswer, failureAnswer } from './kit.ts';
import { registerPictureRoute } from './pictures.ts';
import { registerAddressRoutes } from './routes/addresses.ts';
import { registerAdminRoutes } from './routes/admin.ts';
import { registerNewsletterRoutes } from './routes/newsletter.ts';
import { registerAfterSaleRoutes } from './routes/aftersales.ts';
import { registerAnalyticsRoutes } from './routes/analytics.ts';
import { registerAuthRoutes } from './routes/auth.ts';
import { registerCartRoutes } from './routes/cart.ts';
import { registerCatalogueRoutes } from './routes/catalogue.ts';
import { registerCheckoutRoutes } from './routes/checkout.ts';
import { registerCouponRoutes } from './routes/coupons.ts';
import { registerEmailRoutes } from './routes/email.ts';
import { registerEvaluationRoutes } from './routes/evaluations.ts';
import { registerExchangeRoutes } from './routes/exchanges.ts';
import { registerInboxRoutes } from './routes/inbox.ts';
import { registerInvoiceRoutes } from './routes/invoices.ts';
import { registerMemberRoutes } from './routes/member.ts';
import { registerOrderRoutes } from './routes/orders.ts';
import { registerPaymentRoutes } from './routes/payment.ts';
import { registerProfileRoutes } from './routes/profile.ts';
import { registerRecycleRoutes } from './routes/recycle.ts';
import { registerRefundRoutes } from './routes/refunds.ts';
import { registerTicketRoutes } from './routes/tickets.ts';
import { registerWishlistRoutes } from './routes/wishlist.ts';
import { registerStandInRoutes, STAND_IN_PATH } from './routes/stand-ins.ts';
import { createOutbox, type Outbox } from './mail.ts';

/**
 * What acts as the store's back office or stands in for a third party (the captcha, the maps,
 * the risk and tag-manager scripts, the payment and social-login providers): one guard answers
 * this machine only for all of it, so a stand-in added under these paths cannot forget it.
 */
const THIS_MACHINE_ONLY = [
  ADMIN_PATH,
  `${ADMIN_PATH}/*`,
  `${STAND_IN_PATH}/*`,
  `${PROVIDER_PATH}/*`,
  '/api/auth/third-party/:provider/authorize',
] as const;

export interface CommerceAppOptions {
  db: DatabaseSync;
  now?: () => number;
  accessTokenTtlSeconds?: number;
  refreshTokenTtlSeconds?: number;
  /**
   * How long a rotated refresh token still works. A refresh whose answer never reached the
   * browser (the shopper left the page) must not sign them out on the next page.
   */
  refreshReuseGraceSeconds?: number;
  /** Over HTTPS: Secure, prefixed cookies (session-cookies.ts); off for the local http origin. */
  secureCookies?: boolean;
  /** Sign-in and registration need the stand-in captcha's pass (routes/stand-ins.ts). */
  captcha?: boolean;
  /**
   * The store's public origin (SITE_URL's): its pages may change things besides those of the
   * origin a request was addressed to (cross-site.ts), and mailed links point at it (mail.ts).
   */
  siteOrigin: string;
  /** Where routes queue their mail; mail-sender.ts sends what it holds. Default: a new one on `db`. */
  outbox?: Outbox;
  /** Allowances other than attempt-limits.ts's (the browser tests open an account per test from one address). */
  attemptRules?: AttemptOverrides;
  /** Posts the analytics collector takes from one address (default collector-limits.ts's). */
  collectorRule?: AttemptRuleValue;
}

export function createCommerceApp(options: CommerceAppOptions) {
  const {
    db,
    now = Date.now,
    accessTokenTtlSeconds = 900,
    refreshTokenTtlSeconds = 30 * 86_400,
    refreshReuseGraceSeconds = 30,
    secureCookies = false,
    captcha = false,
    siteOrigin,
    outbox = createOutbox(db, now, siteOrigin),
    attemptRules = {},
    collectorRule,
  } = options;
  const app = new Hono();
  for (const path of THIS_MACHINE_ONLY) app.use(path, thisMachineOnly);
  app.use(unframable);
  app.use('/api/*', sameOriginOnly([siteOrigin]));
  // Answers are the member's or of the moment: never kept by a cache (unless a route says how,
  // as a stored picture's immutable address does), never sniffed as another type.
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
  });
  const kit = createRouteKit(app, db, now, {
    limits: createAttemptLimits(db, attemptRules),
    cookies: sessionCookies(secureCookies),
    outbox,
  });

  registerAuthRoutes(kit, { accessTokenTtlSeconds, refreshTokenTtlSeconds, refreshReuseGraceSeconds, captcha });
  registerMemberRoutes(kit);
  registerProfileRoutes(kit);
  registerEmailRoutes(kit);
  registerNewsletterRoutes(kit);
  registerCatalogueRoutes(kit);
  registerCartRoutes(kit);
  registerWishlistRoutes(kit);
  registerOrderRoutes(kit);
  registerRefundRoutes(kit);
  registerExchangeRoutes(kit);
  registerAfterSaleRoutes(kit);
  registerEvaluationRoutes(kit);
  registerAddressRoutes(kit);
  registerCouponRoutes(kit);
  registerInvoiceRoutes(kit);
  registerInboxRoutes(kit);
  registerTicketRoutes(kit);
  registerPictureRoute(app, db);
  registerRecycleRoutes(kit);
  registerCheckoutRoutes(kit);
  registerPaymentRoutes(kit);
  registerAnalyticsRoutes(kit, collectorRule);
  // The local back office (this machine only) and the third parties' stand-ins.
  registerAdminRoutes(kit);
  registerStandInRoutes(kit);

  app.notFound((c) => failureAnswer(c, 'NOT_FOUND', `No endpoint ${c.req.method} ${c.req.path}`, 404));
  app.onError((error, c) => errorAnswer(c, error));
  return app;
}
