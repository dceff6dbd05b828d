/**
 * The cart page's logic, for the island to draw: the member's lines as the page shows them
 * (the quantities each may take, whether gift wrapping is offered, its product's address),
 * whether anything can be ordered, the line a change is working on, and what a refused change
 * says. The cart itself, its totals and the changes are the cart store's (stores/cart.ts), whose
 * answers the mini cart and the badge share.
 */
import { atom, computed } from 'nanostores';
import { MAX_QUANTITY_PER_LINE } from '../lib/api/contract-values.ts';
import { productDetailHref } from '../lib/product/product-id.ts';
import { caseServiceOffered, type CaseSwitches } from '../lib/product/rules.ts';
import {
  $cartPage,
  changeQuantity,
  loadCartPage,
  removeFromCart,
  removeHem,
  setGiftWrap,
  type CartChangeResult,
  type CartPageItem,
  type CartView,
} from './cart.ts';
import { languagePrefix } from './platform.ts';
import { requireMember } from './session.ts';

export interface CartPageLine extends CartPageItem {
  /** The product's page, with this line's colour and size chosen. */
  href: string;
  /** The quantities the line's menu offers: up to the stock and the per-line cap, never fewer than it has. */
  quantities: number[];
  /** Gift wrapping shows: offered for the product and by the store, or chosen before the store stopped offering it (to be taken off). */
  wrapShown: boolean;
  /** A change to this line is on its way: its controls wait. */
  busy: boolean;
}

export type CartPageView =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'empty' }
  | {
      status: 'ready';
      lines: CartPageLine[];
      summary: CartView['summary'];
      currency: CartView['currency'];
      /** At least one line can be ordered now: checkout is offered. */
      orderable: boolean;
    };

/** A refused change: the API's msgCode and msg (both null for a network failure). */
export type CartPageError = { msgCode: string | null; msg: string | null };

const $switches = atom<CaseSwitches>({ caseServiceSwitch: 'N', caseDeliveryType: [] });
const $busyLine = atom<string | null>(null);
export const $cartPageError = atom<CartPageError | null>(null);

/** The quantities a line's menu offers. */
export function quantityChoices(line: Pick<CartPageItem, 'quantity' | 'stock'>): number[] {
  const most = Math.max(line.quantity, Math.min(MAX_QUANTITY_PER_LINE, Math.max(line.stock, 1)));
  return Array.from({ length: most }, (_, i) => i + 1);
}

export const $cartPageView = computed([$cartPage, $busyLine, $switches], (state, busyLine, switches): CartPageView => {
  if (state.status !== 'ready') return state;
  const { cart } = state;
  if (cart.lines.length === 0) return { status: 'empty' };
  const prefix = languagePrefix();
  return {
    status: 'ready',
    lines: cart.lines.map((line) => ({
      ...line,
      href: `${prefix}${productDetailHref(line.productCode, line.productId)}`,
      quantities: quantityChoices(line),
      // Checkout refuses every delivery for a line with a service no delivery takes: wrapping chosen stays visible to take off.
      wrapShown: (line.giftWrapped || caseServiceOffered(line.offers.giftWrap, switches)) && !line.problem,
      busy: busyLine === line.cartId,
    })),
    summary: cart.summary,
    currency: cart.currency,
    orderable: cart.lines.some((l) => !l.problem),
  };
});

/** The page opens: a visitor is sent to sign in; a member's cart loads. `switches` are the store's gift-wrapping switches (the CMS's). */
export async function openCartPage(switches: CaseSwitches): Promise<void> {
  $switches.set(switches);
  if (await requireMember()) await loadCartPage();
}

export const retryCartPage = loadCartPage;

/** One change at a time per line; a refusal (not a page being left) is said above the totals. */
async function change(cartId: string, action: () => Promise<CartChangeResult>): Promise<void> {
  $busyLine.set(cartId);
  $cartPageError.set(null);
  const result = await action();
  $busyLine.set(null);
  if (result && !result.ok && result.kind !== 'aborted')
    $cartPageError.set(result.kind === 'failure' ? { msgCode: result.msgCode, msg: result.msg } : { msgCode: null, msg: null });
}

export const changeLineQuantity = (cartId: string, quantity: number) => change(cartId, () => changeQuantity(cartId, quantity));
export const removeLine = (cartId: string) => change(cartId, () => removeFromCart(cartId));
export const setLineGiftWrap = (cartId: string, wrapped: boolean) => change(cartId, () => setGiftWrap(cartId, wrapped ? 'Y' : 'N'));
export const removeLineHem = (cartId: string) => change(cartId, () => removeHem(cartId));
