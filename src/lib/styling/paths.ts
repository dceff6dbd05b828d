/**
 * The styling-look pages: one page per kind, the look chosen by the `styleId` query
 * (the mobile redirect keeps it). Official looks are the brand's, staff looks the shops'.
 */
export type LookKind = 'official' | 'staff';

export const STYLING_PATHS: Readonly<Record<LookKind, string>> = {
  official: '/official-styling-detail.html',
  staff: '/staff-styling-detail.html',
};
export const STYLE_ID_QUERY = 'styleId';

/** A look's page, language-neutral (localise it like any store path). */
export function lookPagePath(kind: LookKind, styleId: string): string {
  return `${STYLING_PATHS[kind]}?${STYLE_ID_QUERY}=${encodeURIComponent(styleId)}`;
}
