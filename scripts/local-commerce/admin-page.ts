/**
 * The admin page (GET /api/_admin, on this machine only): the latest orders, refunds, exchanges and
 * after-sales cases of every member, the evaluations waiting to be published, the agreement
 * versions, and what left the store for third parties locally (the analytics collector's posts,
 * the tag manager's hits, the risk checks); each case with one
 * button per action the state machine gives the store, the warehouse, the payment provider or the
 * clock from its status. Plain HTML, no script: each button posts a form to /api/_admin/act.
 */
import { formatMoney } from '../../src/lib/format/currency.ts';
import { MACHINES, type MachineName, type Transition } from '../../src/lib/orders/state-machine.ts';
import { codeOf, MACHINE_RECORDS, type AnyStored, type StoredEvaluation, type StoredOrder, type StoredRefund } from './case-records.ts';
import { agreementVersions } from './agreements.ts';
import { SHOWN_CHARS_MAX, shownPart } from './collector-limits.ts';
import { escapeHtml } from './html.ts';
import type { RouteKit } from './kit.ts';

export const ADMIN_PATH = '/api/_admin';
const LATEST = 50;

const SECTIONS: ReadonlyArray<[MachineName, string]> = [
  ['order', 'Orders'],
  ['refund', 'Refunds'],
  ['exchange', 'Exchanges'],
  ['afterSale', 'After-sales cases'],
];

/** The table's rows a non-member may take from `status`: what the back office (or the clock) can do with the case. */
export const storeActions = (machine: MachineName, status: string) =>
  (MACHINES[machine] as readonly Transition[]).filter((row) => row.from === status && row.by !== 'MEMBER');

const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;

function actionForm(machine: MachineName, code: string, row: Transition): string {
  const label = row.by === 'SYSTEM' ? `${row.action} (as the clock)` : `${row.action} (${row.by.toLowerCase()})`;
  // The store's offer after inspection is the one action that needs a figure.
  const amount = row.action === 'inspectPartial' ? '<input name="amount" type="number" min="0" required placeholder="offer" size="6">' : '';
  return `<form method="post" action="${ADMIN_PATH}/act">${hidden('machine', machine)}${hidden('code', code)}${hidden('action', row.action)}${amount}<button type="submit">${escapeHtml(label)}</button></form>`;
}

/** What a row says besides its code and status. */
function summary(machine: MachineName, record: AnyStored): string {
  if (machine === 'order') {
    const order = record as StoredOrder;
    return `${order.orderType} · ${formatMoney(order.total, order.currency)} · ${order.products.map((l) => `${l.productDetailInfo.skuName} ×${l.quantity}`).join(', ')}`;
  }
  if (machine === 'refund') {
    const refund = record as StoredRefund;
    const money = (amount: number) => formatMoney(amount, refund.currency);
    return `${refund.refundType} · order ${refund.orderCode} · ${money(refund.amount)}${refund.proposedAmount === null ? '' : ` (offer ${money(refund.proposedAmount)})`}`;
  }
  return `order ${(record as { orderCode: string }).orderCode}`;
}

function section(kit: RouteKit, machine: MachineName, title: string): string {
  const rows = kit.db
    .prepare('SELECT member_id, json FROM records WHERE kind = ? ORDER BY created_at DESC, id LIMIT ?')
    .all(MACHINE_RECORDS[machine].kind, LATEST) as Array<{ member_id: string; json: string }>;
  const body = rows
    .map(({ member_id: memberId, json }) => {
      const record = JSON.parse(json) as AnyStored;
      const code = codeOf(machine, record);
      const buttons = storeActions(machine, record.status).map((row) => actionForm(machine, code, row));
      return `<tr><td>${escapeHtml(code)}</td><td>${escapeHtml(memberId)}</td><td><b>${escapeHtml(record.status)}</b></td><td>${escapeHtml(summary(machine, record))}</td><td class="acts">${buttons.join('') || '—'}</td></tr>`;
    })
    .join('');
  return `<h2>${title}</h2><table><tr><th>code</th><th>member</th><th>status</th><th></th><th>actions</th></tr>${body}</table>`;
}

function evaluations(kit: RouteKit): string {
  const rows = kit.db
    .prepare("SELECT json FROM records WHERE kind = 'evaluation' AND status = 'N' ORDER BY created_at DESC, id LIMIT ?")
    .all(LATEST) as Array<{ json: string }>;
  const body = rows
    .map(({ json }) => {
      const e = JSON.parse(json) as StoredEvaluation;
      const publish = `<form method="post" action="${ADMIN_PATH}/evaluation/publish">${hidden('evaluationId', e.evaluationId)}<button type="submit">publish</button></form>`;
      return `<tr><td>${escapeHtml(e.evaluationId)}</td><td>${escapeHtml(e.productCode)}</td><td>${'★'.repeat(e.rating)}</td><td>${escapeHtml(`${e.author}: ${e.text}`)}</td><td class="acts">${publish}</td></tr>`;
    })
    .join('');
  return `<h2>Evaluations to publish</h2><table><tr><th>id</th><th>product</th><th>rating</th><th></th><th>actions</th></tr>${body}</table>`;
}

/** The agreement and privacy versions in force: a new version (pop flag Y) prompts every member on their next page. */
function agreements(kit: RouteKit): string {
  const v = agreementVersions(kit.db);
  const flag = (name: string, value: 'Y' | 'N') =>
    `<select name="${name}">${(['Y', 'N'] as const).map((o) => `<option${o === value ? ' selected' : ''}>${o}</option>`).join('')}</select>`;
  const field = (label: string, name: string, value: string) =>
    `<label>${label} <input name="${name}" value="${escapeHtml(value)}" required></label>`;
  return `<h2>Membership agreement and privacy policy</h2><form method="post" action="${ADMIN_PATH}/agreements"><p>${field('agreement version', 'membershipAgreementVersion', v.membershipAgreementVersion)} prompt ${flag('membershipAgreementPopFlag', v.membershipAgreementPopFlag)}</p><p>${field('privacy version', 'privacyPolicyVersion', v.privacyPolicyVersion)} prompt ${flag('privacyPolicyPopFlag', v.privacyPolicyPopFlag)}</p><button type="submit">save</button></form>`;
}

const cell = (value: unknown) => `<td>${escapeHtml(String(value ?? ''))}</td>`;
const when = (at: number) => cell(new Date(at).toISOString());
/** A received value, folded away (`<pre>` keeps its JSON readable); a long one cut (shownPart). */
const whole = (json: string, size?: number) =>
  `<td><details><summary>all</summary><pre>${escapeHtml(shownPart(json, size))}</pre></details></td>`;
/** A cell of one received field, a long one cut. */
const fieldCell = (value: string | undefined) => cell(value === undefined ? '' : shownPart(value));
const table = (id: string, title: string, heads: string[], rows: string[]) =>
  `<h2 id="${id}-title">${title}</h2>${
    rows.length === 0
      ? '<p>None received yet.</p>'
      : `<table id="${id}" aria-labelledby="${id}-title"><thead><tr>${heads.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`
  }`;

/** A list of what the local stand-ins received: its table, its query (newest first), and how a row reads. */
interface ReceivedList {
  id: string;
  title: (last: number) => string;
  heads: string[];
  query: string;
  row: (r: Record<string, unknown>) => string;
}

const RECEIVED: ReceivedList[] = [
  // The last posts the local collector received, so a person can watch events arrive.
  {
    id: 'analytics',
    title: (last) => `Analytics: the last ${last} posts`,
    heads: ['received', 'path', 'event', 'page type', 'user', 'properties', 'form'],
    // A longer value than any post the collector takes now (one kept before it had limits) is cut, not read.
    query: `SELECT path, substr(body, 1, ${SHOWN_CHARS_MAX}) AS body, length(body) AS size, received_at FROM analytics ORDER BY id DESC`,
    row: (r) => {
      const [body, size] = [r.body as string, r.size as number];
      if (size > SHOWN_CHARS_MAX) return `${cell(r.path)}<td colspan="5"><i>too long to read</i></td>${whole(body, size)}`;
      const form = JSON.parse(body) as Record<string, string>;
      const what = form.event_name ?? form.name ?? 'device info';
      return `${cell(r.path)}${fieldCell(what)}${fieldCell(form.page_type)}${fieldCell(form.user_id)}${fieldCell(form.event_prop ?? form.user_agent)}${whole(body)}`;
    },
  },
  // What the stand-in tag manager reported (it loads only with marketing consent).
  {
    id: 'tag-hits',
    title: (last) => `Tag manager: the last ${last} hits`,
    heads: ['received', 'page', 'events'],
    query: `SELECT page, substr(events, 1, ${SHOWN_CHARS_MAX}) AS events, length(events) AS size, received_at FROM tag_hits ORDER BY id DESC`,
    row: (r) => `${fieldCell(r.page as string)}<td><code>${escapeHtml(shownPart(r.events as string, r.size as number))}</code></td>`,
  },
  // The fingerprint each order sent the risk service, or none when the shopper's browser gave none in time.
  {
    id: 'risk-checks',
    title: (last) => `Risk checks: the last ${last} orders`,
    heads: ['received', 'order', 'blackbox'],
    query: 'SELECT order_code, blackbox, received_at FROM risk_checks ORDER BY rowid DESC',
    row: (r) => `${cell(r.order_code)}${r.blackbox === null ? '<td><i>none</i></td>' : cell(r.blackbox)}`,
  },
];

/** One received list: its newest `last` rows, each with when it came. */
function receivedTable(kit: RouteKit, list: ReceivedList, last: number): string {
  const rows = kit.db.prepare(`${list.query} LIMIT ?`).all(last) as Array<Record<string, unknown>>;
  return table(
    list.id,
    list.title(last),
    list.heads,
    rows.map((r) => `<tr>${when(r.received_at as number)}${list.row(r)}</tr>`),
  );
}

/** How many of each list the page shows: ?last=, 1 to 1,000, default LATEST. */
function lastOf(raw: string | undefined): number {
  const value = Number(raw);
  return Number.isInteger(value) && value >= 1 ? Math.min(value, 1_000) : LATEST;
}

/** The page's one style sheet, allowed by its hash (html.ts). */
export const ADMIN_PAGE_STYLE =
  'body{font-family:sans-serif;padding:24px}table{border-collapse:collapse;margin-bottom:32px}td,th{border-bottom:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:top}.acts form{display:inline-block;margin:0 4px 4px 0}.notice{background:#ffd;padding:8px}';

/** The page; `notice` is the outcome of the last action, shown on top. */
export function adminPage(kit: RouteKit, { notice, last: lastQuery }: { notice: string | undefined; last: string | undefined }): string {
  const last = lastOf(lastQuery);
  return `<!doctype html><meta charset="utf-8"><title>Local store admin</title><style>${ADMIN_PAGE_STYLE}</style><body><h1>Local store admin</h1><p>Acts as the store, the warehouse, the payment provider and the clock on the local commerce API. Each button is one transition of the state machine.</p>${notice ? `<p class="notice" role="status">${escapeHtml(notice)}</p>` : ''}${SECTIONS.map(([machine, title]) => section(kit, machine, title)).join('')}${evaluations(kit)}${agreements(kit)}${RECEIVED.map((list) => receivedTable(kit, list, last)).join('')}</body>`;
}
