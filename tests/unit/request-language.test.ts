/** The local commerce API's texts per request language: Macao and mainland pages read what they are nearest to. */
import { describe, expect, it } from 'vitest';
import { languageOfHeader, localText, requestRegion, withRequestLanguage } from '../../scripts/local-commerce/request-language.ts';

const REPLY = {
  'zh-TW': '您好，我們已收到您的門市查詢。',
  'zh-HK': '您好，我們已收到您的分店查詢。',
  'en-GB': 'Hello, we have your question.',
};

describe('the request language of the local commerce API', () => {
  it('is the first of the header the store has, with its region', () => {
    expect(languageOfHeader('zh-CN,zh;q=0.9')).toBe('zh-CN');
    expect(languageOfHeader('fr, zh-MO')).toBe('zh-MO');
    expect(withRequestLanguage('zh-MO', () => requestRegion())).toBe('MO');
    expect(withRequestLanguage('zh-CN', () => requestRegion())).toBe('CN');
  });

  it("answers a text written for the language, else Macao Hong Kong's and the mainland Taiwan's in Simplified, else the default's", () => {
    const text = (header: string) => withRequestLanguage(header, () => localText(REPLY));
    expect(text('en-GB')).toBe(REPLY['en-GB']);
    expect(text('zh-MO')).toBe(REPLY['zh-HK']);
    // OpenCC with the mainland phrases: 門市 is 门店 there.
    expect(text('zh-CN')).toBe('您好，我们已收到您的门店查询。');
    expect(withRequestLanguage('zh-CN', () => localText({ ...REPLY, 'zh-CN': '您好！' }))).toBe('您好！');
    expect(withRequestLanguage('zh-MO', () => localText({ 'zh-TW': '台灣' }))).toBe('台灣');
  });
});
