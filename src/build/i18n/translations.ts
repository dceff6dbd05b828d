/** Build-time translations, read from the same files islands fetch, so nothing flashes. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TFunction } from 'i18next';
import { createTranslator, type LocaleResources } from '../../lib/i18n/translator.ts';

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
    t = createTranslator(languageCode, localeResources(languageCode));
    cache.set(languageCode, t);
  }
  return t;
}
