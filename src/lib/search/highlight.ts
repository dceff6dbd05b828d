/**
 * Splits a suggestion into plain and matching pieces, so the panel can mark the typed text
 * without building HTML from strings. Every occurrence, case-insensitive; the typed
 * text is matched literally, so `(`, `*` or `+` in it are just characters.
 */

export interface HighlightSegment {
  text: string;
  match: boolean;
}

/** Characters with a meaning in a regular expression (valid to escape under the `u` flag). */
const REGEX_SYNTAX = /[\\^$.*+?()[\]{}|/]/g;

export function splitHighlight(text: string, typed: string): HighlightSegment[] {
  if (!text) return [];
  // The typed box may end in a space while the shopper is between words; match the word itself.
  const needle = typed.trim();
  if (!needle) return [{ text, match: false }];
  // `u` so case folding and lengths work on whole characters (not UTF-16 halves); a regex rather
  // than toLowerCase + indexOf, because lower-casing can change a string's length (İ → i̇).
  const pattern = new RegExp(needle.replace(REGEX_SYNTAX, '\\$&'), 'giu');
  const segments: HighlightSegment[] = [];
  let last = 0;
  for (const found of text.matchAll(pattern)) {
    if (found.index > last) segments.push({ text: text.slice(last, found.index), match: false });
    segments.push({ text: found[0], match: true });
    last = found.index + found[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), match: false });
  return segments;
}
