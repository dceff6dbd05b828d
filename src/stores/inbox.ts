/**
 * The member's inbox: a page of messages, the unread count (the header's account menu shows
 * it), reading on open, marking all read, deleting. Every change answers the unread count.
 */
import { atom } from 'nanostores';
import type { ResponseOf } from '../lib/api/contract.ts';
import { loadInto, loading, type Loadable } from './loadable.ts';
import { callApi, onMemberLogout, type ApiResult } from './session.ts';

export type InboxMessage = ResponseOf<'inboxList'>['list'][number];
export const INBOX_PAGE_SIZE = 10;

export interface InboxPage {
  list: InboxMessage[];
  total: number;
  page: number;
}

export const $inbox = atom<Loadable<InboxPage>>(loading());
/** null until known. */
export const $unread = atom<number | null>(null);

export async function loadInbox(page = 1): Promise<void> {
  const result = await loadInto(
    $inbox,
    () => callApi('inboxList', { page, pageSize: INBOX_PAGE_SIZE }),
    ({ list, total }) => ({ list, total, page }),
  );
  if (result.ok) $unread.set(result.data.unread);
}

export async function loadUnread(): Promise<void> {
  const result = await callApi('inboxUnread');
  if (result.ok) $unread.set(result.data.unread);
}

/** Applies a change to the listed messages once the API took it, and the unread count it answered. */
function applied(result: ApiResult<{ unread: number }>, change: (list: InboxMessage[]) => InboxMessage[], removed = 0) {
  if (!result.ok) return result;
  $unread.set(result.data.unread);
  const state = $inbox.get();
  if (state.status === 'ready')
    $inbox.set({ status: 'ready', data: { ...state.data, list: change(state.data.list), total: state.data.total - removed } });
  return result;
}

/** A message is read once opened. */
export async function markRead(messageIds: string[]): Promise<ApiResult<{ unread: number }>> {
  const ids = new Set(messageIds);
  return applied(await callApi('inboxRead', { messageIds }), (list) => list.map((m) => (ids.has(m.messageId) ? { ...m, read: 'Y' } : m)));
}

export async function markAllRead(): Promise<ApiResult<{ unread: number }>> {
  return applied(await callApi('inboxReadAll'), (list) => list.map((m) => ({ ...m, read: 'Y' })));
}

export async function deleteMessages(messageIds: string[]): Promise<ApiResult<{ unread: number }>> {
  const ids = new Set(messageIds);
  const result = applied(await callApi('inboxDelete', { messageIds }), (list) => list.filter((m) => !ids.has(m.messageId)), ids.size);
  // The page may now be short or empty: fetch it again so paging stays right.
  const state = $inbox.get();
  if (result.ok && state.status === 'ready')
    void loadInbox(state.data.list.length === 0 && state.data.page > 1 ? state.data.page - 1 : state.data.page);
  return result;
}

onMemberLogout(() => {
  $inbox.set(loading());
  $unread.set(null);
});
