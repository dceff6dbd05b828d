/**
 * /account/ticket-detail.html?ticketId=: one ticket's conversation with the store, a reply
 * (with pictures) while it is open, and closing it.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Translate } from '../../lib/i18n/translator.ts';
import { DATE_TIME_FORMAT, TICKET_TEXT_MAX_LENGTH } from '../../lib/constants.ts';
import { formatMoment } from '../../lib/format/dates.ts';
import type { FieldSpec } from '../../lib/forms/form.ts';
import { $ticket, closeTicket, loadTicket, replyToTicket, type TicketDetail as Ticket } from '../../stores/tickets.ts';
import { Button } from '../forms/Button.tsx';
import { Modal } from '../forms/Modal.tsx';
import { Form, FormError, TextArea } from '../forms/fields.tsx';
import { useForm } from '../forms/use-form.ts';
import { useQuery } from '../use-query.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';
import { AttachmentInput, useAttachments } from './AttachmentInput.tsx';
import { ActionNote, LoadState, MemberGate, useAction } from './parts.tsx';

const REPLY: FieldSpec = { name: 'text', required: 'TK_TEXT_REQUIRED', maxLength: TICKET_TEXT_MAX_LENGTH, counter: true };

export default function TicketDetail({ languageCode, prefix, messages }: IslandProps) {
  const t = useTranslator(languageCode, messages);
  const query = useQuery();
  const ticketId = query?.get('ticketId') ?? null;
  const ticket = useStore($ticket);
  const [ready, setReady] = useState(false);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    // A ticket that is not the member's (or no longer exists) is "not found", not a load failure.
    if (ready && ticketId) void loadTicket(ticketId).then((result) => setMissing(!result.ok && result.kind === 'failure'));
  }, [ready, ticketId]);
  return (
    <MemberGate t={t} onMember={() => setReady(true)}>
      {() =>
        (query && !ticketId) || missing ? (
          <NotFound t={t} prefix={prefix} />
        ) : (
          <LoadState t={t} state={ticket} retry={() => ticketId && void loadTicket(ticketId)}>
            {(data) => (data.ticketId === ticketId ? <Conversation t={t} prefix={prefix} ticket={data} /> : null)}
          </LoadState>
        )
      }
    </MemberGate>
  );
}

function NotFound({ t, prefix }: { t: Translate; prefix: string }) {
  return (
    <p className="account-empty">
      {t('account.tickets.notFound')} <a href={`${prefix}/account/ticket-list.html`}>{t('account.tickets.backToList')}</a>
    </p>
  );
}

function Conversation({ t, prefix, ticket }: { t: Translate; prefix: string; ticket: Ticket }) {
  const [closing, setClosing] = useState(false);
  const action = useAction(t);
  const closed = ticket.status === 'CLOSED';
  return (
    <div className="ticket" data-ticket={ticket.ticketId} data-status={ticket.status}>
      <header className="ticket__header">
        <h2>{ticket.subject}</h2>
        <p className="account-card__meta">
          <span className={`status-pill status-pill--${ticket.status.toLowerCase()}`}>{t(`account.tickets.status.${ticket.status}`)}</span>{' '}
          {t(`account.tickets.categories.${ticket.category}`)}
          {ticket.orderCode && (
            <>
              {' · '}
              <a href={`${prefix}/account/detail.html?orderCode=${encodeURIComponent(ticket.orderCode)}`}>{ticket.orderCode}</a>
            </>
          )}
          {' · '}
          {formatMoment(ticket.createdAt, DATE_TIME_FORMAT)}
        </p>
      </header>
      <ol className="ticket__messages" aria-label={t('account.tickets.conversation')}>
        {ticket.messages.map((message) => (
          <li key={message.messageId} className="ticket__message" data-from={message.from}>
            <p className="ticket__who">
              <strong>{t(`account.tickets.from.${message.from}`)}</strong> <time>{formatMoment(message.createdAt, DATE_TIME_FORMAT)}</time>
            </p>
            <p className="ticket__text">{message.text}</p>
            {message.attachments.length > 0 && (
              <ul className="attachment-list">
                {message.attachments.map((a) => (
                  <li key={a.attachmentId}>
                    <a href={a.url} target="_blank" rel="noopener">
                      <img src={a.url} alt={a.name} width={96} height={96} loading="lazy" />
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      <ActionNote action={action} />
      {closed ? <p className="account-card__meta">{t('account.tickets.closedNote')}</p> : <Reply t={t} ticketId={ticket.ticketId} />}
      <div className="ticket__footer">
        {!closed && (
          <Button variant="ghost" onClick={() => setClosing(true)}>
            {t('account.tickets.close')}
          </Button>
        )}
        <a className="text-link" href={`${prefix}/account/ticket-list.html`}>
          {t('account.tickets.backToList')}
        </a>
      </div>
      <Modal
        open={closing}
        title={t('account.tickets.closeTitle')}
        closeLabel={t('common.close')}
        onClose={() => setClosing(false)}
        buttons={[
          {
            label: t('account.tickets.close'),
            onClick: async () => {
              await action.run(() => closeTicket(ticket.ticketId), t('account.tickets.closed'));
            },
          },
          { label: t('account.cancel'), variant: 'ghost' },
        ]}
      >
        <p>{t('account.tickets.closeConfirm')}</p>
      </Modal>
    </div>
  );
}

function Reply({ t, ticketId }: { t: Translate; ticketId: string }) {
  const attachments = useAttachments();
  // A sent reply starts a fresh form (its counter too).
  const [round, setRound] = useState(0);
  const form = useForm({
    t,
    fields: [REPLY],
    process: (values) => ({ ticketId, text: values.text ?? '', attachments: attachments.files }),
    submit: replyToTicket,
    onSuccess: () => {
      setRound((r) => r + 1);
      attachments.clear();
    },
  });
  return (
    <Form key={round} form={form} className="account-form account-card ticket__reply">
      <TextArea form={form} spec={REPLY} label={t('account.tickets.reply')} rows={4} />
      <AttachmentInput form={form} t={t} attachments={attachments} />
      <FormError form={form} />
      <div className="account-form__actions">
        <Button type="submit" disabled={form.disabled}>
          {form.busy ? t('account.sending') : t('account.tickets.send')}
        </Button>
      </div>
    </Form>
  );
}
