/**
 * Build-time translations with i18next, from public/locales/{code}.json: the translator of
 * Astro components, and the strings handed to islands (which look them up with the small
 * translator of lib/i18n/translator.ts, so browsers never load i18next).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInstance, type TFunction } from 'i18next';
import type { LocaleResources } from '../../lib/i18n/translator.ts';

const cache = new Map<string, TFunction>();
const resourcesCache = new Map<string, LocaleResources>();

/** The raw strings of a language, e.g. to hand a section to an island. */
export function localeResources(languageCode: string): Record<string, Record<string, unknown>> {
  let resources = resourcesCache.get(languageCode);
  if (!resources) {
    resources = JSON.parse(readFileSync(join(localesDir(), `${languageCode}.json`), 'utf8')) as LocaleResources;
    resourcesCache.set(languageCode, resources);
  }
  return resources as Record<string, Record<string, unknown>>;
}

export function localesDir(): string {
  return join(process.cwd(), 'public', 'locales');
}

export function buildTranslator(languageCode: string): TFunction {
  let t = cache.get(languageCode);
  if (!t) {
    t = remembered(i18nextTranslator(languageCode, localeResources(languageCode)));
    cache.set(languageCode, t);
  }
  return t;
}

/**
 * The same translator, remembering what a key gives, with its options when they are plain
 * values ({ region: 'Macao', count: 2 }): every page asks for the same strings, and i18next's
 * lookups and interpolation were a twentieth of a full build. Only strings are remembered
 * (returnObjects gives an object a caller might change).
 */
function remembered(translate: TFunction): TFunction {
  const known = new Map<string, string>();
  const call = translate as unknown as (...args: unknown[]) => unknown;
  return ((key: unknown, ...rest: unknown[]) => {
    const id = memoKey(key, rest);
    if (id === null) return call(key, ...rest);
    let text = known.get(id);
    if (text === undefined) {
      const result = call(key, ...rest);
      if (typeof result !== 'string') return result;
      text = result;
      known.set(id, text);
    }
    return text;
  }) as unknown as TFunction;
}

/** A value the memo keys by (JSON keeps these apart): no undefined, NaN or Infinity, which JSON writes as null. */
const isPlain = (value: unknown) =>
  value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));

/** The call's key in the memo: the key, and its options if every one is a plain value; null when it cannot be remembered. */
function memoKey(key: unknown, rest: unknown[]): string | null {
  if (typeof key !== 'string') return null;
  if (rest.length === 0) return key;
  const [options] = rest;
  if (rest.length > 1 || typeof options !== 'object' || options === null || Array.isArray(options)) return null;
  const entries = Object.entries(options);
  return entries.every(([, value]) => isPlain(value)) ? `${key}\0${JSON.stringify(entries)}` : null;
}

/** One i18next instance per language: creating one per render was a tenth of the render time. */
export function i18nextTranslator(languageCode: string, resources: LocaleResources): TFunction {
  const i18n = createInstance();
  // initAsync false: resources are given, so init finishes before it returns.
  void i18n.init({
    lng: languageCode,
    fallbackLng: false,
    initAsync: false,
    resources: { [languageCode]: { translation: resources } },
    interpolation: { escapeValue: false }, // Astro and React escape output themselves
    returnNull: false,
  });
  return i18n.t;
}
