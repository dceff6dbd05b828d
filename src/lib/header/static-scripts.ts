/**
 * The only JavaScript of the pages that ship no framework and load no script file (the press
 * pages, read by crawlers and shared a lot): two inline lines that do, at their smallest,
 * what the ticker island and the schedule script do on the other pages. Without JavaScript
 * the page is complete; these only keep two header behaviours: a closed ticker
 * stays closed, and the live banner keeps to its window.
 */

/**
 * A ticker closed this session stays hidden from first paint, before any island hydrates:
 * the pre-paint check sets the root attribute the CSS hides a closable ticker by.
 */
export function tickerClosedCheckScript(storageKey: string): string {
  return `try{if(sessionStorage.getItem(${JSON.stringify(storageKey)})==='Y')document.documentElement.dataset.tickerClosed=''}catch(_){}`;
}

/**
 * Closing the ticker hides it for the rest of the session: the same sessionStorage key as
 * the ticker island, and the same root attribute as the pre-paint check, whose CSS rule
 * hides a closable ticker.
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
