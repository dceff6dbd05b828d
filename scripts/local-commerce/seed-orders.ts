/**
 * The demo member's orders: one in every order status (O2026000001 UNPAID … O2026000013
 * REST_PAY_CANCELLED, in ORDER_STATUSES order, as the earlier seed had them), one finished long
 * ago (its return window closed), and three finished orders the seeded cases are about
 * (seed-cases.ts). Each is placed, then walked along the order table (seed-kit.ts), so its history,
 * payment times, parcels, deadlines and finish date are what the same steps make in the API.
 * Dates are relative to t0 (the catalogue's clock); nothing falls due in the first 23 hours after
 * it (the unpaid order and the presale's deposit are due 23 h 55 and 23 h 50 after).
 */
import type { InvoiceRequest } from '../../src/lib/api/contract-checkout.ts';
import { UNPAID_PAY_HOURS, type DeliveryType, type OnlinePayChannel, type PaymentMethod } from '../../src/lib/constants.ts';
import type { StoredOrder } from './case-records.ts';
import { FREIGHT, sum } from './pricing.ts';
import { DAY, HOUR, MINUTE, orderLine, walk, type Pick, type SeedPicks, type Step } from './seed-kit.ts';

/** The carriers of the invoices issued for the shipped-or-later orders (seed-account.ts issues them from the orders). */
const CARRIERS: InvoiceRequest[] = [
  { type: 'CLOUD', vehicle: 'MEMBER' },
  { type: 'CLOUD', vehicle: 'PHONE', vehicleCode: '/ABC+123' },
  { type: 'CLOUD', vehicle: 'CERTIFICATE', vehicleCode: 'AB12345678901234' },
  { type: 'COMPANY', taxId: '24536806', title: '綠線服飾股份有限公司' },
  { type: 'DONATION', target: '919' },
];

const DEMO_ADDRESS = {
  receiver: '林小美',
  mobile: '0912345678',
  region: 'TW',
  city: '台北市',
  detail: '大安區忠孝東路四段 100 號 5 樓',
  zipCode: '106',
} as const;

interface OrderPlan {
  n: number;
  at: number;
  lines: Array<[Pick, number]>;
  delivery: DeliveryType;
  pay: PaymentMethod;
  channel?: OnlinePayChannel;
  coupon?: [couponId: string, discount: number];
  invoice?: InvoiceRequest;
  presale?: { restStartAt: number; restEndAt: number };
  steps?: Array<[action: string, at: number]>;
}

function placed(plan: OrderPlan): StoredOrder {
  const products = plan.lines.map(([pick, quantity]) => orderLine(pick, quantity));
  const goods = sum(products.map((l) => l.productDetailInfo.unitPrice * l.quantity));
  const [couponId, discount] = plan.coupon ?? [null, 0];
  const rule = FREIGHT.TW[plan.delivery]!;
  const freight = rule.freeFrom !== null && goods - discount >= rule.freeFrom ? 0 : rule.fee;
  const total = goods - discount + freight;
  const online = plan.pay === 'ONLINE';
  const status = plan.presale ? 'WAIT_DEPOSIT_PAY' : online ? 'UNPAID' : 'WAIT_SHIP';
  const deposit = Math.round((total * 0.3) / 10) * 10;
  const atStore = plan.delivery === 'STORE_PICKUP' || plan.delivery.startsWith('CVS');
  return {
    orderCode: `O2026${String(plan.n).padStart(6, '0')}`,
    status,
    orderType: 'DEFAULT',
    createdAt: plan.at,
    // The demo member shops in Taiwan.
    currency: 'TWD',
    shippingType: plan.delivery === 'STORE_PICKUP' ? 'PICKUP' : 'EXPRESS',
    deliveryType: plan.delivery,
    discount,
    total,
    freight,
    couponId,
    products,
    address: atStore ? null : { ...DEMO_ADDRESS },
    storeCode: atStore ? (plan.delivery === 'STORE_PICKUP' ? 'TPE01' : '711-0428') : null,
    invoice: plan.invoice ?? CARRIERS[0]!,
    payment: { method: plan.pay, channel: online ? plan.channel! : null, paidAt: null, goods },
    shipments: [],
    presale: plan.presale ? { deposit, rest: total - deposit, depositPaidAt: null, restPaidAt: null, ...plan.presale } : null,
    payBy: online ? plan.at + UNPAID_PAY_HOURS * HOUR : null,
    finishedAt: null,
    shippedAt: null,
    pickupBy: null,
    history: [{ status, at: plan.at, by: 'MEMBER' }],
  };
}

function seededOrder(plan: OrderPlan): StoredOrder {
  const channel = plan.channel ? { channel: plan.channel } : {};
  return walk(
    'order',
    placed(plan),
    (plan.steps ?? []).map(([action, at]): Step => [action, at, channel]),
  );
}

/** The order of the seeded return that was refunded in full (ticket T0003 asks about it). */
export const RETURNED_ORDER = 'O2026000017';

export function seedOrderPlans(t0: number, pick: SeedPicks): OrderPlan[] {
  const ago = (days: number, hours = 0) => t0 - days * DAY + hours * HOUR;
  const paid = (at: number): [string, number] => ['pay', at + 5 * MINUTE];
  const home = { delivery: 'EXPRESS_HOME', pay: 'ONLINE', channel: 'CARD' } as const;
  return [
    {
      n: 1,
      at: t0 - 5 * MINUTE,
      ...home,
      lines: [
        [pick.plain(0), 1],
        [pick.plain(1), 1],
      ],
      coupon: ['C0003', 200],
    },
    { n: 2, at: ago(1), ...home, channel: 'WALLET', lines: [[pick.plain(2), 2]], invoice: CARRIERS[0], steps: [paid(ago(1))] },
    {
      n: 3,
      at: ago(3),
      delivery: 'EXPRESS_HOME',
      pay: 'COD',
      lines: [
        [pick.plain(3), 1],
        [pick.plain(4), 1],
      ],
      invoice: CARRIERS[1],
      steps: [['shipPart', ago(1)]],
    },
    { n: 4, at: ago(4), ...home, lines: [[pick.plain(5), 2]], invoice: CARRIERS[2], steps: [paid(ago(4)), ['shipAll', ago(1)]] },
    {
      n: 5,
      at: ago(5),
      delivery: 'STORE_PICKUP',
      pay: 'PAY_IN_STORE',
      lines: [[pick.plain(6), 1]],
      invoice: CARRIERS[3],
      steps: [
        ['shipAll', ago(3)],
        ['arriveForPickup', ago(2)],
      ],
    },
    {
      n: 6,
      at: ago(8),
      ...home,
      channel: 'BANK_A',
      lines: [
        [pick.plain(7), 1],
        [pick.noReturn, 1],
        [pick.exchangeOnly, 1],
      ],
      invoice: CARRIERS[4],
      steps: [paid(ago(8)), ['shipPart', ago(6)], ['shipAll', ago(5)], ['confirmReceipt', ago(2)]],
    },
    // Cancelled before shipping by a refund the store approved (seed-cases.ts): its invoice is void.
    {
      n: 7,
      at: ago(9),
      ...home,
      lines: [[pick.plain(8), 1]],
      steps: [paid(ago(9)), ['requestCancel', ago(9, 2)], ['approveCancel', ago(8)]],
    },
    {
      n: 8,
      at: ago(12),
      delivery: 'CVS_711',
      pay: 'ONLINE',
      channel: 'UNION_CARD',
      lines: [[pick.plain(9), 1]],
      steps: [['expire', ago(11)]],
    },
    {
      n: 9,
      at: ago(20),
      delivery: 'STORE_PICKUP',
      pay: 'PAY_IN_STORE',
      lines: [[pick.plain(10), 1]],
      steps: [
        ['shipAll', ago(18)],
        ['arriveForPickup', ago(16)],
        ['notCollected', ago(9)],
      ],
    },
    {
      n: 10,
      at: ago(2),
      ...home,
      lines: [
        [pick.plain(11), 1],
        [pick.plain(12), 1],
      ],
      steps: [paid(ago(2)), ['requestCancel', ago(1)]],
    },
    { n: 11, at: t0 - 10 * MINUTE, ...home, lines: [[pick.presale, 1]], presale: { restStartAt: t0 + 5 * DAY, restEndAt: t0 + 8 * DAY } },
    {
      n: 12,
      at: ago(6),
      ...home,
      lines: [[pick.presale, 1]],
      presale: { restStartAt: ago(1), restEndAt: t0 + 2 * DAY },
      steps: [['payDeposit', ago(6, 1)]],
    },
    {
      n: 13,
      at: ago(25),
      ...home,
      lines: [[pick.presale, 1]],
      presale: { restStartAt: ago(15), restEndAt: ago(12) },
      steps: [
        ['payDeposit', ago(25, 1)],
        ['restExpire', ago(12)],
      ],
    },
    // Finished long ago: returns and exchanges are over, after-sales still open.
    {
      n: 14,
      at: ago(40),
      delivery: 'EXPRESS_HOME',
      pay: 'COD',
      lines: [
        [pick.plain(13), 1],
        [pick.evaluated, 1],
      ],
      steps: [
        ['shipAll', ago(38)],
        ['confirmReceipt', ago(35)],
      ],
    },
    // The orders the seeded cases are about (seed-cases.ts): finished 3, 6 and 20 days ago.
    {
      n: 15,
      at: ago(10),
      ...home,
      lines: [
        [pick.plain(14), 3],
        [pick.plain(15), 3],
        [pick.plain(16), 3],
      ],
      steps: [paid(ago(10)), ['shipAll', ago(6)], ['confirmReceipt', ago(3)]],
    },
    {
      n: 16,
      at: ago(11),
      delivery: 'EXPRESS_HOME',
      pay: 'COD',
      lines: [
        [pick.plain(17), 3],
        [pick.plain(18), 3],
        [pick.plain(19), 3],
        [pick.noReturn, 2],
      ],
      steps: [
        ['shipAll', ago(8)],
        ['confirmReceipt', ago(6)],
      ],
    },
    {
      n: 17,
      at: ago(30),
      ...home,
      channel: 'WALLET',
      lines: [
        [pick.plain(20), 3],
        [pick.plain(21), 3],
        [pick.plain(22), 3],
        [pick.evaluated, 1],
      ],
      steps: [paid(ago(30)), ['shipAll', ago(27)], ['autoConfirm', ago(20)]],
    },
  ];
}

/** Every seeded order of the demo member, O2026000001 first. */
export const seedOrders = (t0: number, picks: SeedPicks): StoredOrder[] => seedOrderPlans(t0, picks).map(seededOrder);
