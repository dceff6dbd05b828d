/**
 * The page types whose JavaScript we weigh, how a visitor or member meets each, and the
 * budget it must hold (the budgets of docs/performance.md). Shared by `npm run bench:js`, which prints the
 * figures, and tests/e2e/budgets.spec.ts, which fails over budget naming the files.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { scriptsLoaded, type ScriptFile, type Settle } from './startup-js.ts';
import { MEMBER_PRIVACY_SEEN_COOKIE } from '../../src/lib/popups/member-privacy.ts';
import { CUSTOM_POPUP_SEEN_COOKIE } from '../../src/lib/popups/promo.ts';
import { LANGUAGE_OFFER_COOKIE } from '../../src/lib/popups/language-offer.ts';
import { CONSENT_COOKIE, consentValue, type Consent } from '../../src/lib/consent/consent.ts';

const KIB = 1024;

/** Brotli bytes, each file compressed on its own. */
export const JS_BUDGETS = {
  /** What a visitor's home, category, product or content page loads in its first 5 s, untouched. */
  startup: 20 * KIB,
  /**
   * Everything, once a returning visitor (necessary cookies only) has touched the header (and
   * the product). The pop-ups and the cookie banner that greet a first visit are weighed in the
   * first visit's start-up row; what analytics adds with consent is printed in its own row.
   */
  headerHydrated: 75 * KIB,
  /** A signed-in member's cart, checkout and account pages. */
  member: 100 * KIB,
  /** Press pages run no module JavaScript at all (inline scripts only). */
  press: 0,
} as const;

export interface JsPageType {
  name: string;
  /** Bytes allowed; null: printed, not budgeted. */
  budget: number | null;
  /**
   * Loads the page in `context` the way its visitor does and returns the scripts it loaded,
   * leaving it alone after as `settle` says (5 s of real time unless given).
   */
  measure: (context: BrowserContext, settle?: Settle) => Promise<ScriptFile[]>;
}

/** The demo sample's addresses; products and press releases are found by following links. */
export const PATHS = { home: '/', category: '/c/W0101.html', content: '/feature/lookbook.html', pressList: '/press/index.html' };

/** The first link on `path` whose address matches `pattern`. */
async function firstLink(context: BrowserContext, path: string, pattern: RegExp): Promise<string> {
  const html = await (await context.request.get(path)).text();
  const found = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!).find((href) => pattern.test(href));
  if (!found) throw new Error(`No link matching ${pattern} on ${path}`);
  return new URL(found, 'http://x').pathname;
}

async function open(page: Page, path: string): Promise<void> {
  const answer = await page.goto(path, { waitUntil: 'load' });
  if (answer?.status() !== 200) throw new Error(`${path} answered ${answer?.status()}`);
}

/** A fresh page of the context, measured while `act` runs. */
async function measured(context: BrowserContext, act: (page: Page) => Promise<unknown>, settle?: Settle): Promise<ScriptFile[]> {
  const page = await context.newPage();
  try {
    return await scriptsLoaded(page, () => act(page), settle);
  } finally {
    await page.close();
  }
}

/** A first visit: no cookies, so the pop-ups that greet it (member privacy, home's promotion) open. */
async function firstVisit(context: BrowserContext): Promise<void> {
  await context.clearCookies();
}

/**
 * A returning visitor, who closed the greeting pop-ups and answered the cookie banner on an
 * earlier visit: necessary cookies only, or with analytics allowed.
 */
async function returningVisitor(context: BrowserContext, consent: Consent = { analytics: false, marketing: false }): Promise<void> {
  const url = new URL((await context.request.get('/')).url()).origin;
  await context.addCookies([
    ...[CUSTOM_POPUP_SEEN_COOKIE, MEMBER_PRIVACY_SEEN_COOKIE, LANGUAGE_OFFER_COOKIE].map((name) => ({ name, value: 'Y', url })),
    { name: CONSENT_COOKIE, value: consentValue(consent), url },
  ]);
}

const startup = async (context: BrowserContext, path: string, settle?: Settle) => {
  await firstVisit(context);
  return measured(context, (page) => open(page, path), settle);
};

/** Hydrates every island under `selector` still waiting for a touch, the way a first touch does. */
export async function touchAll(page: Page, selector: string): Promise<void> {
  const waiting = `${selector} astro-island[ssr]`;
  // In the page, all at once: a hydrated island re-renders, and a list of handles would go stale.
  await page.evaluate((s) => {
    for (const island of document.querySelectorAll(s)) island.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
  }, waiting);
  await page.waitForFunction((s) => document.querySelectorAll(s).length === 0, waiting);
}

/** A product's own address (without the card's ?productId=), from the demo category. */
export const productPath = (context: BrowserContext) => firstLink(context, PATHS.category, /\/product\/[^/?]+\.html/);
/** An official look's own page (/official-styling/{styleId}.html), from the lookbook's links into the looks. */
export async function lookPath(context: BrowserContext): Promise<string> {
  const html = await (await context.request.get(PATHS.content)).text();
  const found = [...html.matchAll(/href="([^"]+)"/g)]
    .map((m) => m[1]!.replace(/&amp;/g, '&'))
    .find((h) => /\/official-styling\/[^/?]+\.html/.test(h));
  if (!found) throw new Error(`No link to an official look on ${PATHS.content}`);
  const url = new URL(found, 'http://x');
  return `${url.pathname}${url.search}`;
}
/** A press release's address, from the press list. */
export const pressReleasePath = (context: BrowserContext) => firstLink(context, PATHS.pressList, /\/press\/\d{4}\/.+\.html$/);

/** MailDev's inbox, where `npm start` catches the store's mail: on the store's port + 3 (src/node/env.ts mailCatcherPorts). */
const MAIL_INBOX_PORT_OFFSET = 3;

/** The token of the registration link the store mailed to `email`, read from the store's own MailDev as the member would open it. */
async function mailedRegistrationToken(context: BrowserContext, email: string): Promise<string> {
  const store = new URL((await context.request.get('/')).url());
  const inbox = `http://127.0.0.1:${Number(store.port) + MAIL_INBOX_PORT_OFFSET}/api/email?${new URLSearchParams({ 'to.address': email })}`;
  // Mail leaves a moment after the answer.
  for (let tries = 0; tries < 40; tries++) {
    const answer = await context.request.get(inbox);
    const mails = answer.ok() ? ((await answer.json()) as Array<{ text: string }>) : [];
    const token = mails.map((mail) => /registerToken=([\w-]+)/.exec(mail.text)?.[1]).find(Boolean);
    if (token) return token;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No registration link reached ${email} at ${inbox}: the bench reads the store's MailDev, so run it without SMTP_HOST`);
}

/** Signs the context in as a fresh member with one item in the cart (the cart and checkout need one). */
export async function signedInWithCart(context: BrowserContext): Promise<void> {
  const email = `bench.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@linea.example`;
  const password = 'Shopper2026';
  const call = async (path: string, data: object, token?: string) => {
    const headers = token ? { authorization: `Bearer ${token}` } : undefined;
    const answer = (await (await context.request.post(`/api${path}`, { data, headers })).json()) as {
      success: boolean;
      resp: Record<string, unknown>;
    };
    if (!answer.success) throw new Error(`${path}: ${JSON.stringify(answer)}`);
    return answer.resp;
  };
  // The store's captcha (the local stand-in under npm start): a passed check's token.
  const solved = await context.request.post('/api/_standin/captcha/solve', { data: { pass: true } });
  const captchaToken = solved.ok() ? ((await solved.json()) as { token: string }).token : undefined;
  await call('/auth/register', { name: 'Bench Shopper', email, password, agreeTerms: true, captchaToken });
  // The account opens with the link mailed to the address, which signs the context in.
  const member = await call('/auth/register/confirm', { token: await mailedRegistrationToken(context, email) });
  const token = member.accessToken as string;
  await call(
    '/address/save',
    {
      receiver: 'Bench Shopper',
      mobile: '0912345678',
      region: 'TW',
      city: '台北市',
      detail: '信義路五段 7 號',
      zipCode: '110',
      isDefault: 'Y',
    },
    token,
  );
  const code = (await productPath(context)).replace(/^.*\/product\/|\.html$/g, '');
  const stock = (await call('/product/stock', { productCode: code, region: 'TW' })) as { skus: Array<{ skuCode: string; stock: number }> };
  const sku = stock.skus.find((s) => s.stock > 0)?.skuCode;
  if (!sku) throw new Error(`${code} has no size in stock`);
  await call('/cart/add', { productCode: code, skuCode: sku, quantity: 1 }, token);
}

// Measured on the member's first visit: the heavier case, with the privacy notice on the cart.
const member = (path: string) => async (context: BrowserContext, settle?: Settle) => {
  await firstVisit(context);
  await signedInWithCart(context);
  return measured(context, (page) => open(page, path), settle);
};

export const JS_PAGE_TYPES: JsPageType[] = [
  { name: 'home', budget: JS_BUDGETS.startup, measure: (c, settle) => startup(c, PATHS.home, settle) },
  { name: 'category', budget: JS_BUDGETS.startup, measure: (c, settle) => startup(c, PATHS.category, settle) },
  { name: 'product', budget: JS_BUDGETS.startup, measure: async (c, settle) => startup(c, await productPath(c), settle) },
  { name: 'content', budget: JS_BUDGETS.startup, measure: (c, settle) => startup(c, PATHS.content, settle) },
  { name: 'styling look', budget: JS_BUDGETS.startup, measure: async (c, settle) => startup(c, await lookPath(c), settle) },
  {
    name: 'press release',
    budget: JS_BUDGETS.press,
    measure: async (c, settle) => startup(c, await pressReleasePath(c), settle),
  },
  { name: 'search results', budget: null, measure: (c, settle) => startup(c, '/search.html?description=%E5%A4%96%E5%A5%97', settle) },
  {
    name: 'home, header touched',
    budget: JS_BUDGETS.headerHydrated,
    measure: async (c, settle) => {
      await returningVisitor(c);
      return measured(
        c,
        async (page) => {
          await open(page, PATHS.home);
          await touchAll(page, 'header');
        },
        settle,
      );
    },
  },
  {
    name: 'product, header touched',
    budget: JS_BUDGETS.headerHydrated,
    measure: async (c, settle) => {
      const path = await productPath(c);
      await returningVisitor(c);
      return measured(
        c,
        async (page) => {
          await open(page, path);
          await touchAll(page, 'header');
        },
        settle,
      );
    },
  },
  {
    // What analytics adds for a visitor who allowed it (printed, not budgeted: see docs/performance.md).
    name: 'product, header touched, analytics allowed',
    budget: null,
    measure: async (c, settle) => {
      const path = await productPath(c);
      await returningVisitor(c, { analytics: true, marketing: false });
      return measured(
        c,
        async (page) => {
          await open(page, path);
          await touchAll(page, 'header');
        },
        settle,
      );
    },
  },
  {
    // The product island comes with the shopper's first touch of the product (printed, not budgeted).
    name: 'product, header and product touched',
    budget: null,
    measure: async (c, settle) => {
      const path = await productPath(c);
      await returningVisitor(c);
      return measured(
        c,
        async (page) => {
          await open(page, path);
          await touchAll(page, 'body');
        },
        settle,
      );
    },
  },
  {
    // The look's save and add-to-cart islands come with the shopper's first touch of them (printed, not budgeted, as the product's).
    name: 'styling look, header and look touched',
    budget: null,
    measure: async (c, settle) => {
      const path = await lookPath(c);
      await returningVisitor(c);
      return measured(
        c,
        async (page) => {
          await open(page, path);
          await touchAll(page, 'body');
        },
        settle,
      );
    },
  },
  { name: 'cart (member)', budget: JS_BUDGETS.member, measure: member('/cart.html') },
  { name: 'checkout (member)', budget: JS_BUDGETS.member, measure: member('/payment/payment.html') },
  { name: 'account (member)', budget: JS_BUDGETS.member, measure: member('/account/info.html') },
];
