/** Which language the language dialog offers (spec §2, §4: a 776 px dialog), and how long an answer lasts. */
import { describe, expect, it } from 'vitest';
import { preferredStoreLanguage } from '../../src/lib/i18n/browser-language.ts';
import { LANGUAGE_DIALOG_WIDTH_PX, languageOfferCookie, languageToOffer } from '../../src/lib/popups/language-offer.ts';

const preferred = (...tags: string[]) => preferredStoreLanguage(tags)?.code ?? null;

describe('the store language a browser asks for', () => {
  it('maps each of our languages from its browser tags, any region of English to English', () => {
    expect(preferred('zh-TW')).toBe('zh-TW');
    expect(preferred('zh-Hant-TW')).toBe('zh-TW');
    expect(preferred('zh-Hant')).toBe('zh-TW');
    expect(preferred('zh-HK')).toBe('zh-HK');
    expect(preferred('zh-MO')).toBe('zh-HK');
    expect(preferred('zh-Hant-HK')).toBe('zh-HK');
    expect(preferred('zh-Hant-MO')).toBe('zh-HK');
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
    expect(preferred('zh-CN', 'zh-HK')).toBe('zh-HK');
    expect(preferred('zh', 'zh-Hans')).toBeNull();
    expect(preferred()).toBeNull();
  });
});

describe('the language dialog', () => {
  it("offers the browser's first served language only when it is not the page's", () => {
    expect(languageToOffer(['en-US', 'zh-TW'], 'zh-TW')?.code).toBe('en-GB');
    expect(languageToOffer(['zh-TW', 'en-US'], 'en-GB')?.code).toBe('zh-TW');
    expect(languageToOffer(['zh-HK'], 'zh-TW')?.code).toBe('zh-HK');
    expect(languageToOffer(['en-GB'], 'en-GB')).toBeNull();
    expect(languageToOffer(['zh-Hant-TW', 'en'], 'zh-TW')).toBeNull();
    expect(languageToOffer(['ja-JP', 'ko'], 'zh-TW')).toBeNull();
  });

  it('is 776 px wide, and an answer lasts a year', () => {
    expect(LANGUAGE_DIALOG_WIDTH_PX).toBe(776);
    expect(languageOfferCookie()).toBe('lin_language_offered=Y; Path=/; SameSite=Lax; Max-Age=31536000');
  });
});
