/**
 * A page the back button brings back across languages reloads, so its header,
 * prices and cart are not the other language's. Each page notes its language as it loads and
 * checks it when the browser restores it from its back-forward cache.
 *
 * Inline in every page's head: a page must note its language whether or not its language
 * chooser island ever hydrates (it waits for a touch of the header).
 */
const PAGE_LANGUAGE_KEY = 'linea:language';

export const LANGUAGE_RETURN_SCRIPT = `(function(){try{var k=${JSON.stringify(PAGE_LANGUAGE_KEY)},l=document.documentElement.lang;sessionStorage.setItem(k,l);addEventListener('pageshow',function(e){if(e.persisted&&sessionStorage.getItem(k)!==l)location.reload()})}catch(_){}})()`;
