/**
 * Refunds (cancelling an unshipped order, refund only, return and refund) and after-sales
 * cases (repair, quality issue, alteration): the member's lists by status, one case with its
 * timeline, opening one, withdrawing it, sending the goods back, answering the store's offer.
 * Every action answers the case as it now stands.
 */
import { atom } from 'nanostores';
import type { AfterSale, Refund, RequestOf } from '../lib/api/contract.ts';
import type { RefundStatus } from '../lib/orders/statuses.ts';
import { keep, loadInto, loading, type Loadable } from './loadable.ts';
import { callApi, onMemberLogout, type ApiResult } from './session.ts';

export type { AfterSale, Refund };
export const CASES_PAGE_SIZE = 10;

export interface CasePage<T> {
  list: T[];
  total: number;
  page: number;
  status: RefundStatus | null;
}

export const $refunds = atom<Loadable<CasePage<Refund>>>(loading());
export const $afterSales = atom<Loadable<CasePage<AfterSale>>>(loading());
export const $refund = atom<Loadable<Refund>>(loading());
export const $afterSale = atom<Loadable<AfterSale>>(loading());

const pageOf = (page: number, status: RefundStatus | null) => ({ page, pageSize: CASES_PAGE_SIZE, ...(status ? { status } : {}) });

export function loadRefunds(page = 1, status: RefundStatus | null = null): Promise<ApiResult<unknown>> {
  return loadInto(
    $refunds,
    () => callApi('refundList', pageOf(page, status)),
    ({ list, total }) => ({ list, total, page, status }),
  );
}

export function loadAfterSales(page = 1, status: RefundStatus | null = null): Promise<ApiResult<unknown>> {
  return loadInto(
    $afterSales,
    () => callApi('afterSaleList', pageOf(page, status)),
    ({ list, total }) => ({ list, total, page, status }),
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

export const openRefund = async (body: RequestOf<'refundCreate'>) => keepRefund(await callApi('refundCreate', body));
export const cancelRefund = async (refundCode: string) => keepRefund(await callApi('refundCancel', { refundCode }));
export const returnRefundGoods = async (body: RequestOf<'refundReturn'>) => keepRefund(await callApi('refundReturn', body));
export const answerRefundOffer = async (refundCode: string, accept: boolean) =>
  keepRefund(await callApi('refundRespond', { refundCode, accept }));

export const openAfterSale = async (body: RequestOf<'afterSaleCreate'>) => keepAfterSale(await callApi('afterSaleCreate', body));
export const cancelAfterSale = async (afterSaleCode: string) => keepAfterSale(await callApi('afterSaleCancel', { afterSaleCode }));
export const returnAfterSaleGoods = async (body: RequestOf<'afterSaleReturn'>) => keepAfterSale(await callApi('afterSaleReturn', body));

onMemberLogout(() => {
  $refunds.set(loading());
  $afterSales.set(loading());
  $refund.set(loading());
  $afterSale.set(loading());
});
