/**
 * Payments started with the (fake) provider: the pay_sessions table (db.ts). Checkout starts one
 * for an online order; the member starts one later for an unpaid order or a presale's deposit or
 * rest (orderPay). The token in the pay URL is what a provider's session id would be: whoever holds
 * it may pay, and only that step, only once.
 */
import { randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { OnlinePayChannel } from '../../src/lib/constants.ts';
import type { CurrencyCode } from '../../src/lib/i18n/regions.ts';
import { requestLanguage } from './request-language.ts';

export type PayStep = 'pay' | 'payDeposit' | 'payRest';

export interface PaySession {
  token: string;
  order_code: string;
  member_id: string;
  channel: OnlinePayChannel;
  step: PayStep;
  amount: number;
  currency: CurrencyCode;
  return_prefix: string;
  /** 1 for checkout's own payment: cancelling it cancels the order. */
  from_checkout: number;
  ended: 'PAID' | 'CANCELLED' | null;
}

export const PROVIDER_PATH = '/api/pay/provider';

/**
 * Starts a payment of one step of an order; answers the provider's page to send the member to.
 * Runs in the caller's transaction, and in its request: the provider returns to a page in the
 * request's language.
 */
export function startPaySession(
  db: DatabaseSync,
  session: {
    orderCode: string;
    memberId: string;
    channel: OnlinePayChannel;
    step: PayStep;
    amount: number;
    currency: CurrencyCode;
    fromCheckout: boolean;
  },
  at: number,
): string {
  const token = randomBytes(16).toString('base64url');
  db.prepare(
    'INSERT INTO pay_sessions (token, order_code, member_id, channel, step, amount, currency, return_prefix, from_checkout, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(
    token,
    session.orderCode,
    session.memberId,
    session.channel,
    session.step,
    session.amount,
    session.currency,
    // The path segment of the request's language: the shopper comes back to a page in it.
    requestLanguage().pathSegment,
    session.fromCheckout ? 1 : 0,
    at,
  );
  return `${PROVIDER_PATH}/${session.orderCode}?${new URLSearchParams({ channel: session.channel, token })}`;
}

export const paySessionOf = (db: DatabaseSync, orderCode: string, token: string) =>
  db.prepare('SELECT * FROM pay_sessions WHERE order_code = ? AND token = ?').get(orderCode, token) as PaySession | undefined;

/** Ends an open session, once: false when it had already ended. */
export const endPaySession = (db: DatabaseSync, token: string, ended: 'PAID' | 'CANCELLED') =>
  db.prepare('UPDATE pay_sessions SET ended = ? WHERE token = ? AND ended IS NULL').run(ended, token).changes === 1;

/** How the member's latest payment of the order ended ('PAID', 'CANCELLED', or null: open), or undefined: none was started. */
export const latestPaySessionEnd = (db: DatabaseSync, orderCode: string) =>
  (
    db.prepare('SELECT ended FROM pay_sessions WHERE order_code = ? ORDER BY created_at DESC, rowid DESC LIMIT 1').get(orderCode) as
      Pick<PaySession, 'ended'> | undefined
  )?.ended;
