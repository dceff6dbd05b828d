/**
 * Sending a case's goods back (refund-logistics.html?refundCode= | afterSaleCode= |
 * exchangeCode=): which case the address names, whether its state lets the goods go back now
 * and whether a shop may take them (a refund's and an after-sales case's may; an exchange's go
 * by courier only), the fields each way asks (a courier from the CMS's list and a logistics
 * code of two capitals and 14 digits, or the shop they are handed in at), sending the route to
 * the case's store, and the case's own page after.
 */
import type { FieldSpec, FormValues } from '../lib/forms/form.ts';
import { afterSaleActions, exchangeActions, refundActions } from '../lib/orders/member-actions.ts';
import { isLogisticsCode } from '../lib/validation/rules.ts';
import { $exchange, loadExchange, returnExchangeGoods, type Exchange } from './exchanges.ts';
import type { Loadable } from './loadable.ts';
import { currentQuery, getPlatform, languagePrefix } from './platform.ts';
import {
  $afterSale,
  $refund,
  loadAfterSale,
  loadRefund,
  returnAfterSaleGoods,
  returnRefundGoods,
  type AfterSale,
  type Refund,
} from './refunds.ts';
import type { ApiResult } from './session.ts';

export type CaseKind = 'refund' | 'afterSale' | 'exchange';
export interface CaseRef {
  kind: CaseKind;
  code: string;
}

/** The case a page's query names; null when it names none, undefined before the query is read (the server's render). */
export function caseRefOf(query: URLSearchParams | null): CaseRef | null | undefined {
  if (query === null) return undefined;
  for (const [param, kind] of [
    ['refundCode', 'refund'],
    ['afterSaleCode', 'afterSale'],
    ['exchangeCode', 'exchange'],
  ] as const) {
    const code = query.get(param);
    if (code) return { kind, code };
  }
  return null;
}

/** Where the case is shown: an exchange in its list, a refund or an after-sales case on its page. */
export const caseHref = (ref: CaseRef) =>
  ref.kind === 'exchange'
    ? `${languagePrefix()}/account/replace-list.html#${encodeURIComponent(ref.code)}`
    : `${languagePrefix()}/account/view-refund.html?${ref.kind === 'refund' ? 'refundCode' : 'afterSaleCode'}=${encodeURIComponent(ref.code)}`;

/** Loads the case the page's address names, if it names one. */
export async function loadCaseInAddress(): Promise<void> {
  const ref = caseRefOf(currentQuery());
  if (ref) await loadCase(ref);
}

/** Loads the case named. */
export const loadCase = (ref: CaseRef) =>
  ref.kind === 'refund' ? loadRefund(ref.code) : ref.kind === 'afterSale' ? loadAfterSale(ref.code) : loadExchange(ref.code);

/** The state of the case a ref names, from its store. */
export const caseStateOf = (ref: CaseRef) => (ref.kind === 'refund' ? $refund : ref.kind === 'afterSale' ? $afterSale : $exchange);

export type ReturnPage =
  | { page: 'notFound' }
  | { page: 'loading' }
  | { page: 'notNow'; caseHref: string }
  | { page: 'form'; ref: CaseRef; storeAllowed: boolean; caseHref: string };

/** What the page shows for the case as its store has it. */
export function returnPage(ref: CaseRef, state: Loadable<Refund> | Loadable<AfterSale> | Loadable<Exchange>): ReturnPage {
  if (state.status === 'error') return { page: 'notFound' };
  if (state.data === null) return { page: 'loading' };
  const status = state.data.status;
  const allowed: string[] =
    ref.kind === 'refund'
      ? refundActions(status as Refund['status'])
      : ref.kind === 'afterSale'
        ? afterSaleActions(status as AfterSale['status'])
        : exchangeActions(status as Exchange['status']);
  if (!allowed.includes('sendBack')) return { page: 'notNow', caseHref: caseHref(ref) };
  return { page: 'form', ref, storeAllowed: allowed.includes('dropAtStore'), caseHref: caseHref(ref) };
}

export const RETURN_FIELDS = {
  way: { name: 'way', required: 'OD_RETURN_WAY_REQUIRED' },
  expressCode: { name: 'expressCode', required: 'OD_EXPRESS_REQUIRED' },
  logisticsCode: {
    name: 'logisticsCode',
    required: 'OD_LOGISTICS_CODE',
    spaces: { allowSpace: false },
    validate: (value) => isLogisticsCode(value.toUpperCase()) || 'OD_LOGISTICS_CODE',
  },
  /** A shop must be chosen when the goods are handed in. */
  storeCode: { name: 'storeCode', required: 'OD_DROP_STORE_REQUIRED' },
} satisfies Record<string, FieldSpec>;

/** The fields checked for the way chosen: a shop, or a courier and its code (the way itself only where a shop is offered). */
export function returnFields(values: FormValues, storeAllowed: boolean): FieldSpec[] {
  const { way, expressCode, logisticsCode, storeCode } = RETURN_FIELDS;
  return values.way === 'STORE' ? [way, storeCode] : [...(storeAllowed ? [way] : []), expressCode, logisticsCode];
}

export type ReturnRoute = { way: 'COURIER'; expressCode: string; logisticsCode: string } | { way: 'STORE'; storeCode: string };

export function returnRoute(values: FormValues): ReturnRoute {
  return values.way === 'STORE'
    ? { way: 'STORE', storeCode: values.storeCode ?? '' }
    : { way: 'COURIER', expressCode: values.expressCode ?? '', logisticsCode: (values.logisticsCode ?? '').toUpperCase() };
}

/** Records the route with the case's store; once recorded, the case's page. An exchange's goods go by courier only. */
export async function sendReturn(ref: CaseRef, route: ReturnRoute): Promise<ApiResult<unknown>> {
  let result: ApiResult<unknown>;
  if (ref.kind === 'exchange')
    result =
      route.way === 'COURIER'
        ? await returnExchangeGoods({ exchangeCode: ref.code, expressCode: route.expressCode, logisticsCode: route.logisticsCode })
        : { ok: false, kind: 'failure', msgCode: 'OD_RETURN_WAY_REQUIRED', msg: null, field: 'way' };
  else
    result =
      ref.kind === 'refund'
        ? await returnRefundGoods({ refundCode: ref.code, route })
        : await returnAfterSaleGoods({ afterSaleCode: ref.code, route });
  if (result.ok) getPlatform().navigate(caseHref(ref));
  return result;
}
