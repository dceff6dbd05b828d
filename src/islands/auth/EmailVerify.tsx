/**
 * /email.html?token=: the link of the email-change mail. It works without a session (the
 * mail may be opened on another device): the new address is confirmed, or the page says the
 * link no longer works and where to ask for a new one.
 */
import { useEffect, useState } from 'react';
import { verifyEmailLink } from '../../stores/member.ts';
import { codeText } from '../forms/use-form.ts';
import { useQuery } from '../use-query.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';

type State = { kind: 'working' } | { kind: 'done'; email: string } | { kind: 'failed'; text: string };

export default function EmailVerify({ languageCode, prefix, messages }: IslandProps) {
  const t = useTranslator(languageCode, messages);
  const query = useQuery();
  const [state, setState] = useState<State>({ kind: 'working' });
  useEffect(() => {
    if (!query) return;
    const token = query.get('token');
    if (!token) return setState({ kind: 'failed', text: codeText(t, 'EMAIL_LINK_INVALID') });
    void verifyEmailLink(token).then((result) => {
      if (result.ok) setState({ kind: 'done', email: result.data.email });
      else if (result.kind === 'failure') setState({ kind: 'failed', text: codeText(t, result.msgCode, result.msg) });
      else if (result.kind === 'network') setState({ kind: 'failed', text: t('errors.interfaceException') });
    });
  }, [query, t]);
  return (
    <div className="auth-card" data-verify={state.kind}>
      {state.kind === 'working' && <p role="status">{t('auth.verifying')}</p>}
      {state.kind === 'done' && (
        <p className="form-success" role="status">
          {t('auth.emailVerified', { email: state.email })}
        </p>
      )}
      {state.kind === 'failed' && (
        <p className="form-error" role="alert">
          {state.text}
        </p>
      )}
      {state.kind !== 'working' && (
        <p className="auth-card__links">
          <a href={`${prefix}/account/security/email.html`}>{t('auth.toEmailSettings')}</a>
        </p>
      )}
    </div>
  );
}
