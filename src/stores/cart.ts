/**
 * The header's cart: the item count on the cart icon and the mini cart popup (spec §2, §4,
 * §8). Only for signed-in members: for a visitor every action does nothing.
 *
 * The count is cached in localStorage with the member's id, so the next page of the same
 * member shows it without a call; another member (or none) never sees it.
 */
import { atom } from 'nanostores';
import type { CartLine, RequestOf, ResponseOf } from '../lib/api/contract.ts';
import type { ApiResult } from '../lib/api/client.ts';
import { MINI_CART_MAX_LINES } from '../lib/constants.ts';
import { getPlatform } from './platform.ts';
import { $httpError, $member, onMemberLogout } from './session.ts';
import { apiClient } from './lazy-auth.ts';


export const CART_COUNT_STORAGE_KEY = 'linea:cart:count';

// ---------------------------------------------------------------------------------------
// Count

/** Items in the cart; null while unknown (a visitor, not loaded yet, or the load failed). */
export const $cartCount = atom<number | null>(null);

interface CachedCount {
  userId: string;
  count: number;
}

function readCachedCount(userId: string): number | null {
  try {
    const cached = JSON.parse(getPlatform().localStorage.getItem(CART_COUNT_STORAGE_KEY) ?? 'null') as Partial<CachedCount> | null;
    return cached?.userId === userId && Number.isInteger(cached.count) ? cached.count! : null;
  } catch {
    return null; // unreadable: fetch instead
  }
}

/** Every total the API tells us is the count: the badge, the mini cart and the cache agree. */
function acceptTotal(userId: string, total: number): void {
  $cartCount.set(total);
  if ($miniCart.get().total !== total) $miniCart.set({ ...$miniCart.get(), total });
  const cached: CachedCount = { userId, count: total };
  getPlatform().localStorage.setItem(CART_COUNT_STORAGE_KEY, JSON.stringify(cached));
}

/**
 * The cart badge: from the cache when it belongs to this member, else from the API.
 * `force` skips the cache (e.g. after the cart page changed the cart). A failure goes to the
 * shared error handler (spec §8) and leaves the count unknown.
 */
export async function loadCartCount(options: { force?: boolean } = {}): Promise<void> {
  const member = $member.get();
  if (!member) return;
  const cached = options.force ? null : readCachedCount(member.userId);
  if (cached !== null) {
    $cartCount.set(cached);
    return;
  }
  const generation = currentGeneration;
  const result = await (await apiClient()).call('cartCount');
  if (generation !== currentGeneration || $member.get()?.userId !== member.userId) return; // signed out meanwhile
  if (result.ok) acceptTotal(member.userId, result.data);
  // A network failure reached onHttpError in the client already; a refused answer has not.
  else if (result.kind === 'failure') $httpError.set(result.msg ?? result.msgCode);
}

// ---------------------------------------------------------------------------------------
// Mini cart

export type MiniCartStatus = 'uninit' | 'init' | 'error';

export interface MiniCart {
  /** uninit until the first load ends; error after a failed load (offer refresh and retry). */
  status: MiniCartStatus;
  /** True while a load is in flight; the last lines stay meanwhile. */
  loading: boolean;
  /** Every line of the cart, newest first. */
  lines: CartLine[];
  /** The lines the popup shows: at most MINI_CART_MAX_LINES (spec §2). */
  shownLines: CartLine[];
  /** Items in the cart (sum of quantities), as the API counts them. */
  total: number;
}

const EMPTY_MINI_CART: MiniCart = { status: 'uninit', loading: false, lines: [], shownLines: [], total: 0 };

export const $miniCart = atom<MiniCart>(EMPTY_MINI_CART);

/** Bumped by every mini cart load and by logout, so only the newest answer lands. */
let miniCartRequest = 0;
/** Bumped by logout: an answer that left before it belongs to nobody. */
let currentGeneration = 0;

/** Load the mini cart lines; also refreshes the count. */
export async function loadMiniCart(): Promise<void> {
  const member = $member.get();
  if (!member) return;
  const request = ++miniCartRequest;
  $miniCart.set({ ...$miniCart.get(), loading: true });
  const result = await (await apiClient()).call('miniCart');
  if (request !== miniCartRequest || $member.get()?.userId !== member.userId) return; // superseded or signed out
  if (result.ok) {
    const lines = result.data[0]?.cartList ?? [];
    const total = result.data[0]?.total ?? 0;
    $miniCart.set({ status: 'init', loading: false, lines, shownLines: lines.slice(0, MINI_CART_MAX_LINES), total });
    acceptTotal(member.userId, total);
  } else if (result.kind === 'aborted') {
    $miniCart.set({ ...$miniCart.get(), loading: false }); // the page is being left
  } else {
    $miniCart.set({ ...$miniCart.get(), status: 'error', loading: false });
  }
}

/** The "refresh and retry" of the load-failure message (spec §8). */
export function retryMiniCart(): Promise<void> {
  return loadMiniCart();
}

/** null: nobody is signed in, nothing was sent. */
export type CartActionResult<N extends 'cartAdd' | 'cartRemove'> = ApiResult<ResponseOf<N>> | null;

/**
 * Add a SKU. On success the total changes at once, then the mini list is refreshed (spec §4).
 * A refusal (e.g. CART_STOCK_NOT_ENOUGH) is returned for the caller to show.
 */
export async function addToCart(line: RequestOf<'cartAdd'>): Promise<CartActionResult<'cartAdd'>> {
  return changeCart('cartAdd', line);
}

/** Remove lines by cartId; the total first, then the mini list, like addToCart. */
export async function removeFromCart(cartIds: string | readonly string[]): Promise<CartActionResult<'cartRemove'>> {
  return changeCart('cartRemove', { cartIds: typeof cartIds === 'string' ? [cartIds] : [...cartIds] });
}

/** The hem and gift-wrapping services chosen with an item (spec §5); sent after the item is in the cart. */
export type LineServices = Omit<RequestOf<'cartOptions'>, 'cartId'>;

/** What adding with services did: the add's answer, and the services' when they failed after a successful add. */
export interface AddWithServicesResult {
  added: CartActionResult<'cartAdd'>;
  /** The item is in the cart, but its services were not saved: say so, or a retry adds it twice. */
  servicesFailed: Exclude<ApiResult<unknown>, { ok: true }> | null;
}

/**
 * Add a SKU with services: the line is added, then its services set (the cart keeps one line
 * per SKU, found by its code).
 */
export async function addToCartWithServices(line: RequestOf<'cartAdd'>, services: LineServices | null): Promise<AddWithServicesResult> {
  const added = await addToCart(line);
  if (!added?.ok || !services) return { added, servicesFailed: null };
  const client = await apiClient();
  const cart = await client.call('cartDetail');
  if (!cart.ok) return { added, servicesFailed: cart };
  const cartId = cart.data.lines.find((l) => l.skuCode === line.skuCode)?.cartId;
  if (!cartId) return { added, servicesFailed: null };
  const set = await client.call('cartOptions', { cartId, ...services });
  return { added, servicesFailed: set.ok ? null : set };
}

async function changeCart<N extends 'cartAdd' | 'cartRemove'>(name: N, body: RequestOf<N>): Promise<CartActionResult<N>> {
  const member = $member.get();
  if (!member) return null;
  const generation = currentGeneration;
  const result = await (await apiClient()).call(name, body);
  if (result.ok && generation === currentGeneration && $member.get()?.userId === member.userId) {
    acceptTotal(member.userId, result.data.total);
    await loadMiniCart();
  }
  return result;
}

// ---------------------------------------------------------------------------------------
// Logout

function resetCart(): void {
  currentGeneration++;
  miniCartRequest++;
  $cartCount.set(null);
  $miniCart.set(EMPTY_MINI_CART);
  // The cache is for the next page of the same session; a signed-out browser keeps nothing.
  getPlatform().localStorage.removeItem(CART_COUNT_STORAGE_KEY);
}

onMemberLogout(resetCart);
