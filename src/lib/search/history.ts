/**
 * The recent-search list of the search panel: at most SEARCH_HISTORY_MAX words,
 * newest first, no duplicates. Pure: the store (src/stores/search.ts) keeps it in local storage.
 *
 * Words are compared as typed (after trimming), so "Jeans" and "jeans" are two entries. The
 * words are mostly Chinese, which has no case, and the search itself ignores case, so both
 * lead to the same results; folding them would mean choosing one spelling and silently showing
 * the shopper something other than what they typed.
 */
import { SEARCH_HISTORY_MAX } from '../constants.ts';

/** Where the list is kept: namespaced, since the store shares its origin's local storage with whatever else runs there. */
export const SEARCH_HISTORY_KEY = 'linea:search:history';

/** The word moves (or goes) to the front; the oldest falls off past the maximum. Blank words change nothing. */
export function addToHistory(history: readonly string[], word: string): string[] {
  const trimmed = word.trim();
  if (!trimmed) return [...history];
  return [trimmed, ...history.filter((w) => w !== trimmed)].slice(0, SEARCH_HISTORY_MAX);
}

export function removeFromHistory(history: readonly string[], word: string): string[] {
  return history.filter((w) => w !== word);
}

/**
 * The stored list, from whatever is under the key: missing, not JSON, not an array, or written
 * by an older page with other rules. Anything unusable gives []; a usable list is brought back
 * to the rules (strings only, trimmed, no blanks or duplicates, at most the maximum), so a bad
 * entry never breaks the panel.
 */
export function parseStoredHistory(raw: string | null): string[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const words: string[] = [];
  for (const item of value) {
    if (typeof item !== 'string') continue;
    const word = item.trim();
    if (word && !words.includes(word)) words.push(word);
    if (words.length === SEARCH_HISTORY_MAX) break;
  }
  return words;
}
