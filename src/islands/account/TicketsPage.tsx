/**
 * /account/ticket-list.html: the member's customer-service tickets by status, and opening a
 * new one (a category, optionally one of their orders, a subject, the question, pictures).
 */
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Translate } from '../../lib/i18n/translator.ts';
import { DATE_TIME_FORMAT, TICKET_CATEGORIES, TICKET_TEXT_MAX_LENGTH } from '../../lib/constants.ts';
import { formatMoment } from '../../lib/format/dates.ts';
import type { FieldSpec } from '../../lib/forms/form.ts';
import {
  $ticketOrders,
  $tickets,
  loadTicketOrders,
  loadTickets,
  openTicket,
  TICKETS_PAGE_SIZE,
  type TicketStatus,
} from '../../stores/tickets.ts';
import { getPlatform } from '../../stores/platform.ts';
import { Button } from '../forms/Button.tsx';
import { Form, FormError, SelectField, TextArea, TextField } from '../forms/fields.tsx';
import { useForm } from '../forms/use-form.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';
import { AttachmentInput, useAttachments } from './AttachmentInput.tsx';
import { LoadState, MemberGate, Pager } from './parts.tsx';

const FILTERS: ReadonlyArray<TicketStatus | null> = [null, 'OPEN', 'REPLIED', 'CLOSED'];

export const ticketHref = (prefix: string, ticketId: string) =>
  `${prefix}/account/ticket-detail.html?ticketId=${encodeURIComponent(ticketId)}`;

export default function TicketsPage({ languageCode, prefix, messages }: IslandProps) {
  const t = useTranslator(languageCode, messages);
  const tickets = useStore($tickets);
  const [writing, setWriting] = useState(false);
  const status = tickets.data?.status ?? null;
  return (
    <MemberGate t={t} onMember={() => void loadTickets()}>
      {() => (
        <div className="tickets">
          <div className="account-toolbar">
            <div className="account-filters" role="group" aria-label={t('account.tickets.filter')}>
              {FILTERS.map((filter) => (
                <button
                  key={filter ?? 'ALL'}
                  type="button"
                  className="account-filter"
                  aria-pressed={status === filter}
                  onClick={() => void loadTickets(1, filter)}
                >
                  {filter ? t(`account.tickets.status.${filter}`) : t('account.tickets.all')}
                </button>
              ))}
            </div>
            {!writing && (
              <Button
                onClick={() => {
                  setWriting(true);
                  void loadTicketOrders();
                }}
              >
                {t('account.tickets.new')}
              </Button>
            )}
          </div>
          {writing && <NewTicket t={t} prefix={prefix} onCancel={() => setWriting(false)} />}
          <LoadState t={t} state={tickets} retry={() => void loadTickets(1, status)}>
            {(page) =>
              page.list.length === 0 ? (
                <p className="account-empty">{t('account.tickets.none')}</p>
              ) : (
                <>
                  <ul className="ticket-list">
                    {page.list.map((ticket) => (
                      <li key={ticket.ticketId} className="ticket-row" data-ticket={ticket.ticketId} data-status={ticket.status}>
                        <a href={ticketHref(prefix, ticket.ticketId)}>
                          <strong>{ticket.subject}</strong>
                        </a>
                        <span className={`status-pill status-pill--${ticket.status.toLowerCase()}`}>
                          {t(`account.tickets.status.${ticket.status}`)}
                        </span>
                        <span className="ticket-row__meta">
                          {t(`account.tickets.categories.${ticket.category}`)}
                          {ticket.orderCode && ` · ${ticket.orderCode}`} · {formatMoment(ticket.updatedAt, DATE_TIME_FORMAT)}
                        </span>
                      </li>
                    ))}
                  </ul>
                  <Pager
                    t={t}
                    page={page.page}
                    total={page.total}
                    pageSize={TICKETS_PAGE_SIZE}
                    onPage={(next) => void loadTickets(next, status)}
                  />
                </>
              )
            }
          </LoadState>
        </div>
      )}
    </MemberGate>
  );
}

const FIELDS: Record<'category' | 'orderCode' | 'subject' | 'text', FieldSpec> = {
  category: { name: 'category', required: 'TK_CATEGORY_REQUIRED' },
  orderCode: { name: 'orderCode' },
  subject: { name: 'subject', required: 'TK_SUBJECT_REQUIRED', maxLength: 60, counter: true, spaces: { allowSpaceLeadTrail: false } },
  text: { name: 'text', required: 'TK_TEXT_REQUIRED', maxLength: TICKET_TEXT_MAX_LENGTH, counter: true },
};

function NewTicket({ t, prefix, onCancel }: { t: Translate; prefix: string; onCancel: () => void }) {
  const orders = useStore($ticketOrders);
  const attachments = useAttachments();
  const form = useForm({
    t,
    fields: [FIELDS.category, FIELDS.orderCode, FIELDS.subject, FIELDS.text],
    process: (values) => ({
      category: values.category as (typeof TICKET_CATEGORIES)[number],
      orderCode: values.orderCode || null,
      subject: values.subject ?? '',
      text: values.text ?? '',
      attachments: attachments.files,
    }),
    submit: openTicket,
    onSuccess: (ticket) => getPlatform().navigate(ticketHref(prefix, ticket.ticketId)),
  });
  return (
    <Form form={form} className="account-form account-card" label={t('account.tickets.new')}>
      <h2>{t('account.tickets.new')}</h2>
      <div className="account-form__pair">
        <SelectField
          form={form}
          spec={FIELDS.category}
          label={t('account.tickets.category')}
          defaultValue=""
          options={[
            { value: '', label: t('account.tickets.chooseCategory') },
            ...TICKET_CATEGORIES.map((c) => ({ value: c, label: t(`account.tickets.categories.${c}`) })),
          ]}
        />
        <SelectField
          form={form}
          spec={FIELDS.orderCode}
          label={t('account.tickets.aboutOrder')}
          defaultValue=""
          options={[
            { value: '', label: t('account.tickets.noOrder') },
            ...orders.map((o) => ({ value: o.orderCode, label: `${o.orderCode} (${formatMoment(o.createdAt)})` })),
          ]}
        />
      </div>
      <TextField form={form} spec={FIELDS.subject} label={t('account.tickets.subject')} />
      <TextArea form={form} spec={FIELDS.text} label={t('account.tickets.question')} />
      <AttachmentInput form={form} t={t} attachments={attachments} />
      <FormError form={form} />
      <div className="account-form__actions">
        <Button type="submit" disabled={form.disabled}>
          {form.busy ? t('account.sending') : t('account.tickets.send')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('account.cancel')}
        </Button>
      </div>
    </Form>
  );
}
