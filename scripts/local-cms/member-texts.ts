/**
 * The sample CMS's texts of the account pages (the account-closure clause, the privacy notice,
 * the recycling programme), the couriers and the newsletter's categories. Words follow the
 * language's copy set; the recycling coupon's currency, where home pick-up reaches and the
 * couriers follow its region.
 */
import type { z } from 'zod';
import type { memberTextsSchema } from '../../src/lib/cms/schema.ts';
import type { LanguageDefinition } from '../../src/lib/i18n/languages.ts';
import type { Region } from '../../src/lib/i18n/regions.ts';
import { amountText } from './catalogue.ts';
import { fill, type CopyKey } from './copy.ts';
import { withHans } from './hans.ts';

type MemberTexts = z.input<typeof memberTextsSchema>;

/** The coupon a recycling drop earns, set in TWD like every sample price. */
const RECYCLE_COUPON_TWD = 100;

/** The recycling programme's paragraphs are templates: {homePickup} (HOME_PICKUP) and {coupon}. */
const MEMBER_TEXTS: Record<CopyKey, MemberTexts> = withHans({
  'zh-Hant': {
    cancellationClause: {
      title: 'LINEA 會員帳號註銷條款',
      paragraphs: [
        '註銷帳號後，您將無法再以此帳號登入 LINEA 官方網站與門市會員服務，帳號內的購物金、優惠券與會員等級權益將一併失效，且無法恢復。',
        '若您尚有處理中的訂單、退貨、換貨或售後服務，須待全部完成後才能註銷帳號。',
        '依法令規定，您的交易與發票紀錄將由本公司保存至法定期限屆滿；其餘個人資料將停止用於行銷與會員服務。',
        '註銷後如需再次成為會員，請以新的電子郵件地址重新註冊。',
      ],
    },
    privacyNotice: {
      title: '會員個人資料保護',
      paragraphs: [
        '我們只為處理訂單、配送、售後服務與會員權益使用您的個人資料，經您同意後才會寄送行銷訊息。',
        '您可隨時在會員中心查詢、更正或刪除您的資料。',
      ],
    },
    recycleProgramme: {
      title: '舊衣回收計畫',
      paragraphs: [
        '將不再穿著的衣物交給我們，無論品牌，我們會分類後再利用或回收成新纖維。',
        '您可以預約到門市投遞，或預約到府收件{homePickup}。每次預約最多 5 袋，請將衣物洗淨、裝袋。',
        '門市收到並清點後，每次回收會發送一張 {coupon} 優惠券至您的帳戶，可於下次購物時使用。',
      ],
    },
  },
  en: {
    cancellationClause: {
      title: 'Closing your LINEA account',
      paragraphs: [
        'Once your account is closed you can no longer sign in to the LINEA website or use member services in our shops. Store credit, coupons and membership benefits end with it and cannot be restored.',
        'While an order, return, exchange or after-sales case is still in progress, the account cannot be closed; please wait until they are all complete.',
        'We keep your purchase and invoice records for as long as the law requires. The rest of your personal data is no longer used for marketing or member services.',
        'To become a member again later, register with a new email address.',
      ],
    },
    privacyNotice: {
      title: 'Your personal data as a member',
      paragraphs: [
        'We use your personal data only to handle your orders, delivery, after-sales service and membership benefits, and send you offers only once you have agreed to it.',
        'You can see, correct or delete your data at any time in your account.',
      ],
    },
    recycleProgramme: {
      title: 'Clothing recycling',
      paragraphs: [
        'Bring us clothes you no longer wear, any brand: we sort them for reuse or recycle them into new fibre.',
        'Book a drop-off at one of our shops, or a pick-up from your home{homePickup}. Up to 5 bags per booking; please wash the clothes and bag them.',
        'When the shop has received and counted them, a {coupon} coupon for your next purchase arrives in your account.',
      ],
    },
  },
});

/** How far a pick-up from home reaches in each region (Macao is small enough to need no note). */
const HOME_PICKUP: Record<CopyKey, Record<Region, string>> = withHans({
  'zh-Hant': { TW: '（限台灣本島）', HK: '（離島除外）', MO: '', CN: '（限門市所在城市）' },
  en: { TW: ' (main island of Taiwan only)', HK: ' (not the outlying islands)', MO: '', CN: ' (cities with a LINEA shop only)' },
});

export function memberTexts(language: Pick<LanguageDefinition, 'sampleCopy' | 'region' | 'currency'>): MemberTexts {
  const { recycleProgramme, ...rest } = MEMBER_TEXTS[language.sampleCopy];
  const values = {
    homePickup: HOME_PICKUP[language.sampleCopy][language.region],
    coupon: amountText(RECYCLE_COUPON_TWD, language.currency),
  };
  return { ...rest, recycleProgramme: { ...recycleProgramme, paragraphs: recycleProgramme.paragraphs.map((p) => fill(p, values)) } };
}

type Courier = { code: string; name: string };
/**
 * Couriers a member names when sending goods back: the region's own (codes are the same in
 * every language of a region), named in the language's copy set.
 */
const EXPRESS_COMPANIES: Record<Region, Record<CopyKey, Courier[]>> = {
  TW: withHans({
    'zh-Hant': [
      { code: 'BLACKCAT', name: '黑貓宅急便' },
      { code: 'HCT', name: '新竹物流' },
      { code: 'POST', name: '中華郵政' },
      { code: 'KERRY', name: '嘉里大榮' },
      { code: 'SF', name: '順豐速運' },
    ],
    en: [
      { code: 'BLACKCAT', name: 'Black Cat (T-Cat)' },
      { code: 'HCT', name: 'HCT Logistics' },
      { code: 'POST', name: 'Chunghwa Post' },
      { code: 'KERRY', name: 'Kerry TJ' },
      { code: 'SF', name: 'SF Express' },
    ],
  }),
  HK: withHans({
    'zh-Hant': [
      { code: 'SF', name: '順豐速運' },
      { code: 'KERRY', name: '嘉里快遞' },
      { code: 'HKPOST', name: '香港郵政' },
    ],
    en: [
      { code: 'SF', name: 'SF Express' },
      { code: 'KERRY', name: 'Kerry Express' },
      { code: 'HKPOST', name: 'Hongkong Post' },
    ],
  }),
  MO: withHans({
    'zh-Hant': [
      { code: 'SF', name: '順豐速運' },
      { code: 'KERRY', name: '嘉里快遞' },
      { code: 'CTT', name: '澳門郵電' },
    ],
    en: [
      { code: 'SF', name: 'SF Express' },
      { code: 'KERRY', name: 'Kerry Express' },
      { code: 'CTT', name: 'Macao Post (CTT)' },
    ],
  }),
  CN: withHans({
    'zh-Hant': [
      { code: 'SF', name: '順豐速運' },
      { code: 'JD', name: '京東物流' },
      { code: 'ZTO', name: '中通快遞' },
      { code: 'EMS', name: '中國郵政 EMS' },
    ],
    en: [
      { code: 'SF', name: 'SF Express' },
      { code: 'JD', name: 'JD Logistics' },
      { code: 'ZTO', name: 'ZTO Express' },
      { code: 'EMS', name: 'China Post EMS' },
    ],
  }),
};

export function expressCompanies(language: Pick<LanguageDefinition, 'sampleCopy' | 'region'>): Courier[] {
  return EXPRESS_COMPANIES[language.region][language.sampleCopy];
}

/** The newsletter's subscription categories. */
export const SUBSCRIBE_CATEGORIES: Record<CopyKey, Array<{ value: string; label: string }>> = withHans({
  'zh-Hant': [
    { value: 'NEW_ARRIVALS', label: '新品上市' },
    { value: 'MEMBER_OFFERS', label: '會員優惠' },
    { value: 'STYLING', label: '穿搭筆記' },
    { value: 'KIDS_BABY', label: '童裝與嬰幼兒' },
  ],
  en: [
    { value: 'NEW_ARRIVALS', label: 'New arrivals' },
    { value: 'MEMBER_OFFERS', label: 'Member offers' },
    { value: 'STYLING', label: 'Styling notes' },
    { value: 'KIDS_BABY', label: 'Kids and baby' },
  ],
});
