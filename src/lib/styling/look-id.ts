/**
 * Look ids. The two kinds are told apart by length, the rule the migration of the old single
 * collect list depends on (collects.ts): an official look's id has 8 or more characters, a
 * staff look's fewer. Ids are capitals and digits, so a link typed in lower case still finds
 * its look.
 */
import { OFFICIAL_LOOK_ID_MIN_LENGTH } from './collects.ts';
import { STYLE_ID_QUERY } from './paths.ts';

/** The longest id either kind may have: longer query values are not ids at all. */
export const STYLE_ID_MAX_LENGTH = 24;
export const OFFICIAL_STYLE_ID_PATTERN = new RegExp(`^[A-Z0-9]{${OFFICIAL_LOOK_ID_MIN_LENGTH},${STYLE_ID_MAX_LENGTH}}$`);
export const STAFF_STYLE_ID_PATTERN = new RegExp(`^[A-Z0-9]{1,${OFFICIAL_LOOK_ID_MIN_LENGTH - 1}}$`);

/** The id a page address names ('' when it names none): trimmed and in capitals. */
export function styleIdFromSearch(search: string): string {
  return (new URLSearchParams(search).get(STYLE_ID_QUERY) ?? '').trim().toUpperCase();
}

/** The look a page address names, or null for a missing or unknown id. */
export function chooseLook<L extends { styleId: string }>(looks: readonly L[], search: string): L | null {
  const id = styleIdFromSearch(search);
  return id === '' ? null : (looks.find((look) => look.styleId === id) ?? null);
}
