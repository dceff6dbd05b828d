/**
 * The sample CMS's Simplified Chinese copy (scripts/local-cms/hans.ts): OpenCC's Taiwan-phrase
 * conversion, the reviewed mainland phrases after it, what it must leave alone (keys, codes,
 * URLs, HTML tags, placeholders), and that the converted copy sets keep the Traditional ones'
 * shape with no Traditional character left.
 */
import * as OpenCC from 'opencc-js';
import { describe, expect, it } from 'vitest';
import { COPY } from '../../scripts/local-cms/copy.ts';
import { MAINLAND_PHRASES, toHans, toHansText, withHans } from '../../scripts/local-cms/hans.ts';
import { LEGAL_TEXTS } from '../../scripts/local-cms/legal-texts.ts';
import { SUBSCRIBE_CATEGORIES } from '../../scripts/local-cms/member-texts.ts';
import { STYLING_COPY } from '../../scripts/local-cms/styling-looks.ts';

/** Every path to a leaf of a value (object keys, array indexes), to compare shapes. */
function shapeOf(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return [`${at}[${value.length}]`, ...value.flatMap((item, i) => shapeOf(item, `${at}[${i}]`))];
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => shapeOf(item, `${at}.${key}`));
  return [`${at}:${typeof value}`];
}
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

/** Character by character (no phrase table), to find a Traditional character a phrase left behind. */
const charToSimplified = OpenCC.Converter({ from: 't', to: 'cn' });
const traditionalLeft = (text: string) => [...new Set(text)].filter((c) => charToSimplified(c) !== c);

describe('toHansText', () => {
  it('converts characters and Taiwan phrases to mainland ones', () => {
    expect(toHansText('會員感謝週')).toBe('会员感谢周');
    expect(toHansText('軟體')).toBe('软件');
    expect(toHansText('訊息以簡訊寄送')).toBe('消息以短信寄送');
    expect(toHansText('網路')).toBe('网络');
  });

  it('replaces every reviewed phrase after the conversion', () => {
    for (const [taiwan, mainland] of MAINLAND_PHRASES) expect(toHansText(taiwan), taiwan).toBe(mainland);
    // As they come in the Traditional copy.
    const inCopy: Array<[string, string]> = [
      ['結帳時自動折抵', '结账时自动折抵'],
      ['會員帳號註銷條款', '会员账号注销条款'],
      ['至您的帳戶', '至您的账户'],
      ['線上購物可門市取貨', '在线购物可门店取货'],
      ['宅配與門市取貨皆可使用', '快递与门店取货皆可使用'],
      ['超商取貨', '便利店取货'],
      ['會員消費滿額即享免運', '会员消费满额即享包邮'],
      ['LINEA 織線 官方網路商店', 'LINEA 织线 官方网上商店'],
      ['訂閱電子報', '订阅邮件通讯'],
      ['預約到府收件', '预约上门取件'],
      ['雙倍點數', '双倍积分'],
      ['尺寸 100 至 160 公分', '尺寸 100 至 160 厘米'],
      ['會員個人資料保護', '会员个人信息保护'],
      ['LINEA 隱私權政策', 'LINEA 隐私政策'],
      ['查詢權益與消費紀錄', '查询权益与消费记录'],
      ['停止用於行銷', '停止用于营销'],
      ['配送、金流等', '配送、支付等'],
      ['限量販售', '限量销售'],
      ['正式開跑', '正式开启'],
      ['永續承諾', '可持续承诺'],
      ['志工整理', '志愿者整理'],
      ['屬於妳的日常風格', '属于你的日常风格'],
      ['重點不在於單品', '重点不在于单品'],
      ['襯衫式洋裝', '衬衫式连衣裙'],
      ['喀什米爾圓領毛衣', '羊绒圆领毛衣'],
      ['美麗諾羊毛開襟衫', '美利奴羊毛开襟衫'],
      ['嫘縈長袖襯衫', '人造丝长袖衬衫'],
      ['九分內搭褲', '九分打底裤'],
      ['鋪棉連帽外套', '夹棉连帽外套'],
      ['四角內褲兩件組', '四角内裤两件装'],
      ['防滑襪三雙組', '防滑袜三双装'],
    ];
    for (const [hant, hans] of inCopy) expect(toHansText(hant), hant).toBe(hans);
    // Every reviewed phrase is met on its way from the Traditional copy above.
    for (const [, mainland] of MAINLAND_PHRASES)
      expect(
        inCopy.some(([, hans]) => hans.includes(mainland)),
        mainland,
      ).toBe(true);
  });

  it('leaves placeholders, HTML tags and attributes, URLs and text without Chinese as they are', () => {
    expect(toHansText('{gender}{name}系列形象圖')).toBe('{gender}{name}系列形象图');
    expect(toHansText('共有 {{count}} 種顏色')).toBe('共有 {{count}} 种颜色');
    expect(toHansText('<p class="notice">限時活動</p>')).toBe('<p class="notice">限时活动</p>');
    // Inside a tag nothing changes, even Chinese in an attribute's URL; the text around it does.
    expect(toHansText('<a href="/門市.html" data-門市="門市">門市</a>')).toBe('<a href="/門市.html" data-門市="門市">门店</a>');
    expect(toHansText('詳見 https://example.com/門市/帳號 的說明')).toBe('详见 https://example.com/門市/帳號 的说明');
    for (const code of ['BLACKCAT', 'NEW_ARRIVALS', '/c/W0101.html', 'NT$100', 'POLO', '']) expect(toHansText(code)).toBe(code);
  });
});

describe('toHans and withHans', () => {
  it('converts every string of a value, nested, and never a key', () => {
    const value = { 門市: ['門市', { 帳號: '帳號', n: 3, ok: true, none: null }], code: 'SF' };
    expect(toHans(value)).toEqual({ 門市: ['门店', { 帳號: '账号', n: 3, ok: true, none: null }], code: 'SF' });
  });

  it('derives zh-Hans from zh-Hant once, on first read, and keeps the other copy sets', () => {
    const record = withHans({ 'zh-Hant': { label: '會員' }, en: { label: 'Member' } });
    expect(Object.keys(record)).toEqual(['zh-Hant', 'en', 'zh-Hans']);
    expect(record['zh-Hans']).toEqual({ label: '会员' });
    expect(record['zh-Hans']).toBe(record['zh-Hans']);
    expect(record.en).toEqual({ label: 'Member' });
  });

  it('gives every sample copy record a zh-Hans set of exactly the zh-Hant shape, with no Traditional character left', () => {
    const records = { COPY, LEGAL_TEXTS, STYLING_COPY, SUBSCRIBE_CATEGORIES };
    for (const [name, record] of Object.entries(records)) {
      expect(shapeOf(record['zh-Hans']), name).toEqual(shapeOf(record['zh-Hant']));
      expect(traditionalLeft(stringsOf(record['zh-Hans']).join('')), name).toEqual([]);
    }
    expect(COPY['zh-Hans'].titleSuffix).toBe('LINEA 织线 官方网上商店');
    expect(COPY['zh-Hans'].categoryTitle).toBe('{gender}{name}');
  });
});
