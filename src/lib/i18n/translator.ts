/**
 * One way to make a translator, at build time and in islands alike: an i18next instance
 * over a flat-or-nested resource object from public/locales/{code}.json.
 */
import { createInstance, type TFunction } from 'i18next';

export type LocaleResources = Record<string, unknown>;

/**
 * One i18next instance per resources object and language: a build renders thousands of
 * islands with the same messages, and creating an instance each time was a tenth of the
 * render time. Keyed weakly, so resources loaded at run time are not kept.
 */
const translators = new WeakMap<LocaleResources, Map<string, TFunction>>();

export function createTranslator(languageCode: string, resources: LocaleResources): TFunction {
  let byLanguage = translators.get(resources);
  if (!byLanguage) translators.set(resources, (byLanguage = new Map()));
  let t = byLanguage.get(languageCode);
  if (!t) byLanguage.set(languageCode, (t = newTranslator(languageCode, resources)));
  return t;
}

function newTranslator(languageCode: string, resources: LocaleResources): TFunction {
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

/**
 * Islands load translations at run time; a failure gives empty resources, so
 * the island shows its keys' fallbacks rather than breaking.
 */
export async function loadLocaleResources(languageCode: string, fetchImpl: typeof fetch = fetch, base = ''): Promise<LocaleResources> {
  try {
    const response = await fetchImpl(`${base}/locales/${languageCode}.json`);
    if (!response.ok) return {};
    const body: unknown = await response.json();
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as LocaleResources) : {};
  } catch {
    return {};
  }
}
