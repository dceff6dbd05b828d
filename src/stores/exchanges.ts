/** Exchanges: the member's list, one exchange with its timeline, opening one, withdrawing it, the parcel sent back, the replacement received. */
import { atom } from 'nanostores';
import type { Exchange, RequestOf } from '../lib/api/contract.ts';
import { isStateChanged } from '../lib/orders/state-changed.ts';
import type { ExchangeStatus } from '../lib/orders/statuses.ts';
import { keep, loadInto, loading, type Loadable } from './loadable.ts';
import { callApi, onMemberLogout, type ApiResult } from './session.ts';

export type { Exchange };
export const EXCHANGES_PAGE_SIZE = 10;

export interface ExchangePage {
  list: Exchange[];
  total: number;
  page: number;
  status: ExchangeStatus | null;
}

export const $exchanges = atom<Loadable<ExchangePage>>(loading());
export const $exchange = atom<Loadable<Exchange>>(loading());

export function loadExchanges(page = 1, status: ExchangeStatus | null = null): Promise<ApiResult<unknown>> {
  return loadInto(
    $exchanges,
    () => callApi('exchangeList', { page, pageSize: EXCHANGES_PAGE_SIZE, ...(status ? { status } : {}) }),
    ({ list, total }) => ({ list, total, page, status }),
  );
}

export const loadExchange = (exchangeCode: string) =>
  loadInto(
    $exchange,
    () => callApi('exchangeDetail', { exchangeCode }),
    (e) => e,
  );

/** A change to one exchange: the detail and its row in the list follow the answer. */
function keepExchange(result: ApiResult<Exchange>): ApiResult<Exchange> {
  const list = $exchanges.get();
  if (result.ok && list.status === 'ready')
    $exchanges.set({
      status: 'ready',
      data: { ...list.data, list: list.data.list.map((e) => (e.exchangeCode === result.data.exchangeCode ? result.data : e)) },
    });
  return keep($exchange, result, (e) => e);
}

/**
 * A step of an exchange: its answer, or, when the exchange moved on meanwhile (the store acted,
 * or another tab), the exchange loaded again before the refusal is handed on, so the list shows
 * the state the refusal says it shows.
 */
async function exchangeStep(exchangeCode: string, result: ApiResult<Exchange>): Promise<ApiResult<Exchange>> {
  keepExchange(result);
  if (!result.ok && result.kind === 'failure' && isStateChanged(result.msgCode))
    keepExchange(await callApi('exchangeDetail', { exchangeCode }));
  return result;
}

export const openExchange = async (body: RequestOf<'exchangeCreate'>) => keepExchange(await callApi('exchangeCreate', body));
export const cancelExchange = async (exchangeCode: string) => exchangeStep(exchangeCode, await callApi('exchangeCancel', { exchangeCode }));
export const returnExchangeGoods = async (body: RequestOf<'exchangeReturn'>) =>
  exchangeStep(body.exchangeCode, await callApi('exchangeReturn', body));
export const confirmReplacement = async (exchangeCode: string) =>
  exchangeStep(exchangeCode, await callApi('exchangeConfirmReceipt', { exchangeCode }));

onMemberLogout(() => {
  $exchanges.set(loading());
  $exchange.set(loading());
});
