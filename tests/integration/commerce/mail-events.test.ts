/**
 * The mails an order's and a case's events send the member (docs/commerce-api.md, Mail), read
 * from the outbox the sender delivers (mail.ts): each in the member's preferred language, whatever
 * the language of the request that caused it (the store's, the provider's, a deadline), with the
 * lines bought (hem, gift wrap), the delivery and a link to the order; plain text and escaped
 * HTML. A paid member is never told to pay. The account's owner is told at the old address when
 * the email changes, and when the password changes.
 */
import type { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { PLACED_MAIL_HOLD_MINUTES } from '../../../scripts/local-commerce/order-mail.ts';
import type { CatalogueProduct } from '../../../scripts/sample-data/catalogue-schema.ts';
import { UNPAID_PAY_HOURS } from '../../../src/lib/constants.ts';
import {
  adminAct,
  call,
  DEMO,
  expectFailure,
  expectSuccess,
  login,
  order,
  orderLineOf,
  OTHER,
  PICKUP,
  provider,
  resetTokenOf,
  sampleCatalogue,
  sampleEnv,
  SEEDED,
  sendEmailCode,
  shopper,
  SITE_ORIGIN,
  type Env,
  type Shopper,
} from '../../fixtures/commerce-app.ts';

interface OutboxMail {
  subject: string;
  text: string;
  html: string | null;
  next_attempt_at: number;
}
/** The mails queued for `email`, oldest first, whether due yet or held. */
const outbox = (db: DatabaseSync, email: string) =>
  db
    .prepare('SELECT subject, text, html, next_attempt_at FROM mail_outbox WHERE to_address = ? COLLATE NOCASE ORDER BY id')
    .all(email) as unknown as OutboxMail[];
const emailOf = (db: DatabaseSync, memberId: string) =>
  (db.prepare('SELECT email FROM members WHERE id = ?').get(memberId) as { email: string }).email;
const prefer = (db: DatabaseSync, memberId: string, language: string) =>
  db.prepare('UPDATE members SET prefer_lang = ? WHERE id = ?').run(language, memberId);
const act = async (env: Env, machine: 'order' | 'refund' | 'exchange' | 'afterSale', code: string, action: string) =>
  expect((await adminAct(env.app, { machine, code, action })).success).toBe(true);

/** A member who prefers English, with trousers hemmed to 72.5 cm and a gift-wrapped piece in the cart. */
async function hemAndGiftWrap(env: Env): Promise<Shopper & { email: string; trousers: CatalogueProduct; gift: CatalogueProduct }> {
  const me = await shopper(env, []);
  prefer(env.db, me.memberId, 'en-GB');
  const inStock = (p: CatalogueProduct) => p.enabledFlag === 'Y' && p.presaleFlag === 'N' && p.skus.some((s) => s.stock > 2);
  const products = sampleCatalogue().products.filter(inStock);
  const trousers = products.find((p) => p.customMadeFlag === 'N' && p.makePantsLengthFlag === 'Y')!;
  const gift = products.find((p) => p.customMadeFlag === 'N' && p.makePantsLengthFlag === 'N' && p.caseFlag === 'Y')!;
  const as = (name: 'cartAdd' | 'cartOptions' | 'cartDetail', body: object) => call(env.app, name, body as never, { token: me.token });
  for (const p of [trousers, gift])
    expectSuccess(
      'cartAdd',
      await as('cartAdd', { productCode: p.productCode, skuCode: p.skus.find((s) => s.stock > 2)!.skuCode, quantity: 1 }),
    );
  const lines = expectSuccess('cartDetail', await as('cartDetail', {})).lines;
  const cartIdOf = (p: CatalogueProduct) => lines.find((l) => l.productCode === p.productCode)!.cartId;
  expectSuccess('cartOptions', await as('cartOptions', { cartId: cartIdOf(trousers), alterMode: 'HEM', finalInseam: 72.5 }));
  expectSuccess('cartOptions', await as('cartOptions', { cartId: cartIdOf(gift), caseFlag: 'Y' }));
  const email = emailOf(env.db, me.memberId);
  // What came before (the registration link) is not what these tests read.
  env.db.prepare('DELETE FROM mail_outbox WHERE to_address = ?').run(email);
  return { ...me, email, trousers, gift };
}

describe('order mails', () => {
  it('a member who pays online at once gets one mail, placed and paid, in their language, with hem, gift wrap and delivery, and no line asking them to pay', async () => {
    const env = sampleEnv();
    const me = await hemAndGiftWrap(env);
    // The pages ask in Chinese; the member prefers English.
    const placed = expectSuccess('orderCreate', await order(env, me, { ...PICKUP, paymentMethod: 'ONLINE', payChannel: 'CARD' }));
    const [held] = outbox(env.db, me.email);
    expect(held!.next_attempt_at).toBe(env.clock.now + PLACED_MAIL_HOLD_MINUTES * 60_000);
    expect(held!.text).toContain(`Please pay by`);

    expect(await provider(env.app, placed.payUrl!, 'pay')).toContain('result=success');
    const mails = outbox(env.db, me.email);
    expect(mails).toHaveLength(1);
    const [paid] = mails;
    expect(paid!.subject).toBe(`Your order ${placed.orderCode} is placed and paid`);
    expect(paid!.text).not.toMatch(/pay by|pay within/i);
    expect(paid!.text).toContain(`${me.trousers.names['en-GB']} (`);
    expect(paid!.text).toContain('Hemmed to a 72.5 cm inseam');
    expect(paid!.text).toMatch(new RegExp(`${me.gift.names['en-GB']} \\(.*\\n {2}Gift wrapping`));
    expect(paid!.text).toContain('Delivery method: Collect in store');
    // The shop by its name and address in English, not its code.
    expect(paid!.text).toContain('Pick-up point: Taipei Xinyi flagship, 1F, No. 11, Songshou Rd, Xinyi District, Taipei');
    expect(paid!.text).toContain(`${SITE_ORIGIN}/en-gb/account/detail.html?orderCode=${placed.orderCode}`);
    // The HTML part says the same, its texts escaped.
    expect(paid!.html).toContain('<li>');
    expect(paid!.html).toContain('Hemmed to a 72.5 cm inseam');
    expect(paid!.html).toContain(`href="${SITE_ORIGIN}/en-gb/account/detail.html?orderCode=${placed.orderCode}"`);

    // Shipped, with the courier and tracking number; ready at the store; collected.
    await act(env, 'order', placed.orderCode, 'shipAll');
    await act(env, 'order', placed.orderCode, 'arriveForPickup');
    await act(env, 'order', placed.orderCode, 'pickUp');
    const [shipped, ready, collected] = outbox(env.db, me.email).slice(1);
    expect(shipped!.subject).toBe(`Order ${placed.orderCode} has shipped`);
    expect(shipped!.text).toMatch(/tracking number BC\w+/);
    expect(shipped!.text).toContain('Hemmed to a 72.5 cm inseam');
    expect(ready!.subject).toBe(`Order ${placed.orderCode} is ready to collect`);
    expect(ready!.text).toMatch(/collect it by \d+ \w+ \d{4}/);
    expect(collected!.subject).toBe(`Order ${placed.orderCode} is collected`);
  });

  it('an order left unpaid is mailed with its pay-by line once the hold has passed; a payment cancelled on the provider’s page mails nothing', async () => {
    const env = sampleEnv({ accessTokenTtlSeconds: 30 * 86_400 });
    const me = await hemAndGiftWrap(env);
    const placed = expectSuccess('orderCreate', await order(env, me, { ...PICKUP, paymentMethod: 'ONLINE', payChannel: 'CARD' }));
    const [held] = outbox(env.db, me.email);
    expect(held!.subject).toBe(`Your order ${placed.orderCode}`);
    expect(held!.text).toMatch(/Please pay by \d{4}-\d\d-\d\d \d\d:\d\d \(UTC\+8\), or the order is cancelled\./);
    expect(held!.html).toContain('Please pay by');

    // Not paid in time: the deadline cancels it, and the member is told.
    env.clock.now += UNPAID_PAY_HOURS * 3_600_000 + 1;
    expectSuccess('orderDetail', await call(env.app, 'orderDetail', { orderCode: placed.orderCode }, { token: me.token }));
    expect(outbox(env.db, me.email).map((m) => m.subject)).toEqual([
      `Your order ${placed.orderCode}`,
      `Order ${placed.orderCode} is cancelled`,
    ]);
    expect(outbox(env.db, me.email)[1]!.text).toContain('was not paid in time');

    // Another order, its payment cancelled on the provider's page at once: the held mail is taken back.
    const again = await hemAndGiftWrap(env);
    const cancelled = expectSuccess('orderCreate', await order(env, again, { ...PICKUP, paymentMethod: 'ONLINE', payChannel: 'CARD' }));
    expect(await provider(env.app, cancelled.payUrl!, 'cancel')).toContain('result=failed');
    expect(outbox(env.db, again.email)).toEqual([]);
  });

  it('an order paid in store is mailed at once without a pay-by line, in the member’s Simplified Chinese', async () => {
    const env = sampleEnv();
    const me = await hemAndGiftWrap(env);
    prefer(env.db, me.memberId, 'zh-CN');
    const placed = expectSuccess('orderCreate', await order(env, me, PICKUP));
    const [mail] = outbox(env.db, me.email);
    expect(mail!.next_attempt_at).toBe(env.clock.now);
    expect(mail!.subject).toBe(`订单 ${placed.orderCode} 已成立`);
    expect(mail!.text).not.toContain('付款');
    expect(mail!.text).toContain('完成裤长 72.5');
    expect(mail!.text).toContain(`${SITE_ORIGIN}/zh-cn/account/detail.html?orderCode=${placed.orderCode}`);
  });

  it('a paid order’s cancellation: the request and the store’s answer, once each (not again as a refund), with the amount back', async () => {
    const env = sampleEnv();
    const me = await hemAndGiftWrap(env);
    prefer(env.db, me.memberId, 'zh-MO');
    const placed = expectSuccess('orderCreate', await order(env, me, PICKUP));
    const refund = expectSuccess(
      'refundCreate',
      await call(
        env.app,
        'refundCreate',
        { orderCode: placed.orderCode, refundType: 'REFUND_UNSHIPPED', reason: 'SIZE', description: '' },
        { token: me.token },
      ),
    );
    await act(env, 'refund', refund.refundCode, 'auditPass');
    const subjects = outbox(env.db, me.email).map((m) => m.subject);
    // Macao reads Hong Kong's texts.
    expect(subjects).toEqual([
      `訂單 ${placed.orderCode} 已成立`,
      `已收到訂單 ${placed.orderCode} 的取消申請`,
      `訂單 ${placed.orderCode} 已取消`,
    ]);
    expect(outbox(env.db, me.email)[2]!.text).toMatch(/取消訂單 O\d+ 的申請已獲批准，NT\$[\d,]+ 將退回您原本的付款方式/);
  });
});

describe('case mails', () => {
  it('a return: opened, approved with its send-by date, received, refund approved and refunded, in the member’s language with the lines', async () => {
    const env = sampleEnv({ accessTokenTtlSeconds: 30 * 86_400 });
    const { token } = await login(env.app);
    const line = orderLineOf(env.db, SEEDED.finished, 0);
    const refund = expectSuccess(
      'refundCreate',
      await call(
        env.app,
        'refundCreate',
        {
          orderCode: SEEDED.finished,
          refundType: 'REFUND_RETURN',
          lines: [{ productId: line.productId, quantity: 1 }],
          reason: 'SIZE',
          description: '',
        },
        { token },
      ),
    );
    await act(env, 'refund', refund.refundCode, 'approve');
    expectSuccess(
      'refundReturn',
      await call(
        env.app,
        'refundReturn',
        { refundCode: refund.refundCode, route: { way: 'COURIER', expressCode: 'BLACK_CAT', logisticsCode: 'BC12345678901234' } },
        { token },
      ),
    );
    for (const action of ['warehouseReceive', 'inspectPass', 'paidBack']) await act(env, 'refund', refund.refundCode, action);
    const mails = outbox(env.db, DEMO.email);
    expect(mails.map((m) => m.subject)).toEqual(
      ['已收到您的申請', '申請已核准', '已收到您寄回的商品', '退款已核准', '退款完成'].map((s) => `${s}：退貨退款 ${refund.refundCode}`),
    );
    expect(mails[0]!.text).toContain(`${line.productDetailInfo.skuName} (`);
    expect(mails[0]!.text).toContain(`${SITE_ORIGIN}/account/detail.html?orderCode=${SEEDED.finished}`);
    expect(mails[1]!.text).toMatch(/請於 \d{4}年\d+月\d+日 前將商品寄回/);
    expect(mails[4]!.text).toContain(`NT$${refund.amount.toLocaleString('en')} 已退回`);
  });

  it('an exchange and an after-sales case: opened and decided, in English for a member who prefers it', async () => {
    const env = sampleEnv({ accessTokenTtlSeconds: 30 * 86_400 });
    const { token } = await login(env.app);
    prefer(env.db, 'M0001', 'en-GB');
    const [first, second] = [orderLineOf(env.db, SEEDED.finished, 0), orderLineOf(env.db, SEEDED.finishedLongAgo, 0)];
    const product = sampleCatalogue().products.find((p) => p.productCode === first.productCode)!;
    const toSkuCode = product.skus.find((s) => s.skuCode !== first.skuCode && s.stock > 0)!.skuCode;
    const exchange = expectSuccess(
      'exchangeCreate',
      await call(
        env.app,
        'exchangeCreate',
        { orderCode: SEEDED.finished, productId: first.productId, toSkuCode, reason: 'SIZE', description: '' },
        { token },
      ),
    );
    await act(env, 'exchange', exchange.exchangeCode, 'approve');
    const service = expectSuccess(
      'afterSaleCreate',
      await call(
        env.app,
        'afterSaleCreate',
        { orderCode: SEEDED.finishedLongAgo, productId: second.productId, serviceType: 'REPAIR', description: 'A seam came open' },
        { token },
      ),
    );
    await act(env, 'afterSale', service.afterSaleCode, 'refuse');
    expect(outbox(env.db, DEMO.email).map((m) => m.subject)).toEqual([
      `We have your request: Exchange ${exchange.exchangeCode}`,
      `Approved: Exchange ${exchange.exchangeCode}`,
      `We have your request: Repair ${service.afterSaleCode}`,
      `Not approved: Repair ${service.afterSaleCode}`,
    ]);
    expect(outbox(env.db, DEMO.email)[0]!.text).toContain(`For ${exchange.toColorAlias}`);
  });
});

describe('account security notices', () => {
  it('a changed email is told at the old address, with the new one masked and how to take the account back', async () => {
    const env = sampleEnv();
    const { token } = await login(env.app);
    const newEmail = 'lin.new@linea.example';
    const { code } = await sendEmailCode(env.app, env.db, token, newEmail);
    expectSuccess('emailChange', await call(env.app, 'emailChange', { email: newEmail, code }, { token }));
    const [notice] = outbox(env.db, DEMO.email);
    expect(notice!.subject).toBe('您的 LINEA 帳號電子郵件已變更');
    expect(notice!.text).toContain('l***@linea.example');
    expect(notice!.text).not.toContain(newEmail);
    expect(notice!.text).toContain(`${SITE_ORIGIN}/forget_password.html`);
    expect(notice!.html).toContain('l***@linea.example');
  });

  it('a changed password is told, from the security page and by a reset link', async () => {
    const env = sampleEnv();
    const { token } = await login(env.app);
    expectSuccess(
      'passwordChange',
      await call(env.app, 'passwordChange', { currentPassword: DEMO.password, newPassword: 'Changed2027' }, { token }),
    );
    expect(outbox(env.db, DEMO.email).map((m) => m.subject)).toEqual(['您的 LINEA 密碼已變更']);

    expectSuccess('forgetPassword', await call(env.app, 'forgetPassword', { email: DEMO.email }));
    expectSuccess(
      'resetPassword',
      await call(env.app, 'resetPassword', { token: resetTokenOf(env.db, DEMO.email)!, password: 'Reset20271' }),
    );
    expect(outbox(env.db, DEMO.email).map((m) => m.subject)).toEqual(['您的 LINEA 密碼已變更', '重設您的密碼', '您的 LINEA 密碼已變更']);
  });

  it('an address of another account is refused on the change-email form as another account’s, not with a sign-in hint', async () => {
    const env = sampleEnv();
    const { token } = await login(env.app);
    expectFailure(await call(env.app, 'emailCodeSend', { email: OTHER.email }, { token }), 'UR_EMAIL_OTHER_ACCOUNT', { field: 'email' });
  });
});
