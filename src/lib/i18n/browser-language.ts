/**
 * Which store language a browser's language preferences ask for: the first preference that one
 * of our languages serves (`browserLanguages` in languages.ts), matched on whole subtags, the
 * longest match winning. A preference no language serves (fr, zh-CN before mainland China has
 * its language) is skipped for the next.
 */
import { LANGUAGES, type LanguageDefinition } from './languages.ts';

function servingLanguage(tag: string, languages: readonly LanguageDefinition[]): LanguageDefinition | null {
  const wanted = tag.toLowerCase();
  let best: { language: LanguageDefinition; length: number } | null = null;
  for (const language of languages) {
    for (const served of language.browserLanguages) {
      const matches = wanted === served || wanted.startsWith(`${served}-`);
      if (matches && (!best || served.length > best.length)) best = { language, length: served.length };
    }
  }
  return best?.language ?? null;
}

export function preferredStoreLanguage(
  browserLanguages: readonly string[],
  languages: readonly LanguageDefinition[] = LANGUAGES,
): LanguageDefinition | null {
  for (const tag of browserLanguages) {
    const language = servingLanguage(tag, languages);
    if (language) return language;
  }
  return null;
}
