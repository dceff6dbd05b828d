/**
 * A look page (/official-styling-detail.html?styleId=X, the staff one alike) is one static page
 * per language and kind carrying every look, so crawlers and browsers without JavaScript see
 * them all. This inline script, placed before the looks in the markup, picks the one the query
 * names before anything is painted: it marks <html data-look-choice="X">, adds the one style
 * rule that hides the other looks (and the shown one's entry under "more looks"), and names
 * the look in the document title. An unknown id
 * marks data-look-choice="" (the page's CSS then shows the not-found state instead). Without a
 * styleId the page is the list of every look of its kind (the site map links it so).
 * It reads the id as look-id.ts's styleIdFromSearch does (trimmed, capitals); only a known id
 * ever reaches the style rule. The script is the same on every page (one hash in the
 * Content-Security-Policy); the titles come in a JSON block just before it.
 */
import { ADD_STYLE_RULE } from '../inline/add-style-rule.ts';
import { STYLE_ID_QUERY } from './paths.ts';

/** The attribute every look's block carries, with its id as the value. */
export const LOOK_BLOCK_ATTRIBUTE = 'data-look';
export const LOOK_CHOICE_ATTRIBUTE = 'data-look-choice';
/** The attribute of each look's entry under "more looks": the shown look is not offered again. */
export const LOOK_LINK_ATTRIBUTE = 'data-look-link';

/** The id of the JSON block with each look's document title, by id. */
export const LOOK_TITLES_ID = 'look-titles';

export const LOOK_CHOICE_SCRIPT = `(function(add){var titles=JSON.parse(document.getElementById('${LOOK_TITLES_ID}').textContent);var id=(new URLSearchParams(location.search).get(${JSON.stringify(STYLE_ID_QUERY)})||'').trim().toUpperCase();var root=document.documentElement;if(!id)return;if(!Object.prototype.hasOwnProperty.call(titles,id)){root.setAttribute('${LOOK_CHOICE_ATTRIBUTE}','');return}root.setAttribute('${LOOK_CHOICE_ATTRIBUTE}',id);document.title=titles[id];add('[${LOOK_BLOCK_ATTRIBUTE}]:not([${LOOK_BLOCK_ATTRIBUTE}="'+id+'"]),[${LOOK_LINK_ATTRIBUTE}="'+id+'"]{display:none}')})(${ADD_STYLE_RULE})`;
