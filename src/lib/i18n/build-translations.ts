/** Build-time translations, read from the same files islands fetch, so nothing flashes. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TFunction } from 'i18next';
import { createTranslator, type LocaleResources } from './translator.ts';

const cache = new Map<string, TFunction>();

export function localesDir(): string {
  return join(process.cwd(), 'public', 'locales');
}

export function buildTranslator(languageCode: string): TFunction {
  let t = cache.get(languageCode);
  if (!t) {
    const resources = JSON.parse(readFileSync(join(localesDir(), `${languageCode}.json`), 'utf8')) as LocaleResources;
    t = createTranslator(languageCode, resources);
    cache.set(languageCode, t);
  }
  return t;
}
