/**
 * Hong Kong and Macao pages read as Hong Kong Traditional Chinese, not as Taiwan's: the words
 * where the two differ, in the locale files of zh-HK and zh-MO. Macao keeps its own word
 * where it differs from Hong Kong's (mobile payment). Taiwan's e-invoice names stay: only
 * Taiwan's orders show them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COPY } from '../../scripts/local-cms/copy.ts';
import { memberTexts } from '../../scripts/local-cms/member-texts.ts';
import { getLanguage } from '../../src/lib/i18n/languages.ts';
import { toHongKong, toHongKongText } from '../../scripts/local-cms/hong-kong.ts';

type Tree = { [key: string]: string | Tree };
const locale = (code: string) => JSON.parse(readFileSync(`public/locales/${code}.json`, 'utf8')) as Tree;
const strings = (tree: Tree, prefix = ''): Array<[key: string, text: string]> =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : strings(v, `${prefix}${k}.`),
  );
const at = (tree: Tree, key: string) => key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part]!, tree) as string;

/** Taiwan's word and what Hong Kong and Macao shoppers read in its place. */
const TAIWAN_WORDS: ReadonlyArray<[taiwan: RegExp, hongKong: string]> = [
  [/網路/, '網上 (online) or 網絡 (the network)'],
  [/門市|門店|分店/, '店舖'],
  [/配送/, '送貨'],
  [/線上/, '網上'],
  [/超商/, '便利店'],
  [/到府/, '上門'],
  [/宅配/, '送貨上門'],
  [/手機號碼/, '手提電話號碼'],
  [/帳號/, '帳戶'],
  [/商品/, '貨品'],
  [/行動支付/, '流動支付 / 電子支付'],
  [/免運(?!費)/, '免運費'],
  [/電子報/, '電子通訊'],
];

describe('zh-HK and zh-MO wording', () => {
  for (const code of ['zh-HK', 'zh-MO']) {
    const tree = locale(code);

    it(`${code}: no string keeps a Taiwan word`, () => {
      const found = strings(tree).flatMap(([key, text]) =>
        TAIWAN_WORDS.filter(([taiwan]) => taiwan.test(text)).map(([taiwan, hk]) => `${key}: "${text}" has ${taiwan.source} (say ${hk})`),
      );
      expect(found).toEqual([]);
    });

    it(`${code}: the search panel's shop link and the shop pages name shops with one word`, () => {
      expect(at(tree, 'search.storeList')).toBe(at(tree, 'shops.listTitle'));
      for (const key of [
        'search.storeList',
        'shops.listTitle',
        'shops.shopTitle',
        'shops.backToList',
        'results.storeCount',
        'styling.shop',
      ])
        expect(at(tree, key), key).toContain('店舖');
    });

    it(`${code}: Hong Kong's words for pickup, e-mail, sign-in, mobile numbers, delivery and coupons`, () => {
      expect(at(tree, 'checkout.deliveryTypes.STORE_PICKUP')).toBe('店舖自取');
      expect(at(tree, 'auth.email')).toBe('電郵');
      expect(at(tree, 'auth.signIn')).toBe('登入');
      expect(at(tree, 'account.profile.mobile')).toBe('手提電話號碼');
      expect(at(tree, 'checkout.addressFields.mobile')).toBe('手提電話號碼');
      expect(at(tree, 'checkout.delivery')).toBe('送貨方式');
      expect(at(tree, 'checkout.coupon')).toBe('優惠券');
      expect(at(tree, 'coupons.redeemLabel')).toBe('優惠碼');
    });
  }

  it('Macao pays by 電子支付 where Hong Kong says 流動支付; otherwise the two read alike', () => {
    const hk = locale('zh-HK');
    const mo = locale('zh-MO');
    expect(at(hk, 'checkout.payChannels.WALLET')).toBe('流動支付');
    expect(at(mo, 'checkout.payChannels.WALLET')).toBe('電子支付');
  });

  it("Taiwan's own e-invoice names stay as Taiwan writes them (only its orders show them)", () => {
    for (const code of ['zh-HK', 'zh-MO']) expect(at(locale(code), 'checkout.vehicles.PHONE')).toBe('手機條碼載具');
  });
});

describe("the sample CMS's Hong Kong and Macao copy", () => {
  it('reads the Traditional copy in Hong Kong words: 網店, 店舖自取, 送貨上門, 網上', () => {
    const copy = toHongKong(COPY['zh-Hant']);
    expect(copy.titleSuffix).toBe('LINEA 織線 官方網店');
    expect(copy.home.description).toContain('網上選購並可店舖自取');
    const found = strings(copy as unknown as Tree).flatMap(([key, text]) =>
      TAIWAN_WORDS.filter(([taiwan]) => taiwan.test(text)).map(([taiwan]) => `${key}: "${text}" has ${taiwan.source}`),
    );
    expect(found).toEqual([]);
  });

  it("members' texts too (privacy, account closing), and placeholders, tags and addresses pass unchanged", () => {
    const found = strings(toHongKong(memberTexts(getLanguage('zh-HK'))) as unknown as Tree).filter(([, text]) =>
      TAIWAN_WORDS.some(([taiwan]) => taiwan.test(text)),
    );
    expect(found).toEqual([]);
    expect(toHongKongText('<a href="https://x.example/線上">線上</a>{shop}門市：免運費與免運')).toBe(
      '<a href="https://x.example/線上">網上</a>{shop}店舖：免運費與免運費',
    );
  });
});
