/**
 * The one way a status moves. Every route, the payment provider, the deadlines and the admin page
 * call `transition`: it reads the record, asks the state machine (src/lib/orders/state-machine.ts)
 * where the action takes it from its status now, writes the move with a compare-and-set on that
 * status, appends the step to the record's history and runs the action's effects (case-steps.ts
 * on the record, case-effects.ts beyond it) and queues the mail the move tells the member
 * (order-mail.ts, case-mail.ts). It runs inside the caller's IMMEDIATE transaction, so of two
 * actions racing on one record exactly one wins; the other answers `<NOUN>_STATE_CHANGED` and
 * nothing of it lands, its mail neither: the outbox row is written in that transaction, and the
 * sender reads the outbox only once it is over (mail.ts).
 */
import type { Actor, MachineName } from '../../src/lib/orders/state-machine.ts';
import { MACHINE_RECORDS, memberCase, type StoredOf, type StoredOrder } from './case-records.ts';
import { EFFECTS } from './case-effects.ts';
import { caseEventMail } from './case-mail.ts';
import { orderEventMail, placedTopic } from './order-mail.ts';
import { advance, type ActionInput } from './case-steps.ts';
import { ApiFailure, type RouteKit } from './kit.ts';

export interface Act<M extends MachineName> {
  machine: M;
  code: string;
  action: string;
  by: Actor;
  /** When it happens: now, unless a deadline passed earlier. */
  at?: number;
  input?: ActionInput;
}

const stateChanged = (machine: MachineName, status: string, action: string) =>
  new ApiFailure(
    `${MACHINE_RECORDS[machine].noun}_STATE_CHANGED`,
    `This ${machine} can no longer be moved by "${action}": it is ${status} now`,
  );

function run<M extends MachineName>(kit: RouteKit, act: Act<M>, strict: boolean): StoredOf[M] | null {
  const { machine, code, action, by, input } = act;
  const { kind, noun, codeField } = MACHINE_RECORDS[machine];
  const row = kit.db.prepare('SELECT member_id, status, json FROM records WHERE kind = ? AND id = ?').get(kind, code) as
    { member_id: string; status: string; json: string } | undefined;
  if (!row) throw new ApiFailure(`${noun}_NOT_FOUND`, `No ${machine} ${code}`, 200, { field: codeField });
  const at = act.at ?? kit.now();
  const after = advance(machine, JSON.parse(row.json) as StoredOf[M], action, by, at, input);
  if (!after) {
    if (strict) throw stateChanged(machine, row.status, action);
    return null;
  }
  const { changes } = kit.db
    .prepare('UPDATE records SET status = ?, json = ? WHERE kind = ? AND id = ? AND status = ?')
    .run(after.status, JSON.stringify(after), kind, code, row.status);
  if (changes !== 1) throw stateChanged(machine, row.status, action);
  EFFECTS[machine][action]?.({
    kit,
    memberId: row.member_id,
    after,
    follow: (other, otherCode, otherAction, otherBy) => {
      run(kit, { machine: other, code: otherCode, action: otherAction, by: otherBy, at }, false);
    },
  });
  tellMember(kit, machine, action, row.member_id, after);
  return after;
}

/** Actions that end the wait of an order's held placed mail (order-mail.ts). */
const PLACED_MAIL_ENDS = new Set(['pay', 'payDeposit', 'cancel']);

/** Queues the mail that `action` sends the record's owner, if it sends one. */
function tellMember<M extends MachineName>(kit: RouteKit, machine: M, action: string, memberId: string, after: StoredOf[M]): void {
  const member = kit.db.prepare('SELECT email FROM members WHERE id = ?').get(memberId) as { email: string } | undefined;
  if (!member) return;
  if (machine === 'order') {
    const order = after as StoredOrder;
    const withdrawn = PLACED_MAIL_ENDS.has(action) && kit.outbox.withdraw(placedTopic(order.orderCode));
    const mail = orderEventMail(member.email, action, order, withdrawn);
    if (mail) kit.outbox.queue(mail);
    return;
  }
  const mail = caseEventMail(
    member.email,
    machine as Exclude<MachineName, 'order'>,
    action,
    after as StoredOf[Exclude<MachineName, 'order'>],
  );
  if (mail) kit.outbox.queue(mail);
}

/** Moves the record, or fails with `<NOUN>_STATE_CHANGED` when the table does not allow the action from its status. */
export const transition = <M extends MachineName>(kit: RouteKit, act: Act<M>): StoredOf[M] => run(kit, act, true)!;

/** Moves the record when the table allows it from its status now; null (and nothing changes) when not. */
export const transitionIfAllowed = <M extends MachineName>(kit: RouteKit, act: Act<M>): StoredOf[M] | null => run(kit, act, false);

/** A member's own action on one of their records: another member's record answers `<NOUN>_NOT_FOUND` on its field. */
export function memberTransition<M extends MachineName>(kit: RouteKit, memberId: string, act: Omit<Act<M>, 'by' | 'at'>): StoredOf[M] {
  memberCase(kit.db, act.machine, act.code, memberId);
  return transition(kit, { ...act, by: 'MEMBER' });
}
