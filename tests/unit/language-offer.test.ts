/** Which language the language dialog offers (a 776 px dialog), and how long an answer lasts. */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import { preferredStoreLanguage } from '../../src/lib/i18n/browser-language.ts';
import { LANGUAGE_DIALOG_WIDTH_PX, languageOfferCookie, languageToOffer } from '../../src/lib/popups/language-offer.ts';

const preferred = (...tags: string[]) => preferredStoreLanguage(tags, LANGUAGES)?.code ?? null;

describe('the store language a browser asks for', () => {
  it('maps each of our languages from its browser tags, any region of English to English', () => {
    expect(preferred('zh-TW')).toBe('zh-TW');
    expect(preferred('zh-Hant-TW')).toBe('zh-TW');
    expect(preferred('zh-Hant')).toBe('zh-TW');
    expect(preferred('zh-HK')).toBe('zh-HK');
    expect(preferred('zh-Hant-HK')).toBe('zh-HK');
    expect(preferred('zh-MO')).toBe('zh-MO');
    expect(preferred('zh-Hant-MO')).toBe('zh-MO');
    for (const tag of ['zh-CN', 'zh-Hans', 'zh-Hans-CN', 'zh-SG', 'zh-Hans-SG']) expect(preferred(tag), tag).toBe('zh-CN');
    for (const tag of ['en', 'en-US', 'en-GB', 'EN-au']) expect(preferred(tag), tag).toBe('en-GB');
  });

  it('matches whole subtags only, and takes the longest match', () => {
    expect(preferred('eng')).toBeNull();
    expect(preferred('zh-twx')).toBeNull();
    // 'zh-hant' is Taiwan's, but the Hong Kong tag under it is longer.
    expect(preferred('zh-hant-hk')).toBe('zh-HK');
  });

  it('skips a preference none of our languages serves for the next one', () => {
    expect(preferred('fr-FR', 'de', 'en-US')).toBe('en-GB');
    expect(preferred('ja-JP', 'zh-HK')).toBe('zh-HK');
    expect(preferred('zh', 'ko')).toBeNull();
    expect(preferred()).toBeNull();
  });
});

describe('the language dialog', () => {
  it("offers the browser's first served language only when it is not the page's", () => {
    expect(languageToOffer(['en-US', 'zh-TW'], 'zh-TW', LANGUAGES)?.code).toBe('en-GB');
    expect(languageToOffer(['zh-TW', 'en-US'], 'en-GB', LANGUAGES)?.code).toBe('zh-TW');
    expect(languageToOffer(['zh-HK'], 'zh-TW', LANGUAGES)?.code).toBe('zh-HK');
    expect(languageToOffer(['en-GB'], 'en-GB', LANGUAGES)).toBeNull();
    expect(languageToOffer(['zh-Hant-TW', 'en'], 'zh-TW', LANGUAGES)).toBeNull();
    expect(languageToOffer(['ja-JP', 'ko'], 'zh-TW', LANGUAGES)).toBeNull();
  });

  it('is 776 px wide, and an answer lasts a year', () => {
    expect(LANGUAGE_DIALOG_WIDTH_PX).toBe(776);
    expect(languageOfferCookie()).toBe('lin_language_offered=Y; Path=/; SameSite=Lax; Max-Age=31536000');
  });
});
