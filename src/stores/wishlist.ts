/**
 * The header's wishlist: the count on the wishlist icon, and adding or removing a product.
 * The wishlist works only for a signed-in member while the
 * CMS collectionSwitch is Y; otherwise every action does nothing.
 *
 * The wish list (its product codes, the entries, the valid entries and the total) is fetched
 * at most WISH_LIST_MAX_FETCHES times per page unless invalidated; adding or removing updates
 * it in place, so every island showing a heart or the badge agrees without a refetch.
 */
import { atom, computed } from 'nanostores';
import type { ResponseOf } from '../lib/api/contract.ts';
import { WISH_LIST_MAX_FETCHES } from '../lib/constants.ts';
import { isValidWish, type WishEntry } from '../lib/product/wishlist.ts';
import { $member, callApi, onMemberLogout, type ApiResult } from './session.ts';

/**
 * The CMS switch config's collectionSwitch. The page sets it from its build-time switch
 * config (setCollectionSwitch); until then the wishlist stays off, the safe side of the rule
 * that the wishlist works only for a signed-in member with collectionSwitch Y.
 */
export const $collectionSwitch = atom<'Y' | 'N'>('N');

export function setCollectionSwitch(value: 'Y' | 'N'): void {
  $collectionSwitch.set(value);
}

/** The wishlist exists only for a signed-in member (a user id), and only while the CMS's collectionSwitch is Y. */
export const $wishlistEnabled = computed(
  [$member, $collectionSwitch],
  (member, collectionSwitch) => member !== null && collectionSwitch === 'Y',
);

/** Products in the wishlist; 0 when unknown, disabled or failed (a badge never shows a stale or made-up count). */
export const $wishCount = atom(0);

/** Bumped by logout: an answer that left before it belongs to nobody. */
let generation = 0;

/** The wishlist badge. Any failure shows 0. */
export async function loadWishCount(): Promise<void> {
  if (!$wishlistEnabled.get()) return;
  const started = generation;
  const result = await callApi('wishCount');
  if (started !== generation || (!result.ok && result.kind === 'aborted')) return;
  $wishCount.set(result.ok ? (result.data[0] ?? 0) : 0);
}

// ---------------------------------------------------------------------------------------
// The list

/** A product in the wishlist, as the favourites page shows it. */
export interface WishItem {
  productCode: string;
  name: string;
  imageUrl: string;
  /** The price range; null when the API sent none. */
  price: { min: number; max: number } | null;
  /** Still for sale: switched on and listed. */
  valid: boolean;
}

export interface WishList {
  status: 'uninit' | 'loading' | 'ready' | 'error';
  /** Product codes in the list: what a heart checks. */
  codes: readonly string[];
  entries: readonly WishItem[];
  valid: readonly WishItem[];
  total: number;
}

function toWishItem(entry: WishEntry): WishItem {
  const product = entry.spuInfo;
  return {
    productCode: product.productCode,
    name: product.name ?? '',
    imageUrl: product.imageUrl ?? '',
    price: product.priceInfo ? { min: product.priceInfo.minPrice, max: product.priceInfo.maxPrice } : null,
    valid: isValidWish(entry),
  };
}
const EMPTY_LIST: WishList = { status: 'uninit', codes: [], entries: [], valid: [], total: 0 };
export const $wishList = atom<WishList>(EMPTY_LIST);
let listFetches = 0;

/** At most this many of the API's pages (20 entries each) make one load: the list's first 500 entries. */
const WISH_LIST_MAX_PAGES = 25;

/**
 * The whole list, page after page of the API's (20 entries), at most WISH_LIST_MAX_FETCHES
 * times a page: one load counts once, however many pages it reads. (The first page alone left
 * the 21st wish and older off the favourites page and their products' hearts empty.)
 */
export async function loadWishList(): Promise<void> {
  if (!$wishlistEnabled.get() || listFetches >= WISH_LIST_MAX_FETCHES) return;
  listFetches++;
  const started = generation;
  $wishList.set({ ...$wishList.get(), status: 'loading' });
  const entries: WishItem[] = [];
  let total = 0;
  for (let page = 1; page <= WISH_LIST_MAX_PAGES; page++) {
    const result = await callApi('wishList', { page });
    if (started !== generation || (!result.ok && result.kind === 'aborted')) return;
    if (!result.ok) return $wishList.set({ ...$wishList.get(), status: 'error' });
    entries.push(...result.data.list.map(toWishItem));
    total = result.data.total;
    // Done when the entries reach the total, or a page comes back empty (a wish whose product is gone is not listed).
    if (result.data.list.length === 0 || entries.length >= total) break;
  }
  setList(entries, total);
  $wishCount.set(total);
}

/** The next loadWishList fetches again, whatever the count so far. */
export function invalidateWishList(): void {
  listFetches = 0;
}

function setList(entries: readonly WishItem[], total: number): void {
  $wishList.set({ status: 'ready', codes: entries.map((e) => e.productCode), entries, valid: entries.filter((e) => e.valid), total });
}

// ---------------------------------------------------------------------------------------
// Changes, and the seam for what follows a change

export interface WishChange {
  action: 'add' | 'remove';
  productCode: string;
  skuCode: string;
  /** The API's new total. */
  total: number;
}

const changeListeners = new Set<(change: WishChange) => void>();

/**
 * Called after every successful add or remove. The recommendation event
 * (addtowishlist / wishlistremove) and the analytics collect event hook in here, so this
 * store sends nothing but the wishlist call itself.
 */
export function onWishChange(listener: (change: WishChange) => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** The API's answer (the new total), or null: the wishlist is off (visitor or collectionSwitch N), nothing was sent. */
export type WishActionResult = ApiResult<ResponseOf<'wishInsert'> & ResponseOf<'wishDelete'>> | null;

/**
 * Add a product. The count follows the API's total. A refusal is returned for the caller's
 * toast: msgCode translated, else msg, else 'interfaceException'.
 */
export function addWish(productCode: string, skuCode = ''): Promise<WishActionResult> {
  return changeWish('add', productCode, skuCode);
}

/** Remove a product; a refusal's toast falls back to 'account.deleteFailure'. */
export function removeWish(productCode: string, skuCode = ''): Promise<WishActionResult> {
  return changeWish('remove', productCode, skuCode);
}

async function changeWish(action: WishChange['action'], productCode: string, skuCode: string): Promise<WishActionResult> {
  if (!$wishlistEnabled.get()) return null;
  const started = generation;
  const productList = [{ productCode, skuCode }];
  const result =
    action === 'add' ? await callApi('wishInsert', { productList, cartList: [] }) : await callApi('wishDelete', { productList });
  if (result.ok && started === generation) {
    $wishCount.set(result.data.total);
    const list = $wishList.get();
    if (action === 'remove')
      setList(
        list.entries.filter((e) => e.productCode !== productCode),
        result.data.total,
      );
    else if (!list.codes.includes(productCode)) {
      // The API answers the total only: the entry is known by its code until the next fetch.
      $wishList.set({ ...list, codes: [productCode, ...list.codes], total: result.data.total });
      invalidateWishList();
    }
    for (const listener of changeListeners) listener({ action, productCode, skuCode, total: result.data.total });
  }
  return result;
}

// ---------------------------------------------------------------------------------------
// Logout

onMemberLogout(() => {
  generation++;
  $wishCount.set(0);
  $wishList.set(EMPTY_LIST);
  listFetches = 0;
});
