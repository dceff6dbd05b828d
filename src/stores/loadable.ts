/**
 * The state of something a page loads from the API: loading, ready with its data, or failed
 * (the page offers a retry). A reload keeps the data it had, so a list does not blink.
 */
import type { WritableAtom } from 'nanostores';
import type { ApiResult } from '../lib/api/core.ts';

export type Loadable<T> = { status: 'loading'; data: T | null } | { status: 'ready'; data: T } | { status: 'error'; data: T | null };

export const loading = <T>(): Loadable<T> => ({ status: 'loading', data: null });

/**
 * The newest load of each atom. Only it may settle the atom: a member who clicks a second tab
 * before the first answers must see the second tab's list, whichever answer comes back last.
 */
const newest = new WeakMap<object, number>();
let loads = 0;

/**
 * Loads into an atom: loading (keeping the data it had), then ready or error. An abort changes
 * nothing, and neither does an answer to a load that a newer one of the same atom replaced.
 */
export async function loadInto<T, R>(
  store: WritableAtom<Loadable<T>>,
  request: () => Promise<ApiResult<R>>,
  map: (data: R) => T,
): Promise<ApiResult<R>> {
  const load = ++loads;
  newest.set(store, load);
  const before = store.get();
  store.set({ status: 'loading', data: before.data });
  const result = await request();
  if (newest.get(store) !== load) return result;
  if (result.ok) store.set({ status: 'ready', data: map(result.data) });
  else if (result.kind === 'aborted') store.set(before);
  else store.set({ status: 'error', data: before.data });
  return result;
}

/** Sets a ready state from a write's answer (writes answer the state they made). */
export function keep<T, R>(store: WritableAtom<Loadable<T>>, result: ApiResult<R>, map: (data: R) => T): ApiResult<R> {
  if (result.ok) store.set({ status: 'ready', data: map(result.data) });
  return result;
}
