/**
 * Which store language a browser's language preferences ask for: the first preference that one
 * of our languages serves (`browserLanguages` in languages.ts), matched on whole subtags, the
 * longest match winning. A preference no language serves (fr, ja) is skipped for the next.
 */
import type { LanguageDefinition } from './languages.ts';

/** What matching needs of a language: the browser dialog reads it from the page, not the whole table. */
export type BrowserLanguageEntry = Pick<LanguageDefinition, 'code' | 'browserLanguages'>;

function servingLanguage<L extends BrowserLanguageEntry>(tag: string, languages: readonly L[]): L | null {
  const wanted = tag.toLowerCase();
  let best: { language: L; length: number } | null = null;
  for (const language of languages) {
    for (const served of language.browserLanguages) {
      const matches = wanted === served || wanted.startsWith(`${served}-`);
      if (matches && (!best || served.length > best.length)) best = { language, length: served.length };
    }
  }
  return best?.language ?? null;
}

export function preferredStoreLanguage<L extends BrowserLanguageEntry>(
  browserLanguages: readonly string[],
  languages: readonly L[],
): L | null {
  for (const tag of browserLanguages) {
    const language = servingLanguage(tag, languages);
    if (language) return language;
  }
  return null;
}
