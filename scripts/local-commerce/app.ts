/**
 * The local commerce API: the commerce contract (src/lib/api/contract.ts) implemented with
 * Hono over SQLite. Every endpoint is registered from the contract's table, so a request is
 * validated by the same schema the browser client types against, and every answer is the
 * `{ success, msgCode, resp, msg }` envelope.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { z } from 'zod';
import {
  ANALYTICS_PATHS,
  ENDPOINTS,
  REFRESH_COOKIE,
  SESSION_HINT_COOKIE,
  THIRD_PARTY_PROVIDERS,
  type EndpointName,
  type Member,
  type ProductSummary,
  type ResponseOf,
  type Session,
} from '../../src/lib/api/contract.ts';
import { isValidProduct } from '../../src/lib/product/wishlist.ts';
import type { CatalogueProduct } from '../sample-data/catalogue-schema.ts';
import { registerCheckoutRoutes } from './checkout.ts';
import { transaction } from './db.ts';
import { localText, requestRegion, withRequestLanguage } from './request-language.ts';
import { namedSemiValues, semiValuesProblem } from './semi-values.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

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
  /** Secure cookies need HTTPS; off for the local http origin. */
  secureCookies?: boolean;
  /** Test hooks (reading reset tokens and analytics posts) for the local API only. */
  testHooks?: boolean;
}

/** A business failure: answered as `success: false` with the msgCode. */
export class ApiFailure extends Error {
  readonly msgCode: string;
  readonly status: 200 | 400 | 401 | 404;
  readonly resp: unknown;
  constructor(msgCode: string, message: string, status: 200 | 400 | 401 | 404 = 200, resp: unknown = null) {
    super(message);
    this.msgCode = msgCode;
    this.status = status;
    this.resp = resp;
  }
}

export interface MemberRow {
  id: string;
  name: string;
  email: string;
  mobile: string | null;
  prefer_lang: string | null;
  agreement_version: string | null;
  privacy_version: string | null;
  password_hash: string | null;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const token = () => randomBytes(32).toString('base64url');
const CURRENCY_OF_REGION: Record<string, string> = { TW: 'TWD', HK: 'HKD', MO: 'HKD', CN: 'HKD' };

export type Handler<N extends EndpointName> = (input: {
  body: z.infer<(typeof ENDPOINTS)[N]['body']>;
  member: MemberRow;
  c: Context;
}) => ResponseOf<N> | Promise<ResponseOf<N>>;

/** What a group of routes kept in its own module (checkout.ts) gets from the app. */
export interface RouteKit {
  /** For routes outside the contract (the fake payment provider). */
  app: Hono;
  db: DatabaseSync;
  now: () => number;
  handle: <N extends EndpointName>(name: N, handler: Handler<N>) => void;
  productOf: (productCode: string) => CatalogueProduct | null;
  stockOf: (skuCode: string) => number | undefined;
  cartTotal: (memberId: string) => number;
}

export function createCommerceApp(options: CommerceAppOptions) {
  const { db, now = Date.now, accessTokenTtlSeconds = 900, refreshTokenTtlSeconds = 30 * 86_400, refreshReuseGraceSeconds = 30, secureCookies = false, testHooks = true } = options;
  const app = new Hono();

  const toMember = (row: MemberRow): Member => ({
    userId: row.id,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    preferLang: row.prefer_lang,
    membershipAgreementVersion: row.agreement_version,
    privacyPolicyVersion: row.privacy_version,
  });
  const memberById = (id: string) => db.prepare('SELECT * FROM members WHERE id = ?').get(id) as MemberRow | undefined;

  function startSession(c: Context, memberId: string): Session {
    const accessToken = token();
    const refreshToken = token();
    db.prepare('INSERT INTO access_tokens (token, member_id, expires_at) VALUES (?, ?, ?)').run(accessToken, memberId, now() + accessTokenTtlSeconds * 1000);
    db.prepare('INSERT INTO refresh_tokens (token_hash, member_id, expires_at) VALUES (?, ?, ?)').run(sha256(refreshToken), memberId, now() + refreshTokenTtlSeconds * 1000);
    setCookie(c, REFRESH_COOKIE, refreshToken, { httpOnly: true, sameSite: 'Lax', path: '/api/auth', secure: secureCookies, maxAge: refreshTokenTtlSeconds });
    setCookie(c, SESSION_HINT_COOKIE, '1', { sameSite: 'Lax', path: '/', secure: secureCookies, maxAge: refreshTokenTtlSeconds });
    return { accessToken, expiresIn: accessTokenTtlSeconds, member: toMember(memberById(memberId)!) };
  }

  function endSession(c: Context): void {
    deleteCookie(c, REFRESH_COOKIE, { path: '/api/auth' });
    deleteCookie(c, SESSION_HINT_COOKIE, { path: '/' });
  }

  function authenticatedMember(c: Context): MemberRow | null {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer (\S+)$/.exec(header);
    if (!match) return null;
    const row = db.prepare('SELECT member_id FROM access_tokens WHERE token = ? AND expires_at > ?').get(match[1]!, now()) as { member_id: string } | undefined;
    return row ? (memberById(row.member_id) ?? null) : null;
  }


  function handle<N extends EndpointName>(name: N, handler: Handler<N>): void {
    const definition = ENDPOINTS[name];
    app.on(definition.method, `/api${definition.path}`, async (c) => {
      try {
        const member = definition.auth ? authenticatedMember(c) : null;
        if (definition.auth && !member) throw new ApiFailure('UNAUTHORIZED', 'Sign in again', 401);
        let raw: unknown = {};
        if (definition.method === 'POST') {
          const text = await c.req.text();
          try {
            raw = text ? JSON.parse(text) : {};
          } catch {
            throw new ApiFailure('BAD_JSON', 'The request body is not JSON', 400);
          }
        }
        const parsed = definition.body.safeParse(raw);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          const field = issue.path.map(String).join('.');
          // Schema messages that look like codes (UR_EMAIL_06) are the form's msgCode.
          const msgCode = /^[A-Z][A-Z0-9_]+$/.test(issue.message) ? issue.message : 'INVALID_FIELD';
          throw new ApiFailure(msgCode, `${field || 'body'}: ${issue.message}`, 200, { field });
        }
        const resp = await withRequestLanguage(c.req.header('accept-language'), () => handler({ body: parsed.data as never, member: member as MemberRow, c }));
        return c.json({ success: true, msgCode: null, resp, msg: null });
      } catch (error) {
        if (error instanceof ApiFailure) return c.json({ success: false, msgCode: error.msgCode, resp: error.resp, msg: error.message }, error.status);
        console.error(`[commerce] ${definition.method} ${definition.path}:`, error);
        return c.json({ success: false, msgCode: 'SERVER_ERROR', resp: null, msg: 'Something went wrong' }, 500);
      }
    });
  }

  // ---------------------------------------------------------------- auth
  handle('login', ({ body, c }) => {
    const row = db.prepare('SELECT * FROM members WHERE email = ? OR mobile = ?').get(body.account, body.account) as MemberRow | undefined;
    // One answer for an unknown account and a wrong password, so accounts cannot be probed.
    if (!row?.password_hash || !verifyPassword(body.password, row.password_hash)) throw new ApiFailure('UR_LOGIN_FAILED', 'Account or password is incorrect');
    return startSession(c, row.id);
  });

  handle('register', ({ body, c }) => {
    const id = `M${randomBytes(6).toString('hex').toUpperCase()}`;
    try {
      db.prepare('INSERT INTO members (id, name, email, password_hash, created_at) VALUES (?, ?, ?, ?, ?)').run(id, body.name, body.email, hashPassword(body.password), now());
    } catch {
      throw new ApiFailure('UR_EMAIL_EXISTS', 'This email is already registered', 200, { field: 'email' });
    }
    return startSession(c, id);
  });

  handle('refresh', ({ c }) => {
    const presented = getCookie(c, REFRESH_COOKIE);
    if (!presented) throw new ApiFailure('NO_REFRESH_TOKEN', 'Not signed in', 401);
    return transaction(db, () => {
      // Live, or rotated moments ago (the grace above); never after logout or a reset (rotated_at NULL).
      const row = db
        .prepare('SELECT member_id FROM refresh_tokens WHERE token_hash = ? AND expires_at > ? AND (revoked = 0 OR rotated_at > ?)')
        .get(sha256(presented), now(), now() - refreshReuseGraceSeconds * 1000) as { member_id: string } | undefined;
      if (!row) {
        endSession(c);
        throw new ApiFailure('REFRESH_EXPIRED', 'Sign in again', 401);
      }
      // Rotation: each refresh token is replaced by a new one (first rotation starts the grace).
      db.prepare('UPDATE refresh_tokens SET revoked = 1, rotated_at = COALESCE(rotated_at, ?) WHERE token_hash = ?').run(now(), sha256(presented));
      return startSession(c, row.member_id);
    });
  });

  handle('logout', ({ c }) => {
    const presented = getCookie(c, REFRESH_COOKIE);
    if (presented) {
      const owner = db.prepare('SELECT member_id FROM refresh_tokens WHERE token_hash = ?').get(sha256(presented)) as { member_id: string } | undefined;
      db.prepare('UPDATE refresh_tokens SET revoked = 1, rotated_at = NULL WHERE token_hash = ?').run(sha256(presented));
      // No grace survives a sign-out: the member's tokens rotated moments ago end too.
      if (owner) db.prepare('UPDATE refresh_tokens SET rotated_at = NULL WHERE member_id = ? AND revoked = 1').run(owner.member_id);
    }
    const bearer = /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    if (bearer) db.prepare('DELETE FROM access_tokens WHERE token = ?').run(bearer);
    endSession(c);
    return {};
  });

  handle('forgetPassword', ({ body }) => {
    const row = db.prepare('SELECT id FROM members WHERE email = ?').get(body.email) as { id: string } | undefined;
    if (row) db.prepare('INSERT INTO reset_tokens (token, member_id, expires_at) VALUES (?, ?, ?)').run(token(), row.id, now() + 3_600_000);
    return {};
  });

  handle('resetPassword', ({ body }) =>
    transaction(db, () => {
      const row = db.prepare('SELECT member_id FROM reset_tokens WHERE token = ? AND used = 0 AND expires_at > ?').get(body.token, now()) as { member_id: string } | undefined;
      if (!row) throw new ApiFailure('UR_RESET_TOKEN_INVALID', 'This link has expired; ask for a new one', 200, { field: 'token' });
      db.prepare('UPDATE reset_tokens SET used = 1 WHERE token = ?').run(body.token);
      db.prepare('UPDATE members SET password_hash = ? WHERE id = ?').run(hashPassword(body.password), row.member_id);
      db.prepare('UPDATE refresh_tokens SET revoked = 1, rotated_at = NULL WHERE member_id = ?').run(row.member_id);
      // Signing out everywhere must include live access tokens too, or a session taken over
      // before the reset keeps working for up to accessTokenTtlSeconds.
      db.prepare('DELETE FROM access_tokens WHERE member_id = ?').run(row.member_id);
      return {};
    }),
  );

  handle('thirdPartyCallback', ({ body, c }) =>
    transaction(db, () => {
      const code = db.prepare('SELECT * FROM provider_codes WHERE code = ? AND provider = ? AND used = 0 AND expires_at > ?').get(body.code, body.provider, now()) as
        | { provider_id: string; name: string; email: string }
        | undefined;
      if (!code) throw new ApiFailure('THIRD_PARTY_CODE_INVALID', 'The sign-in with the provider did not complete');
      db.prepare('UPDATE provider_codes SET used = 1 WHERE code = ?').run(body.code);
      let member = db.prepare('SELECT id FROM members WHERE provider = ? AND provider_id = ?').get(body.provider, code.provider_id) as { id: string } | undefined;
      if (!member) {
        const id = `M${randomBytes(6).toString('hex').toUpperCase()}`;
        db.prepare('INSERT INTO members (id, name, email, provider, provider_id, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(id, code.name, `${body.provider}.${code.provider_id}@users.linea.example`, body.provider, code.provider_id, now());
        member = { id };
      }
      return startSession(c, member.id);
    }),
  );

  // The fake social-login provider: stands in for every provider's authorization page locally.
  app.get('/api/auth/third-party/:provider/authorize', (c) => {
    const provider = c.req.param('provider');
    const redirectUri = c.req.query('redirect_uri') ?? '';
    const state = c.req.query('state') ?? '';
    // A same-origin path only: `startsWith('/')` alone let `//evil.example/x` (protocol-relative)
    // and `/\evil.example` through, making the page an open redirect. Resolve it as a browser would.
    const sameOrigin = redirectUri.startsWith('/') && URL.parse(redirectUri, 'http://same.invalid')?.origin === 'http://same.invalid';
    if (!(THIRD_PARTY_PROVIDERS as readonly string[]).includes(provider) || !sameOrigin) return c.text('Unknown provider or redirect', 400);
    const code = token();
    db.prepare('INSERT INTO provider_codes (code, provider, provider_id, name, email, expires_at) VALUES (?, ?, ?, ?, ?, ?)').run(code, provider, `fake-${provider}-user`, `${provider} user`, `${provider}@fake.example`, now() + 300_000);
    const target = `${redirectUri}?${new URLSearchParams({ code, state, provider })}`;
    return c.html(`<!doctype html><meta charset="utf-8"><title>Fake ${provider} sign-in</title><body style="font-family:sans-serif;padding:40px"><h1>Fake ${provider} sign-in</h1><p>The local stand-in for the provider's authorization page.</p><a id="approve" href="${target.replace(/"/g, '&quot;')}">Continue as ${provider} user</a></body>`);
  });

  // ---------------------------------------------------------------- member
  handle('memberInfo', ({ member }) => toMember(member));
  handle('preferLanguage', ({ body, member }) => {
    db.prepare('UPDATE members SET prefer_lang = ? WHERE id = ?').run(body.preferLang, member.id);
    return {};
  });
  handle('membershipVersion', () => ({ membershipAgreementVersion: '2026.1', membershipAgreementPopFlag: 'Y', privacyPolicyVersion: '2026.1', privacyPolicyPopFlag: 'Y' }));
  handle('membershipVersionUpdate', ({ body, member }) => {
    if (body.membershipAgreementVersion) db.prepare('UPDATE members SET agreement_version = ? WHERE id = ?').run(body.membershipAgreementVersion, member.id);
    if (body.privacyPolicyVersion) db.prepare('UPDATE members SET privacy_version = ? WHERE id = ?').run(body.privacyPolicyVersion, member.id);
    return {};
  });
  handle('subscriptionSave', ({ body, member }) => {
    db.prepare('INSERT OR REPLACE INTO records (kind, id, member_id, status, created_at, json) VALUES (?, ?, ?, ?, ?, ?)').run('subscription', member.id, member.id, body.emailFlag, now(), JSON.stringify(body));
    return {};
  });

  // ---------------------------------------------------------------- products
  const productOf = (code: string) => {
    const row = db.prepare('SELECT json FROM products WHERE product_code = ?').get(code) as { json: string } | undefined;
    return row ? (JSON.parse(row.json) as CatalogueProduct) : null;
  };
  const stockOf = (skuCode: string) => (db.prepare('SELECT stock FROM skus WHERE sku_code = ?').get(skuCode) as { stock: number } | undefined)?.stock;
  function summary(product: CatalogueProduct, region: string, language?: string): ProductSummary {
    const currency = CURRENCY_OF_REGION[region] ?? 'TWD';
    const prices = product.skus.map((s) => s.prices[currency] ?? s.prices.TWD!);
    return {
      productCode: product.productCode,
      name: (language ? product.names[language] : undefined) ?? localText(product.names),
      enabledFlag: product.enabledFlag,
      approval: product.approval,
      imageUrl: product.colours[0]!.images[0]!,
      stockFlag: product.skus.some((s) => (stockOf(s.skuCode) ?? 0) > 0) ? 'Y' : 'N',
      priceInfo: {
        minPrice: Math.min(...prices.map((p) => p.sale)),
        maxPrice: Math.max(...prices.map((p) => p.sale)),
        valPrice: Math.max(...prices.map((p) => p.origin)),
        priceColor: null,
        priceGroup: product.priceGroup,
      },
    };
  }
  handle('productsByCodes', ({ body }) => body.codes.map(productOf).filter((p): p is CatalogueProduct => p !== null).map((p) => summary(p, body.region, body.language)));
  handle('productCatalogue', () => {
    const rows = db.prepare('SELECT product_code, updated_at FROM products ORDER BY product_code').all() as Array<{ product_code: string; updated_at: number }>;
    return rows.map((r) => ({ productCode: r.product_code, updatedAt: r.updated_at }));
  });
  handle('productDetail', ({ body }) => {
    const product = productOf(body.productCode);
    if (!product) throw new ApiFailure('PRODUCT_NOT_FOUND', `No product ${body.productCode}`, 404);
    const currency = CURRENCY_OF_REGION[body.region] ?? 'TWD';
    const text = (values: Record<string, string>) => values[body.language] ?? values['zh-TW'] ?? Object.values(values)[0] ?? '';
    return {
      productCode: product.productCode,
      omsProductCode: product.omsProductCode,
      name: text(product.names),
      description: text(product.descriptions),
      gender: product.gender,
      categoryCode: product.categoryCode,
      colours: product.colours.map((c) => ({ colorNo: c.colorNo, code: c.code, hex: c.hex, name: text(c.names), images: c.images })),
      sizes: product.sizes,
      skus: product.skus.map((s) => ({ skuCode: s.skuCode, omsSkuCode: s.omsSkuCode, productId: s.productId, colorNo: s.colorNo, sizeNo: s.sizeNo, price: s.prices[currency] ?? s.prices.TWD! })),
      priceGroup: product.priceGroup,
      makePantsLengthFlag: product.makePantsLengthFlag,
      caseFlag: product.caseFlag,
      customMadeFlag: product.customMadeFlag,
      semiOptions: product.semiOptions.map((o) => ({ key: o.key, name: text(o.names), values: o.values.map((v) => ({ key: v.key, name: text(v.names) })) })),
      presaleFlag: product.presaleFlag,
      noReasonToReturnFlag: product.noReasonToReturnFlag,
      cornerCode: product.cornerCode ?? null,
      productPageCode: product.productPageCode ?? null,
      enabledFlag: product.enabledFlag,
      approval: product.approval,
    };
  });
  handle('productStock', ({ body }) => {
    const product = productOf(body.productCode);
    if (!product) throw new ApiFailure('PRODUCT_NOT_FOUND', `No product ${body.productCode}`, 404);
    const currency = CURRENCY_OF_REGION[body.region] ?? 'TWD';
    return { productCode: product.productCode, skus: product.skus.map((s) => ({ skuCode: s.skuCode, stock: stockOf(s.skuCode) ?? 0, price: s.prices[currency] ?? s.prices.TWD! })) };
  });
  handle('recommendedWords', () => ['羽絨外套', '亞麻襯衫', '牛仔褲', '針織衫', 'T恤', '洋裝', '童裝外套', '嬰兒連身衣'].map((wordName) => ({ wordName })));
  handle('searchSuggestions', ({ body }) => {
    const rows = db.prepare('SELECT json FROM products').all() as Array<{ json: string }>;
    const names = new Set<string>();
    for (const { json } of rows) for (const name of Object.values((JSON.parse(json) as CatalogueProduct).names)) if (name.toLowerCase().includes(body.word.toLowerCase())) names.add(name);
    return [...names].slice(0, 10);
  });

  handle('productSearch', ({ body }) => {
    // Every local store carries the whole catalogue, so a store search (searchType storeCode)
    // lists every switched-on product, narrowed by the word when one is given too.
    const word = body.description?.trim().toLowerCase() ?? '';
    if (body.searchType === 'keyword' && !word) return { list: [], total: 0 };
    const products = (db.prepare('SELECT json FROM products').all() as Array<{ json: string }>)
      .map(({ json }) => JSON.parse(json) as CatalogueProduct)
      .filter((p) => p.enabledFlag === 'Y');
    // Relevance: a name that is the word, then one that starts with it, then one that contains it.
    const rank = (p: CatalogueProduct) => Math.min(...Object.values(p.names).map((name) => {
      const lower = name.toLowerCase();
      return lower === word ? 0 : lower.startsWith(word) ? 1 : lower.includes(word) ? 2 : Infinity;
    }));
    const found = products
      .map((p) => ({ p, rank: word ? rank(p) : 0 }))
      .filter((f) => f.rank !== Infinity)
      .map((f) => ({ ...f, summary: summary(f.p, body.region, body.language) }));
    // Ties keep product-code order, so pages never overlap. Codes are issued in sequence: the
    // highest is the newest product.
    const byCode = (a: { p: CatalogueProduct }, b: { p: CatalogueProduct }) => a.p.productCode.localeCompare(b.p.productCode);
    const orders: Record<typeof body.sort, (a: (typeof found)[number], b: (typeof found)[number]) => number> = {
      relevance: (a, b) => a.rank - b.rank || byCode(a, b),
      priceAsc: (a, b) => a.summary.priceInfo.minPrice - b.summary.priceInfo.minPrice || byCode(a, b),
      priceDesc: (a, b) => b.summary.priceInfo.minPrice - a.summary.priceInfo.minPrice || byCode(a, b),
      newest: (a, b) => byCode(b, a),
    };
    found.sort(orders[body.sort]);
    const start = (body.page - 1) * body.pageSize;
    return { list: found.slice(start, start + body.pageSize).map((f) => f.summary), total: found.length };
  });

  // ---------------------------------------------------------------- cart
  const cartTotal = (memberId: string) => (db.prepare('SELECT COALESCE(SUM(quantity), 0) AS n FROM cart_lines WHERE member_id = ?').get(memberId) as { n: number }).n;
  handle('cartCount', ({ member }) => cartTotal(member.id));
  handle('miniCart', ({ member }) => {
    const rows = db.prepare('SELECT cart_id, product_code, sku_code, quantity, alter_mode, final_inseam, semi_values FROM cart_lines WHERE member_id = ? ORDER BY created_at DESC, cart_id DESC').all(member.id) as Array<{ cart_id: number; product_code: string; sku_code: string; quantity: number; alter_mode: string | null; final_inseam: number | null; semi_values: string | null }>;
    const cartList = rows.flatMap((row) => {
      const product = productOf(row.product_code);
      const sku = product?.skus.find((s) => s.skuCode === row.sku_code);
      if (!product || !sku) return [];
      const colour = product.colours.find((c) => c.colorNo === sku.colorNo)!;
      const size = product.sizes.find((s) => s.sizeNo === sku.sizeNo)!;
      return [{
        cartId: String(row.cart_id), productCode: row.product_code, skuCode: row.sku_code, quantity: row.quantity, alterMode: row.alter_mode, finalInseam: row.final_inseam,
        productDetail: {
          productDetailInfo: { colorAlias: localText(colour.names), sizeAlias: size.alias, unitPrice: sku.prices.TWD!.sale, skuName: localText(product.names), colorCode: colour.code, semiValues: namedSemiValues(product, row.semi_values), priceType: null },
          summaryInfo: { customMadeFlag: product.customMadeFlag, originPrice: sku.prices.TWD!.origin },
        },
      }];
    });
    return [{ cartList, total: cartTotal(member.id) }];
  });
  handle('cartAdd', ({ body, member }) =>
    transaction(db, () => {
      const stock = stockOf(body.skuCode);
      const sku = db.prepare('SELECT product_code FROM skus WHERE sku_code = ?').get(body.skuCode) as { product_code: string } | undefined;
      if (stock === undefined || sku?.product_code !== body.productCode) throw new ApiFailure('CART_SKU_NOT_FOUND', 'This size is not available', 200, { field: 'skuCode' });
      // A switched-off product (enabledFlag N) is not for sale even while it has stock; the seed
      // and the wishlist treat it so, but the cart accepted it when the call came directly.
      const product = productOf(body.productCode);
      if (product?.enabledFlag !== 'Y') throw new ApiFailure('CART_SKU_NOT_FOUND', 'This product is not available', 200, { field: 'skuCode' });
      const semiProblem = semiValuesProblem(product, body.semiValues ?? []);
      if (semiProblem) throw new ApiFailure(semiProblem, 'Choose one value of each made-to-order option', 200, { field: 'semiValues' });
      const inCart = (db.prepare('SELECT quantity FROM cart_lines WHERE member_id = ? AND sku_code = ?').get(member.id, body.skuCode) as { quantity: number } | undefined)?.quantity ?? 0;
      if (inCart + body.quantity > stock) throw new ApiFailure('CART_STOCK_NOT_ENOUGH', `Only ${stock} left`, 200, { field: 'quantity' });
      // One line per SKU: adding again adds to it, and a made-to-order item takes the newest choices.
      const semi = body.semiValues?.length ? JSON.stringify(body.semiValues) : null;
      db.prepare('INSERT INTO cart_lines (member_id, product_code, sku_code, quantity, created_at, semi_values) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (member_id, sku_code) DO UPDATE SET quantity = quantity + excluded.quantity, semi_values = COALESCE(excluded.semi_values, semi_values)').run(member.id, body.productCode, body.skuCode, body.quantity, now(), semi);
      return { total: cartTotal(member.id) };
    }),
  );
  handle('cartUpdate', ({ body, member }) =>
    transaction(db, () => {
      const line = db.prepare('SELECT sku_code FROM cart_lines WHERE cart_id = ? AND member_id = ?').get(Number(body.cartId), member.id) as { sku_code: string } | undefined;
      if (!line) throw new ApiFailure('CART_LINE_NOT_FOUND', 'This item is no longer in your cart', 200, { field: 'cartId' });
      if (body.quantity > (stockOf(line.sku_code) ?? 0)) throw new ApiFailure('CART_STOCK_NOT_ENOUGH', 'Not enough stock', 200, { field: 'quantity' });
      db.prepare('UPDATE cart_lines SET quantity = ? WHERE cart_id = ?').run(body.quantity, Number(body.cartId));
      return { total: cartTotal(member.id) };
    }),
  );
  handle('cartRemove', ({ body, member }) =>
    transaction(db, () => {
      const remove = db.prepare('DELETE FROM cart_lines WHERE cart_id = ? AND member_id = ?');
      for (const id of body.cartIds) remove.run(Number(id), member.id);
      return { total: cartTotal(member.id) };
    }),
  );

  // ---------------------------------------------------------------- wishlist
  const wishTotal = (memberId: string) => (db.prepare('SELECT COUNT(*) AS n FROM wishes WHERE member_id = ?').get(memberId) as { n: number }).n;
  handle('wishCount', ({ member }) => [wishTotal(member.id)]);
  handle('wishList', ({ body, member }) => {
    const PAGE = 20;
    const rows = db.prepare('SELECT product_code FROM wishes WHERE member_id = ? ORDER BY created_at DESC LIMIT ? OFFSET ?').all(member.id, PAGE, (body.page - 1) * PAGE) as Array<{ product_code: string }>;
    const list = rows.flatMap(({ product_code }) => {
      const product = productOf(product_code);
      if (!product) return [];
      const valid = isValidProduct(product);
      return [{ spuInfo: summary(product, requestRegion()), status: valid ? 'CHECK_SUCCESS' : 'CHECK_FAIL' }];
    });
    return { list, total: wishTotal(member.id) };
  });
  handle('wishInsert', ({ body, member }) =>
    transaction(db, () => {
      for (const item of body.productList) {
        if (!productOf(item.productCode)) throw new ApiFailure('WISH_PRODUCT_NOT_FOUND', `Unknown product ${item.productCode}`);
        db.prepare('INSERT OR IGNORE INTO wishes (member_id, product_code, sku_code, created_at) VALUES (?, ?, ?, ?)').run(member.id, item.productCode, item.skuCode, now());
      }
      return { total: wishTotal(member.id) };
    }),
  );
  handle('wishDelete', ({ body, member }) =>
    transaction(db, () => {
      for (const item of body.productList) db.prepare('DELETE FROM wishes WHERE member_id = ? AND product_code = ?').run(member.id, item.productCode);
      return { total: wishTotal(member.id) };
    }),
  );

  // ---------------------------------------------------------------- account records
  function listRecords(kind: string, memberId: string, page: number, pageSize: number, status?: string) {
    const where = status ? 'kind = ? AND member_id = ? AND status = ?' : 'kind = ? AND member_id = ?';
    const args = status ? [kind, memberId, status] : [kind, memberId];
    const rows = db.prepare(`SELECT json FROM records WHERE ${where} ORDER BY created_at DESC, id LIMIT ? OFFSET ?`).all(...args, pageSize, (page - 1) * pageSize) as Array<{ json: string }>;
    const { n } = db.prepare(`SELECT COUNT(*) AS n FROM records WHERE ${where}`).get(...args) as { n: number };
    return { list: rows.map((r) => JSON.parse(r.json)), total: n };
  }
  handle('orderList', ({ body, member }) => listRecords('order', member.id, body.page, body.pageSize, body.status));
  handle('orderDetail', ({ body, member }) => {
    const row = db.prepare('SELECT json FROM records WHERE kind = ? AND id = ? AND member_id = ?').get('order', body.orderCode, member.id) as { json: string } | undefined;
    if (!row) throw new ApiFailure('ORDER_NOT_FOUND', 'No such order', 200, { field: 'orderCode' });
    return JSON.parse(row.json);
  });
  handle('refundList', ({ body, member }) => listRecords('refund', member.id, body.page, body.pageSize, body.status));
  handle('exchangeList', ({ body, member }) => listRecords('exchange', member.id, body.page, body.pageSize, body.status));
  handle('afterSaleList', ({ body, member }) => listRecords('aftersale', member.id, body.page, body.pageSize, body.status));
  handle('couponList', ({ body, member }) => listRecords('coupon', member.id, body.page, body.pageSize));
  handle('invoiceList', ({ body, member }) => listRecords('invoice', member.id, body.page, body.pageSize));
  handle('ticketList', ({ body, member }) => listRecords('ticket', member.id, body.page, body.pageSize));
  handle('inboxList', ({ body, member }) => listRecords('inbox', member.id, body.page, body.pageSize));
  handle('addressList', ({ member }) => listRecords('address', member.id, 1, 100).list);
  handle('addressSave', ({ body, member }) =>
    transaction(db, () => {
      const addressId = body.addressId ?? `A${randomBytes(4).toString('hex').toUpperCase()}`;
      const existing = body.addressId ? db.prepare('SELECT 1 FROM records WHERE kind = ? AND id = ? AND member_id = ?').get('address', addressId, member.id) : true;
      if (!existing) throw new ApiFailure('ADDRESS_NOT_FOUND', 'No such address', 200, { field: 'addressId' });
      const address = { ...body, addressId };
      if (address.isDefault === 'Y') {
        for (const other of listRecords('address', member.id, 1, 100).list as Array<{ addressId: string }>) {
          db.prepare("UPDATE records SET json = json_set(json, '$.isDefault', 'N') WHERE kind = 'address' AND id = ?").run(other.addressId);
        }
      }
      db.prepare('INSERT OR REPLACE INTO records (kind, id, member_id, status, created_at, json) VALUES (?, ?, ?, NULL, ?, ?)').run('address', addressId, member.id, now(), JSON.stringify(address));
      return address;
    }),
  );
  handle('addressDelete', ({ body, member }) => {
    db.prepare('DELETE FROM records WHERE kind = ? AND id = ? AND member_id = ?').run('address', body.addressId, member.id);
    return {};
  });

  // ---------------------------------------------------------------- analytics collector
  for (const path of ANALYTICS_PATHS) {
    app.post(path, async (c) => {
      const form = await c.req.parseBody();
      db.prepare('INSERT INTO analytics (path, body, received_at) VALUES (?, ?, ?)').run(path, JSON.stringify(form), now());
      return c.body(null, 204);
    });
  }

  if (testHooks) {
    // Local-only hooks so tests can read what a real system would email or collect.
    app.get('/api/_test/reset-token', (c) => {
      const row = db.prepare('SELECT t.token FROM reset_tokens t JOIN members m ON m.id = t.member_id WHERE m.email = ? ORDER BY t.expires_at DESC LIMIT 1').get(c.req.query('email') ?? '') as { token: string } | undefined;
      return row ? c.json({ token: row.token }) : c.json({ token: null }, 404);
    });
    app.get('/api/_test/analytics', (c) => c.json((db.prepare('SELECT path, body, received_at FROM analytics ORDER BY id').all() as Array<{ path: string; body: string; received_at: number }>).map((r) => ({ path: r.path, body: JSON.parse(r.body) as unknown, receivedAt: r.received_at }))));
  }

  app.notFound((c) => c.json({ success: false, msgCode: 'NOT_FOUND', resp: null, msg: `No endpoint ${c.req.method} ${c.req.path}` }, 404));
  registerCheckoutRoutes({ app, db, now, handle, productOf, stockOf, cartTotal });

  return app;
}
