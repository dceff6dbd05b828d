/**
 * The order confirmation mail: lines with their hem and gift wrap, sums, delivery and the pay-by
 * line only while payment is due, in the language it is composed in and the order's currency,
 * as text and as escaped HTML. An unpaid online order's is held for its payment.
 */
import { describe, expect, it } from 'vitest';
import type { StoredOrder } from '../../scripts/local-commerce/case-records.ts';
import type { ComposeContext } from '../../scripts/local-commerce/mail.ts';
import { orderPlacedMail, PLACED_MAIL_HOLD_MINUTES } from '../../scripts/local-commerce/order-mail.ts';
import { withRequestLanguage } from '../../scripts/local-commerce/request-language.ts';

const PLACED_AT = Date.UTC(2026, 10, 26, 4, 0);
const LINK = 'https://www.linea.example/en-gb/account/detail.html?orderCode=O20261126000012';
const context: ComposeContext = { link: () => LINK, productOf: () => null };
const line = (skuName: string, colorAlias: string, unitPrice: number, extra: object = {}) => ({
  quantity: 1,
  giftFlag: 'N',
  alterMode: null,
  finalInseam: null,
  caseFlag: 'N',
  productDetailInfo: { skuName, colorAlias, sizeAlias: 'M', unitPrice },
  ...extra,
});
const order = (status: string, method: string, discount: number) =>
  ({
    orderCode: 'O20261126000012',
    status,
    createdAt: PLACED_AT,
    currency: 'HKD',
    deliveryType: 'EXPRESS_HOME',
    storeCode: null,
    address: { receiver: 'Chan Tai Man', mobile: '91234567', region: 'HK', city: 'Kowloon', detail: '1 Nathan Road', zipCode: '0' },
    freight: 30,
    discount,
    total: 1198 + 30 - discount,
    payment: { method, goods: 1198 },
    payBy: method === 'ONLINE' ? PLACED_AT + 24 * 3_600_000 : null,
    products: [
      line('Linen trousers', 'Sand', 699, { alterMode: 'HEM', finalInseam: 72.5 }),
      line('Cotton <b>tee</b>', '', 499, { caseFlag: 'Y' }),
    ],
  }) as unknown as StoredOrder;

const composed = (language: string, stored: StoredOrder) =>
  withRequestLanguage(language, () => orderPlacedMail('m@linea.example', stored, LINK).compose(context));

describe('the order confirmation mail', () => {
  it('lists the lines with hem and gift wrap, the sums and delivery, and asks an unpaid order to be paid by its deadline', () => {
    const placed = orderPlacedMail('m@linea.example', order('UNPAID', 'ONLINE', 50), LINK);
    expect(placed).toMatchObject({ to: 'm@linea.example', notBefore: PLACED_AT + PLACED_MAIL_HOLD_MINUTES * 60_000 });
    const mail = composed('en-GB', order('UNPAID', 'ONLINE', 50));
    expect(mail.subject).toBe('Your order O20261126000012');
    expect(mail.text).toBe(
      [
        'Thank you for your order O20261126000012.',
        '',
        'Linen trousers (Sand / M) × 1  HK$699',
        '  Hemmed to a 72.5 cm inseam',
        'Cotton <b>tee</b> (M) × 1  HK$499',
        '  Gift wrapping',
        '',
        'Items: HK$1,198',
        'Delivery: HK$30',
        'Discount: -HK$50',
        'Total: HK$1,178',
        '',
        'Delivery method: Home delivery',
        'To: Chan Tai Man, Kowloon 1 Nathan Road',
        '',
        // 04:00 UTC is noon on the brand's clock; the order closes a day later.
        'Please pay by 2026-11-27 12:00 (UTC+8), or the order is cancelled.',
        '',
        'See your order:',
        LINK,
      ].join('\n'),
    );
    // The HTML part says the same; a name is text, never markup.
    expect(mail.html).toContain(
      '<li>Cotton &#60;b&#62;tee&#60;/b&#62; (M) × 1  HK$499<br><small style="color:#666">Gift wrapping</small></li>',
    );
    expect(mail.html).not.toContain('<b>tee');
    expect(mail.html).toContain(`<a href="${LINK}">See your order</a>`);
  });

  it('says nothing of paying to an order that is paid or paid on delivery, and leaves it unheld; Chinese with full-width colons', () => {
    expect(orderPlacedMail('m@linea.example', order('WAIT_SHIP', 'PAY_IN_STORE', 0), LINK).notBefore).toBeUndefined();
    const mail = composed('zh-HK', order('WAIT_SHIP', 'PAY_IN_STORE', 0));
    expect(mail.subject).toBe('訂單 O20261126000012 已成立');
    expect(mail.text).not.toContain('折扣');
    expect(mail.text).not.toContain('付款');
    expect(mail.text).toContain('貨品金額：HK$1,198\n運費：HK$30\n總計：HK$1,228');
    expect(mail.text).toMatch(/查看訂單：\n.+detail\.html\?orderCode=O20261126000012$/);
    // Mainland pages read Taiwan's copy in Simplified characters.
    expect(composed('zh-CN', order('UNPAID', 'ONLINE', 0)).text).toContain('请于 2026-11-27 12:00（UTC+8）前完成付款');
  });
});
