/**
 * Whether the shopper closed the announcement ticker: remembered for the browser
 * session in sessionStorage, so every page of the session stays without it and a new
 * session shows it again. Whether a ticker shows at all is lib/header/ticker-group.ts.
 */
import { atom, onMount } from 'nanostores';
import { getPlatform } from './platform.ts';

export const TICKER_CLOSED_STORAGE_KEY = 'linea:ticker:closed';

export const $tickerClosed = atom(false);

// Read when first used, not at import: the platform (and its storage) may be set after.
onMount($tickerClosed, () => {
  if (getPlatform().sessionStorage.getItem(TICKER_CLOSED_STORAGE_KEY) === 'Y') $tickerClosed.set(true);
});

/** The ticker's close button (shown only where closeButton is Y). */
export function closeTicker(): void {
  getPlatform().sessionStorage.setItem(TICKER_CLOSED_STORAGE_KEY, 'Y');
  $tickerClosed.set(true);
}
