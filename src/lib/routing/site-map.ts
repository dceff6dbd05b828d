/** The site map page of a language (every footer links it), language-neutral: localise it like any store path. */
export const SITE_MAP_PATH = '/site-map.html';
