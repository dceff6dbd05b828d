/**
 * Styling-look collects: the looks a shopper saved, in two lists kept apart,
 * staff styling and official styling. Browsers that kept the old single list have it split:
 * ids of 8 or more characters are official looks, shorter ones staff looks.
 */
export const OFFICIAL_LOOK_ID_MIN_LENGTH = 8;

/** Where the lists live in localStorage; `old` is the single list of earlier versions. */
export const STYLING_STORAGE_KEYS = {
  old: 'linea:styling:collect',
  staff: 'linea:styling:staff',
  official: 'linea:styling:official',
} as const;

export interface StylingCollects {
  staff: string[];
  official: string[];
}

const merge = (into: readonly string[], more: readonly string[]) => [...new Set([...into, ...more])];

export function migrateStylingCollects(oldList: readonly string[], current: StylingCollects): StylingCollects {
  const ids = oldList.filter((id) => typeof id === 'string' && id.length > 0);
  return {
    staff: merge(
      current.staff,
      ids.filter((id) => id.length < OFFICIAL_LOOK_ID_MIN_LENGTH),
    ),
    official: merge(
      current.official,
      ids.filter((id) => id.length >= OFFICIAL_LOOK_ID_MIN_LENGTH),
    ),
  };
}

/** In the list: removed; otherwise added (at the front). */
export function toggleLook(list: readonly string[], id: string): { list: string[]; action: 'add' | 'remove' } {
  return list.includes(id) ? { list: list.filter((x) => x !== id), action: 'remove' } : { list: [id, ...list], action: 'add' };
}

/** A stored list, or [] for anything unreadable (a hand-edited or foreign value). */
export function parseStoredList(raw: string | null): string[] {
  try {
    const value: unknown = raw === null ? [] : JSON.parse(raw);
    return Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The lists as stored, the old single list merged in. Reading writes nothing: the store saves
 * a migration (and drops the old list); a page's early script only needs to know the state.
 */
export function readStylingCollects(storage: Pick<Storage, 'getItem'>): { collects: StylingCollects; migrated: boolean } {
  const collects: StylingCollects = {
    staff: parseStoredList(storage.getItem(STYLING_STORAGE_KEYS.staff)),
    official: parseStoredList(storage.getItem(STYLING_STORAGE_KEYS.official)),
  };
  const old = storage.getItem(STYLING_STORAGE_KEYS.old);
  return old === null
    ? { collects, migrated: false }
    : { collects: migrateStylingCollects(parseStoredList(old), collects), migrated: true };
}
