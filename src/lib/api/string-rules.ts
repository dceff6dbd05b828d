/**
 * What no string sent to the API may hold, whatever its field: more than STRING_MAX_LENGTH
 * characters (a field's own schema may allow fewer, never more), control characters other
 * than tab and line breaks, or the bidirectional embedding, override and isolate controls that
 * make text read in another order than it is stored (a receiver name ending in U+202E turns
 * the text after it round on a parcel label or an admin screen).
 *
 * Checked by the API on the raw body before its schema (scripts/local-commerce/kit.ts), so
 * it holds for every field of the contract at once.
 */

/** The longest string any field takes; longer fields say so in LONG_STRING_KEYS. */
export const STRING_MAX_LENGTH = 2000;
/** Fields whose values are long by nature: pictures sent as data: URLs (their size is checked apart). */
export const LONG_STRING_KEYS: ReadonlySet<string> = new Set(['dataUrl']);

// C0 controls but tab, line feed and carriage return; DEL; C1 controls; LRE, RLE, PDF, LRO,
// RLO; LRI, RLI, FSI, PDI.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

export type StringProblem = 'VALUE_TOO_LONG' | 'VALUE_INVALID_CHARACTERS';

export function stringProblem(value: string, key = ''): StringProblem | null {
  if (FORBIDDEN.test(value)) return 'VALUE_INVALID_CHARACTERS';
  if (value.length > STRING_MAX_LENGTH && !LONG_STRING_KEYS.has(key)) return 'VALUE_TOO_LONG';
  return null;
}

/** The first string of a body that breaks the rules, with its field path (`lines.0.remark`). */
export function findStringProblem(body: unknown, path: readonly string[] = []): { field: string; problem: StringProblem } | null {
  if (typeof body === 'string') {
    const problem = stringProblem(body, path.at(-1));
    return problem ? { field: path.join('.'), problem } : null;
  }
  if (body === null || typeof body !== 'object') return null;
  for (const [key, value] of Object.entries(body)) {
    // A key is a string the API reads too.
    const keyProblem = stringProblem(key);
    if (keyProblem) return { field: [...path, key].join('.'), problem: keyProblem };
    const found = findStringProblem(value, [...path, key]);
    if (found) return found;
  }
  return null;
}
