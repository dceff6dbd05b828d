/**
 * The search page's inline line: puts the word searched for into the header's search box as
 * the page is parsed, so the box shows it from the first paint. The island hydrates only when
 * the shopper reaches for it; filling the box then put the word in under the shopper's first
 * keystrokes ("羊毛" + "denim" searched "羊毛denim"). The same reading as readSearchQuery and
 * searchBoxWord (lib/search/query.ts): a store's wares show no word (tests/unit/search-panel.test.ts
 * runs both on the same addresses).
 *
 * Here in lib, not among the islands: it is a string the search page's view writes into the
 * HTML, run before any module (so before the platform), and no island imports it.
 */
export function searchBoxWordScript(): string {
  return (
    `(function(){var q=new URLSearchParams(location.search),i=document.querySelector('input.search-panel__input');` +
    `if(!i||i.value||(q.get('searchType')==='storeCode'&&(q.get('storeCode')||'').trim()))return;` +
    `i.value=(q.get('description')||'').trim()})()`
  );
}
