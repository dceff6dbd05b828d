/** The sample CMS's texts of the account pages: the account-closure clause and the recycling programme. */
import type { z } from 'zod';
import type { memberTextsSchema } from '../../src/lib/cms/schema.ts';
import type { CopyKey } from './copy.ts';

export const MEMBER_TEXTS: Record<CopyKey, z.input<typeof memberTextsSchema>> = {
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
        '您可以預約到門市投遞，或預約到府收件（限台灣本島）。每次預約最多 5 袋，請將衣物洗淨、裝袋。',
        '門市收到並清點後，每次回收會發送一張 NT$100 優惠券至您的帳戶，可於下次購物時使用。',
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
        'Book a drop-off at one of our shops, or a pick-up from your home. Up to 5 bags per booking; please wash the clothes and bag them.',
        'When the shop has received and counted them, a NT$100 coupon for your next purchase arrives in your account.',
      ],
    },
  },
};

/** Couriers a member names when sending goods back (codes are the same in every language). */
export const EXPRESS_COMPANIES: Record<CopyKey, Array<{ code: string; name: string }>> = {
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
};

/** The newsletter's subscription categories. */
export const SUBSCRIBE_CATEGORIES: Record<CopyKey, Array<{ value: string; label: string }>> = {
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
};
