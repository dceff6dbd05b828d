/** The mail confirming a placed order, in the request's language and the order's currency. */
import { formatMoney } from '../../src/lib/format/currency.ts';
import { UNPAID_PAY_HOURS } from '../../src/lib/constants.ts';
import type { StoredOrder } from './case-records.ts';
import type { Mail } from './mail.ts';
import { localText } from './request-language.ts';

export function orderPlacedMail(to: string, order: StoredOrder, detailLink: string): Mail {
  const money = (amount: number) => formatMoney(amount, order.currency);
  const lines = order.products.map(({ productDetailInfo: info, quantity }) => {
    const variant = [info.colorAlias, info.sizeAlias].filter(Boolean).join(' / ');
    return `${info.skuName}${variant ? ` (${variant})` : ''} × ${quantity}  ${money(info.unitPrice * quantity)}`;
  });
  // Chinese takes a full-width colon, with no space after it.
  const colon = localText({ 'zh-TW': '：', 'zh-HK': '：', 'en-GB': ': ' });
  const row = (label: Record<string, string>, amount: string) => `${localText(label)}${colon}${amount}`;
  const sums = [
    row({ 'zh-TW': '商品金額', 'zh-HK': '貨品金額', 'en-GB': 'Items' }, money(order.payment.goods)),
    row({ 'zh-TW': '運費', 'zh-HK': '運費', 'en-GB': 'Delivery' }, money(order.freight)),
    ...(order.discount > 0 ? [row({ 'zh-TW': '折扣', 'zh-HK': '折扣', 'en-GB': 'Discount' }, `-${money(order.discount)}`)] : []),
    row({ 'zh-TW': '總計', 'zh-HK': '總計', 'en-GB': 'Total' }, money(order.total)),
  ];
  const unpaid = order.status === 'UNPAID';
  const next = unpaid
    ? localText({
        'zh-TW': `請於 ${UNPAID_PAY_HOURS} 小時內完成付款，逾時訂單將自動取消：`,
        'zh-HK': `請於 ${UNPAID_PAY_HOURS} 小時內完成付款，逾時訂單將自動取消：`,
        'en-GB': `Please pay within ${UNPAID_PAY_HOURS} hours, or the order is cancelled:`,
      })
    : localText({ 'zh-TW': '查看訂單：', 'zh-HK': '查看訂單：', 'en-GB': 'See your order:' });
  return {
    to,
    subject: localText({
      'zh-TW': `訂單 ${order.orderCode} 已成立`,
      'zh-HK': `訂單 ${order.orderCode} 已成立`,
      'en-GB': `Your order ${order.orderCode}`,
    }),
    text: [
      localText({
        'zh-TW': `感謝您的訂購，訂單編號 ${order.orderCode}。`,
        'zh-HK': `多謝您的訂購，訂單編號 ${order.orderCode}。`,
        'en-GB': `Thank you for your order ${order.orderCode}.`,
      }),
      '',
      ...lines,
      '',
      ...sums,
      '',
      next,
      detailLink,
    ].join('\n'),
  };
}
