/**
 * Customer-service tickets: the member's list (a page at a time, by status), one ticket with
 * its conversation, opening one, replying, closing. Writes answer the ticket as it now stands.
 */
import { atom } from 'nanostores';
import type { TicketDetail } from '../lib/api/contract-account.ts';
import type { RequestOf, ResponseOf } from '../lib/api/contract.ts';
import { keep, loadInto, loading, type Loadable } from './loadable.ts';
import { callApi, onMemberLogout, type ApiResult } from './session.ts';

export type { TicketDetail };
export type Ticket = ResponseOf<'ticketList'>['list'][number];
export type TicketStatus = Ticket['status'];
export const TICKETS_PAGE_SIZE = 10;

export interface TicketPage {
  list: Ticket[];
  total: number;
  page: number;
  status: TicketStatus | null;
}

export const $tickets = atom<Loadable<TicketPage>>(loading());
export const $ticket = atom<Loadable<TicketDetail>>(loading());

export function loadTickets(page = 1, status: TicketStatus | null = null): Promise<ApiResult<unknown>> {
  return loadInto(
    $tickets,
    () => callApi('ticketList', { page, pageSize: TICKETS_PAGE_SIZE, ...(status ? { status } : {}) }),
    ({ list, total }) => ({ list, total, page, status }),
  );
}

export function loadTicket(ticketId: string): Promise<ApiResult<TicketDetail>> {
  return loadInto(
    $ticket,
    () => callApi('ticketDetail', { ticketId }),
    (ticket) => ticket,
  );
}

export async function openTicket(body: RequestOf<'ticketCreate'>): Promise<ApiResult<TicketDetail>> {
  return keep($ticket, await callApi('ticketCreate', body), (ticket) => ticket);
}

export async function replyToTicket(body: RequestOf<'ticketReply'>): Promise<ApiResult<TicketDetail>> {
  return keep($ticket, await callApi('ticketReply', body), (ticket) => ticket);
}

export async function closeTicket(ticketId: string): Promise<ApiResult<TicketDetail>> {
  return keep($ticket, await callApi('ticketClose', { ticketId }), (ticket) => ticket);
}

/** The member's recent orders, to say which one a new ticket is about. */
export const $ticketOrders = atom<Array<{ orderCode: string; createdAt: number }>>([]);

export async function loadTicketOrders(): Promise<void> {
  const result = await callApi('orderList', { page: 1, pageSize: 20 });
  if (result.ok) $ticketOrders.set(result.data.list.map(({ orderCode, createdAt }) => ({ orderCode, createdAt })));
}

onMemberLogout(() => {
  $tickets.set(loading());
  $ticket.set(loading());
  $ticketOrders.set([]);
});
