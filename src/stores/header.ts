/**
 * Header state shared by the header islands: which layer is open and the account display
 * mode of spec §2 — A by default, B (account with its label) in the account area, D while
 * the category float layer is open.
 */
import { atom, computed } from 'nanostores';

export type HeaderLayer = 'none' | 'category' | 'search' | 'mini-cart' | 'account';

export const $openLayer = atom<HeaderLayer>('none');
/** Set by the page: true in the account area. */
export const $accountArea = atom(false);

export const $accountDisplayMode = computed([$openLayer, $accountArea], (layer, accountArea): 'A' | 'B' | 'D' => {
  if (layer === 'category') return 'D';
  return accountArea ? 'B' : 'A';
});

export function openLayer(layer: HeaderLayer): void {
  $openLayer.set(layer);
}

/** Closes `layer` only if it is still the open one (a late timer must not close a newer layer). */
export function closeLayer(layer: HeaderLayer): void {
  if ($openLayer.get() === layer) $openLayer.set('none');
}
