/**
 * /inbox.html: the member's messages, newest first, unread ones marked. Opening a message
 * reads it; all can be marked read at once; chosen ones deleted after a confirmation.
 */
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Translate } from '../../lib/i18n/translator.ts';
import { DATE_TIME_FORMAT } from '../../lib/constants.ts';
import { formatMoment } from '../../lib/format/dates.ts';
import {
  $inbox,
  $unread,
  deleteMessages,
  INBOX_PAGE_SIZE,
  loadInbox,
  markAllRead,
  markRead,
  type InboxMessage,
} from '../../stores/inbox.ts';
import { Button } from '../forms/Button.tsx';
import { Modal } from '../forms/Modal.tsx';
import { useTranslator, type IslandProps } from '../use-translator.ts';
import { ActionNote, LoadState, MemberGate, Pager, useAction } from './parts.tsx';

export default function InboxPage({ languageCode, prefix, messages }: IslandProps) {
  const t = useTranslator(languageCode, messages);
  const inbox = useStore($inbox);
  const unread = useStore($unread);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const action = useAction(t);

  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <MemberGate t={t} onMember={() => void loadInbox()}>
      {() => (
        <div className="inbox">
          <div className="account-toolbar">
            <p className="account-toolbar__count" aria-live="polite">
              {unread === null ? '' : t('account.inbox.unread', { count: unread })}
            </p>
            <Button variant="ghost" disabled={!unread} onClick={() => void action.run(markAllRead, t('account.inbox.allRead'))}>
              {t('account.inbox.markAllRead')}
            </Button>
            <Button variant="ghost" disabled={chosen.size === 0} onClick={() => setConfirming(true)}>
              {t('account.inbox.deleteChosen', { count: chosen.size })}
            </Button>
          </div>
          <ActionNote action={action} />
          <LoadState t={t} state={inbox} retry={() => void loadInbox()}>
            {(page) =>
              page.list.length === 0 ? (
                <p className="account-empty">{t('account.inbox.none')}</p>
              ) : (
                <>
                  <ul className="inbox__list">
                    {page.list.map((message) => (
                      <MessageRow
                        key={message.messageId}
                        t={t}
                        prefix={prefix}
                        message={message}
                        chosen={chosen.has(message.messageId)}
                        onChoose={() => toggle(message.messageId)}
                      />
                    ))}
                  </ul>
                  <Pager
                    t={t}
                    page={page.page}
                    total={page.total}
                    pageSize={INBOX_PAGE_SIZE}
                    onPage={(next) => {
                      setChosen(new Set());
                      void loadInbox(next);
                    }}
                  />
                </>
              )
            }
          </LoadState>
          <Modal
            open={confirming}
            title={t('account.inbox.deleteTitle')}
            closeLabel={t('common.close')}
            onClose={() => setConfirming(false)}
            buttons={[
              {
                label: t('account.inbox.delete'),
                variant: 'danger',
                onClick: async () => {
                  if (await action.run(() => deleteMessages([...chosen]), t('account.inbox.deleted', { count: chosen.size })))
                    setChosen(new Set());
                },
              },
              { label: t('account.cancel'), variant: 'ghost' },
            ]}
          >
            <p>{t('account.inbox.deleteConfirm', { count: chosen.size })}</p>
          </Modal>
        </div>
      )}
    </MemberGate>
  );
}

function MessageRow({
  t,
  prefix,
  message,
  chosen,
  onChoose,
}: {
  t: Translate;
  prefix: string;
  message: InboxMessage;
  chosen: boolean;
  onChoose: () => void;
}) {
  const [open, setOpen] = useState(false);
  const unread = message.read === 'N';
  const bodyId = `message-${message.messageId}`;
  return (
    <li className="inbox__message" data-message={message.messageId} data-unread={unread || undefined}>
      <input type="checkbox" checked={chosen} onChange={onChoose} aria-label={t('account.inbox.choose', { title: message.title })} />
      <div className="inbox__content">
        <button
          type="button"
          className="inbox__title"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => {
            setOpen(!open);
            if (!open && unread) void markRead([message.messageId]);
          }}
        >
          {unread && <span className="inbox__dot" aria-label={t('account.inbox.unreadMark')} />}
          <strong>{message.title}</strong>
          <time className="inbox__time">{formatMoment(message.createdAt, DATE_TIME_FORMAT)}</time>
        </button>
        <div id={bodyId} className="inbox__body" hidden={!open}>
          <p>{message.body}</p>
          {message.link && (
            <a className="text-link" href={`${prefix}${message.link}`}>
              {t('account.inbox.open')}
            </a>
          )}
        </div>
      </div>
    </li>
  );
}
