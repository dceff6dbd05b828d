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
 * The same translator, remembering what a key without options gives: every page asks for the
 * same few dozen strings, and i18next's lookup was a twentieth of a full build.
 */
function remembered(translate: TFunction): TFunction {
  const known = new Map<string, string>();
  const call = translate as unknown as (...args: unknown[]) => unknown;
  return ((key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== 'string') return call(key, ...rest);
    let text = known.get(key);
    if (text === undefined) {
      text = String(call(key));
      known.set(key, text);
    }
    return text;
  }) as unknown as TFunction;
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
