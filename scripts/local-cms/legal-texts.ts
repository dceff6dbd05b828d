/** The sample CMS's membership agreement and privacy policy, the pages the version prompts link to. */
import type { CopyKey } from './copy.ts';
import { withHans } from './hans.ts';

export interface LegalText {
  title: string;
  description: string;
  paragraphs: string[];
}

export const LEGAL_TEXTS: Record<CopyKey, { membershipAgreement: LegalText; privacyPolicy: LegalText }> = withHans({
  'zh-Hant': {
    membershipAgreement: {
      title: 'LINEA 會員條款',
      description: 'LINEA 會員的權利與義務：帳號、購物金、優惠券與會員等級。',
      paragraphs: [
        '加入 LINEA 會員即表示您同意本條款。會員資格限本人使用，請妥善保管帳號與密碼，勿提供他人使用。',
        '會員可於官方網站與門市累積消費、使用購物金與優惠券，並依年度消費金額享有會員等級權益；各項權益的內容與期限以活動頁面公告為準。',
        '我們可能因法令或服務調整修訂本條款；修訂後，您下次登入時會看到新版本，同意後才能繼續使用會員服務。不同意時，您可隨時註銷帳號。',
      ],
    },
    privacyPolicy: {
      title: 'LINEA 隱私權政策',
      description: 'LINEA 如何蒐集、使用與保護您的個人資料。',
      paragraphs: [
        '我們蒐集您註冊與購物時提供的姓名、聯絡方式、地址與訂單資料，用於處理訂單、配送、售後服務與會員權益。',
        '經您同意後，我們才會以電子郵件或簡訊寄送商品與活動訊息；您可隨時於會員中心或郵件中的連結取消訂閱。',
        '除配送、金流等完成交易所必需者外，我們不會將您的個人資料提供給第三方。您可隨時查詢、更正或要求刪除您的資料。',
      ],
    },
  },
  en: {
    membershipAgreement: {
      title: 'LINEA membership terms',
      description: "A LINEA member's rights and duties: the account, store credit, coupons and membership tiers.",
      paragraphs: [
        'By joining LINEA you agree to these terms. Membership is personal: keep your account and password to yourself.',
        'Members collect purchases online and in our shops, use store credit and coupons, and enjoy the benefits of their tier, set by the year’s purchases; what each benefit is and how long it lasts is announced with it.',
        'We may revise these terms when the law or our services change. After a revision you see the new version the next time you sign in, and agree to it to go on using member services; if you do not agree, you may close your account at any time.',
      ],
    },
    privacyPolicy: {
      title: 'LINEA privacy policy',
      description: 'How LINEA collects, uses and protects your personal data.',
      paragraphs: [
        'We collect the name, contact details, addresses and orders you give us when you register and shop, to handle your orders, delivery, after-sales service and membership benefits.',
        'We send you news of products and events by email or text message only once you have agreed to it; you can unsubscribe at any time in your account or through the link in any message.',
        'We share your personal data with nobody beyond what completing a purchase needs (delivery and payment). You may ask at any time to see, correct or delete your data.',
      ],
    },
  },
});
