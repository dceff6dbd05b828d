/**
 * The local store's canned answers: right after a member writes on a ticket about an order,
 * a delivery or a return, the store answers at once in the request's language. Questions about
 * a product, the account or anything else wait for a person (no canned answer).
 */
import type { TICKET_CATEGORIES } from '../../src/lib/constants.ts';
import { localText } from './request-language.ts';

type Category = (typeof TICKET_CATEGORIES)[number];

const REPLIES: Partial<Record<Category, Record<string, string>>> = {
  ORDER: {
    'zh-TW': '您好，我們已收到您的訂單問題並轉交訂單組查詢，將於一個工作天內回覆。最新狀態也可以在「我的訂單」查看。',
    'zh-HK': '您好，我們已收到您的訂單查詢並轉交訂單組跟進，將於一個工作天內回覆。最新狀態亦可在「我的訂單」查看。',
    'en-GB':
      'Thank you: your question about the order is with our order team, who will answer within one working day. "My orders" shows its latest status.',
  },
  DELIVERY: {
    'zh-TW': '您好，包裹出貨後約 2 至 3 個工作天送達，配送進度可在訂單明細的物流資訊查看；若超過時間仍未收到，我們會協助向物流查詢。',
    'zh-HK': '您好，包裹發貨後約 2 至 3 個工作天送達，配送進度可在訂單詳情的物流資料查看；如逾時仍未收到，我們會協助向物流查詢。',
    'en-GB':
      'Thank you: parcels arrive 2 to 3 working days after dispatch, and the order detail shows the courier’s progress. If yours is later than that, we will chase the courier for you.',
  },
  RETURN: {
    'zh-TW': '您好，退換貨請於收到商品 7 天內在「我的訂單」提出申請，商品需保持全新並附吊牌，我們收到退件後會儘快處理。',
    'zh-HK': '您好，退換貨請於收到貨品 7 天內在「我的訂單」提出申請，貨品須保持全新並附吊牌，我們收到退件後會盡快處理。',
    'en-GB':
      'Thank you: returns and exchanges are asked for in "My orders" within 7 days of delivery, unworn and with their tags; we deal with them as soon as they reach us.',
  },
};

/** The store's instant answer to a ticket of this category, or null when a person answers it. */
export function cannedReply(category: Category): string | null {
  const reply = REPLIES[category];
  return reply ? localText(reply) : null;
}
