/**
 * The demo member's cases, on the seeded orders (seed-orders.ts): a refund in every refund status,
 * an exchange in every exchange status, an after-sales case in every status of the after-sales
 * table, and evaluations (two published for one product, so its public list has an average, and
 * one waiting for the store). Each case is opened within its order's window and walked along its
 * table with `advance`, so its history, parcel, send-by date and amounts are what the API makes.
 * Within a line, the cases holding units never exceed its quantity.
 */
import type { RefundReason } from '../../src/lib/constants.ts';
import { AFTER_SALE_INITIAL, EXCHANGE_INITIAL, REFUND_INITIAL } from '../../src/lib/orders/state-machine.ts';
import type { AfterSaleService, RefundType } from '../../src/lib/orders/statuses.ts';
import { returnedAmount } from '../../src/lib/orders/refund-amount.ts';
import type { Catalogue } from '../sample-data/catalogue-schema.ts';
import type { StoredAfterSale, StoredEvaluation, StoredExchange, StoredOrder, StoredRefund } from './case-records.ts';
import { openedAt, orderTypeWith } from './case-rules.ts';
import type { ActionInput } from './case-steps.ts';
import { caseLine, lineFacts } from './order-view.ts';
import { DAY, HOUR, walk, type Step } from './seed-kit.ts';

export interface SeededCases {
  refunds: StoredRefund[];
  exchanges: StoredExchange[];
  afterSales: StoredAfterSale[];
  evaluations: StoredEvaluation[];
}

/** [code, order number, line index, opened at, steps, expected status] */
type CasePlan = [n: number, order: number, line: number, at: number, steps: Step[], status: string];

const code = (prefix: string, n: number) => `${prefix}2026${String(n).padStart(6, '0')}`;

export function seedCases(t0: number, orders: StoredOrder[], catalogue: Catalogue): SeededCases {
  const ago = (days: number, hours = 0) => t0 - days * DAY + hours * HOUR;
  const products = new Map(catalogue.products.map((p) => [p.productCode, p]));
  const orderOf = (n: number) => orders[n - 1]!;
  const itemOf = (n: number, line: number) => {
    const item = orderOf(n).products[line]!;
    return { ...item, ...lineFacts((c) => products.get(c) ?? null, item) };
  };
  let parcels = 0;
  const send = (at: number): Step => [
    'sendBack',
    at,
    { logistics: { expressCode: 'BLACKCAT', logisticsCode: `TW${20260000000000 + ++parcels}` } },
  ];
  const drop = (at: number): Step => ['dropAtStore', at, { storeCode: 'TPE001' }];
  const act = (action: string, at: number, input?: ActionInput): Step => [action, at, input];
  /** Sent back, received and inspected: the steps every return shares up to the inspection. */
  const returned = (at: number, inspected: number): Step[] => [
    act('approve', at + 2 * HOUR),
    send(at + DAY),
    act('warehouseReceive', inspected),
  ];
  const checked = <T extends { status: string }>(record: T, status: string, label: string): T => {
    if (record.status !== status) throw new Error(`seed: ${label} ended ${record.status}, not ${status}`);
    return record;
  };

  // Refunds, R2026000001… in REFUND_STATUSES order, then the refund that cancelled O2026000007.
  const REASONS: RefundReason[] = ['SIZE', 'COLOUR', 'QUALITY', 'CHANGED_MIND', 'NOT_AS_DESCRIBED'];
  const returnPlans: Array<[...CasePlan, RefundType]> = [
    [1, 15, 0, ago(1), [], 'RETURN_UNAPPROVED', 'REFUND_RETURN'],
    [
      2,
      17,
      0,
      ago(19, 3),
      [act('approve', ago(19, 5)), drop(ago(18)), act('storeReceive', ago(17)), act('forwardToWarehouse', ago(16))],
      'WAIT_RETURN_STORE',
      'REFUND_RETURN',
    ],
    [3, 15, 1, ago(3, 2), [act('approve', ago(2)), drop(ago(1))], 'WAIT_SEND_STORE', 'REFUND_RETURN'],
    [4, 16, 0, ago(6, 1), [act('approve', ago(5)), send(ago(4))], 'WAIT_SEND_WH', 'REFUND_RETURN'],
    [5, 16, 0, ago(6, 2), returned(ago(6, 2), ago(2)), 'WAIT_CONFIRM', 'REFUND_RETURN'],
    [6, 16, 0, ago(6, 3), [...returned(ago(6, 3), ago(2)), act('inspectPartial', ago(1))], 'WAIT_BUYER_CONFIRM', 'REFUND_RETURN'],
    [
      7,
      16,
      1,
      ago(5),
      [...returned(ago(5), ago(3)), act('inspectPartial', ago(2)), act('rejectPartial', ago(1))],
      'BUYER_UNCONFIRMED',
      'REFUND_RETURN',
    ],
    [8, 15, 0, ago(2), [], 'REFUND_UNAPPROVED', 'REFUND_SHIPPED'],
    [9, 17, 0, ago(20, 2), [act('refuse', ago(19))], 'REFUSED', 'REFUND_SHIPPED'],
    // The return ticket T0003 asks about: sent back a week before it was received.
    [
      10,
      17,
      1,
      ago(19),
      [
        act('approve', ago(19, 2)),
        send(ago(17)),
        act('warehouseReceive', ago(12)),
        act('inspectPass', ago(12, 2)),
        act('paidBack', ago(11)),
      ],
      'SUCCESS',
      'REFUND_RETURN',
    ],
    [
      11,
      17,
      0,
      ago(19, 4),
      [...returned(ago(19, 4), ago(16)), act('inspectPartial', ago(15)), act('rejectPartial', ago(14)), act('sellerConfirm', ago(13))],
      'SELLER_CONFIRMED',
      'REFUND_RETURN',
    ],
    [12, 17, 1, ago(20, 3), [act('cancel', ago(20, 5))], 'CLOSED', 'REFUND_RETURN'],
    [
      13,
      17,
      1,
      ago(18),
      [...returned(ago(18), ago(15)), act('inspectPass', ago(15, 2)), act('payFail', ago(14))],
      'FAILED',
      'REFUND_RETURN',
    ],
    [
      14,
      17,
      2,
      ago(18, 2),
      [...returned(ago(18, 2), ago(15)), act('inspectPass', ago(15, 2)), act('payPartFail', ago(14))],
      'PART_REFUND_FAILURE',
      'REFUND_RETURN',
    ],
    [
      15,
      17,
      2,
      ago(18, 4),
      [...returned(ago(18, 4), ago(15)), act('inspectPass', ago(15, 2)), act('payFail', ago(14)), act('offlineRefund', ago(12))],
      'OFFLINE_SUCCESS',
      'REFUND_RETURN',
    ],
    // Approved, never sent back: closed by the clock when its send-by date passed.
    [16, 17, 2, ago(20, 4), [act('approve', ago(19, 1)), act('timeout', ago(12, 1))], 'TIME_CLOSED', 'REFUND_RETURN'],
    [
      17,
      17,
      0,
      ago(17),
      [act('approve', ago(17, 2)), drop(ago(16)), act('storeReceive', ago(15))],
      'CONFIRM_RETURNED_STORE',
      'REFUND_RETURN',
    ],
    [18, 15, 0, ago(2, 1), [act('approve', ago(1))], 'WAIT_BUYER_RETURN_GOODS', 'REFUND_RETURN'],
    [19, 17, 1, ago(17, 4), [...returned(ago(17, 4), ago(14)), act('inspectPass', ago(13))], 'WAIT_REFUND_TO_BUYER', 'REFUND_RETURN'],
    // The cancellations of paid orders before shipping: one waiting for the store, one approved and paid back.
    [20, 10, -1, ago(1), [], 'SELLER_REFUND_AUDIT', 'REFUND_UNSHIPPED'],
    [21, 7, -1, ago(9, 2), [act('auditPass', ago(8)), act('paidBack', ago(7))], 'SUCCESS', 'REFUND_UNSHIPPED'],
  ];
  const refunds = returnPlans.map(([n, orderN, line, at, steps, status, refundType]) => {
    const order = orderOf(orderN);
    const items = line < 0 ? order.products.map((_, i) => itemOf(orderN, i)) : [itemOf(orderN, line)];
    const lines = items.map((item) => {
      const quantity = line < 0 ? item.quantity : 1;
      return caseLine(item, quantity, returnedAmount(order, item.productDetailInfo.unitPrice, quantity));
    });
    const amount = line < 0 ? order.total : lines.reduce((total, l) => total + l.amount, 0);
    const initial = REFUND_INITIAL[refundType];
    const opened: StoredRefund = {
      refundCode: code('R', n),
      orderCode: order.orderCode,
      refundType,
      status: initial,
      currency: order.currency,
      amount,
      proposedAmount: null,
      reason: REASONS[n % REASONS.length]!,
      description: ['尺寸偏大，想退貨。', '顏色和照片不太一樣。', '收到時有脫線。'][n % 3]!,
      lines,
      logistics: null,
      dropStoreCode: null,
      history: openedAt(initial, at),
      createdAt: at,
      returnBy: null,
    };
    // The store's offer after inspection: 60% of the lines.
    const offered = steps.map(([action, stepAt, input]): Step => [
      action,
      stepAt,
      action === 'inspectPartial' ? { amount: Math.round(amount * 0.6) } : input,
    ]);
    return checked(walk('refund', opened, offered), status, code('R', n));
  });

  // Exchanges, E2026000001… in EXCHANGE_STATUSES order.
  const exchangePlans: CasePlan[] = [
    [1, 15, 1, ago(1), [], 'EXCHANGE_UNAPPROVED'],
    [2, 15, 1, ago(2, 2), [act('approve', ago(1))], 'UNUPLOAD_EXPR'],
    [3, 16, 1, ago(5, 1), [act('approve', ago(5, 3)), send(ago(3))], 'UNCONFIRM_RCV'],
    [4, 17, 0, ago(19, 1), [act('cancel', ago(19, 2))], 'CANCELLED'],
    [5, 16, 1, ago(5, 2), returned(ago(5, 2), ago(2)), 'INBOUND'],
    [6, 16, 2, ago(6, 4), [...returned(ago(6, 4), ago(3)), act('shipReplacement', ago(2))], 'REPLACEMENT_SHIPPED'],
    [7, 17, 1, ago(19, 3), [...returned(ago(19, 3), ago(16)), act('shipReplacement', ago(15)), act('confirmReceipt', ago(13))], 'CLOSED'],
    [8, 17, 2, ago(19, 4), [act('refuse', ago(18))], 'REFUSED'],
  ];
  const exchanges = exchangePlans.map(([n, orderN, line, at, steps, status]) => {
    const item = itemOf(orderN, line);
    const product = products.get(item.productCode)!;
    const to = product.skus.find((s) => s.stock > 0 && s.skuCode !== item.skuCode)!;
    const opened: StoredExchange = {
      exchangeCode: code('E', n),
      orderCode: orderOf(orderN).orderCode,
      status: EXCHANGE_INITIAL,
      reason: n % 2 ? 'SIZE' : 'COLOUR',
      description: n % 2 ? '想換大一號。' : '想換另一個顏色。',
      line: caseLine(item, 1, 0),
      toSkuCode: to.skuCode,
      toColorAlias: product.colours.find((c) => c.colorNo === to.colorNo)!.names['zh-TW'] ?? '',
      toSizeAlias: product.sizes.find((s) => s.sizeNo === to.sizeNo)!.alias,
      logistics: null,
      history: openedAt(EXCHANGE_INITIAL, at),
      createdAt: at,
      returnBy: null,
      replacementShippedAt: null,
    };
    return checked(walk('exchange', opened, steps), status, code('E', n));
  });

  // After-sales cases, S2026000001… in the after-sales table's order of statuses.
  const SERVICES: AfterSaleService[] = ['REPAIR', 'QUALITY_ISSUE', 'ALTERATION'];
  const afterSalePlans: CasePlan[] = [
    [1, 15, 2, ago(1), [], 'RETURN_UNAPPROVED'],
    [2, 15, 2, ago(2), [act('approve', ago(1))], 'WAIT_BUYER_RETURN_GOODS'],
    [3, 17, 0, ago(19, 5), [act('refuse', ago(18, 2))], 'REFUSED'],
    [4, 17, 1, ago(19, 6), [act('cancel', ago(19, 8))], 'CLOSED'],
    [5, 16, 2, ago(5, 5), [act('approve', ago(4)), send(ago(3))], 'WAIT_SEND_WH'],
    [6, 16, 2, ago(5, 6), [act('approve', ago(4)), drop(ago(3))], 'WAIT_SEND_STORE'],
    [7, 16, 3, ago(5, 7), [act('approve', ago(4)), send(ago(3)), act('warehouseReceive', ago(1))], 'WAIT_CONFIRM'],
    [
      8,
      17,
      2,
      ago(17, 6),
      [act('approve', ago(17, 8)), send(ago(16)), act('warehouseReceive', ago(14)), act('complete', ago(10))],
      'SUCCESS',
    ],
  ];
  const afterSales = afterSalePlans.map(([n, orderN, line, at, steps, status]) => {
    const opened: StoredAfterSale = {
      afterSaleCode: code('S', n),
      orderCode: orderOf(orderN).orderCode,
      serviceType: SERVICES[n % SERVICES.length]!,
      status: AFTER_SALE_INITIAL,
      description: ['拉鍊拉不上來。', '洗一次就起毛球了。', '想把褲長改短 3 公分。'][n % 3]!,
      line: caseLine(itemOf(orderN, line), 1, 0),
      pictures: [],
      logistics: null,
      dropStoreCode: null,
      history: openedAt(AFTER_SALE_INITIAL, at),
      createdAt: at,
    };
    return checked(walk('afterSale', opened, steps), status, code('S', n));
  });

  // Evaluations: V2026000001 and 2 published (the same product, so its list has an average of 4.5), 3 waiting.
  const evaluationPlans: Array<[n: number, order: number, line: number, at: number, rating: number, text: string, published: 'Y' | 'N']> = [
    [1, 14, 1, ago(33), 5, '版型很好，布料舒服，洗了幾次也沒有變形。', 'Y'],
    [2, 17, 3, ago(18), 4, '顏色和照片一樣，尺寸略大半號。', 'Y'],
    [3, 16, 0, ago(3), 3, '質感不錯，但袖子有點長。', 'N'],
  ];
  const evaluations = evaluationPlans.map(([n, orderN, line, at, rating, text, published]): StoredEvaluation => {
    const item = itemOf(orderN, line);
    return {
      evaluationId: code('V', n),
      orderCode: orderOf(orderN).orderCode,
      productCode: item.productCode,
      productId: item.productId,
      colorAlias: item.productDetailInfo.colorAlias,
      sizeAlias: item.productDetailInfo.sizeAlias,
      rating,
      text,
      pictures: [],
      author: '林**',
      published,
      createdAt: at,
    };
  });

  // The orders' types follow their cases.
  const mark = (orderCode: string, kind: 'refund' | 'afterSale') => {
    const order = orders.find((o) => o.orderCode === orderCode)!;
    order.orderType = orderTypeWith(order.orderType, kind);
  };
  for (const refund of refunds) mark(refund.orderCode, 'refund');
  for (const afterSale of afterSales) mark(afterSale.orderCode, 'afterSale');
  return { refunds, exchanges, afterSales, evaluations };
}
