/**
 * Contract tests of the local commerce API (scripts/local-commerce) against the commerce
 * contract (src/lib/api/contract.ts): every endpoint of ENDPOINTS is called in-process through
 * Hono's `app.request`, and every successful answer is parsed with
 * `envelopeSchema(ENDPOINTS[name].resp)` and must equal what was parsed (so the API can send
 * neither less nor more than the contract says). State-changing tests get a fresh in-memory
 * database seeded from the sample catalogue, which is generated once (fixed seed and clock).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import {
  ANALYTICS_PATHS,
  ENDPOINTS,
  EXCHANGE_STATUSES,
  ORDER_STATUSES,
  REFRESH_COOKIE,
  REFUND_STATUSES,
  SESSION_HINT_COOKIE,
  WISH_VALID_APPROVALS,
  envelopeSchema,
  type EndpointName,
  type RequestOf,
  type ResponseOf,
  failureEnvelopeSchema,
} from '../../src/lib/api/contract.ts';
import { createCommerceApp, type CommerceAppOptions } from '../../scripts/local-commerce/app.ts';
import { openDatabase } from '../../scripts/local-commerce/db.ts';
import { DEMO_MEMBERS, seedDatabase } from '../../scripts/local-commerce/seed.ts';
import { generateSampleCms } from '../../scripts/local-cms/generate.ts';
import { catalogueSchema, type Catalogue, type CatalogueProduct } from '../../scripts/sample-data/catalogue-schema.ts';

const NOW = 1_790_000_000_000;
const SEED = 7;
const DEMO = DEMO_MEMBERS[0];
const OTHER = DEMO_MEMBERS[1];
const ENDPOINT_NAMES = Object.keys(ENDPOINTS) as EndpointName[];

let root = '';
let catalogue: Catalogue;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'commerce-api-test-'));
  await generateSampleCms({ outDir: root, seed: SEED, now: NOW });
  catalogue = catalogueSchema.parse(JSON.parse(await readFile(path.join(root, 'catalogue.json'), 'utf8')));
}, 120_000);
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------
// Harness

type App = ReturnType<typeof createCommerceApp>;
interface Env {
  db: DatabaseSync;
  app: App;
  /** The injected clock (ms); tests move it forward. */
  clock: { now: number };
}

/** A fresh in-memory database seeded from the sample catalogue, and an app on it. */
function fresh(options: Omit<Partial<CommerceAppOptions>, 'db' | 'now'> = {}): Env {
  const db = openDatabase(':memory:');
  seedDatabase(db, catalogue);
  const clock = { now: NOW };
  return { db, clock, app: createCommerceApp({ db, now: () => clock.now, ...options }) };
}

interface Cookie {
  value: string;
  /** Attribute names in lower case; flags (HttpOnly) map to ''. */
  attrs: Map<string, string>;
}
interface Answer {
  status: number;
  text: string;
  json: unknown;
  cookies: Map<string, Cookie>;
}

function parseSetCookies(lines: string[]): Map<string, Cookie> {
  const cookies = new Map<string, Cookie>();
  for (const line of lines) {
    const [pair = '', ...attributes] = line.split(';').map((p) => p.trim());
    const eq = pair.indexOf('=');
    const attrs = new Map<string, string>();
    for (const a of attributes) {
      const i = a.indexOf('=');
      attrs.set((i < 0 ? a : a.slice(0, i)).toLowerCase(), i < 0 ? '' : a.slice(i + 1));
    }
    cookies.set(pair.slice(0, eq), { value: pair.slice(eq + 1), attrs });
  }
  return cookies;
}

async function toAnswer(res: Response): Promise<Answer> {
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json, cookies: parseSetCookies(res.headers.getSetCookie()) };
}

interface CallOptions {
  token?: string;
  /** The raw Authorization header (wins over token). */
  authorization?: string;
  /** The raw Cookie header. */
  cookie?: string;
  /** Sent as is instead of JSON.stringify(body). */
  rawBody?: string;
}

/** Calls an endpoint as the browser client does: GET without a body, POST with a JSON body. */
async function call(app: App, name: EndpointName, body: unknown = {}, options: CallOptions = {}): Promise<Answer> {
  const definition = ENDPOINTS[name];
  const headers: Record<string, string> = {};
  const authorization = options.authorization ?? (options.token ? `Bearer ${options.token}` : undefined);
  if (authorization !== undefined) headers.authorization = authorization;
  if (options.cookie) headers.cookie = options.cookie;
  const init: RequestInit = { method: definition.method, headers };
  if (definition.method === 'POST') {
    headers['content-type'] = 'application/json';
    init.body = options.rawBody ?? JSON.stringify(body);
  }
  return toAnswer(await app.request(`/api${definition.path}`, init));
}

/**
 * A successful answer, validated by the contract. Parsing strips unknown keys, so the parsed
 * envelope must also equal the raw JSON: the API may not answer fields the contract lacks.
 */
function expectSuccess<N extends EndpointName>(name: N, answer: Answer): ResponseOf<N> {
  expect(answer.status, `${name} → ${answer.text}`).toBe(200);
  const parsed = envelopeSchema(ENDPOINTS[name].resp).safeParse(answer.json);
  if (!parsed.success) throw new Error(`${name}: the answer does not match the contract\n${z.prettifyError(parsed.error)}\n${answer.text.slice(0, 2000)}`);
  expect(parsed.data, `${name}: the answer has fields the contract does not describe`).toEqual(answer.json);
  expect(parsed.data.success, `${name} → ${answer.text}`).toBe(true);
  expect(parsed.data.msgCode).toBeNull();
  expect(parsed.data.resp).not.toBeNull();
  return parsed.data.resp as ResponseOf<N>;
}

const failureSchema = failureEnvelopeSchema;
type Failure = z.infer<typeof failureSchema>;

function expectFailure(answer: Answer, msgCode: string, options: { status?: number; field?: string | null } = {}): Failure {
  expect(answer.status, answer.text).toBe(options.status ?? 200);
  const envelope = failureSchema.parse(answer.json);
  expect(envelope.msgCode, answer.text).toBe(msgCode);
  if (options.field !== undefined) expect(envelope.resp?.field ?? null).toBe(options.field);
  return envelope;
}

function expectUnauthorized(answer: Answer): void {
  expectFailure(answer, 'UNAUTHORIZED', { status: 401, field: null });
  // A 401 is still a contract envelope (resp null), so the client can read it.
  expect(answer.cookies.size).toBe(0);
}

interface SignedIn {
  token: string;
  refreshToken: string;
  session: ResponseOf<'login'>;
  answer: Answer;
}
async function login(app: App, account: string = DEMO.email, password: string = DEMO.password): Promise<SignedIn> {
  const answer = await call(app, 'login', { account, password });
  const session = expectSuccess('login', answer);
  const refresh = answer.cookies.get(REFRESH_COOKIE);
  expect(refresh?.value).toBeTruthy();
  return { token: session.accessToken, refreshToken: refresh!.value, session, answer };
}

const refreshCookie = (refreshToken: string) => `${REFRESH_COOKIE}=${refreshToken}; ${SESSION_HINT_COOKIE}=1`;

/** The reset token the API "emailed" to `email`, through the local test hook. */
async function resetTokenOf(app: App, email: string): Promise<string | null> {
  const res = await app.request(`/api/_test/reset-token?email=${encodeURIComponent(email)}`);
  return ((await res.json()) as { token: string | null }).token;
}

/** The fake provider's authorization page → the approve link, as a URL. */
async function authorize(app: App, provider: string, redirectUri = '/third_party.html', state = '6'): Promise<{ status: number; url: URL | null }> {
  const res = await app.request(`/api/auth/third-party/${provider}/authorize?${new URLSearchParams({ redirect_uri: redirectUri, state })}`);
  const html = await res.text();
  const href = /<a id="approve" href="([^"]*)"/.exec(html)?.[1];
  const url = href ? new URL(href.replace(/&quot;/g, '"').replace(/&amp;/g, '&'), 'http://store.invalid') : null;
  return { status: res.status, url };
}

/** Member-owned state, to show that rejected calls change nothing. */
function memberState(db: DatabaseSync): Record<string, unknown[]> {
  const rows = (sql: string) => db.prepare(sql).all();
  return {
    members: rows('SELECT id, name, email, mobile, password_hash, prefer_lang, agreement_version, privacy_version FROM members ORDER BY id'),
    cart: rows('SELECT * FROM cart_lines ORDER BY cart_id'),
    wishes: rows('SELECT * FROM wishes ORDER BY member_id, product_code'),
    records: rows('SELECT * FROM records ORDER BY kind, id'),
    refresh: rows('SELECT * FROM refresh_tokens ORDER BY token_hash'),
    reset: rows('SELECT * FROM reset_tokens ORDER BY token'),
  };
}

/** Every table, for the seed checks. */
function wholeDatabase(db: DatabaseSync): Record<string, unknown[]> {
  const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as Array<{ name: string }>).map((t) => t.name);
  return Object.fromEntries(tables.map((t) => [t, db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all()]));
}

const isSellable = (p: CatalogueProduct) => p.enabledFlag === 'Y' && (WISH_VALID_APPROVALS as readonly string[]).includes(p.approval);

/** In-stock SKUs of sellable products not yet in anybody's cart, with at least `minStock` units. */
function freeSkus(db: DatabaseSync, minStock: number, maxStock = Infinity): Array<{ productCode: string; skuCode: string; stock: number }> {
  const inCart = new Set((db.prepare('SELECT sku_code FROM cart_lines').all() as Array<{ sku_code: string }>).map((r) => r.sku_code));
  return catalogue.products
    .filter(isSellable)
    .flatMap((p) => p.skus.map((s) => ({ productCode: p.productCode, skuCode: s.skuCode, stock: s.stock })))
    .filter((s) => s.stock >= minStock && s.stock <= maxStock && !inCart.has(s.skuCode));
}

const cartIdsOf = (db: DatabaseSync, memberId: string) => (db.prepare('SELECT cart_id FROM cart_lines WHERE member_id = ? ORDER BY cart_id').all(memberId) as Array<{ cart_id: number }>).map((r) => String(r.cart_id));
const wishCodesOf = (db: DatabaseSync, memberId: string) => (db.prepare('SELECT product_code FROM wishes WHERE member_id = ? ORDER BY product_code').all(memberId) as Array<{ product_code: string }>).map((r) => r.product_code);
const recordIdsOf = (db: DatabaseSync, kind: string, memberId: string) => (db.prepare('SELECT id FROM records WHERE kind = ? AND member_id = ? ORDER BY id').all(kind, memberId) as Array<{ id: string }>).map((r) => r.id);

// ---------------------------------------------------------------------------------------
// One well-formed request per endpoint. Adding an endpoint to ENDPOINTS without an entry here
// fails the coverage test, so every endpoint is exercised against its contract.

interface Fixture extends Env {
  /** The demo member, signed in. */
  token: string;
  refreshToken: string;
}
type Prepared<N extends EndpointName> = { body: RequestOf<N>; cookie?: string };
type ValidRequests = { [N in EndpointName]: (f: Fixture) => Prepared<N> | Promise<Prepared<N>> };

const PAGE = { page: 1, pageSize: 10 };
const VALID_REQUESTS: ValidRequests = {
  login: () => ({ body: { account: DEMO.email, password: DEMO.password } }),
  register: () => ({ body: { name: '新會員', email: 'new.member@linea.example', password: 'Newbie2026', agreeTerms: true } }),
  refresh: (f) => ({ body: {}, cookie: refreshCookie(f.refreshToken) }),
  logout: (f) => ({ body: {}, cookie: refreshCookie(f.refreshToken) }),
  forgetPassword: () => ({ body: { email: DEMO.email } }),
  resetPassword: async (f) => {
    expectSuccess('forgetPassword', await call(f.app, 'forgetPassword', { email: DEMO.email }));
    return { body: { token: (await resetTokenOf(f.app, DEMO.email))!, password: 'Changed2027' } };
  },
  thirdPartyCallback: async (f) => {
    const { url } = await authorize(f.app, 'google');
    return { body: { provider: 'google', code: url!.searchParams.get('code')!, state: url!.searchParams.get('state')! } };
  },
  memberInfo: () => ({ body: {} }),
  preferLanguage: () => ({ body: { preferLang: 'en-GB' } }),
  membershipVersion: () => ({ body: {} }),
  membershipVersionUpdate: () => ({ body: { membershipAgreementVersion: '2026.2', privacyPolicyVersion: '2026.2' } }),
  subscriptionSave: () => ({ body: { subscribeEmail: DEMO.email, extensionEmail: '', phoneFlag: 'N', smsFlag: 'N', emailFlag: 'Y', popupNoticeFlag: 'N', subscribeMap: { WOMEN: 'Y', MEN: 'N' } } }),
  cartCount: () => ({ body: {} }),
  miniCart: () => ({ body: {} }),
  cartAdd: (f) => {
    const sku = freeSkus(f.db, 5)[0]!;
    return { body: { productCode: sku.productCode, skuCode: sku.skuCode, quantity: 2 } };
  },
  cartUpdate: (f) => ({ body: { cartId: cartIdsOf(f.db, DEMO.id)[0]!, quantity: 1 } }),
  cartRemove: (f) => ({ body: { cartIds: [cartIdsOf(f.db, DEMO.id)[0]!] } }),
  wishCount: () => ({ body: {} }),
  wishList: () => ({ body: { page: 1 } }),
  wishInsert: (f) => {
    const wished = new Set(wishCodesOf(f.db, DEMO.id));
    return { body: { productList: [{ productCode: catalogue.products.filter(isSellable).find((p) => !wished.has(p.productCode))!.productCode }], cartList: [] } };
  },
  wishDelete: (f) => ({ body: { productList: [{ productCode: wishCodesOf(f.db, DEMO.id)[0]! }] } }),
  productsByCodes: () => ({ body: { codes: catalogue.products.slice(0, 3).map((p) => p.productCode), region: 'HK' } }),
  productCatalogue: () => ({ body: {} }),
  productDetail: () => ({ body: { productCode: catalogue.products[0]!.productCode, region: 'TW', language: 'en-GB' } }),
  productStock: () => ({ body: { productCode: catalogue.products[0]!.productCode, region: 'HK' } }),
  recommendedWords: () => ({ body: {} }),
  searchSuggestions: () => ({ body: { word: [...catalogue.products[0]!.names['zh-TW']!].slice(0, 2).join('') } }),
  productSearch: () => ({ body: { description: [...catalogue.products[0]!.names['zh-TW']!].slice(0, 2).join(''), region: 'TW' } }),
  orderList: () => ({ body: {} }),
  orderDetail: (f) => ({ body: { orderCode: recordIdsOf(f.db, 'order', DEMO.id)[0]! } }),
  refundList: () => ({ body: PAGE }),
  exchangeList: () => ({ body: PAGE }),
  afterSaleList: () => ({ body: PAGE }),
  couponList: () => ({ body: PAGE }),
  addressList: () => ({ body: {} }),
  addressSave: () => ({ body: { receiver: '陳大文', mobile: '91234567', region: 'HK', city: '香港', detail: '中環皇后大道中 1 號', isDefault: 'N' } }),
  addressDelete: (f) => ({ body: { addressId: recordIdsOf(f.db, 'address', DEMO.id)[0]! } }),
  invoiceList: () => ({ body: PAGE }),
  ticketList: () => ({ body: PAGE }),
  inboxList: () => ({ body: PAGE }),
  cartDetail: () => ({ body: {} }),
  cartOptions: (f) => ({ body: { cartId: cartIdsOf(f.db, DEMO.id)[0]!, caseFlag: 'N' } }),
  checkoutPreview: () => ({ body: { deliveryType: 'STORE_PICKUP' } }),
  orderCreate: (f) => {
    // The seeded cart lines that stock covers (the seed picks in-stock SKUs, not how many).
    const covered = f.db.prepare('SELECT c.cart_id FROM cart_lines c JOIN skus s ON s.sku_code = c.sku_code WHERE c.member_id = ? AND s.stock >= c.quantity ORDER BY c.cart_id').all(DEMO.id) as Array<{ cart_id: number }>;
    return { body: { deliveryType: 'EXPRESS_HOME', addressId: recordIdsOf(f.db, 'address', DEMO.id)[0]!, invoice: { type: 'CLOUD', vehicle: 'MEMBER' }, paymentMethod: 'COD', cartIds: covered.map((r) => String(r.cart_id)), from: 'cart' } };
  },
  orderPayStatus: (f) => ({ body: { orderCode: recordIdsOf(f.db, 'order', DEMO.id)[0]! } }),
  couponCollect: () => ({ body: { couponId: 'CC001' } }),
  couponCollectable: () => ({ body: {} }),
};

async function signedInFixture(options: Omit<Partial<CommerceAppOptions>, 'db' | 'now'> = {}): Promise<Fixture> {
  const env = fresh(options);
  const { token, refreshToken } = await login(env.app);
  return { ...env, token, refreshToken };
}

describe('every endpoint of the contract', () => {
  it('has one valid request in the test map per endpoint, and no extra', () => {
    expect(Object.keys(VALID_REQUESTS).sort()).toEqual([...ENDPOINT_NAMES].sort());
  });

  for (const name of ENDPOINT_NAMES) {
    const definition = ENDPOINTS[name];
    const title = definition.auth
      ? `${name} (${definition.method} ${definition.path}): 401 without, with an invalid and with an expired token; success with a valid one`
      : `${name} (${definition.method} ${definition.path}): success without an access token`;
    it(title, async () => {
      const f = await signedInFixture();
      const prepared = await (VALID_REQUESTS[name] as (f: Fixture) => Prepared<EndpointName> | Promise<Prepared<EndpointName>>)(f);
      // The test's own request must be valid by the contract the browser client uses.
      expect(definition.body.safeParse(prepared.body).success, `test body of ${name} is not contract-valid`).toBe(true);

      if (definition.auth) {
        const before = memberState(f.db);
        const denied = [
          await call(f.app, name, prepared.body),
          await call(f.app, name, prepared.body, { token: 'not-a-real-token' }),
          await call(f.app, name, prepared.body, { authorization: f.token }),
          await call(f.app, name, prepared.body, { authorization: `Basic ${f.token}` }),
        ];
        for (const answer of denied) expectUnauthorized(answer);
        expect(memberState(f.db), 'a rejected call changed member state').toEqual(before);
      }

      const answer = await call(f.app, name, prepared.body, { ...(definition.auth ? { token: f.token } : {}), ...(prepared.cookie ? { cookie: prepared.cookie } : {}) });
      expectSuccess(name, answer);

      if (definition.auth) {
        // The same token after its lifetime (900 s by default): 401, and nothing changes.
        f.clock.now += 900_000;
        const before = memberState(f.db);
        expectUnauthorized(await call(f.app, name, prepared.body, { token: f.token }));
        expect(memberState(f.db)).toEqual(before);
      }
    });
  }
});

// ---------------------------------------------------------------------------------------

describe('login', () => {
  it('signs in with the right password: a session, the HttpOnly refresh cookie and the readable hint cookie', async () => {
    const { app } = fresh();
    const { session, token, answer } = await login(app);
    expect(session.member).toMatchObject({ userId: DEMO.id, email: DEMO.email, name: DEMO.name, preferLang: DEMO.preferLang });
    expect(session.expiresIn).toBe(900);

    const refresh = answer.cookies.get(REFRESH_COOKIE)!;
    expect(refresh.value.length).toBeGreaterThanOrEqual(32);
    expect(refresh.attrs.has('httponly')).toBe(true);
    expect(refresh.attrs.get('samesite')).toBe('Lax');
    expect(refresh.attrs.get('path')).toBe('/api/auth');
    expect(Number(refresh.attrs.get('max-age'))).toBeGreaterThan(0);

    const hint = answer.cookies.get(SESSION_HINT_COOKIE)!;
    expect(hint).toBeDefined();
    expect(hint.attrs.has('httponly')).toBe(false);
    expect(hint.attrs.get('path')).toBe('/');
    expect(hint.value).not.toBe(refresh.value);

    expect(expectSuccess('memberInfo', await call(app, 'memberInfo', {}, { token })).userId).toBe(DEMO.id);
  });

  it('accepts the mobile number and a differently cased, padded email as the account', async () => {
    const { app } = fresh();
    expect((await login(app, DEMO.mobile)).session.member.userId).toBe(DEMO.id);
    expect((await login(app, `  ${DEMO.email.toUpperCase()} `)).session.member.userId).toBe(DEMO.id);
  });

  it('answers a wrong password and an unknown account alike (UR_LOGIN_FAILED), without cookies', async () => {
    const { app } = fresh();
    const wrong = await call(app, 'login', { account: DEMO.email, password: 'Wrong2026' });
    const unknown = await call(app, 'login', { account: 'nobody@linea.example', password: DEMO.password });
    expectFailure(wrong, 'UR_LOGIN_FAILED');
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.json).toEqual(wrong.json);
    expect(wrong.cookies.size + unknown.cookies.size).toBe(0);
  });

  it('checks the form: an empty account or password is a field error', async () => {
    const { app } = fresh();
    expectFailure(await call(app, 'login', { account: '  ', password: 'x' }), 'UR_ACCOUNT_REQUIRED', { field: 'account' });
    expectFailure(await call(app, 'login', { account: DEMO.email, password: '' }), 'UR_PASSWORD_REQUIRED', { field: 'password' });
  });

  it('stores passwords as salted scrypt hashes, never the password', async () => {
    const { app, db } = fresh();
    const password = 'Secret2026x';
    expectSuccess('register', await call(app, 'register', { name: 'A', email: 'a@linea.example', password, agreeTerms: true }));
    expectSuccess('register', await call(app, 'register', { name: 'B', email: 'b@linea.example', password, agreeTerms: true }));
    const rows = db.prepare('SELECT email, password_hash FROM members WHERE password_hash IS NOT NULL').all() as Array<{ email: string; password_hash: string }>;
    expect(rows.length).toBe(DEMO_MEMBERS.length + 2);
    for (const row of rows) {
      expect(row.password_hash.startsWith('scrypt$')).toBe(true);
      expect(row.password_hash).not.toContain(password);
      expect(row.password_hash).not.toContain(DEMO.password);
    }
    const [a, b] = ['a@linea.example', 'b@linea.example'].map((email) => rows.find((r) => r.email === email)!.password_hash);
    expect(a, 'the same password must hash differently (salt)').not.toBe(b);
  });
});

describe('register', () => {
  it('creates a member and signs in', async () => {
    const { app } = fresh();
    const answer = await call(app, 'register', { name: ' 王小明 ', email: 'ming@linea.example', password: 'Ming2026', agreeTerms: true });
    const session = expectSuccess('register', answer);
    expect(session.member).toMatchObject({ name: '王小明', email: 'ming@linea.example' });
    expect(answer.cookies.get(REFRESH_COOKIE)?.attrs.has('httponly')).toBe(true);
    expect(answer.cookies.get(SESSION_HINT_COOKIE)).toBeDefined();
    expect(expectSuccess('memberInfo', await call(app, 'memberInfo', {}, { token: session.accessToken })).email).toBe('ming@linea.example');
    expect((await login(app, 'ming@linea.example', 'Ming2026')).session.member.userId).toBe(session.member.userId);
  });

  it('accepts passwords of exactly 8 and 20 characters', async () => {
    const { app } = fresh();
    expectSuccess('register', await call(app, 'register', { name: 'Eight', email: 'eight@linea.example', password: 'abcdefg1', agreeTerms: true }));
    expectSuccess('register', await call(app, 'register', { name: 'Twenty', email: 'twenty@linea.example', password: 'a1'.repeat(10), agreeTerms: true }));
  });

  it('rejects passwords outside the rule (8–20, a digit and a letter) with UR_PASSWORD_FORMAT on the password field', async () => {
    const { app, db } = fresh();
    const before = memberState(db);
    for (const password of ['short1', 'abcdefgh', '12345678', `${'a1'.repeat(10)}b`]) {
      const answer = await call(app, 'register', { name: 'X', email: 'x@linea.example', password, agreeTerms: true });
      expectFailure(answer, 'UR_PASSWORD_FORMAT', { field: 'password' });
      expect(answer.cookies.size).toBe(0);
    }
    expect(memberState(db)).toEqual(before);
  });

  it('rejects a malformed email with UR_EMAIL_06 and an existing one with UR_EMAIL_EXISTS', async () => {
    const { app, db } = fresh();
    const before = memberState(db);
    for (const email of ['not-an-email', 'a@b', 'a b@linea.example', '']) {
      expectFailure(await call(app, 'register', { name: 'X', email, password: 'Valid2026', agreeTerms: true }), 'UR_EMAIL_06', { field: 'email' });
    }
    for (const email of [DEMO.email, DEMO.email.toUpperCase()]) {
      const answer = await call(app, 'register', { name: 'X', email, password: 'Valid2026', agreeTerms: true });
      expectFailure(answer, 'UR_EMAIL_EXISTS', { field: 'email' });
      expect(answer.cookies.size).toBe(0);
    }
    expect(memberState(db)).toEqual(before);
    // The existing member's password was not touched.
    await login(app);
  });

  it('requires a name and agreement to the terms', async () => {
    const { app } = fresh();
    expectFailure(await call(app, 'register', { name: ' ', email: 'n@linea.example', password: 'Valid2026', agreeTerms: true }), 'UR_NAME_REQUIRED', { field: 'name' });
    expectFailure(await call(app, 'register', { name: 'N', email: 'n@linea.example', password: 'Valid2026', agreeTerms: false }), 'UR_AGREE_REQUIRED', { field: 'agreeTerms' });
  });
});

describe('refresh and access-token lifetime', () => {
  it('issues a new session and a new refresh cookie, and rejects the old refresh token after the reuse grace (rotation)', async () => {
    const { app, clock } = fresh();
    const first = await login(app);
    const answer = await call(app, 'refresh', {}, { cookie: refreshCookie(first.refreshToken) });
    const session = expectSuccess('refresh', answer);
    expect(session.member.userId).toBe(DEMO.id);
    expect(session.accessToken).not.toBe(first.token);
    const rotated = answer.cookies.get(REFRESH_COOKIE)!;
    expect(rotated.value).toBeTruthy();
    expect(rotated.value).not.toBe(first.refreshToken);
    expect(rotated.attrs.has('httponly')).toBe(true);
    expect(rotated.attrs.get('path')).toBe('/api/auth');
    expect(answer.cookies.get(SESSION_HINT_COOKIE)?.attrs.get('path')).toBe('/');
    expectSuccess('memberInfo', await call(app, 'memberInfo', {}, { token: session.accessToken }));

    // Within the grace (a refresh whose answer the browser never got) the old token still works…
    clock.now += 29_000;
    expectSuccess('refresh', await call(app, 'refresh', {}, { cookie: refreshCookie(first.refreshToken) }));
    // …and after it, never again.
    clock.now += 2_000;
    const replay = await call(app, 'refresh', {}, { cookie: refreshCookie(first.refreshToken) });
    expectFailure(replay, 'REFRESH_EXPIRED', { status: 401, field: null });
    expect(replay.cookies.get(REFRESH_COOKIE)?.attrs.get('max-age')).toBe('0');
    expect(replay.cookies.get(SESSION_HINT_COOKIE)?.attrs.get('max-age')).toBe('0');

    expectSuccess('refresh', await call(app, 'refresh', {}, { cookie: refreshCookie(rotated.value) }));
  });

  it('ends the reuse grace at logout: a token rotated moments before no longer works', async () => {
    const { app } = fresh();
    const first = await login(app);
    const answer = await call(app, 'refresh', {}, { cookie: refreshCookie(first.refreshToken) });
    const rotated = answer.cookies.get(REFRESH_COOKIE)!.value;
    await call(app, 'logout', {}, { cookie: refreshCookie(rotated) });
    expectFailure(await call(app, 'refresh', {}, { cookie: refreshCookie(first.refreshToken) }), 'REFRESH_EXPIRED', { status: 401 });
    expectFailure(await call(app, 'refresh', {}, { cookie: refreshCookie(rotated) }), 'REFRESH_EXPIRED', { status: 401 });
  });

  it('answers 401 without a refresh cookie or with an unknown one', async () => {
    const { app } = fresh();
    expectFailure(await call(app, 'refresh', {}), 'NO_REFRESH_TOKEN', { status: 401, field: null });
    expectFailure(await call(app, 'refresh', {}, { cookie: `${SESSION_HINT_COOKIE}=1` }), 'NO_REFRESH_TOKEN', { status: 401 });
    expectFailure(await call(app, 'refresh', {}, { cookie: refreshCookie('forged') }), 'REFRESH_EXPIRED', { status: 401 });
  });

  it('expires access tokens after accessTokenTtlSeconds (injected clock); a refresh gives a working one', async () => {
    const { app, clock } = fresh({ accessTokenTtlSeconds: 60 });
    const { token, refreshToken, session } = await login(app);
    expect(session.expiresIn).toBe(60);
    clock.now += 59_000;
    expectSuccess('memberInfo', await call(app, 'memberInfo', {}, { token }));
    clock.now += 1_000;
    expectUnauthorized(await call(app, 'memberInfo', {}, { token }));
    const renewed = expectSuccess('refresh', await call(app, 'refresh', {}, { cookie: refreshCookie(refreshToken) }));
    expectSuccess('memberInfo', await call(app, 'memberInfo', {}, { token: renewed.accessToken }));
    expectUnauthorized(await call(app, 'memberInfo', {}, { token }));
  });

  it('expires refresh tokens after refreshTokenTtlSeconds', async () => {
    const { app, clock } = fresh({ refreshTokenTtlSeconds: 3600 });
    const { refreshToken } = await login(app);
    clock.now += 3_600_000;
    expectFailure(await call(app, 'refresh', {}, { cookie: refreshCookie(refreshToken) }), 'REFRESH_EXPIRED', { status: 401 });
  });
});

describe('logout', () => {
  it('revokes the refresh token and the access token, and clears both cookies', async () => {
    const { app } = fresh();
    const { token, refreshToken } = await login(app);
    const answer = await call(app, 'logout', {}, { token, cookie: refreshCookie(refreshToken) });
    expect(expectSuccess('logout', answer)).toEqual({});
    const cleared = answer.cookies.get(REFRESH_COOKIE)!;
    expect(cleared.value).toBe('');
    expect(cleared.attrs.get('max-age')).toBe('0');
    expect(cleared.attrs.get('path')).toBe('/api/auth');
    const hint = answer.cookies.get(SESSION_HINT_COOKIE)!;
    expect(hint.value).toBe('');
    expect(hint.attrs.get('max-age')).toBe('0');
    expect(hint.attrs.get('path')).toBe('/');

    expectFailure(await call(app, 'refresh', {}, { cookie: refreshCookie(refreshToken) }), 'REFRESH_EXPIRED', { status: 401 });
    expectUnauthorized(await call(app, 'memberInfo', {}, { token }));
  });

  it('succeeds and clears the cookies even when not signed in', async () => {
    const { app } = fresh();
    const answer = await call(app, 'logout', {});
    expectSuccess('logout', answer);
    expect(answer.cookies.get(REFRESH_COOKIE)?.attrs.get('max-age')).toBe('0');
    expect(answer.cookies.get(SESSION_HINT_COOKIE)?.attrs.get('max-age')).toBe('0');
  });
});

describe('forget and reset password', () => {
  it('answers success for known and unknown emails alike; only the known one gets a reset token', async () => {
    const { app } = fresh();
    const known = await call(app, 'forgetPassword', { email: DEMO.email });
    const unknown = await call(app, 'forgetPassword', { email: 'nobody@linea.example' });
    expectSuccess('forgetPassword', known);
    expectSuccess('forgetPassword', unknown);
    expect(unknown.status).toBe(known.status);
    expect(unknown.json).toEqual(known.json);
    expect(await resetTokenOf(app, DEMO.email)).toBeTruthy();
    expect(await resetTokenOf(app, 'nobody@linea.example')).toBeNull();
    expectFailure(await call(app, 'forgetPassword', { email: 'nobody' }), 'UR_EMAIL_06', { field: 'email' });
  });

  it('changes the password with the emailed token, once; earlier sessions end', async () => {
    const { app } = fresh();
    const earlier = await login(app);
    expectSuccess('forgetPassword', await call(app, 'forgetPassword', { email: DEMO.email }));
    const token = (await resetTokenOf(app, DEMO.email))!;

    // A password outside the rule is a field error and does not use the token up.
    expectFailure(await call(app, 'resetPassword', { token, password: 'short' }), 'UR_PASSWORD_FORMAT', { field: 'password' });

    expect(expectSuccess('resetPassword', await call(app, 'resetPassword', { token, password: 'Renewed2027' }))).toEqual({});
    expectFailure(await call(app, 'login', { account: DEMO.email, password: DEMO.password }), 'UR_LOGIN_FAILED');
    await login(app, DEMO.email, 'Renewed2027');

    expectFailure(await call(app, 'resetPassword', { token, password: 'Again2028' }), 'UR_RESET_TOKEN_INVALID', { field: 'token' });
    await login(app, DEMO.email, 'Renewed2027');

    expectFailure(await call(app, 'refresh', {}, { cookie: refreshCookie(earlier.refreshToken) }), 'REFRESH_EXPIRED', { status: 401 });
    expectUnauthorized(await call(app, 'memberInfo', {}, { token: earlier.token }));
  });

  it('rejects unknown and expired tokens', async () => {
    const { app, clock } = fresh();
    expectFailure(await call(app, 'resetPassword', { token: 'made-up', password: 'Valid2026' }), 'UR_RESET_TOKEN_INVALID', { field: 'token' });
    expectSuccess('forgetPassword', await call(app, 'forgetPassword', { email: DEMO.email }));
    const token = (await resetTokenOf(app, DEMO.email))!;
    clock.now += 3_600_000;
    expectFailure(await call(app, 'resetPassword', { token, password: 'Valid2026' }), 'UR_RESET_TOKEN_INVALID');
    await login(app);
  });
});

describe('third-party sign-in', () => {
  it('the fake provider page gives a code; the callback with it signs in, once', async () => {
    const { app } = fresh();
    const page = await authorize(app, 'google', '/third_party.html', '6');
    expect(page.status).toBe(200);
    const url = page.url!;
    expect(url.origin).toBe('http://store.invalid');
    expect(url.pathname).toBe('/third_party.html');
    expect(url.searchParams.get('state')).toBe('6');
    expect(url.searchParams.get('provider')).toBe('google');
    const code = url.searchParams.get('code')!;
    expect(code).toBeTruthy();

    const answer = await call(app, 'thirdPartyCallback', { provider: 'google', code, state: '6' });
    const session = expectSuccess('thirdPartyCallback', answer);
    expect(session.member.name).toBe('google user');
    expect(answer.cookies.get(REFRESH_COOKIE)?.attrs.has('httponly')).toBe(true);
    expectSuccess('memberInfo', await call(app, 'memberInfo', {}, { token: session.accessToken }));

    const again = await call(app, 'thirdPartyCallback', { provider: 'google', code, state: '6' });
    expectFailure(again, 'THIRD_PARTY_CODE_INVALID');
    expect(again.cookies.size).toBe(0);

    // A second sign-in with the same provider account is the same member.
    const next = (await authorize(app, 'google')).url!.searchParams.get('code')!;
    expect(expectSuccess('thirdPartyCallback', await call(app, 'thirdPartyCallback', { provider: 'google', code: next, state: '6' })).member.userId).toBe(session.member.userId);
    // A member made by a provider has no password to sign in with.
    expectFailure(await call(app, 'login', { account: session.member.email, password: 'Anything1' }), 'UR_LOGIN_FAILED');
  });

  it('a code works only for its provider and only for a while', async () => {
    const { app, clock } = fresh();
    const code = (await authorize(app, 'line', '/third_party.html', '7')).url!.searchParams.get('code')!;
    expectFailure(await call(app, 'thirdPartyCallback', { provider: 'facebook', code, state: '7' }), 'THIRD_PARTY_CODE_INVALID');
    clock.now += 300_000;
    expectFailure(await call(app, 'thirdPartyCallback', { provider: 'line', code, state: '7' }), 'THIRD_PARTY_CODE_INVALID');
  });

  it('refuses an unknown provider (400) and a redirect that leaves the site', async () => {
    const { app } = fresh();
    expect((await authorize(app, 'myspace')).status).toBe(400);
    for (const redirect of ['https://evil.example/third_party.html', '//evil.example/third_party.html', '/\\evil.example/x', '/\t/evil.example', 'third_party.html']) {
      const page = await authorize(app, 'google', redirect);
      expect(page.status, redirect).toBe(400);
      expect(page.url).toBeNull();
    }
    expectFailure(await call(app, 'thirdPartyCallback', { provider: 'myspace', code: 'x', state: '' }), 'INVALID_FIELD', { field: 'provider' });
  });
});

// ---------------------------------------------------------------------------------------

describe('cart', () => {
  it('50 concurrent adds for one member give the exact total', async () => {
    const { app, db } = fresh();
    const { token } = await login(app);
    const initial = expectSuccess('cartCount', await call(app, 'cartCount', {}, { token }));
    const skus = freeSkus(db, 10).slice(0, 5);
    expect(skus).toHaveLength(5);
    const adds = Array.from({ length: 50 }, (_, i) => skus[i % skus.length]!);
    const answers = await Promise.all(adds.map((sku) => call(app, 'cartAdd', { productCode: sku.productCode, skuCode: sku.skuCode, quantity: 1 }, { token })));
    const totals = answers.map((a) => expectSuccess('cartAdd', a).total);
    // Each add was applied atomically: the answers are exactly initial+1 … initial+50.
    expect([...totals].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => initial + i + 1));
    expect(expectSuccess('cartCount', await call(app, 'cartCount', {}, { token }))).toBe(initial + 50);
    const [mini] = expectSuccess('miniCart', await call(app, 'miniCart', {}, { token }));
    for (const sku of skus) expect(mini!.cartList.find((l) => l.skuCode === sku.skuCode)?.quantity).toBe(10);
  });

  it('50 concurrent adds on a scarce SKU never oversell', async () => {
    const { app, db } = fresh();
    const { token } = await login(app);
    const sku = freeSkus(db, 3, 20)[0]!;
    const answers = await Promise.all(Array.from({ length: 50 }, () => call(app, 'cartAdd', { productCode: sku.productCode, skuCode: sku.skuCode, quantity: 1 }, { token })));
    const won = answers.filter((a) => (a.json as { success: boolean }).success);
    for (const a of won) expectSuccess('cartAdd', a);
    for (const a of answers.filter((x) => !won.includes(x))) expectFailure(a, 'CART_STOCK_NOT_ENOUGH', { field: 'quantity' });
    expect(won).toHaveLength(sku.stock);
    expect((db.prepare('SELECT quantity FROM cart_lines WHERE sku_code = ?').get(sku.skuCode) as { quantity: number }).quantity).toBe(sku.stock);
  });

  it('adding beyond stock is CART_STOCK_NOT_ENOUGH and changes nothing', async () => {
    const { app, db } = fresh();
    const { token } = await login(app);
    const [sku, other] = freeSkus(db, 2, 30);
    expectSuccess('cartAdd', await call(app, 'cartAdd', { productCode: sku!.productCode, skuCode: sku!.skuCode, quantity: sku!.stock }, { token }));
    const countBefore = expectSuccess('cartCount', await call(app, 'cartCount', {}, { token }));
    const miniBefore = expectSuccess('miniCart', await call(app, 'miniCart', {}, { token }));
    const before = memberState(db);

    expectFailure(await call(app, 'cartAdd', { productCode: sku!.productCode, skuCode: sku!.skuCode, quantity: 1 }, { token }), 'CART_STOCK_NOT_ENOUGH', { field: 'quantity' });
    expectFailure(await call(app, 'cartAdd', { productCode: other!.productCode, skuCode: other!.skuCode, quantity: other!.stock + 1 }, { token }), 'CART_STOCK_NOT_ENOUGH', { field: 'quantity' });
    const soldOut = catalogue.products.filter(isSellable).flatMap((p) => p.skus.filter((s) => s.stock === 0).map((s) => ({ productCode: p.productCode, skuCode: s.skuCode })))[0]!;
    expectFailure(await call(app, 'cartAdd', { ...soldOut, quantity: 1 }, { token }), 'CART_STOCK_NOT_ENOUGH');

    expect(memberState(db)).toEqual(before);
    expect(expectSuccess('cartCount', await call(app, 'cartCount', {}, { token }))).toBe(countBefore);
    expect(expectSuccess('miniCart', await call(app, 'miniCart', {}, { token }))).toEqual(miniBefore);
  });

  it('rejects an unknown SKU, a SKU of another product, a switched-off product and quantities outside 1–99', async () => {
    const { app, db } = fresh();
    const { token } = await login(app);
    const before = memberState(db);
    const [a, b] = freeSkus(db, 5).filter((s, i, all) => all.findIndex((x) => x.productCode === s.productCode) === i);
    expectFailure(await call(app, 'cartAdd', { productCode: a!.productCode, skuCode: 'L99999901002', quantity: 1 }, { token }), 'CART_SKU_NOT_FOUND', { field: 'skuCode' });
    expectFailure(await call(app, 'cartAdd', { productCode: a!.productCode, skuCode: b!.skuCode, quantity: 1 }, { token }), 'CART_SKU_NOT_FOUND', { field: 'skuCode' });
    // Switched off but with stock: still not for sale.
    const off = catalogue.products.find((p) => p.enabledFlag === 'N' && p.skus.some((s) => s.stock > 0))!;
    expect(off, 'the sample catalogue has a switched-off product with stock').toBeDefined();
    const offSku = off.skus.find((s) => s.stock > 0)!;
    expectFailure(await call(app, 'cartAdd', { productCode: off.productCode, skuCode: offSku.skuCode, quantity: 1 }, { token }), 'CART_SKU_NOT_FOUND', { field: 'skuCode' });
    expectFailure(await call(app, 'cartAdd', { productCode: a!.productCode, skuCode: a!.skuCode, quantity: 0 }, { token }), 'INVALID_FIELD', { field: 'quantity' });
    expectFailure(await call(app, 'cartAdd', { productCode: a!.productCode, skuCode: a!.skuCode, quantity: 100 }, { token }), 'INVALID_FIELD', { field: 'quantity' });
    expectFailure(await call(app, 'cartAdd', { productCode: a!.productCode, skuCode: a!.skuCode, quantity: 1.5 }, { token }), 'INVALID_FIELD', { field: 'quantity' });
    expect(memberState(db)).toEqual(before);
  });

  it('mini cart: resp[0].cartList lines match the count, newest first, with catalogue details', async () => {
    const { app, db } = fresh();
    const { token } = await login(app);
    const count = expectSuccess('cartCount', await call(app, 'cartCount', {}, { token }));
    const resp = expectSuccess('miniCart', await call(app, 'miniCart', {}, { token }));
    expect(resp).toHaveLength(1);
    const { cartList, total } = resp[0]!;
    expect(cartList.length).toBeGreaterThan(0);
    expect(cartList.length).toBe(cartIdsOf(db, DEMO.id).length);
    expect(total).toBe(count);
    expect(cartList.reduce((n, l) => n + l.quantity, 0)).toBe(count);
    for (const line of cartList) {
      const product = catalogue.products.find((p) => p.productCode === line.productCode)!;
      const sku = product.skus.find((s) => s.skuCode === line.skuCode)!;
      expect(line.productDetail.productDetailInfo.unitPrice).toBe(sku.prices.TWD!.sale);
      expect(line.productDetail.summaryInfo.originPrice).toBe(sku.prices.TWD!.origin);
      expect(line.productDetail.productDetailInfo.skuName).toBe(product.names['zh-TW']);
    }
    const created = cartList.map((l) => (db.prepare('SELECT created_at FROM cart_lines WHERE cart_id = ?').get(Number(l.cartId)) as { created_at: number }).created_at);
    expect(created).toEqual([...created].sort((x, y) => y - x));
    // Another member's cart is empty and separate.
    const other = await login(app, OTHER.email, OTHER.password);
    expect(expectSuccess('cartCount', await call(app, 'cartCount', {}, { token: other.token }))).toBe(0);
    expect(expectSuccess('miniCart', await call(app, 'miniCart', {}, { token: other.token }))).toEqual([{ cartList: [], total: 0 }]);
  });

  it('update changes a line quantity within stock; remove drops lines; other members cannot touch them', async () => {
    const { app, db } = fresh();
    const { token } = await login(app);
    const [mini] = expectSuccess('miniCart', await call(app, 'miniCart', {}, { token }));
    const [first, second] = mini!.cartList;
    const stock = (db.prepare('SELECT stock FROM skus WHERE sku_code = ?').get(first!.skuCode) as { stock: number }).stock;
    const quantity = Math.min(stock, 4);
    const expected = mini!.total - first!.quantity + quantity;
    expect(expectSuccess('cartUpdate', await call(app, 'cartUpdate', { cartId: first!.cartId, quantity }, { token })).total).toBe(expected);
    expect(expectSuccess('cartCount', await call(app, 'cartCount', {}, { token }))).toBe(expected);

    const other = await login(app, OTHER.email, OTHER.password);
    const before = memberState(db);
    if (stock < 99) expectFailure(await call(app, 'cartUpdate', { cartId: first!.cartId, quantity: stock + 1 }, { token }), 'CART_STOCK_NOT_ENOUGH', { field: 'quantity' });
    expectFailure(await call(app, 'cartUpdate', { cartId: '999999', quantity: 1 }, { token }), 'CART_LINE_NOT_FOUND', { field: 'cartId' });
    expectFailure(await call(app, 'cartUpdate', { cartId: 'abc', quantity: 1 }, { token }), 'CART_LINE_NOT_FOUND', { field: 'cartId' });
    expectFailure(await call(app, 'cartUpdate', { cartId: first!.cartId, quantity: 1 }, { token: other.token }), 'CART_LINE_NOT_FOUND');
    expect(expectSuccess('cartRemove', await call(app, 'cartRemove', { cartIds: [first!.cartId] }, { token: other.token })).total).toBe(0);
    expect(memberState(db)).toEqual(before);

    expect(expectSuccess('cartRemove', await call(app, 'cartRemove', { cartIds: [first!.cartId] }, { token })).total).toBe(second!.quantity);
    const [after] = expectSuccess('miniCart', await call(app, 'miniCart', {}, { token }));
    expect(after!.cartList.map((l) => l.cartId)).toEqual([second!.cartId]);
    expect(expectSuccess('cartRemove', await call(app, 'cartRemove', { cartIds: [second!.cartId, first!.cartId] }, { token })).total).toBe(0);
    expectFailure(await call(app, 'cartRemove', { cartIds: [] }, { token }), 'INVALID_FIELD', { field: 'cartIds' });
  });
});

describe('wishlist', () => {
  it('count is resp[0]; the seeded list has valid entries and an invalid one for a switched-off product', async () => {
    const { app, db } = fresh();
    const { token } = await login(app);
    const count = expectSuccess('wishCount', await call(app, 'wishCount', {}, { token }));
    expect(count).toHaveLength(1);
    expect(count[0]).toBe(wishCodesOf(db, DEMO.id).length);
    const list = expectSuccess('wishList', await call(app, 'wishList', { page: 1 }, { token }));
    expect(list.total).toBe(count[0]);
    expect(list.list).toHaveLength(count[0]!);
    const invalid = list.list.filter((e) => e.status !== 'CHECK_SUCCESS');
    expect(invalid.length).toBeGreaterThan(0);
    expect(invalid.some((e) => e.spuInfo.enabledFlag === 'N')).toBe(true);
    for (const entry of list.list) {
      const valid = entry.spuInfo.enabledFlag === 'Y' && (WISH_VALID_APPROVALS as readonly string[]).includes(entry.spuInfo.approval);
      expect(entry.status === 'CHECK_SUCCESS', entry.spuInfo.productCode).toBe(valid);
    }
    expect(expectSuccess('wishList', await call(app, 'wishList', { page: 2 }, { token })).list).toEqual([]);
  });

  it('insert and delete change the total; an unknown product inserts nothing', async () => {
    const { app, db } = fresh();
    const { token } = await login(app);
    const [initial] = expectSuccess('wishCount', await call(app, 'wishCount', {}, { token }));
    const wished = new Set(wishCodesOf(db, DEMO.id));
    const [p1, p2] = catalogue.products.filter((p) => isSellable(p) && !wished.has(p.productCode));

    expect(expectSuccess('wishInsert', await call(app, 'wishInsert', { productList: [{ productCode: p1!.productCode }] }, { token })).total).toBe(initial! + 1);
    expect(expectSuccess('wishInsert', await call(app, 'wishInsert', { productList: [{ productCode: p1!.productCode, skuCode: p1!.skus[0]!.skuCode }] }, { token })).total).toBe(initial! + 1);
    expect(expectSuccess('wishCount', await call(app, 'wishCount', {}, { token }))).toEqual([initial! + 1]);

    const before = memberState(db);
    expectFailure(await call(app, 'wishInsert', { productList: [{ productCode: p2!.productCode }, { productCode: 'L999999' }] }, { token }), 'WISH_PRODUCT_NOT_FOUND');
    expect(memberState(db), 'a failed insert must be all-or-nothing').toEqual(before);

    expect(expectSuccess('wishDelete', await call(app, 'wishDelete', { productList: [{ productCode: p1!.productCode }] }, { token })).total).toBe(initial);
    expect(expectSuccess('wishDelete', await call(app, 'wishDelete', { productList: [{ productCode: p1!.productCode }] }, { token })).total).toBe(initial);
    const list = expectSuccess('wishList', await call(app, 'wishList', { page: 1 }, { token }));
    expect(list.list.map((e) => e.spuInfo.productCode)).not.toContain(p1!.productCode);
    expectFailure(await call(app, 'wishInsert', { productList: [] }, { token }), 'INVALID_FIELD', { field: 'productList' });
  });
});

// ---------------------------------------------------------------------------------------

describe('the seeded account records', () => {
  it('orders: one in every ORDER_STATUSES status, newest first, consistent with the catalogue; paging adds up', async () => {
    const { app, db } = fresh();
    const { token } = await login(app);
    const all = expectSuccess('orderList', await call(app, 'orderList', { page: 1, pageSize: 100 }, { token }));
    expect(all.list).toHaveLength(all.total);
    expect(new Set(all.list.map((o) => o.status))).toEqual(new Set(ORDER_STATUSES));
    expect(all.list.map((o) => o.createdAt)).toEqual(all.list.map((o) => o.createdAt).sort((a, b) => b - a));
    for (const order of all.list) {
      expect(order.products.length).toBeGreaterThan(0);
      for (const line of order.products) {
        const sku = db.prepare('SELECT product_code FROM skus WHERE sku_code = ?').get(line.skuCode) as { product_code: string } | undefined;
        expect(sku?.product_code).toBe(line.productCode);
      }
      const goods = order.products.reduce((n, l) => n + l.productDetailInfo.unitPrice * l.quantity, 0);
      expect(order.total).toBe(goods - order.discount + order.freight);
    }

    const paged: string[] = [];
    for (let page = 1; page < 20; page++) {
      const resp = expectSuccess('orderList', await call(app, 'orderList', { page, pageSize: 5 }, { token }));
      expect(resp.total).toBe(all.total);
      if (resp.list.length === 0) break;
      paged.push(...resp.list.map((o) => o.orderCode));
    }
    expect(paged).toEqual(all.list.map((o) => o.orderCode));
    // The default page is 10 items.
    expect(expectSuccess('orderList', await call(app, 'orderList', {}, { token })).list).toHaveLength(Math.min(10, all.total));
    expectFailure(await call(app, 'orderList', { page: 1, pageSize: 101 }, { token }), 'INVALID_FIELD', { field: 'pageSize' });
    expectFailure(await call(app, 'orderList', { page: 0 }, { token }), 'INVALID_FIELD', { field: 'page' });
  });

  it('orders: the status filter and the detail call', async () => {
    const { app } = fresh();
    const { token } = await login(app);
    const all = expectSuccess('orderList', await call(app, 'orderList', { pageSize: 100 }, { token }));
    for (const status of ORDER_STATUSES) {
      const filtered = expectSuccess('orderList', await call(app, 'orderList', { pageSize: 100, status }, { token }));
      expect(filtered.list.length, status).toBeGreaterThan(0);
      expect(filtered.list.every((o) => o.status === status)).toBe(true);
      expect(filtered.total).toBe(all.list.filter((o) => o.status === status).length);
    }
    expectFailure(await call(app, 'orderList', { status: 'LOST' }, { token }), 'INVALID_FIELD', { field: 'status' });
    for (const order of all.list) expect(expectSuccess('orderDetail', await call(app, 'orderDetail', { orderCode: order.orderCode }, { token }))).toEqual(order);
    expectFailure(await call(app, 'orderDetail', { orderCode: 'O0000' }, { token }), 'ORDER_NOT_FOUND', { field: 'orderCode' });

    // Another member sees none of them.
    const other = await login(app, OTHER.email, OTHER.password);
    expect(expectSuccess('orderList', await call(app, 'orderList', {}, { token: other.token }))).toEqual({ list: [], total: 0 });
    expectFailure(await call(app, 'orderDetail', { orderCode: all.list[0]!.orderCode }, { token: other.token }), 'ORDER_NOT_FOUND');
  });

  it('refunds: one in every REFUND_STATUSES status, for seeded orders; the status filter works', async () => {
    const { app } = fresh();
    const { token } = await login(app);
    const orders = new Set(expectSuccess('orderList', await call(app, 'orderList', { pageSize: 100 }, { token })).list.map((o) => o.orderCode));
    const all = expectSuccess('refundList', await call(app, 'refundList', { page: 1, pageSize: 100 }, { token }));
    expect(all.list).toHaveLength(all.total);
    expect(new Set(all.list.map((r) => r.status))).toEqual(new Set(REFUND_STATUSES));
    for (const refund of all.list) expect(orders.has(refund.orderCode), refund.refundCode).toBe(true);
    for (const status of REFUND_STATUSES) {
      const filtered = expectSuccess('refundList', await call(app, 'refundList', { pageSize: 100, status }, { token }));
      expect(filtered.list.length, status).toBeGreaterThan(0);
      expect(filtered.list.every((r) => r.status === status)).toBe(true);
      expect(filtered.total).toBe(all.list.filter((r) => r.status === status).length);
    }
  });

  it('exchanges: one in every EXCHANGE_STATUSES status (paged through)', async () => {
    const { app } = fresh();
    const { token } = await login(app);
    const seen: string[] = [];
    let total = -1;
    for (let page = 1; page < 20; page++) {
      const resp = expectSuccess('exchangeList', await call(app, 'exchangeList', { page, pageSize: 3 }, { token }));
      total = resp.total;
      if (resp.list.length === 0) break;
      seen.push(...resp.list.map((e) => e.status));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen)).toEqual(new Set(EXCHANGE_STATUSES));
  });

  it('coupons, invoices, tickets and inbox messages are seeded', async () => {
    const { app } = fresh();
    const { token } = await login(app);
    const big = { page: 1, pageSize: 100 };
    const orders = new Set(expectSuccess('orderList', await call(app, 'orderList', big, { token })).list.map((o) => o.orderCode));
    expect(expectSuccess('couponList', await call(app, 'couponList', big, { token })).total).toBeGreaterThan(0);
    const invoices = expectSuccess('invoiceList', await call(app, 'invoiceList', big, { token }));
    expect(invoices.total).toBeGreaterThan(0);
    for (const invoice of invoices.list) expect(orders.has(invoice.orderCode)).toBe(true);
    expect(expectSuccess('ticketList', await call(app, 'ticketList', big, { token })).total).toBeGreaterThan(0);
    expect(expectSuccess('inboxList', await call(app, 'inboxList', big, { token })).total).toBeGreaterThan(0);
  });

  it('addresses: save creates and updates, one default at a time; delete removes', async () => {
    const { app } = fresh();
    const { token } = await login(app);
    const seeded = expectSuccess('addressList', await call(app, 'addressList', {}, { token }));
    expect(seeded.length).toBeGreaterThan(0);
    expect(seeded.filter((a) => a.isDefault === 'Y')).toHaveLength(1);

    const created = expectSuccess('addressSave', await call(app, 'addressSave', { receiver: '陳大文', mobile: '91234567', region: 'HK', city: '香港', detail: '中環皇后大道中 1 號', isDefault: 'Y' }, { token }));
    expect(created.addressId).toBeTruthy();
    expect(created.zipCode).toBe('0');
    let list = expectSuccess('addressList', await call(app, 'addressList', {}, { token }));
    expect(list).toHaveLength(seeded.length + 1);
    expect(list.filter((a) => a.isDefault === 'Y').map((a) => a.addressId)).toEqual([created.addressId]);

    const updated = expectSuccess('addressSave', await call(app, 'addressSave', { ...created, city: '九龍' }, { token }));
    expect(updated).toEqual({ ...created, city: '九龍' });
    list = expectSuccess('addressList', await call(app, 'addressList', {}, { token }));
    expect(list).toHaveLength(seeded.length + 1);
    expect(list.find((a) => a.addressId === created.addressId)?.city).toBe('九龍');

    expectFailure(await call(app, 'addressSave', { ...created, addressId: 'A-NOPE' }, { token }), 'ADDRESS_NOT_FOUND', { field: 'addressId' });
    expectFailure(await call(app, 'addressSave', { ...created, receiver: '' }, { token }), 'AD_RECEIVER_REQUIRED', { field: 'receiver' });
    // A Taiwan address needs a Taiwan mobile number (09 and 8 digits); Hong Kong's are not checked.
    expectFailure(await call(app, 'addressSave', { ...created, addressId: undefined, region: 'TW', mobile: '91234567' }, { token }), 'AD_MOBILE_TW', { field: 'mobile' });
    const taiwan = expectSuccess('addressSave', await call(app, 'addressSave', { ...created, addressId: undefined, region: 'TW', mobile: '0912345678', isDefault: 'N' }, { token }));
    expectSuccess('addressDelete', await call(app, 'addressDelete', { addressId: taiwan.addressId }, { token }));
    const other = await login(app, OTHER.email, OTHER.password);
    expectFailure(await call(app, 'addressSave', { ...created, city: '澳門' }, { token: other.token }), 'ADDRESS_NOT_FOUND');

    expect(expectSuccess('addressDelete', await call(app, 'addressDelete', { addressId: created.addressId }, { token }))).toEqual({});
    expect(expectSuccess('addressList', await call(app, 'addressList', {}, { token })).map((a) => a.addressId).sort()).toEqual(seeded.map((a) => a.addressId).sort());
  });
});

describe('member settings', () => {
  it('prefer-lang and membership versions are saved and shown by member info; subscriptions are stored', async () => {
    const { app, db } = fresh();
    const { token } = await login(app);
    const versions = expectSuccess('membershipVersion', await call(app, 'membershipVersion', {}, { token }));
    expectSuccess('preferLanguage', await call(app, 'preferLanguage', { preferLang: 'en-GB' }, { token }));
    expectSuccess('membershipVersionUpdate', await call(app, 'membershipVersionUpdate', { membershipAgreementVersion: versions.membershipAgreementVersion, privacyPolicyVersion: '2099.9' }, { token }));
    expect(expectSuccess('memberInfo', await call(app, 'memberInfo', {}, { token }))).toMatchObject({
      preferLang: 'en-GB',
      membershipAgreementVersion: versions.membershipAgreementVersion,
      privacyPolicyVersion: '2099.9',
    });
    expectFailure(await call(app, 'preferLanguage', { preferLang: 'x' }, { token }), 'INVALID_FIELD', { field: 'preferLang' });

    const subscription = { subscribeEmail: DEMO.email, extensionEmail: '', phoneFlag: 'N', smsFlag: 'Y', emailFlag: 'Y', popupNoticeFlag: 'N', subscribeMap: { KIDS: 'Y' } } as const;
    expectSuccess('subscriptionSave', await call(app, 'subscriptionSave', subscription, { token }));
    const row = db.prepare("SELECT json FROM records WHERE kind = 'subscription' AND member_id = ?").get(DEMO.id) as { json: string };
    expect(JSON.parse(row.json)).toEqual(subscription);
    expectFailure(await call(app, 'subscriptionSave', { ...subscription, smsFlag: 'yes' }, { token }), 'INVALID_FIELD', { field: 'smsFlag' });
  });
});

describe('products and search', () => {
  it('by-codes answers live price and stock per region and skips unknown codes', async () => {
    const { app } = fresh();
    const [a, b] = catalogue.products;
    const tw = expectSuccess('productsByCodes', await call(app, 'productsByCodes', { codes: [a!.productCode, 'L999999', b!.productCode], region: 'TW' }));
    expect(tw.map((p) => p.productCode)).toEqual([a!.productCode, b!.productCode]);
    const hk = expectSuccess('productsByCodes', await call(app, 'productsByCodes', { codes: [a!.productCode], region: 'HK' }));
    expect(tw[0]!.priceInfo.minPrice).toBe(Math.min(...a!.skus.map((s) => s.prices.TWD!.sale)));
    expect(hk[0]!.priceInfo.minPrice).toBe(Math.min(...a!.skus.map((s) => s.prices.HKD!.sale)));
    expect(tw[0]!.stockFlag).toBe(a!.skus.some((s) => s.stock > 0) ? 'Y' : 'N');
    expectFailure(await call(app, 'productsByCodes', { codes: [a!.productCode], region: 'JP' }), 'INVALID_FIELD', { field: 'region' });
  });

  it('the catalogue lists every product once, for the build', async () => {
    const { app } = fresh();
    const list = expectSuccess('productCatalogue', await call(app, 'productCatalogue'));
    expect(list.map((p) => p.productCode)).toEqual(catalogue.products.map((p) => p.productCode).sort());
    expect(list.every((p) => p.updatedAt === catalogue.generatedAt)).toBe(true);
  });

  it("a product's detail comes in the asked language and the region's currency", async () => {
    const { app } = fresh();
    const product = catalogue.products.find((p) => p.colours.length > 1)!;
    const en = expectSuccess('productDetail', await call(app, 'productDetail', { productCode: product.productCode, region: 'HK', language: 'en-GB' }));
    expect(en.name).toBe(product.names['en-GB']);
    expect(en.colours.map((c) => c.name)).toEqual(product.colours.map((c) => c.names['en-GB']));
    expect(en.skus.map((s) => s.price)).toEqual(product.skus.map((s) => s.prices.HKD));
    expect(en.skus.map((s) => s.productId)).toEqual(product.skus.map((s) => s.productId));
    expect([en.makePantsLengthFlag, en.caseFlag, en.noReasonToReturnFlag]).toEqual([product.makePantsLengthFlag, product.caseFlag, product.noReasonToReturnFlag]);
    const tw = expectSuccess('productDetail', await call(app, 'productDetail', { productCode: product.productCode, region: 'TW', language: 'zh-TW' }));
    expect(tw.name).toBe(product.names['zh-TW']);
    expect(tw.skus[0]!.price).toEqual(product.skus[0]!.prices.TWD);
    expectFailure(await call(app, 'productDetail', { productCode: 'L999999', region: 'TW', language: 'zh-TW' }), 'PRODUCT_NOT_FOUND', { status: 404 });
  });

  it('stock is live: an order taken from the database shows at once', async () => {
    const { app, db } = fresh();
    const product = catalogue.products.find((p) => p.skus.some((s) => s.stock > 1))!;
    const sku = product.skus.find((s) => s.stock > 1)!;
    const before = expectSuccess('productStock', await call(app, 'productStock', { productCode: product.productCode, region: 'TW' }));
    expect(before.skus.find((s) => s.skuCode === sku.skuCode)).toEqual({ skuCode: sku.skuCode, stock: sku.stock, price: sku.prices.TWD });
    db.prepare('UPDATE skus SET stock = stock - 1 WHERE sku_code = ?').run(sku.skuCode);
    const after = expectSuccess('productStock', await call(app, 'productStock', { productCode: product.productCode, region: 'TW' }));
    expect(after.skus.find((s) => s.skuCode === sku.skuCode)!.stock).toBe(sku.stock - 1);
    expectFailure(await call(app, 'productStock', { productCode: 'L999999', region: 'TW' }), 'PRODUCT_NOT_FOUND', { status: 404 });
  });

  it('recommended words and suggestions', async () => {
    const { app } = fresh();
    expect(expectSuccess('recommendedWords', await call(app, 'recommendedWords')).length).toBeGreaterThan(0);
    const name = catalogue.products[0]!.names['zh-TW']!;
    const suggestions = expectSuccess('searchSuggestions', await call(app, 'searchSuggestions', { word: name }));
    expect(suggestions).toContain(name);
    expect(suggestions.length).toBeLessThanOrEqual(10);
    expect(expectSuccess('searchSuggestions', await call(app, 'searchSuggestions', { word: 'zzzz-no-such-thing' }))).toEqual([]);
  });
});

describe('product search', () => {
  const search = async (app: App, body: RequestOf<'productSearch'>) => expectSuccess('productSearch', await call(app, 'productSearch', body));
  /** What the search should find, straight from the catalogue: switched-on products with the word in any name. */
  const expected = (word: string) => catalogue.products.filter((p) => p.enabledFlag === 'Y' && Object.values(p.names).some((n) => n.toLowerCase().includes(word.toLowerCase())));
  /** A word from an English name that several products share (the catalogue repeats garment kinds). */
  const sharedWord = () => {
    const counts = new Map<string, number>();
    for (const p of catalogue.products) for (const w of new Set(p.names['en-GB']!.toLowerCase().split(/\s+/))) if (w.length > 3) counts.set(w, (counts.get(w) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  };

  it('finds switched-on products by a word of their name in any language, ignoring case', async () => {
    const { app } = fresh();
    const word = sharedWord();
    const want = expected(word);
    expect(want.length).toBeGreaterThan(1);
    const upper = await search(app, { description: word.toUpperCase(), region: 'TW', pageSize: 60 });
    expect(upper.total).toBe(want.length);
    const wanted = new Set(want.map((p) => p.productCode));
    expect(upper.list.length).toBe(Math.min(want.length, 60));
    for (const p of upper.list) expect(wanted.has(p.productCode), p.productCode).toBe(true);
    expect(upper.list.every((p) => p.enabledFlag === 'Y')).toBe(true);
    // A Chinese name finds its product too.
    const zh = catalogue.products.find((p) => p.enabledFlag === 'Y')!;
    const byZh = await search(app, { description: zh.names['zh-TW']!, region: 'TW' });
    expect(byZh.list.map((p) => p.productCode)).toContain(zh.productCode);
    // Under relevance (the default), a product with exactly that name comes first.
    const first = catalogue.products.find((p) => p.productCode === byZh.list[0]!.productCode)!;
    expect(Object.values(first.names)).toContain(zh.names['zh-TW']);
  });

  it('never finds a switched-off product, even by its exact name', async () => {
    const { app } = fresh();
    const off = catalogue.products.find((p) => p.enabledFlag === 'N')!;
    const found = await search(app, { description: off.names['zh-TW']!, region: 'TW', pageSize: 60 });
    expect(found.list.map((p) => p.productCode)).not.toContain(off.productCode);
  });

  it('sorts by price both ways and by newest (highest product code first), in the region\'s currency', async () => {
    const { app } = fresh();
    const word = sharedWord();
    const body = { description: word, region: 'HK', pageSize: 60 } as const;
    const asc = (await search(app, { ...body, sort: 'priceAsc' })).list.map((p) => p.priceInfo.minPrice);
    const desc = (await search(app, { ...body, sort: 'priceDesc' })).list.map((p) => p.priceInfo.minPrice);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    expect(asc[0]).toBe(Math.min(...expected(word).map((p) => Math.min(...p.skus.map((s) => s.prices.HKD!.sale)))));
    const newest = (await search(app, { ...body, sort: 'newest' })).list.map((p) => p.productCode);
    expect(newest).toEqual([...newest].sort().reverse());
  });

  it('pages: the same total on every page, pages that do not overlap, and an empty page past the end', async () => {
    const { app } = fresh();
    const word = sharedWord();
    const total = expected(word).length;
    const pageSize = 2;
    expect(total, 'the word must span several pages').toBeGreaterThan(2 * pageSize);
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(total / pageSize); page++) {
      const answer = await search(app, { description: word, region: 'TW', page, pageSize, sort: 'newest' });
      expect(answer.total).toBe(total);
      expect(answer.list.length).toBe(Math.min(pageSize, total - (page - 1) * pageSize));
      seen.push(...answer.list.map((p) => p.productCode));
    }
    expect(new Set(seen).size).toBe(total);
    const past = await search(app, { description: word, region: 'TW', page: Math.ceil(total / pageSize) + 1, pageSize });
    expect(past).toEqual({ list: [], total });
    // Defaults: 24 a page; more than 60 is refused.
    expect((await search(app, { description: word, region: 'TW' })).list.length).toBe(Math.min(total, 24));
    expectFailure(await call(app, 'productSearch', { description: word, region: 'TW', pageSize: 61 }), 'INVALID_FIELD', { field: 'pageSize' });
  });

  it('answers an empty result for an unknown or a blank word', async () => {
    const { app } = fresh();
    expect(await search(app, { description: 'zzzz-no-such-thing', region: 'TW' })).toEqual({ list: [], total: 0 });
    expect(await search(app, { description: '   ', region: 'TW' })).toEqual({ list: [], total: 0 });
    expect(await search(app, { region: 'TW' })).toEqual({ list: [], total: 0 });
  });

  it("a store search lists the store's wares and needs a store code", async () => {
    const { app } = fresh();
    const all = await search(app, { searchType: 'storeCode', storeCode: 'S001', region: 'TW' });
    expect(all.total).toBe(catalogue.products.filter((p) => p.enabledFlag === 'Y').length);
    expectFailure(await call(app, 'productSearch', { searchType: 'storeCode', region: 'TW' }), 'SEARCH_STORE_CODE_REQUIRED', { field: 'storeCode' });
  });
});

// ---------------------------------------------------------------------------------------

describe('analytics collector', () => {
  it('stores a form-encoded POST to every collector path, readable through the test hook', async () => {
    const { app } = fresh();
    for (const [i, collector] of ANALYTICS_PATHS.entries()) {
      const res = await app.request(collector, { method: 'POST', body: new URLSearchParams({ event: `e${i}`, page: '/zh-tw/index.html', note: 'a b&c=d' }) });
      expect(res.status, collector).toBeLessThan(300);
    }
    const stored = (await (await app.request('/api/_test/analytics')).json()) as Array<{ path: string; body: Record<string, string>; receivedAt: number }>;
    expect(stored.map((s) => s.path)).toEqual([...ANALYTICS_PATHS]);
    stored.forEach((s, i) => {
      expect(s.body).toEqual({ event: `e${i}`, page: '/zh-tw/index.html', note: 'a b&c=d' });
      expect(s.receivedAt).toBe(NOW);
    });
  });

  it('the test hooks exist only when enabled', async () => {
    const { app } = fresh({ testHooks: false });
    expect((await app.request('/api/_test/analytics')).status).toBe(404);
    expect((await app.request(`/api/_test/reset-token?email=${DEMO.email}`)).status).toBe(404);
  });
});

describe('protocol', () => {
  it('a malformed JSON body is 400 BAD_JSON (after the auth check for member calls)', async () => {
    const { app } = fresh();
    const { token } = await login(app);
    expectFailure(await call(app, 'login', {}, { rawBody: '{"account": "demo@' }), 'BAD_JSON', { status: 400, field: null });
    expectFailure(await call(app, 'cartAdd', {}, { token, rawBody: '{nope' }), 'BAD_JSON', { status: 400, field: null });
    expectUnauthorized(await call(app, 'cartAdd', {}, { rawBody: '{nope' }));
  });

  it('a body of the wrong shape is a field error, not a crash', async () => {
    const { app } = fresh();
    expectFailure(await call(app, 'login', {}, { rawBody: 'null' }), 'INVALID_FIELD', { field: '' });
    expectFailure(await call(app, 'login', {}, { rawBody: '[1,2]' }), 'INVALID_FIELD');
    expectFailure(await call(app, 'refresh', { extra: 1 }), 'INVALID_FIELD');
  });

  it('an unknown path or a wrong method is a 404 envelope', async () => {
    const { app } = fresh();
    for (const [method, url] of [['GET', '/api/nope'], ['POST', '/api/order/nope'], ['GET', '/api/auth/login'], ['POST', '/api/cart/count']] as const) {
      const answer = await toAnswer(await app.request(url, { method }));
      expectFailure(answer, 'NOT_FOUND', { status: 404, field: null });
    }
  });
});

describe('seeding', () => {
  it('seeds the catalogue, and seeding twice is a no-op', () => {
    const db = openDatabase(':memory:');
    seedDatabase(db, catalogue);
    const first = wholeDatabase(db);
    expect(first.products).toHaveLength(catalogue.products.length);
    expect(first.skus).toHaveLength(catalogue.products.reduce((n, p) => n + p.skus.length, 0));
    expect(first.members).toHaveLength(DEMO_MEMBERS.length);
    seedDatabase(db, catalogue);
    expect(wholeDatabase(db)).toEqual(first);
  });

  it('the same catalogue gives the same seeded orders and records', async () => {
    const a = fresh();
    const b = fresh();
    expect(wholeDatabase(b.db)).toEqual(wholeDatabase(a.db));
    const list = async (env: Env) => expectSuccess('orderList', await call(env.app, 'orderList', { pageSize: 100 }, { token: (await login(env.app)).token }));
    expect(await list(b)).toEqual(await list(a));
  });
});

describe('the language of a request', () => {
  it('names products and colours in the Accept-Language the page sends, and prices the wishlist in its region', async () => {
    const { app } = fresh();
    const { token } = await login(app);
    const en = (await (await app.request('/api/cart/mini', { headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-GB' } })).json()) as { resp: Array<{ cartList: Array<{ productCode: string; productDetail: { productDetailInfo: { skuName: string } } }> }> };
    const line = en.resp[0]!.cartList[0]!;
    const product = catalogue.products.find((p) => p.productCode === line.productCode)!;
    expect(line.productDetail.productDetailInfo.skuName).toBe(product.names['en-GB']);
    const tw = (await (await app.request('/api/cart/mini', { headers: { authorization: `Bearer ${token}` } })).json()) as typeof en;
    expect(tw.resp[0]!.cartList[0]!.productDetail.productDetailInfo.skuName).toBe(product.names['zh-TW']);
    const wish = (await (await app.request('/api/wish/list', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-GB, zh;q=0.5', 'content-type': 'application/json' }, body: JSON.stringify({ page: 1 }) })).json()) as { resp: { list: Array<{ spuInfo: { productCode: string; name: string; priceInfo: { minPrice: number } } }> } };
    const entry = wish.resp.list[0]!.spuInfo;
    const wished = catalogue.products.find((p) => p.productCode === entry.productCode)!;
    expect(entry.name).toBe(wished.names['en-GB']);
    expect(entry.priceInfo.minPrice).toBe(Math.min(...wished.skus.map((s) => s.prices.HKD!.sale)));
  });
});

describe('made-to-order choices (semiValues)', () => {
  it('a made-to-order item needs one value of each option; the cart names them in the page language', async () => {
    const { app } = fresh();
    const { token } = await login(app);
    const shirt = catalogue.products.find((p) => p.customMadeFlag === 'Y' && p.semiOptions.length > 0 && p.skus.some((s) => s.stock > 0))!;
    const sku = shirt.skus.find((s) => s.stock > 0)!;
    const add = (semiValues?: Array<{ semiName: string; semiValue: string }>) => call(app, 'cartAdd', { productCode: shirt.productCode, skuCode: sku.skuCode, quantity: 1, ...(semiValues ? { semiValues } : {}) }, { token });
    expectFailure(await add(), 'CART_SEMI_REQUIRED', { field: 'semiValues' });
    expectFailure(await add([{ semiName: 'SLEEVE', semiValue: 'LONG' }]), 'CART_SEMI_REQUIRED', { field: 'semiValues' });
    expectFailure(await add([{ semiName: 'SLEEVE', semiValue: 'XXL' }, { semiName: 'COLLAR', semiValue: 'SPREAD' }]), 'CART_SEMI_INVALID', { field: 'semiValues' });
    expectSuccess('cartAdd', await add([{ semiName: 'SLEEVE', semiValue: 'LONG' }, { semiName: 'COLLAR', semiValue: 'SPREAD' }]));
    const mini = (await (await app.request('/api/cart/mini', { headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-GB' } })).json()) as { resp: Array<{ cartList: Array<{ productCode: string; productDetail: { productDetailInfo: { semiValues: unknown } } }> }> };
    const line = mini.resp[0]!.cartList.find((l) => l.productCode === shirt.productCode)!;
    expect(line.productDetail.productDetailInfo.semiValues).toEqual([{ semiName: 'Sleeve length', semiValue: '3 cm longer' }, { semiName: 'Collar', semiValue: 'Spread' }]);
    const detail = expectSuccess('productDetail', await call(app, 'productDetail', { productCode: shirt.productCode, region: 'TW', language: 'zh-TW' }));
    expect(detail.semiOptions.map((o) => o.name)).toEqual(['袖長', '領型']);
  });

  it('an item that is not made to order takes no choices', async () => {
    const { app } = fresh();
    const { token } = await login(app);
    const plain = catalogue.products.find((p) => p.customMadeFlag === 'N' && p.enabledFlag === 'Y' && p.skus.some((s) => s.stock > 0))!;
    const sku = plain.skus.find((s) => s.stock > 0)!;
    expectFailure(await call(app, 'cartAdd', { productCode: plain.productCode, skuCode: sku.skuCode, quantity: 1, semiValues: [{ semiName: 'SLEEVE', semiValue: 'LONG' }] }, { token }), 'CART_SEMI_INVALID', { field: 'semiValues' });
  });
});
