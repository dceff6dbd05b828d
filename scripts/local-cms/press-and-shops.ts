/**
 * Sample press releases and shops for the local CMS, for the press-release section and
 * the shop section. Press: one release about every 16 days over the last three years, the
 * same ids in every language (translations of each other), each with a lead image and a body
 * of paragraphs, a heading, a quote and sometimes a second picture. Shops: the brand's shops
 * in Taiwan, Hong Kong, Macao and mainland China, with real-world coordinates of their
 * districts so distances make sense. The shops are the same in every language; a release's
 * money, dateline and shop network follow the language's region, its words the copy set.
 *
 * Deterministic: the same seed and now give the same documents.
 */
import type { z } from 'zod';
import type { pressReleaseSchema, shopSchema } from '../../src/lib/cms/schema.ts';
import type { LanguageDefinition } from '../../src/lib/i18n/languages.ts';
import { brandCalendar } from '../../src/lib/press/paths.ts';
import { amountText } from './catalogue.ts';
import type { CopyKey } from './copy.ts';
import { fill } from './copy.ts';
import { withHans } from './hans.ts';
import { rngFor, type Rng } from './random.ts';
import type { Region } from '../../src/lib/i18n/regions.ts';

type ReleaseIn = z.input<typeof pressReleaseSchema>;
type ShopIn = z.input<typeof shopSchema>;

const DAY = 86_400_000;
export const PRESS_RELEASE_COUNT = 66;
const PRESS_SPAN_DAYS = 3 * 365;
const FIRST_RELEASE_ID = 1001;
const LEAD_IMAGE = { width: 1200, height: 630 } as const;
const BODY_IMAGE = { width: 1200, height: 800 } as const;

/** Makes (and registers) a picture at `path`; returns its path. */
export type PictureMaker = (path: string, width: number, height: number) => string;

// ---------------------------------------------------------------------------------------
// Shops

interface ShopText {
  name: string;
  region: string;
  address: string;
}
/** A shop's facts, and its name and address in the written copy sets ('zh-Hans' is converted). */
interface ShopPlan {
  code: string;
  salesRegion: Region;
  lat: number;
  lng: number;
  hours: string;
  phone: string;
  services: readonly ServiceKey[];
  'zh-Hant': ShopText;
  en: ShopText;
}
type ServiceKey = 'hem' | 'pickup' | 'gift' | 'kids';
const SERVICE_NAMES: Record<CopyKey, Record<ServiceKey, string>> = withHans({
  'zh-Hant': { hem: '修改褲長', pickup: '門市取貨', gift: '禮品包裝', kids: '童裝專區' },
  en: { hem: 'Hemming', pickup: 'Click & collect', gift: 'Gift wrapping', kids: 'Kids corner' },
});

const SHOP_PLANS: readonly ShopPlan[] = [
  {
    code: 'TPE01',
    salesRegion: 'TW',
    lat: 25.0359,
    lng: 121.566,
    hours: '11:00–21:30',
    phone: '02-2720-1101',
    services: ['hem', 'pickup', 'gift', 'kids'],
    'zh-Hant': { name: '台北信義旗艦店', region: '台北市', address: '台北市信義區松壽路 11 號 1 樓' },
    en: { name: 'Taipei Xinyi flagship', region: 'Taipei', address: '1F, No. 11, Songshou Rd, Xinyi District, Taipei' },
  },
  {
    code: 'TPE02',
    salesRegion: 'TW',
    lat: 25.0525,
    lng: 121.521,
    hours: '11:00–22:00',
    phone: '02-2581-2202',
    services: ['hem', 'pickup'],
    'zh-Hant': { name: '台北中山店', region: '台北市', address: '台北市中山區南京西路 15 號 2 樓' },
    en: { name: 'Taipei Zhongshan', region: 'Taipei', address: '2F, No. 15, Nanjing W. Rd, Zhongshan District, Taipei' },
  },
  {
    code: 'TPE03',
    salesRegion: 'TW',
    lat: 25.0415,
    lng: 121.551,
    hours: '11:00–21:30',
    phone: '02-2771-3303',
    services: ['pickup', 'gift'],
    'zh-Hant': { name: '台北忠孝店', region: '台北市', address: '台北市大安區忠孝東路四段 201 號' },
    en: { name: 'Taipei Zhongxiao', region: 'Taipei', address: 'No. 201, Sec. 4, Zhongxiao E. Rd, Da’an District, Taipei' },
  },
  {
    code: 'NTP01',
    salesRegion: 'TW',
    lat: 25.0137,
    lng: 121.4637,
    hours: '11:00–22:00',
    phone: '02-2960-4404',
    services: ['hem', 'pickup', 'kids'],
    'zh-Hant': { name: '新北板橋店', region: '新北市', address: '新北市板橋區縣民大道二段 7 號 3 樓' },
    en: { name: 'New Taipei Banqiao', region: 'New Taipei', address: '3F, No. 7, Sec. 2, Xianmin Blvd, Banqiao District, New Taipei' },
  },
  {
    code: 'TXG01',
    salesRegion: 'TW',
    lat: 24.163,
    lng: 120.641,
    hours: '11:00–22:00',
    phone: '04-2251-5505',
    services: ['hem', 'pickup', 'gift'],
    'zh-Hant': { name: '台中七期店', region: '台中市', address: '台中市西屯區台灣大道三段 301 號' },
    en: { name: 'Taichung Xitun', region: 'Taichung', address: 'No. 301, Sec. 3, Taiwan Blvd, Xitun District, Taichung' },
  },
  {
    code: 'TXG02',
    salesRegion: 'TW',
    lat: 24.1517,
    lng: 120.685,
    hours: '11:00–21:30',
    phone: '04-2225-6606',
    services: ['pickup'],
    'zh-Hant': { name: '台中三民店', region: '台中市', address: '台中市北區三民路三段 161 號' },
    en: { name: 'Taichung Sanmin', region: 'Taichung', address: 'No. 161, Sec. 3, Sanmin Rd, North District, Taichung' },
  },
  {
    code: 'TNN01',
    salesRegion: 'TW',
    lat: 22.987,
    lng: 120.198,
    hours: '11:00–21:30',
    phone: '06-221-7707',
    services: ['hem', 'pickup'],
    'zh-Hant': { name: '台南西門店', region: '台南市', address: '台南市中西區西門路一段 658 號' },
    en: { name: 'Tainan Ximen', region: 'Tainan', address: 'No. 658, Sec. 1, Ximen Rd, West Central District, Tainan' },
  },
  {
    code: 'KHH01',
    salesRegion: 'TW',
    lat: 22.595,
    lng: 120.307,
    hours: '11:00–22:00',
    phone: '07-823-8808',
    services: ['hem', 'pickup', 'gift', 'kids'],
    'zh-Hant': { name: '高雄前鎮店', region: '高雄市', address: '高雄市前鎮區中華五路 789 號 2 樓' },
    en: { name: 'Kaohsiung Cianjhen', region: 'Kaohsiung', address: '2F, No. 789, Zhonghua 5th Rd, Cianjhen District, Kaohsiung' },
  },
  {
    code: 'KHH02',
    salesRegion: 'TW',
    lat: 22.669,
    lng: 120.303,
    hours: '11:00–22:00',
    phone: '07-555-9909',
    services: ['pickup'],
    'zh-Hant': { name: '高雄左營店', region: '高雄市', address: '高雄市左營區博愛二路 777 號' },
    en: { name: 'Kaohsiung Zuoying', region: 'Kaohsiung', address: 'No. 777, Bo’ai 2nd Rd, Zuoying District, Kaohsiung' },
  },
  {
    code: 'HKG01',
    salesRegion: 'HK',
    lat: 22.2803,
    lng: 114.185,
    hours: '10:30–22:30',
    phone: '+852 2890 1010',
    services: ['hem', 'gift'],
    'zh-Hant': { name: '銅鑼灣店', region: '香港島', address: '香港銅鑼灣怡和街 68 號地舖' },
    en: { name: 'Causeway Bay', region: 'Hong Kong Island', address: 'G/F, 68 Yee Wo Street, Causeway Bay' },
  },
  {
    code: 'HKG02',
    salesRegion: 'HK',
    lat: 22.2955,
    lng: 114.169,
    hours: '10:30–22:30',
    phone: '+852 2735 2020',
    services: ['hem', 'gift', 'kids'],
    'zh-Hant': { name: '尖沙咀店', region: '九龍', address: '九龍尖沙咀廣東道 3 號 1 樓' },
    en: { name: 'Tsim Sha Tsui', region: 'Kowloon', address: '1/F, 3 Canton Road, Tsim Sha Tsui, Kowloon' },
  },
  {
    code: 'HKG03',
    salesRegion: 'HK',
    lat: 22.382,
    lng: 114.188,
    hours: '10:30–22:00',
    phone: '+852 2691 3030',
    services: ['kids'],
    'zh-Hant': { name: '沙田店', region: '新界', address: '新界沙田正街 18 號 2 樓' },
    en: { name: 'Sha Tin', region: 'New Territories', address: '2/F, 18 Sha Tin Centre Street, Sha Tin, New Territories' },
  },
  {
    code: 'MFM01',
    salesRegion: 'MO',
    lat: 22.1935,
    lng: 113.5405,
    hours: '10:00–22:00',
    phone: '+853 2833 4040',
    services: ['gift'],
    'zh-Hant': { name: '澳門議事亭店', region: '澳門', address: '澳門新馬路 22 號' },
    en: { name: 'Macao Senado Square', region: 'Macao', address: '22 Avenida de Almeida Ribeiro, Macao' },
  },
  {
    code: 'SHA01',
    salesRegion: 'CN',
    lat: 31.222,
    lng: 121.475,
    hours: '10:00–22:00',
    phone: '+86 21 6333 5050',
    services: ['hem', 'pickup', 'gift'],
    'zh-Hant': { name: '上海淮海中路店', region: '上海', address: '上海市黃浦區淮海中路 300 號' },
    en: { name: 'Shanghai Huaihai Road', region: 'Shanghai', address: '300 Middle Huaihai Road, Huangpu District, Shanghai' },
  },
  {
    code: 'SHA02',
    salesRegion: 'CN',
    lat: 31.229,
    lng: 121.448,
    hours: '10:00–22:00',
    phone: '+86 21 6288 6060',
    services: ['pickup'],
    'zh-Hant': { name: '上海靜安店', region: '上海', address: '上海市靜安區南京西路 1601 號' },
    en: { name: 'Shanghai Jing’an', region: 'Shanghai', address: '1601 West Nanjing Road, Jing’an District, Shanghai' },
  },
  {
    code: 'PEK01',
    salesRegion: 'CN',
    lat: 39.935,
    lng: 116.454,
    hours: '10:00–22:00',
    phone: '+86 10 6417 7070',
    services: ['hem', 'gift'],
    'zh-Hant': { name: '北京三里屯店', region: '北京', address: '北京市朝陽區三里屯路 19 號' },
    en: { name: 'Beijing Sanlitun', region: 'Beijing', address: '19 Sanlitun Road, Chaoyang District, Beijing' },
  },
  {
    code: 'SZX01',
    salesRegion: 'CN',
    lat: 22.538,
    lng: 114.111,
    hours: '10:00–22:00',
    phone: '+86 755 8266 8080',
    services: ['pickup', 'kids'],
    'zh-Hant': { name: '深圳羅湖店', region: '深圳', address: '深圳市羅湖區寶安南路 1881 號' },
    en: { name: 'Shenzhen Luohu', region: 'Shenzhen', address: '1881 Bao’an South Road, Luohu District, Shenzhen' },
  },
];

/** The shop plans with their 'zh-Hans' text, converted from 'zh-Hant' when first read. */
const SHOPS = SHOP_PLANS.map((plan) => withHans(plan));

export function sampleShops(copyKey: CopyKey, picture: PictureMaker): ShopIn[] {
  return SHOPS.map((plan) => ({
    code: plan.code,
    salesRegion: plan.salesRegion,
    name: plan[copyKey].name,
    region: plan[copyKey].region,
    address: plan[copyKey].address,
    phone: plan.phone,
    openingHours: plan.hours,
    latitude: plan.lat,
    longitude: plan.lng,
    imageUrl: picture(`/media/shops/${plan.code}.jpg`, 800, 500),
    services: plan.services.map((key) => SERVICE_NAMES[copyKey][key]),
  }));
}

// ---------------------------------------------------------------------------------------
// Press releases

interface ReleaseFacts {
  year: number;
  season: 'SS' | 'AW';
  n: number;
  pct: number;
  amount: number;
  shop: (typeof SHOPS)[number];
  artist: number;
  fabric: number;
  charity: number;
}

interface PressCopy {
  seasons: Record<'SS' | 'AW', string>;
  artists: readonly string[];
  fabrics: readonly string[];
  charities: readonly string[];
  spokesperson: string;
  spokespersonRole: string;
  /** Template: {markets}, where the brand sells (PRESS_PLACES). */
  about: string;
  aboutHeading: string;
  pictureCaption: string;
  /** Each topic: title, summary, heading, paragraphs and quote, as templates over the facts. */
  topics: ReadonlyArray<{ title: string; summary: string; heading: string; paragraphs: readonly string[]; quote: string; alt: string }>;
}

const PRESS_COPY: Record<CopyKey, PressCopy> = withHans({
  'zh-Hant': {
    seasons: { SS: '春夏', AW: '秋冬' },
    artists: ['林芷瑩', '陳柏宇', '吳若涵', '黃子謙', '許靜宜'],
    fabrics: ['再生棉', '有機亞麻', '回收羊毛', '天絲混紡', '再生尼龍'],
    charities: ['社團法人台灣家扶基金會', '香港基督教服務處', '澳門明愛', '偏鄉兒童閱讀計畫'],
    spokesperson: '周詠晴',
    spokespersonRole: 'LINEA 織線品牌總監',
    aboutHeading: '關於 LINEA 織線',
    about: 'LINEA 織線創立於台北，以耐穿的剪裁與可追溯的布料製作日常服裝，於{markets}設有門市與線上商店。',
    pictureCaption: '{season}系列的現場陳列。',
    topics: [
      {
        title: 'LINEA 織線 {year} {season}系列正式上市',
        summary: '{year} {season}系列以「{fabric}」為主角，即日起於{shops}與線上商店同步販售。',
        heading: '系列重點',
        paragraphs: [
          'LINEA 織線今日推出 {year} {season}系列，共 {n} 款單品，涵蓋女裝、男裝與童裝。本季以{fabric}為主要材質，延續品牌簡潔耐穿的剪裁。',
          '設計團隊走訪多家織廠，挑選手感柔軟、可長期穿著的布料，並將色盤收斂為沉穩的大地色與清爽的藍白色調，方便彼此搭配。',
          '全系列即日起於各地門市與官方線上商店販售，會員於上市首週購買可享免運優惠。',
        ],
        quote: '我們希望每一件衣服都能陪伴顧客好幾個季節，而不只是一個季節。',
        alt: '{season}系列形象照：模特兒穿著{fabric}襯衫與長褲',
      },
      {
        title: 'LINEA 織線{shop}盛大開幕',
        summary: '品牌第 {n} 家門市{shop}開幕，提供修改褲長、門市取貨與禮品包裝服務。',
        heading: '門市服務',
        paragraphs: [
          'LINEA 織線{shop}於本週正式開幕，這是品牌的第 {n} 家門市。新店以淺色木材與亞麻布幔打造明亮的購物空間，陳列完整的女裝、男裝與童裝系列。',
          '門市提供修改褲長、線上訂購門市取貨與禮品包裝等服務，並設置舒適的試衣間與親子休憩區。',
          '開幕期間凡於門市消費即可獲得限量帆布提袋，數量有限，送完為止。',
        ],
        quote: '門市是顧客認識布料最直接的地方，歡迎大家來摸摸看、穿穿看。',
        alt: '{shop}的店面與櫥窗陳列',
      },
      {
        title: 'LINEA 織線攜手插畫家{artist}推出聯名膠囊系列',
        summary: '與插畫家{artist}合作的 {n} 款聯名單品，以台灣街景為靈感，限量發售。',
        heading: '關於聯名',
        paragraphs: [
          'LINEA 織線與插畫家{artist}合作推出聯名膠囊系列，共 {n} 款 T 恤、帆布包與童裝，圖案取材自街角的老店與行道樹。',
          '所有印花皆採用水性油墨，並印製於{fabric}布料上，兼顧舒適度與環境友善。',
          '聯名系列將於指定門市與線上商店限量販售，售完為止。',
        ],
        quote: '能把日常看到的風景畫在每天穿的衣服上，是一件很溫暖的事。',
        alt: '插畫家{artist}聯名 T 恤的印花細節',
      },
      {
        title: 'LINEA 織線發布 {year} 永續報告：{fabric}使用比例達 {pct}%',
        summary: '品牌 {year} 年度永續報告顯示，{fabric}等低衝擊材質占整體用料的 {pct}%。',
        heading: '主要成果',
        paragraphs: [
          'LINEA 織線今日發布 {year} 年度永續報告。報告指出，品牌全年使用的布料中，{fabric}等低衝擊材質的比例已達 {pct}%。',
          '品牌同時與合作工廠共同導入節水染整製程，並將門市購物袋全面改為可重複使用的帆布袋。',
          '完整報告已公開於官方網站，歡迎各界參閱並提供建議。',
        ],
        quote: '永續不是一句口號，而是一件件衣服、一道道工序累積出來的成果。',
        alt: '織廠內整齊排列的{fabric}布捲',
      },
      {
        title: 'LINEA 織線捐贈 {n} 件冬衣予{charity}',
        summary: '品牌捐贈 {n} 件保暖衣物予{charity}，協助需要的家庭度過寒冬。',
        heading: '捐贈內容',
        paragraphs: [
          'LINEA 織線今年冬天捐贈 {n} 件保暖外套、毛衣與童裝予{charity}，將由合作社工轉交給需要的家庭。',
          '此次捐贈的衣物皆為全新商品，並依照受贈單位提供的尺寸需求挑選。',
          '品牌也邀請顧客於門市參與舊衣回收活動，回收衣物將分類後再利用。',
        ],
        quote: '希望這些衣服能讓孩子們在上學的路上暖和一點。',
        alt: '志工整理準備捐贈的冬衣',
      },
      {
        title: 'LINEA 織線會員計畫升級：生日禮與修改服務全面免費',
        summary: '自即日起，會員享有生日禮券與免費修改褲長服務，年度累積消費 {amount} 即可升級。',
        heading: '新會員權益',
        paragraphs: [
          'LINEA 織線宣布升級會員計畫。自即日起，所有會員皆可於生日當月領取專屬禮券，並享有免費修改褲長服務。',
          '年度累積消費滿 {amount} 的會員將升級為進階會員，享有新品搶先購與免運優惠。',
          '會員可於官方網站的會員專區查詢權益與消費紀錄。',
        ],
        quote: '會員是我們最重要的夥伴，我們希望服務能跟著衣服一起變得更好。',
        alt: '門市人員為會員修改褲長',
      },
      {
        title: 'LINEA 織線{fabric}系列獲年度設計獎肯定',
        summary: '以{fabric}製作的基本款系列，獲選年度設計獎服裝類別得主。',
        heading: '得獎系列',
        paragraphs: [
          'LINEA 織線以{fabric}製作的基本款系列，獲選本年度設計獎服裝類別得主。評審肯定該系列兼具耐穿度、舒適度與簡潔的設計語彙。',
          '得獎系列共 {n} 款單品，自推出以來持續獲得顧客支持，多款顏色曾多次補貨。',
          '品牌將於指定門市展出得獎作品與布料樣本，歡迎顧客前往參觀。',
        ],
        quote: '這份肯定屬於每一位參與製作的夥伴。',
        alt: '得獎系列的{fabric}針織衫',
      },
      {
        title: 'LINEA 織線推出{season}童裝系列，{n} 款單品親子同穿',
        summary: '{season}童裝系列以好穿脫的設計為重點，並推出多款親子同款。',
        heading: '為孩子設計',
        paragraphs: [
          'LINEA 織線推出{season}童裝系列，共 {n} 款單品。系列以寬鬆的版型與好穿脫的設計為重點，讓孩子能自在活動。',
          '多款單品推出成人尺寸的同款設計，方便家人一起穿搭。布料選用觸感柔軟的{fabric}，並通過嬰幼兒衣物安全檢驗。',
          '童裝系列即日起於各地門市與線上商店販售。',
        ],
        quote: '孩子的衣服要好穿、好洗，還要能陪他們跑跑跳跳。',
        alt: '穿著親子同款上衣的家人',
      },
    ],
  },
  en: {
    seasons: { SS: 'Spring/Summer', AW: 'Autumn/Winter' },
    artists: ['Lin Chih-ying', 'Chen Po-yu', 'Wu Jo-han', 'Huang Tzu-chien', 'Hsu Ching-yi'],
    fabrics: ['recycled cotton', 'organic linen', 'recycled wool', 'Tencel blends', 'recycled nylon'],
    charities: [
      'the Taiwan Fund for Children and Families',
      'Hong Kong Christian Service',
      'Caritas Macau',
      'a rural children’s reading programme',
    ],
    spokesperson: 'Chou Yung-ching',
    spokespersonRole: 'Brand Director, LINEA',
    aboutHeading: 'About LINEA',
    about:
      'LINEA was founded in Taipei and makes everyday clothing with lasting cuts and traceable fabrics. It has shops and online stores in {markets}.',
    pictureCaption: 'The {season} collection on display.',
    topics: [
      {
        title: 'LINEA launches its {season} {year} collection',
        summary: 'The {season} {year} collection puts {fabric} first and is on sale today in {shops} and online.',
        heading: 'Collection highlights',
        paragraphs: [
          'LINEA today launches its {season} {year} collection: {n} pieces across women’s, men’s and kids’ wear. This season is cut mainly from {fabric}, in the brand’s simple, hard-wearing shapes.',
          'The design team visited several mills to choose soft fabrics that last, and kept the palette to calm earth tones and fresh blues and whites that go together easily.',
          'The whole collection is on sale from today in our shops and online; members enjoy free delivery during launch week.',
        ],
        quote: 'We want every piece to stay with our customers for many seasons, not just one.',
        alt: '{season} collection campaign: a model in a {fabric} shirt and trousers',
      },
      {
        title: 'LINEA opens {shop}',
        summary: 'Our {nth} shop, {shop}, opens with hemming, click & collect and gift wrapping.',
        heading: 'In the shop',
        paragraphs: [
          'LINEA opens {shop} this week, the brand’s {nth} shop. Pale wood and linen drapes make a bright space for the full women’s, men’s and kids’ collections.',
          'The shop offers hemming, click & collect for online orders and gift wrapping, with comfortable fitting rooms and a family corner.',
          'During the opening, every purchase in the shop comes with a limited-edition canvas tote, while stocks last.',
        ],
        quote: 'A shop is where people meet our fabrics first hand. Come and feel them, try them on.',
        alt: 'The front and window display of {shop}',
      },
      {
        title: 'LINEA and illustrator {artist} release a capsule collection',
        summary: '{n} pieces drawn by illustrator {artist}, inspired by Taiwan’s street corners, in a limited run.',
        heading: 'About the collaboration',
        paragraphs: [
          'LINEA and illustrator {artist} release a capsule collection of {n} T-shirts, canvas bags and kids’ pieces, with prints drawn from old corner shops and street trees.',
          'Every print uses water-based inks on {fabric}, kind to the skin and to the environment.',
          'The capsule is sold in selected shops and online in a limited run, while stocks last.',
        ],
        quote: 'Drawing everyday scenes onto clothes people wear every day feels warm to me.',
        alt: 'Print detail of the T-shirt drawn by {artist}',
      },
      {
        title: 'LINEA publishes its {year} sustainability report: {fabric} reaches {pct}%',
        summary: 'The brand’s {year} report shows low-impact materials such as {fabric} now make up {pct}% of all fabric used.',
        heading: 'Key results',
        paragraphs: [
          'LINEA today publishes its sustainability report for {year}. Low-impact materials such as {fabric} made up {pct}% of all the fabric the brand used in the year.',
          'Together with its mills, the brand introduced water-saving dyeing and replaced all shop bags with reusable canvas totes.',
          'The full report is available on the brand’s website; comments and suggestions are welcome.',
        ],
        quote: 'Sustainability is not a slogan: it is built garment by garment, step by step.',
        alt: 'Rolls of {fabric} lined up in a mill',
      },
      {
        title: 'LINEA donates {n} winter garments to {charity}',
        summary: 'The brand gives {n} warm garments to {charity} to help families through the winter.',
        heading: 'The donation',
        paragraphs: [
          'This winter LINEA donates {n} coats, jumpers and kids’ pieces to {charity}, whose social workers will pass them on to families in need.',
          'Every garment is new and was chosen to match the sizes the charity asked for.',
          'Customers are also invited to bring used clothing to our shops, where it is sorted for reuse.',
        ],
        quote: 'We hope these clothes keep children a little warmer on their way to school.',
        alt: 'Volunteers sorting winter clothing for donation',
      },
      {
        title: 'LINEA membership upgraded: birthday gift and free hemming for every member',
        summary: 'From today every member gets a birthday voucher and free hemming; spending {amount} in a year unlocks the next tier.',
        heading: 'New member benefits',
        paragraphs: [
          'LINEA upgrades its membership programme. From today every member receives a voucher in their birthday month and free trouser hemming.',
          'Members who spend {amount} or more in a year move up a tier, with early access to new collections and free delivery.',
          'Members can see their benefits and purchases in the account area of the website.',
        ],
        quote: 'Our members are our closest partners; we want our service to get better along with our clothes.',
        alt: 'A shop assistant hemming trousers for a member',
      },
      {
        title: 'LINEA’s {fabric} essentials win a design award',
        summary: 'The essentials line made from {fabric} wins the apparel category of this year’s design awards.',
        heading: 'The winning line',
        paragraphs: [
          'LINEA’s essentials line made from {fabric} has won the apparel category of this year’s design awards. The jury praised its durability, comfort and clean design.',
          'The line of {n} pieces has been a customer favourite since launch, with several colours restocked many times.',
          'The winning pieces and fabric samples are on show in selected shops.',
        ],
        quote: 'This award belongs to everyone who helped make these clothes.',
        alt: 'A {fabric} knit from the award-winning line',
      },
      {
        title: 'LINEA’s {season} kids’ collection: {n} pieces for the whole family',
        summary: 'The {season} kids’ collection is easy to put on and take off, with matching pieces for grown-ups.',
        heading: 'Designed for children',
        paragraphs: [
          'LINEA presents its {season} kids’ collection of {n} pieces, with relaxed fits and easy openings so children can move freely.',
          'Many pieces come in matching adult sizes. The fabric is soft {fabric}, tested to baby and children’s clothing safety standards.',
          'The kids’ collection is on sale from today in our shops and online.',
        ],
        quote: 'Children’s clothes should be easy to wear, easy to wash and ready to run and jump.',
        alt: 'A family in matching tops',
      },
    ],
  },
});

/**
 * The places a release names for its reader, by the language's region: its dateline (the
 * office nearest the reader), the shops a launch is on sale in, and the list of markets in the
 * boilerplate, each as that region writes it (the mainland reads 中國內地及港澳台地區).
 */
const PRESS_PLACES: Record<CopyKey, Record<Region, { dateline: string; shops: string; markets: string }>> = withHans({
  'zh-Hant': {
    TW: { dateline: '台北', shops: '全台門市', markets: '台灣、香港、澳門與中國大陸' },
    HK: { dateline: '香港', shops: '全港門市', markets: '香港、澳門、台灣與中國內地' },
    MO: { dateline: '澳門', shops: '澳門門市', markets: '澳門、香港、台灣與中國內地' },
    CN: { dateline: '上海', shops: '全國門市', markets: '中國內地及港澳台地區' },
  },
  en: {
    TW: { dateline: 'Taipei', shops: 'every shop in Taiwan', markets: 'Taiwan, Hong Kong, Macao and mainland China' },
    HK: { dateline: 'Hong Kong', shops: 'every shop in Hong Kong', markets: 'Hong Kong, Macao, Taiwan and mainland China' },
    MO: { dateline: 'Macao', shops: 'our Macao shop', markets: 'Macao, Hong Kong, Taiwan and mainland China' },
    CN: { dateline: 'Shanghai', shops: 'every shop in mainland China', markets: 'mainland China, Hong Kong, Macao and Taiwan' },
  },
});

function factsFor(rng: Rng, publishedAt: number, index: number): ReleaseFacts {
  const { year, month } = brandCalendar(publishedAt);
  return {
    year,
    season: month >= 2 && month <= 7 ? 'SS' : 'AW',
    n: rng.int(12, 48),
    pct: rng.int(35, 78),
    amount: rng.int(10, 30) * 1000,
    shop: SHOPS[index % SHOPS.length]!,
    artist: rng.int(0, 4),
    fabric: rng.int(0, 4),
    charity: rng.int(0, 3),
  };
}

function englishOrdinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/**
 * The releases of one language, oldest first: about one every 16 days, published at 10:00
 * brand time, over the three years before `now`. Some were corrected a few days later.
 */
export function samplePressReleases(options: {
  seed: number;
  now: number;
  language: Pick<LanguageDefinition, 'sampleCopy' | 'region' | 'currency'>;
  picture: PictureMaker;
}): ReleaseIn[] {
  const { seed, now, language, picture } = options;
  const copyKey = language.sampleCopy;
  const copy = PRESS_COPY[copyKey];
  const places = PRESS_PLACES[copyKey][language.region];
  const step = Math.floor(PRESS_SPAN_DAYS / PRESS_RELEASE_COUNT);
  const firstDay = Math.floor((now - PRESS_SPAN_DAYS * DAY) / DAY) * DAY;
  const releases: ReleaseIn[] = [];
  for (let index = 0; index < PRESS_RELEASE_COUNT; index += 1) {
    const id = String(FIRST_RELEASE_ID + index);
    // The same facts in every language: the rng is keyed by the release, not the language.
    const rng = rngFor(seed, 'press', id);
    const publishedAt = firstDay + (index * step + rng.int(0, 3)) * DAY + 2 * 3_600_000;
    const facts = factsFor(rng, publishedAt, index);
    const topic = copy.topics[index % copy.topics.length]!;
    const values = {
      year: facts.year,
      season: copy.seasons[facts.season],
      n: facts.n,
      pct: facts.pct,
      nth: copyKey === 'en' ? englishOrdinal(facts.n) : String(facts.n),
      // The tier is set in TWD; the reader sees it in their own currency.
      amount: amountText(facts.amount, language.currency),
      shops: places.shops,
      shop: facts.shop[copyKey].name,
      artist: copy.artists[facts.artist]!,
      fabric: copy.fabrics[facts.fabric]!,
      charity: copy.charities[facts.charity]!,
    };
    const corrected = rng.chance(0.2);
    const updatedAt = Math.min(now, publishedAt + (corrected ? rng.int(1, 6) * DAY : 0));
    const lead = picture(`/media/press/${id}.jpg`, LEAD_IMAGE.width, LEAD_IMAGE.height);
    const [first, second, third] = topic.paragraphs.map((p) => fill(p, values));
    const body: ReleaseIn['body'] = [
      { type: 'paragraph', text: first! },
      { type: 'paragraph', text: second! },
      { type: 'quote', text: fill(topic.quote, values), cite: `${copy.spokesperson}, ${copy.spokespersonRole}` },
      { type: 'heading', text: topic.heading },
      { type: 'paragraph', text: third! },
    ];
    if (index % 3 === 0) {
      const url = picture(`/media/press/${id}-2.jpg`, BODY_IMAGE.width, BODY_IMAGE.height);
      body.splice(2, 0, {
        type: 'image',
        url,
        alt: fill(topic.alt, values),
        caption: fill(copy.pictureCaption, values),
        width: BODY_IMAGE.width,
        height: BODY_IMAGE.height,
      });
    }
    body.push({ type: 'heading', text: copy.aboutHeading }, { type: 'paragraph', text: fill(copy.about, { markets: places.markets }) });
    releases.push({
      id,
      title: fill(topic.title, values),
      summary: fill(topic.summary, values),
      publishedAt,
      updatedAt,
      imageUrl: lead,
      imageAlt: fill(topic.alt, values),
      imageWidth: LEAD_IMAGE.width,
      imageHeight: LEAD_IMAGE.height,
      // A shop opening is datelined where the shop is; the rest where the language's office is.
      location: topic.title.includes('{shop}') ? facts.shop[copyKey].region : places.dateline,
      body,
    });
  }
  return releases;
}

/** The index entry of a release: its summary fields, without the body. */
export function pressIndexEntry(release: ReleaseIn) {
  const { id, title, summary, publishedAt, updatedAt, imageUrl, imageAlt, imageWidth, imageHeight } = release;
  return { id, title, summary, publishedAt, updatedAt, imageUrl, imageAlt, imageWidth, imageHeight };
}
