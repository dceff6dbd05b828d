/**
 * A placed order as the pages after checkout show it, and the payment providers' return:
 * the API says whether the order is paid (the provider's `result` in the URL is not trusted),
 * and the shopper moves on to the completed or the failed page.
 */
import { atom } from 'nanostores';
import type { Order } from '../lib/api/contract.ts';
import { getPlatform, languagePrefix } from './platform.ts';
import { callApi, onMemberLogout, requireMember } from './session.ts';

/** An order as the result pages show it. */
export interface OrderSummary {
  orderCode: string;
  total: number;
  status: Order['status'];
}

export type OrderState = { status: 'loading' } | { status: 'ready'; order: OrderSummary } | { status: 'not-found' } | { status: 'error' };
export const $order = atom<OrderState>({ status: 'loading' });

/** The order `orderCode` of the signed-in member. A visitor is sent to sign in. */
export async function loadOrder(orderCode: string): Promise<void> {
  if (!orderCode) return $order.set({ status: 'not-found' });
  if (!(await requireMember())) return;
  $order.set({ status: 'loading' });
  const result = await callApi('orderDetail', { orderCode });
  if (result.ok)
    $order.set({ status: 'ready', order: { orderCode: result.data.orderCode, total: result.data.total, status: result.data.status } });
  else if (result.kind === 'failure') $order.set({ status: 'not-found' });
  else if (result.kind !== 'aborted') $order.set({ status: 'error' });
}

/** A payment provider sent the shopper back: on to the completed or the failed page, as the API says. */
export async function followPaymentReturn(orderCode: string): Promise<void> {
  if (!orderCode) return $order.set({ status: 'not-found' });
  if (!(await requireMember())) return;
  $order.set({ status: 'loading' });
  const result = await callApi('orderPayStatus', { orderCode });
  if (result.ok) {
    const next = result.data.paid ? 'complete' : 'failed';
    getPlatform().navigate(`${languagePrefix()}/payment/${next}.html?orderCode=${encodeURIComponent(orderCode)}`);
  } else if (result.kind === 'failure') $order.set({ status: 'not-found' });
  else if (result.kind !== 'aborted') $order.set({ status: 'error' });
}

onMemberLogout(() => $order.set({ status: 'loading' }));
