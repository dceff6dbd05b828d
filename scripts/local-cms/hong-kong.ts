/**
 * Hong Kong and Macao wording of the sample CMS's Traditional copy. The zh-Hant copy set is
 * written as Taiwan says things (網路商店, 門市取貨, 宅配); Hong Kong and Macao pages read the
 * same text with the retail and service words of Hong Kong Traditional Chinese, which Macao
 * shares. One reviewed phrase list, applied in order (longer phrases first), to every string of
 * the documents the sample CMS writes for those languages (generate.ts), so the copy stays one
 * set and cannot drift. Garment and size words are left alone: product and option names come
 * from the same copy into the catalogue the commerce API serves, and must read alike in both.
 *
 * The locale files (public/locales/zh-HK.json, zh-MO.json) use the same words;
 * tests/unit/hong-kong-words.test.ts pins both.
 */

/** Taiwan phrase → Hong Kong phrase. Each was checked in the copy it meets. */
export const HONG_KONG_PHRASES: ReadonlyArray<readonly [taiwan: string, hongKong: string]> = [
  // A shop on the web is a 網店; 網路 is Taiwan's word for the internet (網上 for "online" in Hong Kong).
  ['官方網路商店', '官方網店'],
  ['網路商店', '網店'],
  ['官方線上商店', '官方網店'],
  ['線上商店', '網店'],
  ['線上訂購門市取貨', '網上訂購、店舖自取'],
  ['線上', '網上'],
  ['網路', '網上'],
  // Collecting an order in a shop is 店舖自取; a shop is a 店舖 (門市 and 門店 read as Taiwan's or the mainland's).
  // 門店 first: 澳門門市 would otherwise become 澳門店舖, whose 門店 is no shop.
  ['門店', '店舖'],
  ['門市取貨', '店舖自取'],
  ['門市', '店舖'],
  // Delivery: 送貨 (上門) where Taiwan says 配送 and 宅配; collection from home is 上門收件.
  ['配送', '送貨'],
  ['宅配', '送貨上門'],
  ['到府收件', '上門收件'],
  // Goods in a shop are 貨品.
  ['商品', '貨品'],
  // Free delivery: 免運費 (免運 alone is Taiwan's shortening).
  ['免運', '免運費'],
  // Members' points are 積分; accounts 帳戶; e-mail 電郵, text messages 短訊.
  ['點數', '積分'],
  ['帳號', '帳戶'],
  ['電子郵件', '電郵'],
  ['簡訊', '短訊'],
  ['電子報', '電子通訊'],
  // Hong Kong's privacy wording (the Personal Data (Privacy) Ordinance): 私隱, 收集.
  ['隱私權政策', '私隱政策'],
  ['蒐集', '收集'],
  // Marketing is 推廣; payment 付款 (金流 is Taiwan's trade word); selling 發售; kicking off 開始.
  ['行銷', '推廣'],
  ['金流', '付款'],
  ['販售', '發售'],
  ['開跑', '開始'],
  // Sustainability reports are 可持續發展報告; volunteers 義工; 妳 (a woman's "you") is Taiwan usage.
  ['永續報告', '可持續發展報告'],
  ['永續', '可持續'],
  ['志工', '義工'],
  ['妳', '你'],
];

/** Free delivery is written 免運費 once, however the phrases meet it. */
const TWICE = /免運費費/g;
/** What text keeps as it is: {{placeholders}} and {placeholders}, HTML tags, URLs. */
const KEPT = /(\{\{\w+\}\}|\{\w+\}|<[^>]*>|https?:\/\/[^\s"'<>]+)/;
const CHINESE = /[\u3400-\u9fff\uf900-\ufaff]/;

/** One string in Hong Kong wording. */
export function toHongKongText(text: string): string {
  if (!CHINESE.test(text)) return text;
  return text
    .split(KEPT)
    .map((part, i) =>
      i % 2 === 1 ? part : HONG_KONG_PHRASES.reduce((out, [tw, hk]) => out.replaceAll(tw, hk), part).replace(TWICE, '免運費'),
    )
    .join('');
}

/** A document (string, array or object, nested) with every string in Hong Kong wording; keys stay. */
export function toHongKong<T>(value: T): T {
  if (typeof value === 'string') return toHongKongText(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => toHongKong(item)) as T;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toHongKong(item)])) as T;
  return value;
}

/** Whether a language's pages read Hong Kong Traditional: Traditional copy for Hong Kong or Macao. */
export const readsHongKong = (language: { sampleCopy: string; region: string }) =>
  language.sampleCopy === 'zh-Hant' && (language.region === 'HK' || language.region === 'MO');
