/**
 * Header behaviours done by inline lines instead of islands, so they cost no framework
 * JavaScript: the ticker's close button and its pre-paint check (every page), the balloon
 * tip (home and the gender landings), and on the pages that load no script file at all (the
 * press pages, read by crawlers and shared a lot) the live banner's window, which the
 * schedule script keeps on the other pages. Without JavaScript every page is complete.
 */
import { SESSION_HINT_SOURCE } from '../api/cookies.ts';

/**
 * The session's memory of the tickers closed: one key per ticker group (the group follows the
 * key), so closing group A's ticker leaves B's and C's where they are.
 */
export const TICKER_CLOSED_STORAGE_PREFIX = 'linea:ticker:closed:';
/** The session's memory that the balloon tip was shown. */
export const BALLOON_TIP_STORAGE_KEY = 'linea:balloon-tip-shown';

/**
 * The pre-paint check, placed right after the ticker's place in the header (so it finds the
 * ticker already parsed, and runs before the first paint): a ticker for visitors only (it
 * invites registering: data-visitors-only) is hidden when the session hint cookie says a member
 * is signed in, as the header's member-only parts read it, so a member never sees it flash; and
 * a ticker closed in this session stays hidden, page after page, until the shopper reloads. A
 * reload starts the closes over, as reloading the original single-page store did; a close only
 * ever hides its own group's ticker. The same text on every page (the ticker's group and
 * audience are in its markup), so one hash covers it in the Content-Security-Policy.
 */
export function tickerClosedCheckScript(prefix: string, groups: readonly string[]): string {
  return `(function(){try{var v=document.querySelector('.ticker-bar[data-visitors-only]');if(v&&/${SESSION_HINT_SOURCE}/.test(document.cookie))v.hidden=true}catch(_){}try{var s=sessionStorage,p=${JSON.stringify(prefix)},n=performance.getEntriesByType('navigation')[0];if(n&&n.type==='reload')${JSON.stringify(groups)}.forEach(function(g){s.removeItem(p+g)});var b=document.querySelector('.ticker-bar[data-closable]');if(b&&s.getItem(p+b.getAttribute('data-ticker-group'))==='Y')b.hidden=true}catch(_){}})()`;
}

/**
 * Closing a ticker hides that ticker, and remembers its group for the session (what the
 * pre-paint check reads on the next pages).
 */
export function tickerCloseScript(prefix: string): string {
  return `document.addEventListener('click',function(e){var c=e.target instanceof Element&&e.target.closest('.ticker-bar__close'),b=c&&c.closest('.ticker-bar');if(!b)return;b.hidden=true;try{sessionStorage.setItem(${JSON.stringify(prefix)}+b.getAttribute('data-ticker-group'),'Y')}catch(_){}})`;
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
