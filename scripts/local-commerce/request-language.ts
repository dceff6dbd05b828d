/**
 * The language of the request being answered, from its Accept-Language (the browser client
 * sends the page's language): product and colour names come back in it. Kept per request
 * with AsyncLocalStorage, so the many places that name a product need no extra parameter.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import { currencyOf, type CurrencyCode, type Region } from '../../src/lib/i18n/regions.ts';
import { toHansText } from '../local-cms/hans.ts';

const DEFAULT_LANGUAGE = LANGUAGES[0]!.code;
const current = new AsyncLocalStorage<string>();

/** The first language of the header that the store has, else the default one. */
export function languageOfHeader(header: string | undefined): string {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    const known = LANGUAGES.find((l) => l.code.toLowerCase() === tag);
    if (known) return known.code;
  }
  return DEFAULT_LANGUAGE;
}

export function withRequestLanguage<T>(header: string | undefined, run: () => T): T {
  return current.run(languageOfHeader(header), run);
}

/**
 * Where a language reads a text not written in it: Macao reads Hong Kong's, and mainland China
 * Taiwan's converted to Simplified (the sample CMS writes its copy the same way).
 */
const TEXT_FALLBACKS: Readonly<Record<string, string>> = { 'zh-MO': 'zh-HK', 'zh-CN': 'zh-TW' };

/** A text in the request's language (or the one it falls back on), else the default language's, else any. */
export function localText(values: Record<string, string>): string {
  const language = current.getStore() ?? DEFAULT_LANGUAGE;
  if (values[language] !== undefined) return values[language];
  const fallback = TEXT_FALLBACKS[language];
  if (fallback && values[fallback] !== undefined) {
    const simplified = LANGUAGES.find((l) => l.code === language)?.sampleCopy === 'zh-Hans';
    return simplified ? toHansText(values[fallback]) : values[fallback];
  }
  return values[DEFAULT_LANGUAGE] ?? Object.values(values)[0] ?? '';
}

/** The region of the request's language (its prices' currency). */
export function requestRegion(): Region {
  const code = current.getStore() ?? DEFAULT_LANGUAGE;
  return LANGUAGES.find((l) => l.code === code)!.region;
}

/** The currency of the request's region: carts are priced and orders placed in it. */
export const requestCurrency = (): CurrencyCode => currencyOf(requestRegion());

/** The request's language, e.g. for the links of a mail it sends (its pages' prefix). */
export function requestLanguage(): (typeof LANGUAGES)[number] {
  const code = current.getStore() ?? DEFAULT_LANGUAGE;
  return LANGUAGES.find((l) => l.code === code)!;
}
