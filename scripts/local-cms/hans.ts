/**
 * The Simplified Chinese copy set ('zh-Hans', for mainland pages), made from the Traditional one
 * (zh-Hant) so the two never drift apart: OpenCC converts Taiwan phrases to mainland ones, then
 * a short reviewed list swaps the retail words OpenCC leaves in Taiwan usage.
 *
 * Only human text is converted. Object keys, strings without Chinese (codes, paths, URLs),
 * and inside text its URLs, HTML tags and {placeholders} pass through unchanged.
 */
import * as OpenCC from 'opencc-js';

/**
 * Mainland retail words OpenCC leaves as Taiwan says them (or converts wrongly for a shop),
 * applied to its output as whole phrases, so each source is written in Simplified. Each was
 * checked in the copy it meets; the sample copy has no other sense of any of them.
 */
export const MAINLAND_PHRASES: ReadonlyArray<readonly [taiwan: string, mainland: string]> = [
  // OpenCC keeps 帐 for 帳; the mainland's standard characters write money and accounts with 账.
  ['结帐', '结账'],
  ['帐号', '账号'],
  ['帐户', '账户'],
  // A shop is a 门店 on the mainland; 门市 reads as Taiwan's word (or an old sales counter).
  ['门市', '门店'],
  // Home delivery: 宅配 is Taiwan's (from Japanese); mainland shoppers say 快递.
  ['宅配', '快递'],
  // Convenience stores (超商取货) are 便利店 on the mainland.
  ['超商', '便利店'],
  // Free shipping on mainland shopping sites is 包邮.
  ['免运', '包邮'],
  // OpenCC gives 网络商店; a shop on the web is a 网上商店 (网络 is the network itself).
  ['网络商店', '网上商店'],
  // 电子报 reads as an online newspaper (and 电子刊 as a magazine); a brand's newsletter is a 邮件通讯.
  ['电子报', '邮件通讯'],
  // Collection from home is 上门取件; 到府 is Taiwan usage.
  ['到府收件', '上门取件'],
  // Loyalty points are 积分; 点数 reads as a count of dots.
  ['点数', '积分'],
  // Centimetres are 厘米 on the mainland; 公分 is Taiwan usage (sizes, hemming).
  ['公分', '厘米'],
  // Privacy wording of the mainland's law: 个人信息 (OpenCC turns 個人資料 into 个人数据), 隐私政策.
  ['个人数据', '个人信息'],
  ['隐私权政策', '隐私政策'],
  // OpenCC turns 查詢 into the search-box word 查找; looking up one's own records is 查询.
  ['查找', '查询'],
  // Purchase and invoice records are 记录; 纪录 is kept for a record broken.
  ['纪录', '记录'],
  // Taiwan words with plain mainland ones: marketing, payment (金流), selling, kicking off,
  // sustainability, volunteers.
  ['行销', '营销'],
  ['金流', '支付'],
  ['贩售', '销售'],
  ['开跑', '开启'],
  ['永续', '可持续'],
  ['志工', '志愿者'],
  // 妳 (a woman's "you") is Taiwan usage; mainland copy writes 你 for everyone.
  ['妳', '你'],
  // OpenCC's phrase table keeps 於 before 單 (於 the surname); here it is always the preposition.
  ['於单', '于单'],
  // Garment words: a dress is a 连衣裙 (洋装 reads dated), cashmere 羊绒 (喀什米尔 is the region),
  // merino 美利奴, rayon 人造丝, leggings 打底裤, padded 夹棉, and packs are 装, not 组.
  ['洋装', '连衣裙'],
  ['喀什米尔', '羊绒'],
  ['美丽诺', '美利奴'],
  ['嫘萦', '人造丝'],
  ['内搭裤', '打底裤'],
  ['铺棉', '夹棉'],
  ['两件组', '两件装'],
  ['三双组', '三双装'],
];

/** Made on first use: its dictionaries take a moment to load, and most runs build no mainland page. */
let converter: OpenCC.ConverterFunction | undefined;
const twpToCn = (text: string) => (converter ??= OpenCC.Converter({ from: 'twp', to: 'cn' }))(text);

const CHINESE = /[\u3400-\u9fff\uf900-\ufaff]/;
/** What text keeps as it is: {{placeholders}} and {placeholders}, HTML tags, URLs. */
const KEPT = /(\{\{\w+\}\}|\{\w+\}|<[^>]*>|https?:\/\/[^\s"'<>]+)/;

/** One string in Simplified Chinese, with mainland phrasing. */
export function toHansText(text: string): string {
  if (!CHINESE.test(text)) return text;
  // split() with a capturing group puts the kept parts at the odd indexes.
  return text
    .split(KEPT)
    .map((part, i) => (i % 2 === 1 ? part : mainlandPhrases(twpToCn(part))))
    .join('');
}

function mainlandPhrases(text: string): string {
  return MAINLAND_PHRASES.reduce((out, [taiwan, mainland]) => out.replaceAll(taiwan, mainland), text);
}

/** A copy value (string, array or object, nested) with every string converted; keys stay. */
export function toHans<T>(value: T): T {
  if (typeof value === 'string') return toHansText(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => toHans(item)) as T;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toHans(item)])) as T;
  return value;
}

/**
 * A record keyed by copy set, with its 'zh-Hans' value derived from its 'zh-Hant' one. The
 * conversion runs on first read and is kept, so a run without mainland pages never pays for it
 * and one with them converts each record once.
 */
export function withHans<R extends { 'zh-Hant': unknown }>(record: R): R & { 'zh-Hans': R['zh-Hant'] } {
  let hans: R['zh-Hant'] | undefined;
  return Object.defineProperty({ ...record }, 'zh-Hans', {
    enumerable: true,
    get: () => (hans ??= toHans(record['zh-Hant'])),
  }) as R & { 'zh-Hans': R['zh-Hant'] };
}
