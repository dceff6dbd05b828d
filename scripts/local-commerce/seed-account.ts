/**
 * The seeded account beyond orders (seed.ts): the demo member's profile, coupons (usable, used
 * and expired), addresses, invoices with every kind of carrier and a default carrier, and
 * recycling bookings in every status; the Hong Kong member's address and coupons; the mainland
 * and Macao members' coupons, each in their region's currency; the coupon offers anyone may
 * collect, in every currency, with their redeem codes; and the conversations
 * (seed-conversations.ts). Deterministic: fixed ids, dates from the catalogue's clock.
 */
import type { DatabaseSync } from 'node:sqlite';
import type { TaiwanInvoice } from '../../src/lib/api/contract-checkout.ts';
import type { Address, ResponseOf } from '../../src/lib/api/contract.ts';
import type { CurrencyCode } from '../../src/lib/i18n/regions.ts';
import { brandDay } from './brand-days.ts';
import type { StoredOrder } from './case-records.ts';
import { saveRecord } from './records.ts';
import { seedConversations } from './seed-conversations.ts';

const DAY = 86_400_000;

export interface AccountSeed {
  /** The catalogue's clock: every seeded date is relative to it. */
  t0: number;
  /** The demo member's orders (seed-orders.ts), O2026000001 first. */
  orders: StoredOrder[];
  /** The demo member (Taiwan) and the Hong Kong, mainland and Macao members. */
  demo: string;
  hk: string;
  cn: string;
  mo: string;
}

type CouponSeed = [
  id: string,
  title: string,
  description: string,
  discount: number,
  threshold: number,
  window: 'usable' | 'used' | 'expired',
];

const DEMO_COUPONS: CouponSeed[] = [
  ['C0001', '新會員禮 NT$100', '單筆消費滿 NT$990 折抵 NT$100，限會員本人使用。', 100, 990, 'usable'],
  ['C0002', '滿 NT$2,000 折 NT$300', '單筆消費滿 NT$2,000 折抵 NT$300，不可與其他優惠併用。', 300, 2000, 'usable'],
  ['C0003', '生日禮 NT$200', '生日當月消費不限金額折抵 NT$200。', 200, 0, 'used'],
  ['C0004', '春季購物金 NT$150', '單筆消費滿 NT$1,500 折抵 NT$150，特價商品亦適用。', 150, 1500, 'usable'],
  ['C0005', '會員日 NT$250', '會員日當天單筆消費滿 NT$2,500 折抵 NT$250。', 250, 2500, 'used'],
  ['C0006', '冬季出清 NT$300', '單筆消費滿 NT$3,000 折抵 NT$300，活動已結束。', 300, 3000, 'expired'],
  ['C0007', '週年慶早鳥 NT$100', '週年慶前單筆消費滿 NT$1,000 折抵 NT$100，活動已結束。', 100, 1000, 'expired'],
  // Earned by the received recycling booking below.
  ['C0008', '舊衣回收禮 NT$100', '感謝參與舊衣回收，單筆消費滿 NT$800 折抵 NT$100。', 100, 800, 'usable'],
];
const HK_COUPONS: CouponSeed[] = [
  ['C0101', '新會員禮 HK$30', '單筆消費滿 HK$250 減 HK$30，限會員本人使用。', 30, 250, 'usable'],
  ['C0102', '夏日優惠 HK$50', '單筆消費滿 HK$500 減 HK$50。', 50, 500, 'usable'],
  ['C0103', '冬季清貨 HK$80', '單筆消費滿 HK$800 減 HK$80，活動已結束。', 80, 800, 'expired'],
];
const CN_COUPONS: CouponSeed[] = [
  ['C0201', '新会员礼 ¥20', '单笔消费满 ¥199 减 ¥20，限会员本人使用。', 20, 199, 'usable'],
  ['C0202', '满 ¥499 减 ¥50', '单笔消费满 ¥499 减 ¥50，不可与其他优惠同享。', 50, 499, 'usable'],
];
const MO_COUPONS: CouponSeed[] = [['C0301', '新會員禮 MOP$30', '單筆消費滿 MOP$250 減 MOP$30，限會員本人使用。', 30, 250, 'usable']];

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

  // Coupons to collect (coupon-collect and voucher-description pages), each also collectable by
  // the code printed on leaflets. Taiwan's: one running, one running for a big basket, one not
  // started yet; one running in each other region's currency (a region lists its own).
  const insertOffer = db.prepare(
    'INSERT INTO coupon_offers (coupon_id, title, description, currency, discount, threshold, start_date, end_date, redeem_code) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const running: [number, number] = [t0 - 7 * DAY, t0 + 30 * DAY];
  insertOffer.run('CC101', '領取即用 HK$40', '單筆消費滿 HK$300 減 HK$40，每位會員限領一次。', 'HKD', 40, 300, ...running, 'HKWELCOME40');
  insertOffer.run('CC201', '领取即用 ¥30', '单笔消费满 ¥259 减 ¥30，每位会员限领一次。', 'CNY', 30, 259, ...running, 'CNWELCOME30');
  insertOffer.run(
    'CC301',
    '領取即用 MOP$40',
    '單筆消費滿 MOP$300 減 MOP$40，每位會員限領一次。',
    'MOP',
    40,
    300,
    ...running,
    'MOWELCOME40',
  );
  insertOffer.run(
    'CC001',
    '領取即用 NT$150',
    '單筆消費滿 NT$1,000 折抵 NT$150，每位會員限領一次。',
    'TWD',
    150,
    1000,
    t0 - 7 * DAY,
    t0 + 30 * DAY,
    'WELCOME150',
  );
  insertOffer.run(
    'CC002',
    '滿 NT$3,000 折 NT$500',
    '單筆消費滿 NT$3,000 折抵 NT$500，每位會員限領一次。',
    'TWD',
    500,
    3000,
    t0 - DAY,
    t0 + 14 * DAY,
    'LINEA500',
  );
  insertOffer.run(
    'CC003',
    '週年慶 NT$200',
    '週年慶期間單筆消費滿 NT$1,500 折抵 NT$200，可提前領取。',
    'TWD',
    200,
    1500,
    t0 + 10 * DAY,
    t0 + 40 * DAY,
    'ANNIV200',
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
