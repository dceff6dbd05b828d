/**
 * Refunds (cancelling an unshipped order, refund only, return and refund) and after-sales
 * cases (repair, quality issue, alteration): the member's lists by status, one case with its
 * timeline, opening one, withdrawing it, sending the goods back, answering the store's offer.
 * Every action answers the case as it now stands.
 */
import { atom } from 'nanostores';
import type { AfterSale, Refund, RequestOf } from '../lib/api/contract.ts';
import { isStateChanged } from '../lib/orders/state-changed.ts';
import type { RefundStatus } from '../lib/orders/statuses.ts';
import { keep, loadInto, loading, type Loadable } from './loadable.ts';
import { callApi, onMemberLogout, type ApiResult } from './session.ts';

export type { AfterSale, Refund };
export const CASES_PAGE_SIZE = 10;

export interface CasePage<T> {
  list: T[];
  total: number;
  page: number;
  /** The filter's statuses (one entry of it may cover several); null for every status. */
  statuses: RefundStatus[] | null;
}

export const $refunds = atom<Loadable<CasePage<Refund>>>(loading());
export const $afterSales = atom<Loadable<CasePage<AfterSale>>>(loading());
export const $refund = atom<Loadable<Refund>>(loading());
export const $afterSale = atom<Loadable<AfterSale>>(loading());

const pageOf = (page: number, statuses: readonly RefundStatus[] | null) => ({
  page,
  pageSize: CASES_PAGE_SIZE,
  ...(statuses?.length ? { statuses: [...statuses] } : {}),
});

export function loadRefunds(page = 1, statuses: RefundStatus[] | null = null): Promise<ApiResult<unknown>> {
  return loadInto(
    $refunds,
    () => callApi('refundList', pageOf(page, statuses)),
    ({ list, total }) => ({ list, total, page, statuses }),
  );
}

export function loadAfterSales(page = 1, statuses: RefundStatus[] | null = null): Promise<ApiResult<unknown>> {
  return loadInto(
    $afterSales,
    () => callApi('afterSaleList', pageOf(page, statuses)),
    ({ list, total }) => ({ list, total, page, statuses }),
  );
}

export const loadRefund = (refundCode: string) =>
  loadInto(
    $refund,
    () => callApi('refundDetail', { refundCode }),
    (r) => r,
  );
export const loadAfterSale = (afterSaleCode: string) =>
  loadInto(
    $afterSale,
    () => callApi('afterSaleDetail', { afterSaleCode }),
    (a) => a,
  );

const keepRefund = (result: ApiResult<Refund>) => keep($refund, result, (r) => r);
const keepAfterSale = (result: ApiResult<AfterSale>) => keep($afterSale, result, (a) => a);

/**
 * A refusal because the case moved on meanwhile (the store acted, or another tab): the case is
 * loaded again, without a loading state between, before the refusal is handed on, so the page
 * shows the state the refusal says it shows.
 */
async function refreshed<T>(result: ApiResult<T>, refresh: () => Promise<unknown>): Promise<ApiResult<T>> {
  if (!result.ok && result.kind === 'failure' && isStateChanged(result.msgCode)) await refresh();
  return result;
}
const refreshRefund = async (refundCode: string) => keepRefund(await callApi('refundDetail', { refundCode }));
const refreshAfterSale = async (afterSaleCode: string) => keepAfterSale(await callApi('afterSaleDetail', { afterSaleCode }));
const refundStep = (refundCode: string, result: ApiResult<Refund>) => refreshed(keepRefund(result), () => refreshRefund(refundCode));
const afterSaleStep = (afterSaleCode: string, result: ApiResult<AfterSale>) =>
  refreshed(keepAfterSale(result), () => refreshAfterSale(afterSaleCode));

export const openRefund = async (body: RequestOf<'refundCreate'>) => keepRefund(await callApi('refundCreate', body));
export const cancelRefund = async (refundCode: string) => refundStep(refundCode, await callApi('refundCancel', { refundCode }));
export const returnRefundGoods = async (body: RequestOf<'refundReturn'>) =>
  refundStep(body.refundCode, await callApi('refundReturn', body));
export const answerRefundOffer = async (refundCode: string, accept: boolean) =>
  refundStep(refundCode, await callApi('refundRespond', { refundCode, accept }));

export const openAfterSale = async (body: RequestOf<'afterSaleCreate'>) => keepAfterSale(await callApi('afterSaleCreate', body));
export const cancelAfterSale = async (afterSaleCode: string) =>
  afterSaleStep(afterSaleCode, await callApi('afterSaleCancel', { afterSaleCode }));
export const returnAfterSaleGoods = async (body: RequestOf<'afterSaleReturn'>) =>
  afterSaleStep(body.afterSaleCode, await callApi('afterSaleReturn', body));

onMemberLogout(() => {
  $refunds.set(loading());
  $afterSales.set(loading());
  $refund.set(loading());
  $afterSale.set(loading());
});
