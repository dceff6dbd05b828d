/**
 * The store's pages a payment comes back to. Kept apart from the contract's schemas so that
 * what routes requests (the host rules, the Cloudflare Worker) does not bundle zod for a table.
 */
import type { OnlinePayChannel } from '../constants.ts';

/**
 * Where the fake payment provider sends the shopper back, per channel, with
 * `?orderCode=…&result=success|failed`, under the prefix of the language the payment was
 * started in. Fixed same-origin paths: never taken from a request.
 */
export const PAYMENT_RETURN_PATHS: Record<OnlinePayChannel, string> = {
  CARD: '/payment/return/card.html',
  UNION_CARD: '/payment/return/union-card.html',
  // The online wallet's return keeps the address the brand's provider already knows.
  WALLET: '/ali.html',
  BANK_A: '/payment/return/bank-a.html',
  BANK_B: '/payment/return/bank-b.html',
  ALIPAY: '/payment/return/alipay.html',
  WECHAT_PAY: '/payment/return/wechat-pay.html',
  ALIPAY_HK: '/payment/return/alipay-hk.html',
  PAYME: '/payment/return/payme.html',
  MPAY: '/payment/return/mpay.html',
};
