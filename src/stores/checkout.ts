/**
 * Checkout (spec §2 /payment/payment.html and /payment_settlement.html): the preview of the
 * order for the chosen delivery and coupon, the member's addresses, and placing the order.
 * A placed order's tracking payload (spec §3) goes to analytics before the shopper leaves.
 */
import { atom } from 'nanostores';
import type { RequestOf, ResponseOf } from '../lib/api/contract.ts';
import type { ApiResult } from '../lib/api/client.ts';
import { sendToCollector } from '../lib/analytics/collector.ts';
import { loadCartCount } from './cart.ts';
import { apiClient } from './lazy-auth.ts';
import { $member } from './session.ts';
import { getPlatform } from './platform.ts';

export type Preview = ResponseOf<'checkoutPreview'>;
export type PreviewState = { status: 'loading' } | { status: 'ready'; preview: Preview } | { status: 'empty' } | { status: 'error'; message: string | null };
export const $preview = atom<PreviewState>({ status: 'loading' });
export const $addresses = atom<ResponseOf<'addressList'> | null>(null);

let previewRequest = 0;

/** `couponId` undefined lets the API pick the best usable coupon; null asks for none. */
export async function loadPreview(deliveryType: RequestOf<'checkoutPreview'>['deliveryType'], couponId: string | null | undefined): Promise<void> {
  const request = ++previewRequest;
  const result = await (await apiClient()).call('checkoutPreview', { deliveryType, ...(couponId !== undefined ? { couponId } : {}) });
  if (request !== previewRequest || (!result.ok && result.kind === 'aborted')) return;
  if (result.ok) $preview.set({ status: 'ready', preview: result.data });
  else if (result.kind === 'failure' && result.msgCode === 'OD_CART_EMPTY') $preview.set({ status: 'empty' });
  else $preview.set({ status: 'error', message: result.kind === 'failure' ? result.msgCode : null });
}

export async function loadAddresses(): Promise<void> {
  const result = await (await apiClient()).call('addressList');
  $addresses.set(result.ok ? result.data : []);
}

export async function placeOrder(body: RequestOf<'orderCreate'>): Promise<ApiResult<ResponseOf<'orderCreate'>>> {
  const result = await (await apiClient()).call('orderCreate', body);
  if (result.ok) {
    const { tracking } = result.data;
    await sendToCollector('/datarcvr/custom', { id: tracking.orTempId, name: 'purchase', user_id: $member.get()?.userId, current_url: getPlatform().currentUrl(), event_prop: tracking }, getPlatform().fetch);
    await loadCartCount({ force: true });
  }
  return result;
}

/** Saves a new address and adds it to the page's list. */
export async function saveAddress(body: RequestOf<'addressSave'>): Promise<ApiResult<ResponseOf<'addressSave'>>> {
  const result = await (await apiClient()).call('addressSave', body);
  if (result.ok) $addresses.set([...($addresses.get() ?? []), result.data]);
  return result;
}
