/**
 * The shop page (/shop/shop.html?storeCode=X) is one static page per language carrying every
 * shop, so crawlers and browsers without JavaScript see them all. This inline script, placed
 * before the shops in the markup, picks the one the query names before anything is painted:
 * it marks <html data-shop-choice="X">, adds the one style rule that hides the other shops,
 * and names the shop in the document title. The script is the same on every page (one hash in
 * the Content-Security-Policy); the titles come in a JSON block just before it. A missing or unknown code marks
 * data-shop-choice="" (the page's CSS then shows the "no such shop" message instead).
 * Codes are capitals and digits (the CMS contract), so a code typed in lower case still finds its shop.
 */
import { SHOP_CODE_QUERY } from './paths.ts';
import { ADD_STYLE_RULE } from '../inline/add-style-rule.ts';

/** The attribute every shop's block carries, with its code as the value. */
export const SHOP_BLOCK_ATTRIBUTE = 'data-shop-detail';

/** The id of the JSON block with each shop's document title, by code. */
export const SHOP_TITLES_ID = 'shop-titles';

/** Only a known code ever reaches the style rule. */
export const SHOP_CHOICE_SCRIPT = `(function(add){var titles=JSON.parse(document.getElementById('${SHOP_TITLES_ID}').textContent);var code=(new URLSearchParams(location.search).get(${JSON.stringify(SHOP_CODE_QUERY)})||'').trim().toUpperCase();var root=document.documentElement;if(!Object.prototype.hasOwnProperty.call(titles,code)){root.setAttribute('data-shop-choice','');return}root.setAttribute('data-shop-choice',code);document.title=titles[code];add('[${SHOP_BLOCK_ATTRIBUTE}]:not([${SHOP_BLOCK_ATTRIBUTE}="'+code+'"]){display:none}')})(${ADD_STYLE_RULE})`;
