/**
 * The cart, one store for every island that shows it: the item count on the header's cart
 * icon, the mini cart popup, and the cart page with its services, totals and changes. Only
 * for signed-in members: for a visitor every action does nothing.
 *
 * The count is cached in localStorage with the member's id, so the next page of the same
 * member shows it without a call; another member (or none) never sees it.
 *
 * The API's cart lines are mapped here to the app's (CartItem, CartPageItem): islands never
 * read the API's nesting.
 */
import { atom } from 'nanostores';
import type { CartDetailLine } from '../lib/api/contract-checkout.ts';
import type { CartLine, RequestOf, ResponseOf } from '../lib/api/contract.ts';
import { MINI_CART_MAX_LINES } from '../lib/constants.ts';
import type { CurrencyCode } from '../lib/i18n/regions.ts';
import { getPlatform } from './platform.ts';
import { sendEvent } from './analytics-events.ts';
import { $httpError, $member, callApi, onMemberLogout, type ApiResult } from './session.ts';

export const CART_COUNT_STORAGE_KEY = 'linea:cart:count';

// ---------------------------------------------------------------------------------------
// The app's cart lines

/** A cart line as the mini cart shows it. */
export interface CartItem {
  cartId: string;
  productCode: string;
  skuCode: string;
  name: string;
  colour: string;
  size: string;
  quantity: number;
  unitPrice: number;
  /** The regular price; above unitPrice when discounted. */
  originPrice: number;
  /** The hem chosen with the item: its type and the finished inseam (cm). */
  hem: { mode: string; inseam: number | null } | null;
  /** A made-to-order item's choices, named in the page's language. */
  choices: Array<{ name: string; value: string }>;
}

/** Why a line cannot be ordered now. */
export type CartLineProblem = NonNullable<CartDetailLine['invalidReason']>;

/** A cart line as the cart page and checkout show it. */
export interface CartPageItem extends CartItem {
  /** Level-2 product id of the SKU (the product page's choice). */
  productId: string;
  imageUrl: string;
  giftWrapped: boolean;
  /** A free gift of a promotion: its quantity is not the shopper's to change. */
  freeGift: boolean;
  /** What the product offers: hemming, gift wrapping (the CMS switches decide the rest). */
  offers: { hem: 'Y' | 'N'; giftWrap: 'Y' | 'N' };
  stock: number;
  lineTotal: number;
  /** null when the line can be ordered. */
  problem: CartLineProblem | null;
}

export function toCartItem(line: CartLine): CartItem {
  const info = line.productDetail.productDetailInfo;
  return {
    cartId: line.cartId,
    productCode: line.productCode,
    skuCode: line.skuCode,
    name: info.skuName,
    colour: info.colorAlias,
    size: info.sizeAlias,
    quantity: line.quantity,
    unitPrice: info.unitPrice,
    originPrice: line.productDetail.summaryInfo.originPrice,
    hem: line.alterMode ? { mode: line.alterMode, inseam: line.finalInseam } : null,
    choices: info.semiValues.map((v) => ({ name: v.semiName, value: v.semiValue })),
  };
}

export function toCartPageItem(line: CartDetailLine): CartPageItem {
  return {
    ...toCartItem(line),
    productId: line.productId,
    imageUrl: line.imageUrl,
    giftWrapped: line.caseFlag === 'Y',
    freeGift: line.giftFlag === 'Y',
    offers: { hem: line.serviceFlags.makePantsLengthFlag, giftWrap: line.serviceFlags.caseFlag },
    stock: line.stock,
    lineTotal: line.lineTotal,
    problem: line.invalid ? (line.invalidReason ?? 'OFF_SALE') : null,
  };
}

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
 * `force` skips the cache (e.g. after an order emptied the cart). A failure goes to the
 * shared error handler and leaves the count unknown.
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
  const result = await callApi('cartCount');
  if (generation !== currentGeneration || $member.get()?.userId !== member.userId) return; // signed out meanwhile
  if (result.ok) acceptTotal(member.userId, result.data);
  // A network failure reached the shared handler in the client already; a refused answer has not.
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
  lines: CartItem[];
  /** The lines the popup shows: at most MINI_CART_MAX_LINES. */
  shownLines: CartItem[];
  /** Items in the cart (sum of quantities), as the API counts them. */
  total: number;
  /** The lines' prices are in this (the page's region's, as the API priced them); null before a load. */
  currency: CurrencyCode | null;
}

const EMPTY_MINI_CART: MiniCart = { status: 'uninit', loading: false, lines: [], shownLines: [], total: 0, currency: null };

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
  const result = await callApi('miniCart');
  if (request !== miniCartRequest || $member.get()?.userId !== member.userId) return; // superseded or signed out
  if (result.ok) {
    // The API wraps the mini cart in a one-element list.
    const lines = (result.data[0]?.cartList ?? []).map(toCartItem);
    const total = result.data[0]?.total ?? 0;
    const currency = result.data[0]?.currency ?? null;
    $miniCart.set({ status: 'init', loading: false, lines, shownLines: lines.slice(0, MINI_CART_MAX_LINES), total, currency });
    acceptTotal(member.userId, total);
  } else if (result.kind === 'aborted') {
    $miniCart.set({ ...$miniCart.get(), loading: false }); // the page is being left
  } else {
    $miniCart.set({ ...$miniCart.get(), status: 'error', loading: false });
  }
}

/** The "refresh and retry" of the load-failure message. */
export function retryMiniCart(): Promise<void> {
  return loadMiniCart();
}

// ---------------------------------------------------------------------------------------
// The cart page: every line with its services and whether it can be ordered, and the totals
// the API computes.

export interface CartView {
  currency: ResponseOf<'cartDetail'>['currency'];
  lines: CartPageItem[];
  summary: ResponseOf<'cartDetail'>['summary'];
}
export type CartPageState = { status: 'loading' } | { status: 'ready'; cart: CartView } | { status: 'error' };
export const $cartPage = atom<CartPageState>({ status: 'loading' });

export function toCartView(detail: ResponseOf<'cartDetail'>): CartView {
  return { currency: detail.currency, lines: detail.lines.map(toCartPageItem), summary: detail.summary };
}

/** The cart as the API answered it: the page's cart, the mini cart and the badge at once. */
function acceptCart(userId: string, detail: ResponseOf<'cartDetail'>, cart: CartView): void {
  // As the API's mini cart: without the lines not sold in this region (they have no price here).
  const lines = detail.lines.filter((l) => l.invalidReason !== 'NOT_SOLD_HERE').map(toCartItem);
  miniCartRequest++; // a mini cart load still out is older than this answer
  $miniCart.set({
    status: 'init',
    loading: false,
    lines,
    shownLines: lines.slice(0, MINI_CART_MAX_LINES),
    total: detail.count,
    currency: detail.currency,
  });
  acceptTotal(userId, detail.count);
  $cartPage.set({ status: 'ready', cart });
}

export async function loadCartPage(): Promise<void> {
  const member = $member.get();
  if (!member) return;
  const result = await callApi('cartDetail');
  if (result.ok) acceptCart(member.userId, result.data, toCartView(result.data));
  else if (result.kind !== 'aborted') $cartPage.set({ status: 'error' });
}

// ---------------------------------------------------------------------------------------
// Changes: each is one request, whose answer is the cart it made

/** The cart after a change; null: nobody is signed in, nothing was sent. */
export type CartChangeResult = ApiResult<CartView> | null;

type CartChange = 'cartAdd' | 'cartUpdate' | 'cartRemove' | 'cartOptions';

async function changeCart<N extends CartChange>(name: N, body: RequestOf<N>): Promise<CartChangeResult> {
  const member = $member.get();
  if (!member) return null;
  const generation = currentGeneration;
  const result = await callApi<CartChange>(name, body);
  if (!result.ok) return result;
  const cart = toCartView(result.data);
  // An answer that left before a logout belongs to nobody.
  if (generation === currentGeneration && $member.get()?.userId === member.userId) acceptCart(member.userId, result.data, cart);
  return { ok: true, data: cart };
}

/**
 * Add a SKU, with the hem and gift wrapping chosen for it: one request, all or nothing (a
 * refused service adds nothing, so a retry never adds the item twice). A refusal (e.g.
 * CART_STOCK_NOT_ENOUGH, CART_HEM_NOT_AVAILABLE) is returned for the caller to show.
 */
export async function addToCart(item: RequestOf<'cartAdd'>): Promise<CartChangeResult> {
  const result = await changeCart('cartAdd', item);
  const line = result?.ok ? result.data.lines.find((l) => l.skuCode === item.skuCode) : undefined;
  if (line)
    void sendEvent(
      'addcart',
      { items: [{ spu: item.productCode, sku: item.skuCode, num: item.quantity, price: line.unitPrice }] },
      $member.get()?.userId ?? null,
    );
  return result;
}

/** Remove lines by cartId. */
export function removeFromCart(cartIds: string | readonly string[]): Promise<CartChangeResult> {
  return changeCart('cartRemove', { cartIds: typeof cartIds === 'string' ? [cartIds] : [...cartIds] });
}

export function changeQuantity(cartId: string, quantity: number): Promise<CartChangeResult> {
  return changeCart('cartUpdate', { cartId, quantity });
}

export function setGiftWrap(cartId: string, caseFlag: 'Y' | 'N'): Promise<CartChangeResult> {
  return changeCart('cartOptions', { cartId, caseFlag });
}

/** Takes the hem off a line (it is chosen on the product page). */
export function removeHem(cartId: string): Promise<CartChangeResult> {
  return changeCart('cartOptions', { cartId, alterMode: null, finalInseam: null });
}

// ---------------------------------------------------------------------------------------
// Logout

function resetCart(): void {
  currentGeneration++;
  miniCartRequest++;
  $cartCount.set(null);
  $miniCart.set(EMPTY_MINI_CART);
  $cartPage.set({ status: 'loading' });
  // The cache is for the next page of the same session; a signed-out browser keeps nothing.
  getPlatform().localStorage.removeItem(CART_COUNT_STORAGE_KEY);
}

onMemberLogout(resetCart);
