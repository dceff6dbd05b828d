/**
 * Customer-service tickets: a conversation between the member and the store about an order or
 * anything else, with pictures. A ticket is a `records` row (kind 'ticket') holding the
 * contract's ticket detail, its status in the status column: OPEN when the member wrote last,
 * REPLIED when the store did, CLOSED. The local store answers some categories at once
 * (ticket-replies.ts).
 */
import { randomBytes } from 'node:crypto';
import type { ResponseOf } from '../../../src/lib/api/contract.ts';
import { transaction } from '../db.ts';
import { ApiFailure, fieldFailure, type RouteKit } from '../kit.ts';
import { listRecords, recordOf, saveRecord } from '../records.ts';
import { storeAttachments, type Upload } from '../pictures.ts';
import { cannedReply } from '../ticket-replies.ts';

type TicketDetail = ResponseOf<'ticketDetail'>;

const newId = (prefix: string) => `${prefix}${randomBytes(6).toString('hex').toUpperCase()}`;

export function registerTicketRoutes({ db, now, handle }: RouteKit): void {
  const ticketOf = (ticketId: string, memberId: string) => {
    const ticket = recordOf<TicketDetail>(db, 'ticket', ticketId, memberId);
    if (!ticket) throw fieldFailure('TK_NOT_FOUND', 'No such ticket', 'ticketId');
    return ticket;
  };
  const save = (ticket: TicketDetail, memberId: string) =>
    saveRecord(db, 'ticket', ticket.ticketId, memberId, ticket.status, ticket.createdAt, ticket);

  /**
   * Adds the member's message. A new ticket whose category has an instant answer gets it
   * (the store acknowledges delivery, order and return questions at once); after that a
   * person answers, so a reply leaves the ticket waiting for the store.
   */
  function memberWrites(ticket: TicketDetail, memberId: string, text: string, uploads: Upload[]): TicketDetail {
    const at = now();
    const attachments = storeAttachments(db, memberId, uploads, at);
    const messages = [...ticket.messages, { messageId: newId('TM'), from: 'MEMBER' as const, text, attachments, createdAt: at }];
    const reply = ticket.messages.length === 0 ? cannedReply(ticket.category) : null;
    if (reply) messages.push({ messageId: newId('TM'), from: 'STORE', text: reply, attachments: [], createdAt: at });
    const written: TicketDetail = { ...ticket, messages, status: reply ? 'REPLIED' : 'OPEN', updatedAt: at };
    save(written, memberId);
    return written;
  }

  handle('ticketList', ({ body, member }) => {
    const { list, total } = listRecords(db, 'ticket', member.id, body, 'updatedAt');
    return { list: (list as TicketDetail[]).map(({ messages: _messages, ...ticket }) => ticket), total };
  });

  handle('ticketDetail', ({ body, member }) => ticketOf(body.ticketId, member.id));

  handle('ticketCreate', ({ body, member }) =>
    transaction(db, () => {
      const orderCode = body.orderCode || null;
      if (orderCode && !recordOf(db, 'order', orderCode, member.id))
        throw fieldFailure('TK_ORDER_NOT_FOUND', 'No such order among yours', 'orderCode');
      const at = now();
      const ticket: TicketDetail = {
        ticketId: newId('T'),
        subject: body.subject,
        category: body.category,
        orderCode,
        status: 'OPEN',
        createdAt: at,
        updatedAt: at,
        messages: [],
      };
      return memberWrites(ticket, member.id, body.text, body.attachments);
    }),
  );

  handle('ticketReply', ({ body, member }) =>
    transaction(db, () => {
      const ticket = ticketOf(body.ticketId, member.id);
      if (ticket.status === 'CLOSED') throw new ApiFailure('TK_CLOSED', 'This ticket is closed; open a new one');
      return memberWrites(ticket, member.id, body.text, body.attachments);
    }),
  );

  handle('ticketClose', ({ body, member }) =>
    transaction(db, () => {
      const ticket = ticketOf(body.ticketId, member.id);
      if (ticket.status === 'CLOSED') return ticket;
      const closed: TicketDetail = { ...ticket, status: 'CLOSED', updatedAt: now() };
      save(closed, member.id);
      return closed;
    }),
  );
}
