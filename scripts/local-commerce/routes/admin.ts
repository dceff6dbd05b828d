/**
 * Acting as the store locally: the admin page, and the actions its buttons post, for callers on
 * this machine only (a browser behind npm start's proxy on it included; app.ts guards it with
 * the stand-ins); anyone else gets 403.
 * The page also shows what the local collector and the third-party stand-ins received. An
 * action is applied through the one transition function as whoever the table
 * gives it to from the case's status (STORE, WAREHOUSE, PAYMENT, or SYSTEM: "as the clock"), never
 * as the member. A form post goes back to the page with the outcome; a JSON call (tests) gets the
 * contract's envelope with the new status.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { MACHINES, type Transition } from '../../../src/lib/orders/state-machine.ts';
import { ADMIN_PAGE_STYLE, ADMIN_PATH, adminPage } from '../admin-page.ts';
import { setAgreementVersions } from '../agreements.ts';
import { anyCase, type StoredEvaluation } from '../case-records.ts';
import { actorOf } from '../case-steps.ts';
import { withDeadlines } from '../deadlines.ts';
import { htmlPage } from '../html.ts';
import { ApiFailure, failureAnswer, fieldFailure, type RouteKit } from '../kit.ts';
import { recordOf, saveRecord } from '../records.ts';
import { transition } from '../transitions.ts';

const optionalAmount = z.preprocess((v) => (v === '' || v === undefined ? undefined : Number(v)), z.number().optional());
const actBody = z.object({
  machine: z.enum(Object.keys(MACHINES) as [keyof typeof MACHINES, ...Array<keyof typeof MACHINES>]),
  code: z.string().min(1),
  action: z.string().min(1),
  amount: optionalAmount,
});
const publishBody = z.object({ evaluationId: z.string().min(1) });
const versionText = z.string().trim().min(1).max(40);
const popFlag = z.enum(['Y', 'N']);
const agreementsBody = z.object({
  membershipAgreementVersion: versionText,
  membershipAgreementPopFlag: popFlag,
  privacyPolicyVersion: versionText,
  privacyPolicyPopFlag: popFlag,
});

const wantsJson = (c: Context) =>
  (c.req.header('accept') ?? '').includes('application/json') || (c.req.header('content-type') ?? '').includes('application/json');

async function bodyOf(c: Context): Promise<unknown> {
  if ((c.req.header('content-type') ?? '').includes('application/json')) return c.req.json().catch(() => ({}));
  return c.req.parseBody();
}

function parsed<T>(schema: z.ZodType<T>, raw: unknown): T {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const field = result.error.issues[0]!.path.map(String).join('.');
  throw fieldFailure('INVALID_FIELD', `${field}: ${result.error.issues[0]!.message}`, field);
}

export function registerAdminRoutes(kit: RouteKit): void {
  const { app, db } = kit;

  /** Runs one admin action; answers JSON, or goes back to the page with what happened. */
  async function answer(c: Context, work: (raw: unknown) => { done: string; resp: object }) {
    const json = wantsJson(c);
    try {
      const raw = await bodyOf(c);
      const { done, resp } = withDeadlines(kit, undefined, () => work(raw));
      return json
        ? c.json({ success: true, msgCode: null, resp, msg: null })
        : c.redirect(`${ADMIN_PATH}?${new URLSearchParams({ done })}`, 303);
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      return json
        ? failureAnswer(c, error.code, error.message, error.status, error.resp)
        : c.redirect(`${ADMIN_PATH}?${new URLSearchParams({ done: `${error.code}: ${error.message}` })}`, 303);
    }
  }

  app.get(ADMIN_PATH, (c) =>
    htmlPage(
      c,
      withDeadlines(kit, undefined, () => adminPage(kit, { notice: c.req.query('done'), last: c.req.query('last') })),
      {
        styles: [ADMIN_PAGE_STYLE],
        forms: true,
      },
    ),
  );

  app.post(`${ADMIN_PATH}/act`, (c) =>
    answer(c, (raw) => {
      const { machine, code, action, amount } = parsed(actBody, raw);
      const record = anyCase(db, machine, code);
      // The actor the table gives the action from where the case is; from elsewhere, whoever may take it at all (it then fails as a state change).
      const by =
        actorOf(machine, record.status, action, 'MEMBER') ??
        (MACHINES[machine] as readonly Transition[]).find((row) => row.action === action && row.by !== 'MEMBER')?.by;
      if (!by) throw fieldFailure('ADMIN_ACTION_UNKNOWN', `The store cannot "${action}" a ${machine}`, 'action');
      const after = transition(kit, { machine, code, action, by, input: amount === undefined ? {} : { amount } });
      return { done: `${code}: ${action} → ${after.status}`, resp: { status: after.status } };
    }),
  );

  app.post(`${ADMIN_PATH}/agreements`, (c) =>
    answer(c, (raw) => {
      const versions = parsed(agreementsBody, raw);
      setAgreementVersions(db, versions);
      return {
        done: `agreement ${versions.membershipAgreementVersion} (${versions.membershipAgreementPopFlag}), privacy ${versions.privacyPolicyVersion} (${versions.privacyPolicyPopFlag})`,
        resp: versions,
      };
    }),
  );

  app.post(`${ADMIN_PATH}/evaluation/publish`, (c) =>
    answer(c, (raw) => {
      const { evaluationId } = parsed(publishBody, raw);
      const row = db.prepare("SELECT member_id FROM records WHERE kind = 'evaluation' AND id = ?").get(evaluationId) as
        { member_id: string } | undefined;
      const evaluation = row && recordOf<StoredEvaluation>(db, 'evaluation', evaluationId);
      if (!row || !evaluation) throw fieldFailure('EVALUATION_NOT_FOUND', 'No such evaluation', 'evaluationId');
      saveRecord(db, 'evaluation', evaluationId, row.member_id, 'Y', evaluation.createdAt, { ...evaluation, published: 'Y' });
      return { done: `${evaluationId}: published`, resp: { published: 'Y' } };
    }),
  );
}
