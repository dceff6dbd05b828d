/** Islands translate with the strings the page handed them at build time (no flash, no fetch). */
import { useMemo } from 'react';
import { createTranslator, type LocaleResources } from '../lib/i18n/translator.ts';

export function useTranslator(languageCode: string, messages: LocaleResources) {
  return useMemo(() => createTranslator(languageCode, messages), [languageCode, messages]);
}

export interface IslandProps {
  languageCode: string;
  /** '' or '/en-gb': keeps links in the page's language. */
  prefix: string;
  messages: LocaleResources;
}
