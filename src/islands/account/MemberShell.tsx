/**
 * A guarded page's island: makes sure there is a session (refresh cookie → access token),
 * or starts the login flow; shows who is signed in, the member's details on the account
 * home, and a sign-out. The pages whose own issue has not landed show only this.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $memberDetails, loadMemberDetails } from '../../stores/member.ts';
import { requireMember, signOut } from '../../stores/session.ts';
import { useMember } from '../use-member.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';

export default function MemberShell({ languageCode, prefix, messages, showDetails }: IslandProps & { showDetails: boolean }) {
  const t = useTranslator(languageCode, messages);
  const member = useMember();
  const details = useStore($memberDetails);

  useEffect(() => {
    void requireMember().then((ok) => (ok && showDetails ? loadMemberDetails() : undefined));
  }, [showDetails]);

  if (!member)
    return (
      <p className="member-shell__status" role="status">
        {t('auth.checking')}
      </p>
    );
  return (
    <div className="member-shell" data-member={member.userId}>
      <p className="member-shell__greeting">{t('auth.signedInAs', { name: member.name })}</p>
      {showDetails && details.status === 'ready' && (
        <dl className="member-shell__details" aria-label={t('auth.memberSince')}>
          <dt>{t('auth.name')}</dt>
          <dd>{details.details.name}</dd>
          <dt>{t('auth.email')}</dt>
          <dd>{details.details.email}</dd>
        </dl>
      )}
      {showDetails && details.status === 'error' && (
        <p className="form-error" role="alert">
          {t('errors.interfaceException')}{' '}
          <button type="button" className="link-button" onClick={() => void loadMemberDetails()}>
            {t('cart.retry')}
          </button>
        </p>
      )}
      {!showDetails && <p className="member-shell__note">{t('auth.comingSoon')}</p>}
      <button className="button button--ghost" type="button" onClick={() => void signOut().then(() => location.assign(`${prefix}/`))}>
        {t('auth.signOut')}
      </button>
    </div>
  );
}
