/**
 * The member's orders: a page of the list (by status tab or keyword, with the count of each
 * status), one order in full (the detail page and the pages after payment), and what a member
 * does with an order: cancel it, confirm receipt, pay it later (or a presale's deposit or
 * rest). Every action answers the order as it now stands. The payment providers' return asks
 * the API whether the order is paid (the provider's `result` in the URL is not trusted).
 */
import { atom } from 'nanostores';
import type { Order } from '../lib/api/contract.ts';
import type { OnlinePayChannel } from '../lib/constants.ts';
import { isStateChanged } from '../lib/orders/state-changed.ts';
import type { OrderStatus } from '../lib/orders/statuses.ts';
import { loadInto, loading, type Loadable } from './loadable.ts';
import { getPlatform, languagePrefix } from './platform.ts';
import { callApi, onMemberLogout, requireMember, type ApiResult } from './session.ts';

export type { Order };
export const ORDERS_PAGE_SIZE = 10;

export interface OrderPage {
  list: Order[];
  total: number;
  counts: Record<string, number>;
  page: number;
  status: OrderStatus | null;
  keyword: string;
}

export const $orders = atom<Loadable<OrderPage>>(loading());

/** What the member last asked the list for; a tab or a search asked before the list answers builds on it. */
export interface OrderQuery {
  page: number;
  status: OrderStatus | null;
  keyword: string;
}
export const $orderQuery = atom<OrderQuery>({ page: 1, status: null, keyword: '' });

export function loadOrders(page = 1, status: OrderStatus | null = null, keyword = ''): Promise<ApiResult<unknown>> {
  $orderQuery.set({ page, status, keyword });
  return loadInto(
    $orders,
    () =>
      callApi('orderList', {
        page,
        pageSize: ORDERS_PAGE_SIZE,
        ...(status ? { status } : {}),
        ...(keyword.trim() ? { keyword: keyword.trim() } : {}),
      }),
    ({ list, total, counts }) => ({ list, total, counts, page, status, keyword }),
  );
}

/** A status tab (null: All), keeping the keyword searched, even one whose list has not come yet. */
export const showOrders = (status: OrderStatus | null) => loadOrders(1, status, $orderQuery.get().keyword);

/** A search by order code or product name, within the tab asked for. */
export const searchOrders = (keyword: string) => loadOrders(1, $orderQuery.get().status, keyword);

/** Another page of the list asked for, or the same one again (a retry). */
export function turnOrdersPage(page = $orderQuery.get().page): Promise<ApiResult<unknown>> {
  const { status, keyword } = $orderQuery.get();
  return loadOrders(page, status, keyword);
}

/** One order: its page, and the pages after payment. Another member's (or an unknown) order is not found. */
export type OrderState = { status: 'loading' } | { status: 'ready'; order: Order } | { status: 'not-found' } | { status: 'error' };
export const $order = atom<OrderState>({ status: 'loading' });

function keepOrder<T extends Order>(result: ApiResult<T>): ApiResult<T> {
  if (result.ok) {
    $order.set({ status: 'ready', order: result.data });
    // The list shows the order as it now stands too.
    const list = $orders.get();
    if (list.status === 'ready')
      $orders.set({
        status: 'ready',
        data: { ...list.data, list: list.data.list.map((o) => (o.orderCode === result.data.orderCode ? result.data : o)) },
      });
  }
  return result;
}

/** The order `orderCode` of the signed-in member. A visitor is sent to sign in. */
export async function loadOrder(orderCode: string): Promise<void> {
  if (!orderCode) return $order.set({ status: 'not-found' });
  if (!(await requireMember())) return;
  $order.set({ status: 'loading' });
  const result = await callApi('orderDetail', { orderCode });
  if (result.ok) keepOrder(result);
  else if (result.kind === 'failure') $order.set({ status: 'not-found' });
  else if (result.kind !== 'aborted') $order.set({ status: 'error' });
}

/**
 * The order as it now stands, without a loading state between: the page keeps its buttons and
 * what the last action said while the answer comes.
 */
async function refreshOrder(orderCode: string): Promise<void> {
  const result = await callApi('orderDetail', { orderCode });
  if (result.ok) keepOrder(result);
}

/**
 * An action's answer: the order it made, or, when the order (or its case) moved on meanwhile,
 * the order loaded again before the refusal is handed on, so the page shows the state the
 * refusal says it shows (tests/integration/account-stores.test.ts, the stale tab).
 */
async function afterAction<T>(orderCode: string, result: ApiResult<T>): Promise<ApiResult<T>> {
  if (!result.ok && result.kind === 'failure' && isStateChanged(result.msgCode)) await refreshOrder(orderCode);
  return result;
}

export async function cancelOrder(orderCode: string): Promise<ApiResult<Order>> {
  return afterAction(orderCode, keepOrder(await callApi('orderCancel', { orderCode })));
}

export async function confirmReceipt(orderCode: string): Promise<ApiResult<Order>> {
  return afterAction(orderCode, keepOrder(await callApi('orderConfirmReceipt', { orderCode })));
}

/** Starts paying an unpaid order (or a deposit or rest) with the provider: the shopper goes to its page. */
export async function payOrder(orderCode: string, payChannel: OnlinePayChannel): Promise<ApiResult<{ payUrl: string; amount: number }>> {
  const result = await callApi('orderPay', { orderCode, payChannel });
  if (result.ok) getPlatform().navigate(result.data.payUrl);
  return result;
}

/** A payment provider sent the shopper back: on to the completed or the failed page, as the API says. */
export async function followPaymentReturn(orderCode: string): Promise<void> {
  if (!orderCode) return $order.set({ status: 'not-found' });
  if (!(await requireMember())) return;
  $order.set({ status: 'loading' });
  const result = await callApi('orderPayStatus', { orderCode });
  if (result.ok) {
    const next = result.data.paid ? 'complete' : 'failed';
    getPlatform().navigate(`${languagePrefix()}/payment/${next}.html?orderCode=${encodeURIComponent(orderCode)}`);
  } else if (result.kind === 'failure') $order.set({ status: 'not-found' });
  else if (result.kind !== 'aborted') $order.set({ status: 'error' });
}

onMemberLogout(() => {
  $orders.set(loading());
  $order.set({ status: 'loading' });
});

/** The member takes back the request to cancel a paid order: its refund is withdrawn, and the order waits to ship again. */
export async function withdrawCancelRequest(order: Order): Promise<ApiResult<unknown>> {
  const request = order.cases.refunds.find((r) => r.refundType === 'REFUND_UNSHIPPED' && r.status === 'SELLER_REFUND_AUDIT');
  if (!request) return afterAction(order.orderCode, { ok: false, kind: 'failure', msgCode: 'ORDER_STATE_CHANGED', msg: null, field: null });
  const result = await callApi('refundCancel', { refundCode: request.code });
  if (result.ok) await refreshOrder(order.orderCode);
  return afterAction(order.orderCode, result);
}

/** Puts an order's lines (not its free gifts) back in the cart; answers how many made it (a sold-out one may not). */
export async function buyAgain(order: Order): Promise<{ added: number; failed: number }> {
  const { addToCart } = await import('./cart.ts');
  let added = 0;
  let failed = 0;
  for (const line of order.products.filter((p) => p.giftFlag !== 'Y')) {
    const result = await addToCart({ productCode: line.productCode, skuCode: line.skuCode, quantity: line.quantity });
    if (result?.ok) added++;
    else failed++;
  }
  return { added, failed };
}
