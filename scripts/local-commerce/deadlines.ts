/**
 * The SYSTEM's transitions: what happens when a deadline passes with nobody acting (an unpaid
 * order closes, a presale's rest window ends, a shipped order finishes by itself, a parcel nobody
 * collects goes back, goods never sent back close their case, a replacement counts as received).
 * Nothing runs on a timer: before a member's orders or cases are read or acted on, every deadline
 * of theirs that has passed is applied, at the moment it passed, through the one transition
 * function. The clock is the app's injected one, so tests move time by setting it.
 */
import { AUTO_CONFIRM_DAYS } from '../../src/lib/constants.ts';
import type { MachineName } from '../../src/lib/orders/state-machine.ts';
import { MACHINE_RECORDS, type StoredOf } from './case-records.ts';
import { transaction } from './db.ts';
import type { RouteKit } from './kit.ts';
import { transitionIfAllowed } from './transitions.ts';

const DAY = 86_400_000;
const after = (moment: number | null, days: number) => (moment === null ? null : moment + days * DAY);

interface Deadline<M extends MachineName> {
  machine: M;
  status: string;
  action: string;
  /** When the SYSTEM takes the action; null: no deadline set. */
  due: (record: StoredOf[M]) => number | null;
}
const deadline = <M extends MachineName>(d: Deadline<M>) => d as unknown as Deadline<MachineName>;

/** Every SYSTEM transition of the tables, with the moment it becomes due (a test checks none is missing). */
export const DEADLINES: ReadonlyArray<Deadline<MachineName>> = [
  deadline({ machine: 'order', status: 'UNPAID', action: 'expire', due: (o) => o.payBy }),
  deadline({ machine: 'order', status: 'WAIT_DEPOSIT_PAY', action: 'expire', due: (o) => o.payBy }),
  deadline({ machine: 'order', status: 'WAIT_REST_PAY', action: 'restExpire', due: (o) => o.presale?.restEndAt ?? null }),
  deadline({ machine: 'order', status: 'SHIPPED', action: 'autoConfirm', due: (o) => after(o.shippedAt, AUTO_CONFIRM_DAYS) }),
  deadline({ machine: 'order', status: 'WAIT_PICK', action: 'notCollected', due: (o) => o.pickupBy }),
  deadline({ machine: 'refund', status: 'WAIT_BUYER_RETURN_GOODS', action: 'timeout', due: (r) => r.returnBy }),
  deadline({ machine: 'refund', status: 'WAIT_SEND_STORE', action: 'timeout', due: (r) => r.returnBy }),
  deadline({ machine: 'exchange', status: 'UNUPLOAD_EXPR', action: 'timeout', due: (e) => e.returnBy }),
  deadline({
    machine: 'exchange',
    status: 'REPLACEMENT_SHIPPED',
    action: 'autoConfirm',
    due: (e) => after(e.replacementShippedAt, AUTO_CONFIRM_DAYS),
  }),
];

/**
 * Applies every passed deadline of a member's records (every member's without one), earliest
 * first. Runs in the caller's transaction.
 */
export function applyDeadlines(kit: RouteKit, memberId?: string): void {
  const now = kit.now();
  const due: Array<{ rule: Deadline<MachineName>; code: string; at: number }> = [];
  for (const rule of DEADLINES) {
    const kind = MACHINE_RECORDS[rule.machine].kind;
    const rows = (
      memberId === undefined
        ? kit.db.prepare('SELECT id, json FROM records WHERE kind = ? AND status = ?').all(kind, rule.status)
        : kit.db.prepare('SELECT id, json FROM records WHERE kind = ? AND status = ? AND member_id = ?').all(kind, rule.status, memberId)
    ) as Array<{ id: string; json: string }>;
    for (const row of rows) {
      const at = rule.due(JSON.parse(row.json) as StoredOf[MachineName]);
      if (at !== null && at <= now) due.push({ rule, code: row.id, at });
    }
  }
  due.sort((a, b) => a.at - b.at || a.code.localeCompare(b.code));
  for (const { rule, code, at } of due) transitionIfAllowed(kit, { machine: rule.machine, code, action: rule.action, by: 'SYSTEM', at });
}

/** Runs `work` in one IMMEDIATE transaction, after applying the member's passed deadlines. */
export function withDeadlines<T>(kit: RouteKit, memberId: string | undefined, work: () => T): T {
  return transaction(kit.db, () => {
    applyDeadlines(kit, memberId);
    return work();
  });
}
