/** The order confirmation mail: lines, sums and the next step, in the page's language and the order's currency. */
import { describe, expect, it } from 'vitest';
import type { StoredOrder } from '../../scripts/local-commerce/case-records.ts';
import { orderPlacedMail } from '../../scripts/local-commerce/order-mail.ts';
import { withRequestLanguage } from '../../scripts/local-commerce/request-language.ts';

const LINK = 'https://www.linea.example/en-gb/account/detail.html?orderCode=O20261126000012';
const order = (status: string, discount: number) =>
  ({
    orderCode: 'O20261126000012',
    status,
    currency: 'HKD',
    freight: 30,
    discount,
    total: 1198 + 30 - discount,
    payment: { goods: 1198 },
    products: [
      { quantity: 1, productDetailInfo: { skuName: 'Linen trousers', colorAlias: 'Sand', sizeAlias: 'M', unitPrice: 699 } },
      { quantity: 1, productDetailInfo: { skuName: 'Cotton tee', colorAlias: '', sizeAlias: 'S', unitPrice: 499 } },
    ],
  }) as unknown as StoredOrder;

describe('the order confirmation mail', () => {
  it('lists the lines and sums, and asks an unpaid order to be paid within 24 hours', () => {
    const mail = withRequestLanguage('en-GB', () => orderPlacedMail('m@linea.example', order('UNPAID', 50), LINK));
    expect(mail.to).toBe('m@linea.example');
    expect(mail.subject).toBe('Your order O20261126000012');
    expect(mail.text).toBe(
      [
        'Thank you for your order O20261126000012.',
        '',
        'Linen trousers (Sand / M) × 1  HK$699',
        'Cotton tee (S) × 1  HK$499',
        '',
        'Items: HK$1,198',
        'Delivery: HK$30',
        'Discount: -HK$50',
        'Total: HK$1,178',
        '',
        'Please pay within 24 hours, or the order is cancelled:',
        LINK,
      ].join('\n'),
    );
  });

  it('leaves out a discount of nothing, and points a paid order to its page; Chinese with full-width colons', () => {
    const mail = withRequestLanguage('zh-HK', () => orderPlacedMail('m@linea.example', order('WAIT_SHIP', 0), LINK));
    expect(mail.subject).toBe('訂單 O20261126000012 已成立');
    expect(mail.text).not.toContain('折扣');
    expect(mail.text).toContain('貨品金額：HK$1,198\n運費：HK$30\n總計：HK$1,228');
    expect(mail.text).toMatch(/查看訂單：\n.+detail\.html\?orderCode=O20261126000012$/);
    // Mainland pages read Taiwan's copy in Simplified characters.
    expect(withRequestLanguage('zh-CN', () => orderPlacedMail('m@linea.example', order('UNPAID', 0), LINK)).text).toContain(
      '请于 24 小时内完成付款',
    );
  });
});
