/**
 * Header state shared by the header islands: which layer is open (one at a time) and the
 * account entry's display mode — A by default, B (account with its label) in the account area, D while
 * the category float layer is open; and the category tree the layer shows, from its file.
 */
import { atom } from 'nanostores';
import { CATEGORY_LAYER_OPEN_CLASS, CUSTOMER_TIP_HIDE_AT_MS, CUSTOMER_TIP_SHOW_AT_MS } from '../lib/constants.ts';
import { categoryTreeUrl, type CategoryTab } from '../lib/header/category-tree.ts';
import { getPlatform } from './platform.ts';

export type HeaderLayer = 'none' | 'category' | 'search' | 'mini-cart' | 'account';

export const $openLayer = atom<HeaderLayer>('none');
// The root says when the category layer is open: the account entry's island, not yet hydrated
// for a visitor who has not touched it, hydrates by it and then shows mode D.
$openLayer.listen((layer, previous) => {
  if ((layer === 'category') !== (previous === 'category')) getPlatform().rootClass(CATEGORY_LAYER_OPEN_CLASS, layer === 'category');
});

export type AccountDisplayMode = 'A' | 'B' | 'D';

/** The account entry's display mode: D while the category layer is open, else B in the account area, else A. */
export function accountDisplayMode(layer: HeaderLayer, inAccountArea: boolean): AccountDisplayMode {
  if (layer === 'category') return 'D';
  return inAccountArea ? 'B' : 'A';
}

export function openLayer(layer: HeaderLayer): void {
  $openLayer.set(layer);
}

/** Closes `layer` only if it is still the open one (a late timer must not close a newer layer). */
export function closeLayer(layer: HeaderLayer): void {
  if ($openLayer.get() === layer) $openLayer.set('none');
}

/**
 * The gender navigation overlay of narrow screens: it holds the search box and the
 * gender tabs. On home it is part of the page; elsewhere it opens on the search button, either
 * to browse (hover) or straight to search (a tap, which also focuses the box).
 */
export type GenderNavState = 'closed' | 'browse' | 'search';
export const $genderNav = atom<GenderNavState>('closed');

export function openGenderNav(mode: 'browse' | 'search'): void {
  // Opened to browse and then to search is not "opened directly to search".
  if ($genderNav.get() === 'closed' || mode === 'browse') $genderNav.set(mode);
  if (mode === 'search') openLayer('search');
}

export function closeGenderNav(): void {
  closeLayer('search');
  closeLayer('category');
  $genderNav.set('closed');
}

/** The back arrow: it closes the search panel, or the whole overlay if that was opened directly to search. */
export function genderNavBack(): void {
  if ($genderNav.get() !== 'search' && $openLayer.get() === 'search') closeLayer('search');
  else closeGenderNav();
}

/**
 * Route changes close the overlay, except the hash routes the header itself pushes
 * (`#{title}_navi` of the category layer).
 */
export function onRouteChange(hash: string): void {
  if (!hash.endsWith('_navi')) closeGenderNav();
}

/** The customer-service tip: shown 500 ms after the gender navigation appears, hidden at 8500 ms, once per page life. */
export const $serviceTip = atom(false);
let serviceTipScheduled = false;

export function scheduleServiceTip(): void {
  if (serviceTipScheduled) return;
  serviceTipScheduled = true;
  setTimeout(() => $serviceTip.set(true), CUSTOMER_TIP_SHOW_AT_MS);
  setTimeout(() => $serviceTip.set(false), CUSTOMER_TIP_HIDE_AT_MS);
}

export type CategoryTreeState = { status: 'idle' | 'loading' | 'error'; tabs: null } | { status: 'ready'; tabs: CategoryTab[] };
export const $categoryTree = atom<CategoryTreeState>({ status: 'idle', tabs: null });

/**
 * The page language's category tree, fetched once (the browser caches the file); a failure
 * leaves the layer with its tabs' own links, and the next call tries again.
 */
export async function loadCategoryTree(): Promise<void> {
  const { status } = $categoryTree.get();
  if (status === 'loading' || status === 'ready') return;
  $categoryTree.set({ status: 'loading', tabs: null });
  const platform = getPlatform();
  try {
    const res = await platform.fetch(categoryTreeUrl(platform.language().code));
    const body: unknown = res.ok ? await res.json() : null;
    $categoryTree.set(Array.isArray(body) ? { status: 'ready', tabs: body as CategoryTab[] } : { status: 'error', tabs: null });
  } catch {
    $categoryTree.set({ status: 'error', tabs: null });
  }
}
