/**
 * The cart page's cart (spec §2 /cart.html): every line with its services and whether it can
 * be ordered, and the totals the API computes. Changes go through the API and the answer
 * replaces the page's cart; the header's count and mini cart follow (cart.ts).
 */
import { atom } from 'nanostores';
import type { ResponseOf } from '../lib/api/contract.ts';
import type { ApiResult } from '../lib/api/client.ts';
import { loadCartCount, loadMiniCart, removeFromCart } from './cart.ts';
import { apiClient } from './lazy-auth.ts';

export type CartDetail = ResponseOf<'cartDetail'>;
export type CartPageState = { status: 'loading' } | { status: 'ready'; cart: CartDetail } | { status: 'error' };
export const $cartPage = atom<CartPageState>({ status: 'loading' });

export async function loadCartPage(): Promise<void> {
  const result = await (await apiClient()).call('cartDetail');
  if (!result.ok) {
    if (result.kind !== 'aborted') $cartPage.set({ status: 'error' });
    return;
  }
  $cartPage.set({ status: 'ready', cart: result.data });
}

/** After a change: the page's cart, then the header's count and mini cart. */
async function afterChange(): Promise<void> {
  await loadCartPage();
  await Promise.all([loadCartCount({ force: true }), loadMiniCart()]);
}

export async function changeQuantity(cartId: string, quantity: number): Promise<ApiResult<unknown>> {
  const result = await (await apiClient()).call('cartUpdate', { cartId, quantity });
  if (result.ok) await afterChange();
  return result;
}

export async function removeLine(cartId: string): Promise<ApiResult<unknown> | null> {
  const result = await removeFromCart(cartId);
  if (result?.ok) await loadCartPage();
  return result;
}

export async function setGiftWrap(cartId: string, caseFlag: 'Y' | 'N'): Promise<ApiResult<unknown>> {
  const result = await (await apiClient()).call('cartOptions', { cartId, caseFlag });
  if (result.ok) $cartPage.set({ status: 'ready', cart: result.data });
  return result;
}
