/** Islands translate with the strings the page handed them at build time (no flash, no fetch). */
import { useMemo } from 'react';
import { createTranslator, type LocaleResources, type Translate } from '../lib/i18n/translator.ts';

/** The island's translator over its dictionary; `languageCode` is the page's, for the islands that format dates and prices. */
export function useTranslator(_languageCode: string, messages: LocaleResources): Translate {
  return useMemo(() => createTranslator(messages), [messages]);
}

export interface IslandProps {
  languageCode: string;
  /** '' or '/en-gb': keeps links in the page's language. */
  prefix: string;
  messages: LocaleResources;
}
