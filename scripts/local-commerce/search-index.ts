/**
 * Search in one language: the hot words, the suggestions and the product search each read the
 * names of the language asked for (its own index), so a page never offers words in another
 * language or script. A query typed in the other Chinese script still finds the products: it
 * is matched as typed and as converted to the index's script with OpenCC (the converter the
 * sample CMS makes the Simplified copy with, scripts/local-cms/hans.ts).
 */
import * as OpenCC from 'opencc-js';
import { LANGUAGES, type LanguageDefinition } from '../../src/lib/i18n/languages.ts';
import type { CatalogueProduct } from '../sample-data/catalogue-schema.ts';
import { MAINLAND_PHRASES, toHansText, withHans } from '../local-cms/hans.ts';
import { localText, requestLanguage, withRequestLanguage } from './request-language.ts';

/** Suggestions answered for one typed word. */
export const SUGGESTIONS_MAX = 10;

/**
 * The hot (recommended) words per copy set, as the sample CMS keeps its copy: the Simplified
 * list is converted from the Traditional one, so the two say the same in each script. Each is
 * a word that finds products in its language (tests/integration/commerce/search.test.ts).
 * More than the panel shows (RECOMMENDED_WORDS_SHOWN): the API answers what the business
 * configured, the store shows the first ones.
 */
const HOT_WORDS = withHans({
  'zh-Hant': ['羽絨外套', '牛仔褲', '洋裝', '襯衫', 'T恤', '毛衣', '睡衣', '包屁衣'],
  en: ['Down Jacket', 'Jeans', 'Dress', 'Shirt', 'T-Shirt', 'Sweater', 'Pyjamas', 'Bodysuit'],
});

/** The language a search is in: the one the body names when the store has it, else the request's (Accept-Language). */
export function searchLanguage(code: string | undefined): LanguageDefinition {
  return LANGUAGES.find((l) => l.code === code) ?? requestLanguage();
}

export function hotWords(language: LanguageDefinition): string[] {
  return [...HOT_WORDS[language.sampleCopy]];
}

/** Made on first use: the dictionaries take a moment to load. */
let toHant: OpenCC.ConverterFunction | undefined;

/**
 * The mainland words the Simplified copy swaps in (洋装 → 连衣裙), taken back to Taiwan's, so
 * a mainland word typed on a Traditional page finds what the Traditional names call it.
 */
const taiwanPhrases = (text: string) => MAINLAND_PHRASES.reduce((out, [taiwan, mainland]) => out.replaceAll(mainland, taiwan), text);

/** Case, full-width letters and digits (an IME's Ｔ恤) do not matter. */
const fold = (text: string) => text.normalize('NFKC').toLowerCase();

/**
 * The forms of a query that are looked for in a language's names: as typed, and converted to
 * the language's script. English names are matched as typed.
 */
export function queryForms(query: string, language: LanguageDefinition): string[] {
  const typed = fold(query.trim());
  if (!typed) return [];
  const forms = new Set([typed]);
  if (language.sampleCopy === 'zh-Hans') forms.add(fold(toHansText(typed)));
  if (language.sampleCopy === 'zh-Hant') {
    toHant ??= OpenCC.Converter({ from: 'cn', to: 'tw' });
    forms.add(fold(toHant(typed)));
    forms.add(fold(toHant(taiwanPhrases(typed))));
  }
  return [...forms];
}

/**
 * A product's name in the language, as the API names it everywhere (localText: a language
 * without its own reads the one it falls back on, in its script): its index holds nothing else.
 */
export const nameIn = (product: CatalogueProduct, language: LanguageDefinition) =>
  withRequestLanguage(language.code, () => localText(product.names));

/** How well a name answers the query: 0 it is the word, 1 it starts with it, 2 it holds it; null not at all. */
export function matchRank(name: string, forms: readonly string[]): number | null {
  const folded = fold(name);
  let best: number | null = null;
  for (const form of forms) {
    const rank = folded === form ? 0 : folded.startsWith(form) ? 1 : folded.includes(form) ? 2 : null;
    if (rank !== null && (best === null || rank < best)) best = rank;
  }
  return best;
}

/**
 * The names of switched-on products matching the word, best first (then in catalogue order),
 * each once: a suggestion always leads to results.
 */
export function suggestions(products: readonly CatalogueProduct[], word: string, language: LanguageDefinition): string[] {
  const forms = queryForms(word, language);
  if (!forms.length) return [];
  const best = new Map<string, number>();
  for (const product of products) {
    if (product.enabledFlag !== 'Y') continue;
    const name = nameIn(product, language);
    const rank = name ? matchRank(name, forms) : null;
    if (rank !== null && rank < (best.get(name) ?? Infinity)) best.set(name, rank);
  }
  // A stable sort: names of the same rank keep the catalogue's order.
  return [...best]
    .sort((a, b) => a[1] - b[1])
    .slice(0, SUGGESTIONS_MAX)
    .map(([name]) => name);
}
