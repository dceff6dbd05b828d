/**
 * The state machine of orders, refunds, exchanges and after-sales cases: every allowed
 * transition goes where the table says, every (status, action, actor) not in the table is
 * refused, every status is reachable from where cases start, and the member's buttons follow
 * the table and the deadlines.
 */
import { describe, expect, it } from 'vitest';
import {
  AFTER_SALE_WINDOW_DAYS,
  AUTO_CONFIRM_DAYS,
  PICKUP_DAYS,
  RETURN_SEND_DAYS,
  RETURN_WINDOW_DAYS,
  UNPAID_PAY_HOURS,
} from '../../src/lib/constants.ts';
import { isOpenAfterSale, isOpenExchange, isOpenOrder, isOpenRefund } from '../../src/lib/orders/final-statuses.ts';
import { canPay, orderButtons, reasonsFor, refundTypesFor, type OrderFacts } from '../../src/lib/orders/member-actions.ts';
import { returnedAmount } from '../../src/lib/orders/refund-amount.ts';
import {
  actionsFor,
  AFTER_SALE_ACTIONS,
  AFTER_SALE_INITIAL,
  AFTER_SALE_TRANSITIONS,
  EXCHANGE_ACTIONS,
  EXCHANGE_INITIAL,
  EXCHANGE_TRANSITIONS,
  isFinal,
  nextStatus,
  ORDER_ACTIONS,
  ORDER_TRANSITIONS,
  REFUND_ACTIONS,
  REFUND_INITIAL,
  REFUND_TRANSITIONS,
  statusesOf,
  type Actor,
  type Transition,
} from '../../src/lib/orders/state-machine.ts';
import { EXCHANGE_STATUSES, ORDER_STATUSES, REFUND_STATUSES } from '../../src/lib/orders/statuses.ts';

const ACTORS: Actor[] = ['MEMBER', 'STORE', 'WAREHOUSE', 'PAYMENT', 'SYSTEM'];
const DAY = 86_400_000;

interface Machine {
  name: string;
  table: readonly Transition[];
  statuses: readonly string[];
  actions: readonly string[];
  starts: readonly string[];
}
const MACHINE_LIST: Machine[] = [
  {
    name: 'order',
    table: ORDER_TRANSITIONS,
    statuses: ORDER_STATUSES,
    actions: ORDER_ACTIONS,
    starts: ['UNPAID', 'WAIT_SHIP', 'WAIT_DEPOSIT_PAY'],
  },
  { name: 'refund', table: REFUND_TRANSITIONS, statuses: REFUND_STATUSES, actions: REFUND_ACTIONS, starts: Object.values(REFUND_INITIAL) },
  { name: 'exchange', table: EXCHANGE_TRANSITIONS, statuses: EXCHANGE_STATUSES, actions: EXCHANGE_ACTIONS, starts: [EXCHANGE_INITIAL] },
  {
    name: 'after-sale',
    table: AFTER_SALE_TRANSITIONS,
    statuses: statusesOf(AFTER_SALE_TRANSITIONS),
    actions: AFTER_SALE_ACTIONS,
    starts: [AFTER_SALE_INITIAL],
  },
];

describe.each(MACHINE_LIST)('the $name machine', ({ table, statuses, actions, starts }) => {
  it('allows every transition of its table, to the status the table names', () => {
    for (const row of table) expect(nextStatus(table, row.from, row.action, row.by), `${row.from} ${row.action} by ${row.by}`).toBe(row.to);
  });

  it('refuses every (status, action, actor) that is not in its table', () => {
    let refused = 0;
    for (const from of statuses)
      for (const action of actions)
        for (const by of ACTORS) {
          if (table.some((row) => row.from === from && row.action === action && row.by === by)) continue;
          expect(nextStatus(table, from, action, by), `${from} ${action} by ${by}`).toBeNull();
          refused++;
        }
    expect(refused).toBe(statuses.length * actions.length * ACTORS.length - table.length);
  });

  it('is deterministic: one row at most per (status, action, actor)', () => {
    const keys = table.map((row) => `${row.from} ${row.action} ${row.by}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('uses only its own statuses and actions, and reaches every status from where cases start', () => {
    for (const row of table) {
      expect(statuses).toContain(row.from);
      expect(statuses).toContain(row.to);
      expect(actions).toContain(row.action);
    }
    const reached = new Set(starts);
    for (let grew = true; grew;) {
      grew = false;
      for (const row of table)
        if (reached.has(row.from) && !reached.has(row.to)) {
          reached.add(row.to);
          grew = true;
        }
    }
    expect([...reached].sort()).toEqual([...statuses].sort());
  });
});

describe('what is final', () => {
  it('pins the final statuses of each machine, and "open" is their complement', () => {
    const finals = (table: readonly Transition[], statuses: readonly string[]) => statuses.filter((s) => isFinal(table, s));
    expect(finals(ORDER_TRANSITIONS, ORDER_STATUSES)).toEqual(['FINISHED', 'CANCELLED', 'CLOSED', 'REST_PAY_CANCELLED']);
    expect(finals(REFUND_TRANSITIONS, REFUND_STATUSES)).toEqual(['REFUSED', 'SUCCESS', 'CLOSED', 'OFFLINE_SUCCESS', 'TIME_CLOSED']);
    expect(finals(EXCHANGE_TRANSITIONS, EXCHANGE_STATUSES)).toEqual(['CANCELLED', 'CLOSED', 'REFUSED']);
    expect(finals(AFTER_SALE_TRANSITIONS, statusesOf(AFTER_SALE_TRANSITIONS)).sort()).toEqual(['CLOSED', 'REFUSED', 'SUCCESS']);
    expect(isOpenOrder('WAIT_BACK')).toBe(true);
    expect(isOpenOrder('REST_PAY_CANCELLED')).toBe(false);
    expect(isOpenRefund('PART_REFUND_FAILURE')).toBe(true);
    expect(isOpenRefund('TIME_CLOSED')).toBe(false);
    expect(isOpenExchange('REPLACEMENT_SHIPPED')).toBe(true);
    expect(isOpenAfterSale('SUCCESS')).toBe(false);
  });

  it('starts a refund where its type says', () => {
    expect(REFUND_INITIAL).toEqual({
      REFUND_RETURN: 'RETURN_UNAPPROVED',
      REFUND_SHIPPED: 'REFUND_UNAPPROVED',
      REFUND_UNSHIPPED: 'SELLER_REFUND_AUDIT',
    });
  });
});

describe('who may act', () => {
  it('gives the member exactly these order actions per status', () => {
    const byStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, actionsFor(ORDER_TRANSITIONS, s, 'MEMBER')]));
    expect(byStatus).toEqual({
      UNPAID: ['cancel'],
      WAIT_SHIP: ['requestCancel'],
      PARTIAL_SHIP: [],
      SHIPPED: ['confirmReceipt'],
      WAIT_PICK: [],
      FINISHED: [],
      CANCELLED: [],
      CLOSED: [],
      WAIT_BACK: [],
      WAIT_CONFIRM: ['withdrawCancel'],
      WAIT_DEPOSIT_PAY: ['cancel'],
      WAIT_REST_PAY: [],
      REST_PAY_CANCELLED: [],
    });
  });

  it('never lets the member move money, stock or parcels', () => {
    const memberActions = [ORDER_TRANSITIONS, REFUND_TRANSITIONS, EXCHANGE_TRANSITIONS, AFTER_SALE_TRANSITIONS].flatMap((table) =>
      table.filter((row) => row.by === 'MEMBER').map((row) => row.action),
    );
    for (const forbidden of ['pay', 'payDeposit', 'payRest', 'paidBack', 'approve', 'shipAll', 'warehouseReceive', 'complete'])
      expect(memberActions).not.toContain(forbidden);
  });
});

describe('the member’s buttons', () => {
  const now = Date.UTC(2026, 10, 25, 4);
  const facts = (over: Partial<OrderFacts>): OrderFacts => ({
    status: 'FINISHED',
    payBy: null,
    finishedAt: now - DAY,
    presale: null,
    shipments: [{ trackingCode: 'BC123' }],
    products: [{ returnableQty: 1, evaluated: 'N', noReasonToReturnFlag: 'Y' }],
    ...over,
  });

  it('pins the deadlines the rules use', () => {
    expect([UNPAID_PAY_HOURS, AUTO_CONFIRM_DAYS, PICKUP_DAYS, RETURN_WINDOW_DAYS, AFTER_SALE_WINDOW_DAYS, RETURN_SEND_DAYS]).toEqual([
      24, 7, 7, 7, 90, 7,
    ]);
  });

  it('offers paying an unpaid order until its deadline, and cancelling it', () => {
    expect(orderButtons(facts({ status: 'UNPAID', payBy: now + 1, shipments: [] }), now)).toEqual(['pay', 'cancel']);
    expect(orderButtons(facts({ status: 'UNPAID', payBy: now, shipments: [] }), now)).toEqual(['cancel']);
  });

  it('offers the deposit, then the rest only inside its window', () => {
    const presale = { restStartAt: now - DAY, restEndAt: now + DAY };
    expect(canPay(facts({ status: 'WAIT_DEPOSIT_PAY', payBy: now + DAY, presale }), now)).toBe('payDeposit');
    expect(canPay(facts({ status: 'WAIT_REST_PAY', presale }), now)).toBe('payRest');
    expect(canPay(facts({ status: 'WAIT_REST_PAY', presale: { restStartAt: now + 1, restEndAt: now + DAY } }), now)).toBeNull();
    expect(canPay(facts({ status: 'WAIT_REST_PAY', presale: { restStartAt: now - DAY, restEndAt: now } }), now)).toBeNull();
    expect(canPay(facts({ status: 'WAIT_SHIP' }), now)).toBeNull();
  });

  it('offers cancelling a paid order before it ships, and taking that back', () => {
    expect(orderButtons(facts({ status: 'WAIT_SHIP', shipments: [{ trackingCode: null }] }), now)).toEqual(['requestCancel']);
    expect(refundTypesFor(facts({ status: 'WAIT_SHIP' }), now)).toEqual(['REFUND_UNSHIPPED']);
    expect(orderButtons(facts({ status: 'WAIT_CONFIRM', shipments: [] }), now)).toEqual(['withdrawCancel']);
  });

  it('offers confirming receipt and tracking once shipped', () => {
    expect(orderButtons(facts({ status: 'SHIPPED' }), now)).toEqual(['confirmReceipt', 'track']);
  });

  it('offers returns and exchanges for 7 days after an order finishes, after-sales for 90, evaluating and buying again', () => {
    expect(orderButtons(facts({}), now)).toEqual(['track', 'refund', 'exchange', 'afterSale', 'evaluate', 'buyAgain']);
    const late = facts({ finishedAt: now - RETURN_WINDOW_DAYS * DAY });
    expect(orderButtons(late, now)).toEqual(['track', 'afterSale', 'evaluate', 'buyAgain']);
    expect(refundTypesFor(late, now)).toEqual([]);
    expect(orderButtons(facts({ finishedAt: now - AFTER_SALE_WINDOW_DAYS * DAY }), now)).toEqual(['track', 'evaluate', 'buyAgain']);
  });

  it('offers no refund for an exchange-only product, and nothing for lines already in a case or evaluated', () => {
    const exchangeOnly = facts({ products: [{ returnableQty: 1, evaluated: 'Y', noReasonToReturnFlag: 'ONLY_EXCHANGE_NOT_RETREAT' }] });
    expect(orderButtons(exchangeOnly, now)).toEqual(['track', 'exchange', 'afterSale', 'buyAgain']);
    expect(refundTypesFor(exchangeOnly, now)).toEqual([]);
    const settled = facts({ products: [{ returnableQty: 0, evaluated: 'Y', noReasonToReturnFlag: 'Y' }] });
    expect(orderButtons(settled, now)).toEqual(['track', 'buyAgain']);
  });
});

describe('the reasons a member may give', () => {
  const ALL = ['SIZE', 'COLOUR', 'CHANGED_MIND', 'QUALITY', 'NOT_AS_DESCRIBED', 'WRONG_ITEM', 'MISSING_ITEM', 'OTHER'];
  it('are every reason, but only a fault of the goods when a line cannot be returned without one (the same rule for the page and the API)', () => {
    expect(reasonsFor([{ noReasonToReturnFlag: 'Y' }])).toEqual(ALL);
    expect(reasonsFor([{ noReasonToReturnFlag: 'Y' }, { noReasonToReturnFlag: 'N' }])).toEqual([
      'QUALITY',
      'NOT_AS_DESCRIBED',
      'WRONG_ITEM',
      'MISSING_ITEM',
    ]);
    // Cancelling before shipping returns no line: any reason.
    expect(reasonsFor([])).toEqual(ALL);
  });
});

describe('what a return gives back', () => {
  const order = (discount: number, goods: number) => ({ discount, payment: { goods } });
  it("is the line's price less its share of the coupon by value, rounded down to whole units", () => {
    expect(returnedAmount(order(0, 3430), 490, 2)).toBe(980);
    expect(returnedAmount(order(500, 3430), 490, 1)).toBe(418); // 418.57…
    expect(returnedAmount(order(500, 3430), 490, 7)).toBe(2930); // everything: what was paid
    // A coupon worth more than the goods: they cost nothing, and give nothing back.
    expect(returnedAmount(order(5000, 3430), 490, 7)).toBe(0);
  });
  it('never adds up to more than the goods cost after the discount, however the units are returned', () => {
    const o = order(333, 2000);
    for (const split of [[1, 1, 1, 1], [3, 1], [2, 2], [4]])
      expect(
        split.reduce((sum, quantity) => sum + returnedAmount(o, 500, quantity), 0),
        String(split),
      ).toBeLessThanOrEqual(2000 - 333);
  });
});

describe('labels', () => {
  it('every status of every machine has a label in every language', async () => {
    const { readFileSync } = await import('node:fs');
    const { LANGUAGES } = await import('../../src/lib/i18n/languages.ts');
    const { SHIPMENT_STATUSES, WAREHOUSE_SUB_STATUSES, ORDER_TYPES, REFUND_TYPES, AFTER_SALE_SERVICES } =
      await import('../../src/lib/orders/statuses.ts');
    for (const language of LANGUAGES) {
      const locale = JSON.parse(readFileSync(`public/locales/${language.code}.json`, 'utf8'));
      const missing = [
        ...ORDER_STATUSES.filter((s) => !locale.orders.status[s]).map((s) => `orders.status.${s}`),
        ...REFUND_STATUSES.filter((s) => !locale.refunds.status[s]).map((s) => `refunds.status.${s}`),
        ...EXCHANGE_STATUSES.filter((s) => !locale.exchanges.status[s]).map((s) => `exchanges.status.${s}`),
        ...SHIPMENT_STATUSES.filter((s) => !locale.orders.shipmentStatus[s]).map((s) => `orders.shipmentStatus.${s}`),
        ...WAREHOUSE_SUB_STATUSES.filter((s) => !locale.orders.subStatus[s]).map((s) => `orders.subStatus.${s}`),
        ...ORDER_TYPES.filter((s) => !locale.orders.types[s]).map((s) => `orders.types.${s}`),
        ...REFUND_TYPES.filter((s) => !locale.refunds.types[s]).map((s) => `refunds.types.${s}`),
        ...AFTER_SALE_SERVICES.filter((s) => !locale.afterSales.services[s]).map((s) => `afterSales.services.${s}`),
        ...ACTORS.filter((a) => !locale.orders.by[a]).map((a) => `orders.by.${a}`),
      ];
      expect(missing, language.code).toEqual([]);
    }
  });
});
