/**
 * How islands translate: the strings a page handed them at build time (a dictionary of just
 * the keys the island uses, already in the page's language) looked up by key, with `{{name}}`
 * filled from the values given. That is all our locale files use (no plurals, nesting or
 * formats), so browsers never load i18next; the build's Astro components translate with
 * i18next itself (node/i18n/translations.ts), and a unit test holds the two to the same text
 * for every string of every language.
 */
export type LocaleResources = Record<string, unknown>;

/** Values to fill in; `defaultValue` stands in for a key the dictionary lacks. */
export type TranslateOptions = Record<string, unknown> & { defaultValue?: string };
export type Translate = (key: string, options?: TranslateOptions) => string;

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/** One translator per dictionary object: islands of one page share it. */
const translators = new WeakMap<LocaleResources, Translate>();

export function createTranslator(resources: LocaleResources): Translate {
  let t = translators.get(resources);
  if (!t) translators.set(resources, (t = (key, options) => translate(resources, key, options)));
  return t;
}

function translate(resources: LocaleResources, key: string, options: TranslateOptions = {}): string {
  let found: unknown = resources;
  for (const part of key.split('.')) found = found && typeof found === 'object' ? (found as Record<string, unknown>)[part] : undefined;
  const text = typeof found === 'string' ? found : options.defaultValue;
  if (text === undefined) return key;
  // A value left out keeps its placeholder; null writes nothing (as i18next does).
  return text.replace(PLACEHOLDER, (match, name: string) =>
    name in options && options[name] !== undefined ? (options[name] === null ? '' : String(options[name])) : match,
  );
}
