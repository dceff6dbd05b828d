/**
 * What every account page shares: the sign-in gate, the loading / error-with-retry frame of a
 * loaded list, paging, and the toast of the shared HTTP error handler.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { Translate } from '../../lib/i18n/translator.ts';
import type { Loadable } from '../../stores/loadable.ts';
import { $httpError, requireMember, type ApiResult } from '../../stores/session.ts';
import { noteAccountPageView } from '../../stores/member.ts';
import { codeText } from '../forms/use-form.ts';
import { ServiceUnavailable } from '../ServiceUnavailable.tsx';
import { useMember } from '../use-member.ts';
import { useMemberStart } from '../use-member-start.ts';

/**
 * Renders the page once a member is signed in; a visitor is sent to sign in (and brought back).
 * `onMember` runs once the member is known: the page's first loads.
 */
export function MemberGate({ t, onMember, children }: { t: Translate; onMember?: () => void; children: () => ReactNode }) {
  const member = useMember();
  // Once per page (and once more when the session comes back): the loads are the page's first.
  const { unavailable, retry: retrySession } = useMemberStart(() =>
    requireMember().then((ok) => {
      if (!ok) return;
      noteAccountPageView();
      onMember?.();
    }),
  );
  if (!member && unavailable) return <ServiceUnavailable t={t} onRetry={retrySession} />;
  if (!member)
    return (
      <p className="account-status" role="status">
        {t('auth.checking')}
      </p>
    );
  return (
    <>
      {children()}
      <HttpErrorToast t={t} />
    </>
  );
}

/** A loaded thing: its content when ready (or reloading with data), a status while loading, an error with retry. */
export function LoadState<T>({
  t,
  state,
  retry,
  children,
}: {
  t: Translate;
  state: Loadable<T>;
  retry: () => void;
  children: (data: T) => ReactNode;
}) {
  // Ready (its data may be null: no default carrier yet), or reloading over data already shown.
  if (state.status === 'ready' || state.data !== null) return <div aria-busy={state.status === 'loading'}>{children(state.data as T)}</div>;
  if (state.status === 'error')
    return (
      <p className="form-error" role="alert">
        {t('account.loadFailed')}{' '}
        <button type="button" className="link-button" onClick={retry}>
          {t('account.retry')}
        </button>
      </p>
    );
  return (
    <p className="account-status" role="status">
      {t('account.loading')}
    </p>
  );
}

/** Page numbers of a list; nothing when it fits one page. */
export function Pager({
  t,
  page,
  total,
  pageSize,
  onPage,
}: {
  t: Translate;
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  return (
    <nav className="account-pager" aria-label={t('account.pages')}>
      <button type="button" className="link-button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('account.previous')}
      </button>
      <span aria-live="polite">{t('account.pageOf', { page, pages })}</span>
      <button type="button" className="link-button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('account.next')}
      </button>
    </nav>
  );
}

/** The shared HTTP error handler's message: a call never got an answer. */
export function HttpErrorToast({ t }: { t: Translate }) {
  const error = useStore($httpError);
  if (!error) return null;
  return (
    <div className="toast" role="alert">
      <span>{t('errors.interfaceException')}</span>
      <button type="button" className="link-button" onClick={() => $httpError.set(null)}>
        {t('account.dismiss')}
      </button>
    </div>
  );
}

/** A short confirmation after an action ("Saved"), announced politely. */
export function Notice({ text }: { text: string | null }) {
  return text ? (
    <p className="form-success" role="status">
      {text}
    </p>
  ) : null;
}

/**
 * A one-click action of a page (delete, mark read, cancel a booking): runs a store action and
 * says how it went, a confirmation or the refusal's text.
 */
export function useAction(t: Translate) {
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async (action: () => Promise<ApiResult<unknown>>, done: string | null): Promise<boolean> => {
      setNotice(null);
      setError(null);
      const result = await action();
      if (result.ok) setNotice(done);
      else if (result.kind === 'failure') setError(codeText(t, result.msgCode, result.msg));
      else if (result.kind === 'network') setError(t('errors.interfaceException'));
      return result.ok;
    },
    [t],
  );
  return { notice, error, run, setNotice };
}

/** What an action said: the confirmation, or the refusal. */
export function ActionNote({ action }: { action: { notice: string | null; error: string | null } }) {
  return (
    <>
      <Notice text={action.notice} />
      {action.error && (
        <p className="form-error" role="alert">
          {action.error}
        </p>
      )}
    </>
  );
}
