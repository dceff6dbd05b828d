/**
 * The styling-look pages. Each look has a page of its own, `/official-styling/{styleId}.html` or
 * `/staff-styling/{styleId}.html`: its address for people and search engines. The older pages,
 * one per kind with every look on it (the look chosen by the `styleId` query), stay as the list
 * of the kind's looks; hosts send a known id on to the look's own page
 * (lib/routing/moved-query-pages.ts). Official looks are the brand's, staff looks the shops'.
 */
export type LookKind = 'official' | 'staff';

/** The page of every look of a kind (and the older address of one look, with ?styleId=). */
export const STYLING_PATHS: Readonly<Record<LookKind, string>> = {
  official: '/official-styling-detail.html',
  staff: '/staff-styling-detail.html',
};
export const STYLE_ID_QUERY = 'styleId';

/** The folder of each kind's own look pages. */
export const LOOK_FOLDERS: Readonly<Record<LookKind, string>> = {
  official: '/official-styling',
  staff: '/staff-styling',
};

/** A look's own page, language-neutral (localise it like any store path). */
export function lookPagePath(kind: LookKind, styleId: string): string {
  return `${LOOK_FOLDERS[kind]}/${encodeURIComponent(styleId)}.html`;
}
