/**
 * The store's languages. This list is the only place a language is declared: routing,
 * the content pull, the sample CMS, hreflang and the sitemap all read it, so adding a
 * language is one entry here plus its `public/locales/{code}.json`.
 */
import { CodedError } from '../errors.ts';
import { REGION_CURRENCIES, type CurrencyFormat, type Region } from './regions.ts';
export interface LanguageDefinition {
  /** BCP 47 code, used in code, `lang` attributes and hreflang. */
  code: string;
  /** The CMS's langCode, used in CMS URLs. */
  cmsCode: string;
  /** URL segment; empty for the default language, which is served unprefixed. */
  pathSegment: string;
  /** The language's own name, for the language chooser. */
  label: string;
  region: Region;
  /** Its region's (regions.ts). */
  currency: CurrencyFormat;
  /**
   * Which copy set the sample CMS writes for this language (see scripts/local-cms): 'zh-Hans'
   * (Simplified, for mainland pages) is converted from 'zh-Hant' (scripts/local-cms/hans.ts).
   */
  sampleCopy: 'zh-Hant' | 'zh-Hans' | 'en';
  /**
   * The browser languages (BCP 47, lower case) this language serves, each with its subtags:
   * 'zh-hant' covers 'zh-hant-tw'. The longest match wins (lib/i18n/browser-language.ts).
   */
  browserLanguages: readonly string[];
}

export const LANGUAGES: readonly LanguageDefinition[] = [
  {
    code: 'zh-TW',
    cmsCode: 'zh_TW',
    pathSegment: '',
    label: '繁體中文（台灣）',
    region: 'TW',
    currency: REGION_CURRENCIES.TW,
    sampleCopy: 'zh-Hant',
    browserLanguages: ['zh-tw', 'zh-hant'],
  },
  {
    code: 'zh-HK',
    cmsCode: 'zh_HK',
    pathSegment: 'zh-hk',
    label: '繁體中文（香港）',
    region: 'HK',
    currency: REGION_CURRENCIES.HK,
    sampleCopy: 'zh-Hant',
    browserLanguages: ['zh-hk', 'zh-hant-hk'],
  },
  {
    code: 'zh-MO',
    cmsCode: 'zh_MO',
    pathSegment: 'zh-mo',
    label: '繁體中文（澳門）',
    region: 'MO',
    currency: REGION_CURRENCIES.MO,
    sampleCopy: 'zh-Hant',
    browserLanguages: ['zh-mo', 'zh-hant-mo'],
  },
  {
    code: 'zh-CN',
    cmsCode: 'zh_CN',
    pathSegment: 'zh-cn',
    label: '简体中文',
    region: 'CN',
    currency: REGION_CURRENCIES.CN,
    sampleCopy: 'zh-Hans',
    // Singapore and Malaysia read Simplified too; the mainland store is the nearest we have.
    browserLanguages: ['zh-cn', 'zh-hans', 'zh-sg', 'zh-my'],
  },
  {
    code: 'en-GB',
    cmsCode: 'en_GB',
    pathSegment: 'en-gb',
    label: 'English',
    region: 'HK',
    currency: REGION_CURRENCIES.HK,
    sampleCopy: 'en',
    browserLanguages: ['en'],
  },
];

export const DEFAULT_LANGUAGE: LanguageDefinition = LANGUAGES[0]!;

export class UnknownLanguageError extends CodedError {
  constructor(value: string) {
    super('UNKNOWN_LANGUAGE', `Unknown language "${value}". Known: ${LANGUAGES.map((l) => l.code).join(', ')}`);
  }
}

export function getLanguage(code: string): LanguageDefinition {
  const found = LANGUAGES.find((l) => l.code === code || l.cmsCode === code || (l.pathSegment !== '' && l.pathSegment === code));
  if (!found) throw new UnknownLanguageError(code);
  return found;
}
