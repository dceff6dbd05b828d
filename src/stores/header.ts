/**
 * Header state shared by the header islands: which layer is open (one at a time) and the
 * account entry's display mode — A by default, B (account with its label) in the account area, D while
 * the category float layer is open; and the category tree the layer shows, from its file.
 */
import { atom } from 'nanostores';
import { CATEGORY_LAYER_OPEN_CLASS, CUSTOMER_TIP_HIDE_AT_MS, CUSTOMER_TIP_SHOW_AT_MS } from '../lib/constants.ts';
import { categoryTreeUrl, type CategoryTab } from '../lib/header/category-tree.ts';
import { currentLocation, getPlatform } from './platform.ts';

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
  if (!hash.endsWith(NAVI_SUFFIX)) closeGenderNav();
}

/** The gender navigation follows the address: each change without a load is a route change. Answers the unsubscribe. */
export function followRouteChanges(): () => void {
  return getPlatform().onAddressChange(() => onRouteChange(currentLocation().hash));
}

// ---------------------------------------------------------------------------------------
// The category layer's history entry: opening the layer pushes `#{title}_navi`, so the
// browser's Back closes it.

const NAVI_SUFFIX = '_navi';

/** The hash of a tab's open layer. */
export const naviHash = (title: string) => `#${encodeURIComponent(title)}${NAVI_SUFFIX}`;

/** The current history entry is the one the open layer pushed. */
function onLayerEntry(): boolean {
  return (getPlatform().historyState() as { categoryLayer?: number } | null)?.categoryLayer !== undefined;
}

/**
 * Opens the category layer on a tab, at its hash: one history entry for the open layer,
 * whichever tabs the pointer crosses, so one Back closes it.
 */
export function openCategoryTab(index: number, title: string): void {
  openLayer('category');
  const hash = naviHash(title);
  if (currentLocation().hash === hash) return;
  const platform = getPlatform();
  if (onLayerEntry()) platform.replaceUrl(hash, { categoryLayer: index });
  else platform.pushUrl(hash, { categoryLayer: index });
}

/**
 * Closes the layer and takes its hash off the address. Not by going back: that is
 * asynchronous (a quick reopening would be closed by the late popstate) and reads as a route
 * change to the gender navigation, which would close around the layer.
 */
export function closeCategoryLayer(): void {
  closeLayer('category');
  const { path, search, hash } = currentLocation();
  if (hash.endsWith(NAVI_SUFFIX)) getPlatform().replaceUrl(path + search, null);
}

/** Back (or Forward) away from a layer's entry closes the layer. Answers the unsubscribe. */
export function followCategoryLayerEntries(): () => void {
  return getPlatform().onAddressChange(() => {
    if (!currentLocation().hash.endsWith(NAVI_SUFFIX)) closeLayer('category');
  });
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
