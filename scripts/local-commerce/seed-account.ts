/**
 * The seeded account beyond orders (seed.ts): the demo member's profile, coupons (usable, used
 * and expired), addresses, invoices with every kind of carrier and a default carrier, and
 * recycling bookings in every status; the Hong Kong member's address and coupons; the mainland
 * and Macao members' coupons, each in their region's currency and titled in its languages; the
 * coupon offers anyone may collect, each in one region, with their redeem codes; and the conversations
 * (seed-conversations.ts). Deterministic: fixed ids, dates from the catalogue's clock.
 */
import type { DatabaseSync } from 'node:sqlite';
import type { TaiwanInvoice } from '../../src/lib/api/contract-checkout.ts';
import type { Address, ResponseOf } from '../../src/lib/api/contract.ts';
import type { CurrencyCode } from '../../src/lib/i18n/regions.ts';
import { brandDay } from './brand-days.ts';
import { columnOfTexts } from './coupon-texts.ts';
import type { AccountSeed } from './seed-kit.ts';
import { saveRecord } from './records.ts';
import { seedConversations } from './seed-conversations.ts';

const DAY = 86_400_000;

/** Texts by language code; a language left out reads its fallback (request-language.ts). */
type Texts = Readonly<Record<string, string>>;

type CouponSeed = [
  id: string,
  title: Texts,
  description: Texts,
  discount: number,
  threshold: number,
  window: 'usable' | 'used' | 'expired',
];

// Each region's coupons (held and on offer) in the languages its store is read in, and in English
// for a member who opens their wallet on the English (Hong Kong) pages; mainland Chinese is
// written in Simplified.
const DEMO_COUPONS: CouponSeed[] = [
  [
    'C0001',
    { 'zh-TW': '新會員禮 NT$100', 'en-GB': 'New member gift NT$100' },
    { 'zh-TW': '單筆消費滿 NT$990 折抵 NT$100，限會員本人使用。', 'en-GB': 'NT$100 off an order of NT$990 or more, for the member only.' },
    100,
    990,
    'usable',
  ],
  [
    'C0002',
    { 'zh-TW': '滿 NT$2,000 折 NT$300', 'en-GB': 'NT$300 off from NT$2,000' },
    {
      'zh-TW': '單筆消費滿 NT$2,000 折抵 NT$300，不可與其他優惠併用。',
      'en-GB': 'NT$300 off an order of NT$2,000 or more; not with other offers.',
    },
    300,
    2000,
    'usable',
  ],
  [
    'C0003',
    { 'zh-TW': '生日禮 NT$200', 'en-GB': 'Birthday gift NT$200' },
    { 'zh-TW': '生日當月消費不限金額折抵 NT$200。', 'en-GB': 'NT$200 off any order in your birthday month.' },
    200,
    0,
    'used',
  ],
  [
    'C0004',
    { 'zh-TW': '春季購物金 NT$150', 'en-GB': 'Spring credit NT$150' },
    {
      'zh-TW': '單筆消費滿 NT$1,500 折抵 NT$150，特價商品亦適用。',
      'en-GB': 'NT$150 off an order of NT$1,500 or more, sale items included.',
    },
    150,
    1500,
    'usable',
  ],
  [
    'C0005',
    { 'zh-TW': '會員日 NT$250', 'en-GB': 'Member day NT$250' },
    { 'zh-TW': '會員日當天單筆消費滿 NT$2,500 折抵 NT$250。', 'en-GB': 'NT$250 off an order of NT$2,500 or more on member day.' },
    250,
    2500,
    'used',
  ],
  [
    'C0006',
    { 'zh-TW': '冬季出清 NT$300', 'en-GB': 'Winter sale NT$300' },
    { 'zh-TW': '單筆消費滿 NT$3,000 折抵 NT$300，活動已結束。', 'en-GB': 'NT$300 off an order of NT$3,000 or more; the sale has ended.' },
    300,
    3000,
    'expired',
  ],
  [
    'C0007',
    { 'zh-TW': '週年慶早鳥 NT$100', 'en-GB': 'Anniversary early bird NT$100' },
    {
      'zh-TW': '週年慶前單筆消費滿 NT$1,000 折抵 NT$100，活動已結束。',
      'en-GB': 'NT$100 off an order of NT$1,000 or more before the anniversary; it has ended.',
    },
    100,
    1000,
    'expired',
  ],
  // Earned by the received recycling booking below.
  [
    'C0008',
    { 'zh-TW': '舊衣回收禮 NT$100', 'en-GB': 'Recycling thanks NT$100' },
    {
      'zh-TW': '感謝參與舊衣回收，單筆消費滿 NT$800 折抵 NT$100。',
      'en-GB': 'Thank you for recycling: NT$100 off an order of NT$800 or more.',
    },
    100,
    800,
    'usable',
  ],
];
const HK_COUPONS: CouponSeed[] = [
  [
    'C0101',
    { 'zh-HK': '新會員禮 HK$30', 'en-GB': 'New member gift HK$30' },
    { 'zh-HK': '單筆消費滿 HK$250 減 HK$30，限會員本人使用。', 'en-GB': 'HK$30 off an order of HK$250 or more, for the member only.' },
    30,
    250,
    'usable',
  ],
  [
    'C0102',
    { 'zh-HK': '夏日優惠 HK$50', 'en-GB': 'Summer offer HK$50' },
    { 'zh-HK': '單筆消費滿 HK$500 減 HK$50。', 'en-GB': 'HK$50 off an order of HK$500 or more.' },
    50,
    500,
    'usable',
  ],
  [
    'C0103',
    { 'zh-HK': '冬季清貨 HK$80', 'en-GB': 'Winter clearance HK$80' },
    { 'zh-HK': '單筆消費滿 HK$800 減 HK$80，活動已結束。', 'en-GB': 'HK$80 off an order of HK$800 or more; the sale has ended.' },
    80,
    800,
    'expired',
  ],
];
const CN_COUPONS: CouponSeed[] = [
  [
    'C0201',
    { 'zh-CN': '新会员礼 ¥20', 'en-GB': 'New member gift ¥20' },
    { 'zh-CN': '单笔消费满 ¥199 减 ¥20，限会员本人使用。', 'en-GB': '¥20 off an order of ¥199 or more, for the member only.' },
    20,
    199,
    'usable',
  ],
  [
    'C0202',
    { 'zh-CN': '满 ¥499 减 ¥50', 'en-GB': '¥50 off from ¥499' },
    { 'zh-CN': '单笔消费满 ¥499 减 ¥50，不可与其他优惠同享。', 'en-GB': '¥50 off an order of ¥499 or more; not with other offers.' },
    50,
    499,
    'usable',
  ],
];
const MO_COUPONS: CouponSeed[] = [
  [
    'C0301',
    { 'zh-MO': '新會員禮 MOP$30', 'en-GB': 'New member gift MOP$30' },
    { 'zh-MO': '單筆消費滿 MOP$250 減 MOP$30，限會員本人使用。', 'en-GB': 'MOP$30 off an order of MOP$250 or more, for the member only.' },
    30,
    250,
    'usable',
  ],
];

/**
 * The coupons anyone may collect, each in one region's currency and listed on that region's
 * pages only: Taiwan's welcome coupon, one for a big basket and one not started yet; a welcome
 * coupon in each other region. Each can also be redeemed by the code printed on leaflets.
 */
const OFFERS: Array<
  [
    id: string,
    title: Texts,
    description: Texts,
    currency: CurrencyCode,
    discount: number,
    threshold: number,
    days: [number, number],
    code: string,
  ]
> = [
  [
    'CC001',
    { 'zh-TW': '領取即用 NT$150', 'en-GB': 'Collect and save NT$150' },
    { 'zh-TW': '單筆消費滿 NT$1,000 折抵 NT$150，每位會員限領一次。', 'en-GB': 'NT$150 off an order of NT$1,000 or more; one per member.' },
    'TWD',
    150,
    1000,
    [-7, 30],
    'WELCOME150',
  ],
  [
    'CC002',
    { 'zh-TW': '滿 NT$3,000 折 NT$500', 'en-GB': 'NT$500 off from NT$3,000' },
    { 'zh-TW': '單筆消費滿 NT$3,000 折抵 NT$500，每位會員限領一次。', 'en-GB': 'NT$500 off an order of NT$3,000 or more; one per member.' },
    'TWD',
    500,
    3000,
    [-1, 14],
    'LINEA500',
  ],
  [
    'CC003',
    { 'zh-TW': '週年慶 NT$200', 'en-GB': 'Anniversary NT$200' },
    {
      'zh-TW': '週年慶期間單筆消費滿 NT$1,500 折抵 NT$200，可提前領取。',
      'en-GB': 'NT$200 off an order of NT$1,500 or more during the anniversary; collect it ahead.',
    },
    'TWD',
    200,
    1500,
    [10, 40],
    'ANNIV200',
  ],
  [
    'CC101',
    { 'zh-HK': '領取即用 HK$40', 'en-GB': 'Collect and save HK$40' },
    { 'zh-HK': '單筆消費滿 HK$300 減 HK$40，每位會員限領一次。', 'en-GB': 'HK$40 off an order of HK$300 or more; one per member.' },
    'HKD',
    40,
    300,
    [-7, 30],
    'HKWELCOME40',
  ],
  [
    'CC201',
    { 'zh-CN': '领取即用 ¥30', 'en-GB': 'Collect and save ¥30' },
    { 'zh-CN': '单笔消费满 ¥259 减 ¥30，每位会员限领一次。', 'en-GB': '¥30 off an order of ¥259 or more; one per member.' },
    'CNY',
    30,
    259,
    [-7, 30],
    'CNWELCOME30',
  ],
  [
    'CC301',
    { 'zh-MO': '領取即用 MOP$40', 'en-GB': 'Collect and save MOP$40' },
    { 'zh-MO': '單筆消費滿 MOP$300 減 MOP$40，每位會員限領一次。', 'en-GB': 'MOP$40 off an order of MOP$300 or more; one per member.' },
    'MOP',
    40,
    300,
    [-7, 30],
    'MOWELCOME40',
  ],
];

/** The demo member's invoices: issued for O2026000002–6 (one per carrier kind), void for O2026000007 (cancelled after payment). */
const INVOICED_ORDERS = ['O2026000002', 'O2026000003', 'O2026000004', 'O2026000005', 'O2026000006'];
const VOIDED_ORDER = 'O2026000007';
/** The default carrier saved on the invoice page. */
const DEFAULT_CARRIER: TaiwanInvoice = { type: 'CLOUD', vehicle: 'PHONE', vehicleCode: '/ABC+123' };

export function seedAccount(db: DatabaseSync, seed: AccountSeed): void {
  db.prepare("UPDATE members SET birthday = '1990-05-12', gender = 'F' WHERE id = ?").run(seed.demo);
  seedCoupons(db, seed);
  seedAddresses(db, seed);
  seedInvoices(db, seed);
  seedRecycling(db, seed);
  seedConversations(db, seed);
}

function seedCoupons(db: DatabaseSync, { t0, demo, hk, cn, mo }: AccountSeed): void {
  const coupons = (memberId: string, currency: CurrencyCode, list: CouponSeed[]) =>
    list.forEach(([couponId, title, description, discount, threshold, window], i) => {
      const [startDate, endDate] = window === 'expired' ? [t0 - 90 * DAY, t0 - (5 + i) * DAY] : [t0 - 30 * DAY, t0 + (60 - i) * DAY];
      const used = window === 'used' ? 'Y' : 'N';
      saveRecord(db, 'coupon', couponId, memberId, used, t0 - i * DAY, {
        couponId,
        title,
        currency,
        discount,
        threshold,
        startDate,
        endDate,
        used,
        description,
      });
    });
  coupons(demo, 'TWD', DEMO_COUPONS);
  coupons(hk, 'HKD', HK_COUPONS);
  coupons(cn, 'CNY', CN_COUPONS);
  coupons(mo, 'MOP', MO_COUPONS);

  const insertOffer = db.prepare(
    'INSERT INTO coupon_offers (coupon_id, title, description, currency, discount, threshold, start_date, end_date, redeem_code) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (const [couponId, title, description, currency, discount, threshold, [from, to], code] of OFFERS)
    insertOffer.run(
      couponId,
      columnOfTexts(title),
      columnOfTexts(description),
      currency,
      discount,
      threshold,
      t0 + from * DAY,
      t0 + to * DAY,
      code,
    );
}

function seedAddresses(db: DatabaseSync, { t0, demo, hk }: AccountSeed): void {
  const addresses: Array<[memberId: string, createdAt: number, address: Address]> = [
    [
      demo,
      t0 - 200 * DAY,
      {
        addressId: 'A0001',
        receiver: '林小美',
        mobile: '0912345678',
        region: 'TW',
        city: '台北市',
        detail: '大安區忠孝東路四段 100 號 5 樓',
        zipCode: '106',
        isDefault: 'Y',
      },
    ],
    [
      demo,
      t0 - 100 * DAY,
      {
        addressId: 'A0002',
        receiver: '林小美',
        mobile: '0912345678',
        region: 'TW',
        city: '新北市',
        detail: '板橋區文化路一段 200 號',
        zipCode: '220',
        isDefault: 'N',
      },
    ],
    [
      hk,
      t0 - 150 * DAY,
      {
        addressId: 'A0101',
        receiver: 'Chan Tai Man',
        mobile: '91234567',
        region: 'HK',
        city: '香港',
        detail: '中環皇后大道中 99 號 12 樓',
        zipCode: '0',
        isDefault: 'Y',
      },
    ],
  ];
  for (const [memberId, createdAt, address] of addresses) saveRecord(db, 'address', address.addressId, memberId, null, createdAt, address);
}

function seedInvoices(db: DatabaseSync, { t0, orders, demo }: AccountSeed): void {
  [...INVOICED_ORDERS, VOIDED_ORDER].forEach((orderCode, i) => {
    const order = orders.find((o) => o.orderCode === orderCode)!;
    // The carrier the order asked for (the demo member's orders are Taiwan's).
    const carrier = order.invoice as TaiwanInvoice;
    const invoiceNo = `AB${String(10000000 + i)}`;
    const status = orderCode === VOIDED_ORDER ? 'VOID' : 'ISSUED';
    const invoice: ResponseOf<'invoiceList'>['list'][number] = {
      invoiceNo,
      orderCode: order.orderCode,
      type: carrier.type,
      carrier,
      status,
      amount: order.total,
      issuedAt: order.createdAt,
    };
    saveRecord(db, 'invoice', invoiceNo, demo, status, order.createdAt, invoice);
  });
  saveRecord(db, 'invoice-carrier', demo, demo, 'CLOUD', t0 - 60 * DAY, DEFAULT_CARRIER);
}

/** One booking in each status; the received one earned coupon C0008. */
function seedRecycling(db: DatabaseSync, { t0, demo }: AccountSeed): void {
  type Booking = ResponseOf<'recycleList'>['bookings'][number];
  const bookings: Booking[] = [
    {
      bookingId: 'RC0001',
      method: 'SHOP',
      storeCode: 'TPE01',
      address: null,
      date: brandDay(t0, 5),
      timeSlot: null,
      bags: 2,
      status: 'BOOKED',
      items: null,
      couponId: null,
      createdAt: t0 - DAY,
    },
    {
      bookingId: 'RC0002',
      method: 'SHOP',
      storeCode: 'TPE02',
      address: null,
      date: brandDay(t0, -20),
      timeSlot: null,
      bags: 3,
      status: 'RECEIVED',
      items: 14,
      couponId: 'C0008',
      createdAt: t0 - 25 * DAY,
    },
    {
      bookingId: 'RC0003',
      method: 'PICKUP',
      storeCode: null,
      address: '106 台北市 大安區忠孝東路四段 100 號 5 樓',
      date: brandDay(t0, -40),
      timeSlot: 'AM',
      bags: 1,
      status: 'CANCELLED',
      items: null,
      couponId: null,
      createdAt: t0 - 45 * DAY,
    },
  ];
  for (const booking of bookings) saveRecord(db, 'recycle', booking.bookingId, demo, booking.status, booking.createdAt, booking);
}
