/**
 * docs/order-states.md, drawn from the state machine (src/lib/orders/state-machine.ts): a
 * diagram and a table per machine, so the documentation cannot drift from what the API
 * enforces and the pages offer (a test compares them).
 *
 *   node scripts/docs/state-diagram.ts          print it
 *   node scripts/docs/state-diagram.ts --write  write docs/order-states.md
 */
import { writeFileSync } from 'node:fs';
import {
  AFTER_SALE_INITIAL,
  AFTER_SALE_TRANSITIONS,
  EXCHANGE_INITIAL,
  EXCHANGE_TRANSITIONS,
  isFinal,
  ORDER_TRANSITIONS,
  REFUND_INITIAL,
  REFUND_TRANSITIONS,
  statusesOf,
  type Transition,
} from '../../src/lib/orders/state-machine.ts';

export const STATES_DOC = 'docs/order-states.md';

interface Section {
  title: string;
  intro: string;
  table: readonly Transition[];
  starts: readonly string[];
}

const SECTIONS: Section[] = [
  {
    title: 'Orders',
    intro:
      'An online order starts UNPAID, one paid on delivery or in store WAIT_SHIP, a presale WAIT_DEPOSIT_PAY. Cancelling a paid order before it ships is a REFUND_UNSHIPPED refund: its audit decides the order (approveCancel or refuseCancel).',
    table: ORDER_TRANSITIONS,
    starts: ['UNPAID', 'WAIT_SHIP', 'WAIT_DEPOSIT_PAY'],
  },
  {
    title: 'Refunds',
    intro: `A return and refund starts ${REFUND_INITIAL.REFUND_RETURN}, a refund only ${REFUND_INITIAL.REFUND_SHIPPED}, a cancelled unshipped order ${REFUND_INITIAL.REFUND_UNSHIPPED}.`,
    table: REFUND_TRANSITIONS,
    starts: [...new Set(Object.values(REFUND_INITIAL))],
  },
  { title: 'Exchanges', intro: `An exchange starts ${EXCHANGE_INITIAL}.`, table: EXCHANGE_TRANSITIONS, starts: [EXCHANGE_INITIAL] },
  {
    title: 'After-sales cases',
    intro: `Repairs, quality issues and alterations start ${AFTER_SALE_INITIAL} and take the refund statuses they pass through.`,
    table: AFTER_SALE_TRANSITIONS,
    starts: [AFTER_SALE_INITIAL],
  },
];

function section({ title, intro, table, starts }: Section): string {
  const finals = statusesOf(table).filter((s) => isFinal(table, s));
  const diagram = [
    '```mermaid',
    'stateDiagram-v2',
    ...starts.map((s) => `  [*] --> ${s}`),
    ...table.map((row) => `  ${row.from} --> ${row.to}: ${row.action} (${row.by})`),
    ...finals.map((s) => `  ${s} --> [*]`),
    '```',
  ];
  const rows = [
    '| from | action | to | who |',
    '| --- | --- | --- | --- |',
    ...table.map((r) => `| ${r.from} | ${r.action} | ${r.to} | ${r.by} |`),
  ];
  return [`## ${title}`, '', intro, '', ...diagram, '', ...rows, '', `Final: ${finals.join(', ')}.`].join('\n');
}

export function statesDocument(): string {
  return [
    '# Order and after-sales states',
    '',
    'Generated from `src/lib/orders/state-machine.ts` by `npm run docs:states`; do not edit by hand.',
    'The local API allows exactly these transitions (any other is refused and changes nothing), and',
    'the pages offer a member exactly the MEMBER rows from the current state. SYSTEM rows happen',
    'when a deadline passes; STORE, WAREHOUSE and PAYMENT rows are the back office (locally the',
    'admin page, `/api/_admin`).',
    '',
    ...SECTIONS.map(section).join('\n\n').split('\n'),
    '',
  ].join('\n');
}

if (import.meta.main) {
  if (process.argv.includes('--write')) {
    writeFileSync(STATES_DOC, statesDocument());
    console.log(`[docs] wrote ${STATES_DOC}`);
  } else {
    process.stdout.write(statesDocument());
  }
}
