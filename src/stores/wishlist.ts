/**
 * The header's wishlist: the count on the wishlist icon, and adding or removing a product
 * (spec §4 "Wishlist", §5, §8). The wishlist works only for a signed-in member while the
 * CMS collectionSwitch is Y; otherwise every action does nothing.
 *
 * The wish list itself (entries, valid list, at most WISH_LIST_MAX_FETCHES fetches) belongs
 * to the favorites page's issue; this module only keeps the count.
 */
import { atom, computed } from 'nanostores';
import type { ResponseOf } from '../lib/api/contract.ts';
import type { ApiResult } from '../lib/api/client.ts';
import { $member, onMemberLogout } from './session.ts';
import { apiClient } from './lazy-auth.ts';


/**
 * The CMS switch config's collectionSwitch. The page sets it from its build-time switch
 * config (setCollectionSwitch); until then the wishlist stays off, the safe side of §5.
 */
export const $collectionSwitch = atom<'Y' | 'N'>('N');

export function setCollectionSwitch(value: 'Y' | 'N'): void {
  $collectionSwitch.set(value);
}

/** Spec §5: logged in (user id present) and collectionSwitch Y. */
export const $wishlistEnabled = computed([$member, $collectionSwitch], (member, collectionSwitch) => member !== null && collectionSwitch === 'Y');

/** Products in the wishlist; 0 when unknown, disabled or failed (spec §8). */
export const $wishCount = atom(0);

/** Bumped by logout: an answer that left before it belongs to nobody. */
let generation = 0;

/** The wishlist badge. Any failure shows 0 (spec §8). */
export async function loadWishCount(): Promise<void> {
  if (!$wishlistEnabled.get()) return;
  const started = generation;
  const result = await (await apiClient()).call('wishCount');
  if (started !== generation || (!result.ok && result.kind === 'aborted')) return;
  $wishCount.set(result.ok ? (result.data[0] ?? 0) : 0);
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
 * Called after every successful add or remove. The recommendation event of spec §4
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
 * toast: msgCode translated, else msg, else 'interfaceException' (spec §8).
 */
export function addWish(productCode: string, skuCode = ''): Promise<WishActionResult> {
  return changeWish('add', productCode, skuCode);
}

/** Remove a product; a refusal's toast falls back to 'account.deleteFailure' (spec §8). */
export function removeWish(productCode: string, skuCode = ''): Promise<WishActionResult> {
  return changeWish('remove', productCode, skuCode);
}

async function changeWish(action: WishChange['action'], productCode: string, skuCode: string): Promise<WishActionResult> {
  if (!$wishlistEnabled.get()) return null;
  const started = generation;
  const productList = [{ productCode, skuCode }];
  const result = action === 'add' ? await (await apiClient()).call('wishInsert', { productList, cartList: [] }) : await (await apiClient()).call('wishDelete', { productList });
  if (result.ok && started === generation) {
    $wishCount.set(result.data.total);
    for (const listener of changeListeners) listener({ action, productCode, skuCode, total: result.data.total });
  }
  return result;
}

// ---------------------------------------------------------------------------------------
// Logout

onMemberLogout(() => {
  generation++;
  $wishCount.set(0);
});
