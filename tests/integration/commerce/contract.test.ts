/**
 * Every endpoint of the commerce contract against the local API: one well-formed request each,
 * refused without a valid access token where the contract says so, answered as the contract says.
 */
import { describe, expect, it } from 'vitest';
import type { DatabaseSync } from 'node:sqlite';
import { type EndpointName, ENDPOINTS, type RequestOf } from '../../../src/lib/api/contract.ts';
import type { CommerceAppOptions } from '../../../scripts/local-commerce/app.ts';
import {
  authorize,
  call,
  cartIdsOf,
  DEMO,
  type Env,
  evaluatedProductOf,
  expectSuccess,
  expectUnauthorized,
  freeSkus,
  isSellable,
  login,
  memberState,
  NOW,
  orderLineOf,
  otherSkuOf,
  pictureUpload,
  refreshCookie,
  registrationTokenOf,
  resetTokenOf,
  sampleCatalogue,
  sampleEnv,
  SEEDED,
  newsletterToken,
  sendEmailCode,
  settleCases,
  wishCodesOf,
} from '../../fixtures/commerce-app.ts';
import { brandDay } from '../../../scripts/local-commerce/brand-days.ts';
import { unsubscribeSignature } from '../../../scripts/local-commerce/routes/newsletter.ts';

const catalogue = sampleCatalogue();

const ENDPOINT_NAMES = Object.keys(ENDPOINTS) as EndpointName[];
const recordIdsOf = (db: DatabaseSync, kind: string, memberId: string) =>
  (db.prepare('SELECT id FROM records WHERE kind = ? AND member_id = ? ORDER BY id').all(kind, memberId) as Array<{ id: string }>).map(
    (r) => r.id,
  );

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
  registerConfirm: async (f) => {
    const email = 'linked.member@linea.example';
    expectSuccess('register', await call(f.app, 'register', { name: '新會員', email, password: 'Newbie2026', agreeTerms: true }));
    return { body: { token: registrationTokenOf(f.db, email)! } };
  },
  refresh: (f) => ({ body: {}, cookie: refreshCookie(f.refreshToken) }),
  logout: (f) => ({ body: {}, cookie: refreshCookie(f.refreshToken) }),
  forgetPassword: () => ({ body: { email: DEMO.email } }),
  resetPassword: async (f) => {
    expectSuccess('forgetPassword', await call(f.app, 'forgetPassword', { email: DEMO.email }));
    return { body: { token: resetTokenOf(f.db, DEMO.email)!, password: 'Changed2027' } };
  },
  signInLinkRequest: () => ({ body: { account: DEMO.email } }),
  signInLinkConsume: async (f) => {
    expectSuccess('signInLinkRequest', await call(f.app, 'signInLinkRequest', { account: DEMO.email }));
    const text = (f.db.prepare('SELECT text FROM mail_outbox ORDER BY id DESC').get() as { text: string }).text;
    return { body: { token: /signInToken=([\w-]+)/.exec(text)![1]! } };
  },
  thirdPartyCallback: async (f) => {
    const { url, cookie } = await authorize(f.app, 'google');
    return { body: { provider: 'google', code: url!.searchParams.get('code')!, state: url!.searchParams.get('state')! }, cookie };
  },
  memberInfo: () => ({ body: {} }),
  preferLanguage: () => ({ body: { preferLang: 'en-GB' } }),
  membershipVersion: () => ({ body: {} }),
  membershipVersionUpdate: () => ({ body: { membershipAgreementVersion: '2026.1', privacyPolicyVersion: '2026.1' } }),
  subscriptionSave: () => ({
    body: {
      subscribeEmail: DEMO.email,
      extensionEmail: '',
      phoneFlag: 'N',
      smsFlag: 'N',
      emailFlag: 'Y',
      popupNoticeFlag: 'N',
      subscribeMap: { WOMEN: 'Y', MEN: 'N' },
    },
  }),
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
    return {
      body: {
        productList: [{ productCode: catalogue.products.filter(isSellable).find((p) => !wished.has(p.productCode))!.productCode }],
        cartList: [],
      },
    };
  },
  wishDelete: (f) => ({ body: { productList: [{ productCode: wishCodesOf(f.db, DEMO.id)[0]! }] } }),
  productsByCodes: () => ({ body: { codes: catalogue.products.slice(0, 3).map((p) => p.productCode), region: 'HK' } }),
  productCatalogue: () => ({ body: {} }),
  productDetail: () => ({ body: { productCode: catalogue.products[0]!.productCode, region: 'TW', language: 'en-GB' } }),
  productDetails: () => ({ body: { productCodes: [catalogue.products[0]!.productCode], region: 'TW', language: 'en-GB' } }),
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
  addressSave: () => ({
    body: { receiver: '陳大文', mobile: '91234567', region: 'HK', city: '香港', detail: '中環皇后大道中 1 號', isDefault: 'N' },
  }),
  addressDelete: (f) => ({ body: { addressId: recordIdsOf(f.db, 'address', DEMO.id)[0]! } }),
  addressSetDefault: () => ({ body: { addressId: 'A0002' } }),
  couponRedeem: () => ({ body: { code: 'linea500' } }),
  invoiceList: () => ({ body: PAGE }),
  invoiceCarrier: () => ({ body: {} }),
  invoiceCarrierSave: () => ({ body: { type: 'COMPANY', taxId: '24536806', title: '綠線服飾股份有限公司' } }),
  inboxList: () => ({ body: PAGE }),
  inboxUnread: () => ({ body: {} }),
  inboxRead: () => ({ body: { messageIds: ['N0001'] } }),
  inboxReadAll: () => ({ body: {} }),
  inboxDelete: () => ({ body: { messageIds: ['N0002'] } }),
  ticketList: () => ({ body: { ...PAGE, status: 'OPEN' } }),
  ticketDetail: () => ({ body: { ticketId: 'T0001' } }),
  ticketCreate: (f) => ({
    body: {
      category: 'ORDER',
      orderCode: recordIdsOf(f.db, 'order', DEMO.id)[0]!,
      subject: '發票抬頭',
      text: '請問發票可以改成公司抬頭嗎？',
    },
  }),
  ticketReply: () => ({ body: { ticketId: 'T0002', text: '想再補充：顏色是駝色。' } }),
  ticketClose: () => ({ body: { ticketId: 'T0002' } }),
  recycleList: () => ({ body: {} }),
  recycleBook: () => ({ body: { method: 'SHOP', storeCode: 'TPE01', date: brandDay(NOW, 3), bags: 2 } }),
  recycleCancel: () => ({ body: { bookingId: 'RC0001' } }),
  accountSummary: () => ({ body: {} }),
  memberUpdate: () => ({ body: { name: '林小美', birthday: '1990-05-12', gender: 'F' } }),
  passwordChange: () => ({ body: { currentPassword: DEMO.password, newPassword: 'Changed2027' } }),
  emailCodeSend: () => ({ body: { email: 'new.demo@linea.example' } }),
  emailChange: async (f) => ({
    body: { email: 'new.demo@linea.example', code: (await sendEmailCode(f.app, f.db, f.token, 'new.demo@linea.example')).code },
  }),
  subscriptionInfo: () => ({ body: {} }),
  newsletterSubscribe: () => ({ body: { email: 'news@linea.example' } }),
  newsletterConfirm: async (f) => ({ body: { token: await newsletterToken(f, 'confirm@linea.example') } }),
  newsletterUnsubscribe: (f) => ({ body: { email: 'news@linea.example', signature: unsubscribeSignature(f.db, 'news@linea.example') } }),
  emailVerify: async (f) => ({ body: { token: (await sendEmailCode(f.app, f.db, f.token, 'new.demo@linea.example')).linkToken } }),
  accountClose: (f) => {
    settleCases(f.db, DEMO.id);
    return { body: { agree: true, password: DEMO.password } };
  },
  cartDetail: () => ({ body: {} }),
  cartOptions: (f) => ({ body: { cartId: cartIdsOf(f.db, DEMO.id)[0]!, caseFlag: 'N' } }),
  checkoutPreview: () => ({ body: { deliveryType: 'STORE_PICKUP' } }),
  orderCreate: (f) => {
    // The seeded cart lines that stock covers (the seed picks in-stock SKUs, not how many).
    const covered = f.db
      .prepare(
        'SELECT c.cart_id FROM cart_lines c JOIN skus s ON s.sku_code = c.sku_code WHERE c.member_id = ? AND s.stock >= c.quantity ORDER BY c.cart_id',
      )
      .all(DEMO.id) as Array<{ cart_id: number }>;
    return {
      body: {
        deliveryType: 'EXPRESS_HOME',
        addressId: recordIdsOf(f.db, 'address', DEMO.id)[0]!,
        invoice: { type: 'CLOUD', vehicle: 'MEMBER' },
        currency: 'TWD',
        paymentMethod: 'COD',
        cartIds: covered.map((r) => String(r.cart_id)),
        from: 'cart',
      },
    };
  },
  orderPayStatus: (f) => ({ body: { orderCode: recordIdsOf(f.db, 'order', DEMO.id)[0]! } }),
  couponCollect: () => ({ body: { couponId: 'CC001' } }),
  couponCollectable: () => ({ body: {} }),
  // Orders and what follows them, on the seeded records in the state each action needs (README of seed-orders.ts).
  orderCancel: () => ({ body: { orderCode: SEEDED.unpaid } }),
  orderConfirmReceipt: () => ({ body: { orderCode: SEEDED.shipped } }),
  orderPay: () => ({ body: { orderCode: SEEDED.unpaid, payChannel: 'CARD' } }),
  refundCreate: (f) => ({
    body: {
      orderCode: SEEDED.finished,
      refundType: 'REFUND_RETURN',
      lines: [{ productId: orderLineOf(f.db, SEEDED.finished, 0).productId, quantity: 1 }],
      reason: 'SIZE',
      description: '太大了',
    },
  }),
  refundDetail: () => ({ body: { refundCode: 'R2026000001' } }),
  refundCancel: () => ({ body: { refundCode: 'R2026000001' } }),
  refundReturn: () => ({
    body: { refundCode: 'R2026000018', route: { way: 'COURIER', expressCode: 'BLACKCAT', logisticsCode: 'TW12345678901234' } },
  }),
  refundRespond: () => ({ body: { refundCode: 'R2026000006', accept: true } }),
  exchangeCreate: (f) => {
    const line = orderLineOf(f.db, SEEDED.finished, 0);
    return {
      body: { orderCode: SEEDED.finished, productId: line.productId, toSkuCode: otherSkuOf(line), reason: 'SIZE', description: '' },
    };
  },
  exchangeDetail: () => ({ body: { exchangeCode: 'E2026000001' } }),
  exchangeCancel: () => ({ body: { exchangeCode: 'E2026000001' } }),
  exchangeReturn: () => ({ body: { exchangeCode: 'E2026000002', expressCode: 'BLACKCAT', logisticsCode: 'TW12345678901234' } }),
  exchangeConfirmReceipt: () => ({ body: { exchangeCode: 'E2026000006' } }),
  afterSaleCreate: (f) => ({
    body: {
      orderCode: SEEDED.finished,
      productId: orderLineOf(f.db, SEEDED.finished, 0).productId,
      serviceType: 'REPAIR',
      description: '拉鍊壞了',
      attachments: [pictureUpload()],
    },
  }),
  afterSaleDetail: () => ({ body: { afterSaleCode: 'S2026000001' } }),
  afterSaleCancel: () => ({ body: { afterSaleCode: 'S2026000001' } }),
  afterSaleReturn: () => ({ body: { afterSaleCode: 'S2026000002', route: { way: 'STORE', storeCode: 'TPE001' } } }),
  evaluationCreate: (f) => ({
    body: { orderCode: SEEDED.finished, productId: orderLineOf(f.db, SEEDED.finished, 0).productId, rating: 5, text: '穿起來很舒服' },
  }),
  evaluationList: (f) => ({ body: { productCode: evaluatedProductOf(f.db) } }),
  evaluationMine: () => ({ body: PAGE }),
};

async function signedInFixture(options: Omit<Partial<CommerceAppOptions>, 'db' | 'now'> = {}): Promise<Fixture> {
  const env = sampleEnv(options);
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

      const answer = await call(f.app, name, prepared.body, {
        ...(definition.auth ? { token: f.token } : {}),
        ...(prepared.cookie ? { cookie: prepared.cookie } : {}),
      });
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
