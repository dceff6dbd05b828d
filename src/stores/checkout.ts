/**
 * Checkout (/payment/payment.html and /payment_settlement.html): the preview of the
 * order for the chosen delivery and coupon, and placing the order (the addresses are
 * addresses.ts's).
 * A placed order's tracking payload goes to analytics before the shopper leaves (the
 * purchase event would be lost with the page).
 */
import { atom } from 'nanostores';
import type { RequestOf, ResponseOf } from '../lib/api/contract.ts';
import { loadCartCount, toCartPageItem, type CartPageItem } from './cart.ts';
import { $member, callApi, type ApiResult } from './session.ts';
import { sendFreeEvent } from './analytics-events.ts';
import { riskBlackbox, tagEvent } from './third-party.ts';

/** The order before it is placed, its lines mapped like the cart page's. */
export type Preview = Omit<ResponseOf<'checkoutPreview'>, 'lines'> & { lines: CartPageItem[] };
/**
 * The preview keeps the last good answer while a new one is asked for (`pending`) or after one
 * failed (`error`), so the form stays; but an order is only placed on a fresh preview.
 */
export interface PreviewState {
  preview: Preview | null;
  pending: boolean;
  /** Nothing in the cart can be ordered. */
  empty: boolean;
  /** The last request failed: its msgCode, or null for a network failure. */
  error: { msgCode: string | null } | null;
}
export const $preview = atom<PreviewState>({ preview: null, pending: true, empty: false, error: null });

let previewRequest = 0;

/** `couponId` undefined lets the API pick the best usable coupon; null asks for none. */
export async function loadPreview(
  deliveryType: RequestOf<'checkoutPreview'>['deliveryType'],
  couponId: string | null | undefined,
): Promise<void> {
  const request = ++previewRequest;
  $preview.set({ ...$preview.get(), pending: true });
  const result = await callApi('checkoutPreview', { deliveryType, ...(couponId !== undefined ? { couponId } : {}) });
  if (request !== previewRequest || (!result.ok && result.kind === 'aborted')) return;
  if (result.ok)
    $preview.set({ preview: { ...result.data, lines: result.data.lines.map(toCartPageItem) }, pending: false, empty: false, error: null });
  else if (result.kind === 'failure' && result.msgCode === 'OD_CART_EMPTY')
    $preview.set({ preview: null, pending: false, empty: true, error: null });
  else $preview.set({ ...$preview.get(), pending: false, error: { msgCode: result.kind === 'failure' ? result.msgCode : null } });
}

/** Starts what an order carries from the browser (the risk fingerprint), so it is ready when the shopper places it. */
export function prepareOrder(): void {
  void riskBlackbox();
}

export async function placeOrder(body: RequestOf<'orderCreate'>): Promise<ApiResult<ResponseOf<'orderCreate'>>> {
  const blackbox = await riskBlackbox();
  const result = await callApi('orderCreate', blackbox ? { ...body, blackbox } : body);
  if (result.ok) {
    const { tracking } = result.data;
    tagEvent({ event: 'purchase', ecommerce: tracking });
    await sendFreeEvent({ id: tracking.orTempId, name: 'purchase', userId: $member.get()?.userId ?? null, prop: tracking }, { now: true });
    await loadCartCount({ force: true });
  }
  return result;
}
