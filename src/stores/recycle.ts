/** Old-clothes recycling: the member's bookings and records, the coupons they earned, booking and cancelling. */
import { atom } from 'nanostores';
import type { RequestOf, ResponseOf } from '../lib/api/contract.ts';
import { keep, loadInto, loading, type Loadable } from './loadable.ts';
import { callApi, onMemberLogout, type ApiResult } from './session.ts';

export type RecycleState = ResponseOf<'recycleList'>;
export type RecycleBooking = RecycleState['bookings'][number];

export const $recycle = atom<Loadable<RecycleState>>(loading());

export function loadRecycle(): Promise<ApiResult<RecycleState>> {
  return loadInto(
    $recycle,
    () => callApi('recycleList'),
    (state) => state,
  );
}

export async function bookRecycle(body: RequestOf<'recycleBook'>): Promise<ApiResult<RecycleState>> {
  return keep($recycle, await callApi('recycleBook', body), (state) => state);
}

export async function cancelRecycle(bookingId: string): Promise<ApiResult<RecycleState>> {
  return keep($recycle, await callApi('recycleCancel', { bookingId }), (state) => state);
}

onMemberLogout(() => $recycle.set(loading()));
