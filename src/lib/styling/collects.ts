/**
 * Styling-look collects: the looks a shopper saved, in two lists kept apart,
 * staff styling and official styling. Browsers that kept the old single list have it split:
 * ids of 8 or more characters are official looks, shorter ones staff looks.
 */
export const OFFICIAL_LOOK_ID_MIN_LENGTH = 8;

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
