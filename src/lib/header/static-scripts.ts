/**
 * Header behaviours done by inline lines instead of islands, so they cost no framework
 * JavaScript: the ticker's close button and its pre-paint check (every page), the balloon
 * tip (home and the gender landings), and on the pages that load no script file at all (the
 * press pages, read by crawlers and shared a lot) the live banner's window, which the
 * schedule script keeps on the other pages. Without JavaScript every page is complete.
 */

/** The session's memory that the ticker was closed. */
export const TICKER_CLOSED_STORAGE_KEY = 'linea:ticker:closed';
/** The session's memory that the balloon tip was shown. */
export const BALLOON_TIP_STORAGE_KEY = 'linea:balloon-tip-shown';

/**
 * A ticker closed this session stays hidden from first paint, before any island hydrates:
 * the pre-paint check sets the root attribute the CSS hides a closable ticker by.
 */
export function tickerClosedCheckScript(storageKey: string): string {
  return `try{if(sessionStorage.getItem(${JSON.stringify(storageKey)})==='Y')document.documentElement.dataset.tickerClosed=''}catch(_){}`;
}

/**
 * Closing the ticker hides it for the rest of the session: the same sessionStorage key and
 * the same root attribute as the pre-paint check, whose CSS rule hides a closable ticker.
 */
export function tickerCloseScript(storageKey: string): string {
  return `document.addEventListener('click',function(e){if(!(e.target instanceof Element&&e.target.closest('.ticker-bar__close')))return;try{sessionStorage.setItem(${JSON.stringify(storageKey)},'Y')}catch(_){}document.documentElement.setAttribute('data-ticker-closed','')})`;
}

/**
 * Windowed blocks (the live banner) shown or hidden once, when the page loads, with the
 * window rule of lib/cms/schedule.ts (start inclusive, end exclusive, a missing bound open).
 * The other pages also re-check at each boundary; a press page is read, not left open.
 */
export const WINDOW_AT_LOAD_SCRIPT =
  "(function(){var n=Date.now();document.querySelectorAll('[data-window-start],[data-window-end]').forEach(function(b){var s=b.getAttribute('data-window-start'),e=b.getAttribute('data-window-end');b.hidden=!((s===null||n>=Number(s))&&(e===null||n<Number(e)))})})()";

/**
 * The balloon tip above the category icon: shown once per browser session, for `durationMs`,
 * then hidden. It runs where the tip's element is in the page (it is rendered hidden); while a
 * header layer is open the CSS keeps it out of the way.
 */
export function balloonTipScript(storageKey: string, durationMs: number): string {
  return `(function(){try{var s=sessionStorage,k=${JSON.stringify(storageKey)};if(s.getItem(k))return;s.setItem(k,'1')}catch(_){return}var b=document.querySelector('.balloon-tip');if(!b)return;b.hidden=false;setTimeout(function(){b.hidden=true},${durationMs})})()`;
}
