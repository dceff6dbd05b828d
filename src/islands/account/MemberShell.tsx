/**
 * The guarded pages whose own work has not landed yet (orders and after-sales): makes sure
 * there is a session (refresh cookie → access token), or starts the login flow, and says who
 * is signed in.
 */
import { useEffect } from 'react';
import { requireMember } from '../../stores/session.ts';
import { useMember } from '../use-member.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';

export default function MemberShell({ languageCode, messages }: IslandProps) {
  const t = useTranslator(languageCode, messages);
  const member = useMember();

  useEffect(() => {
    void requireMember();
  }, []);

  if (!member)
    return (
      <p className="member-shell__status" role="status">
        {t('auth.checking')}
      </p>
    );
  return (
    <div className="member-shell" data-member={member.userId}>
      <p className="member-shell__greeting">{t('auth.signedInAs', { name: member.name })}</p>
      <p className="member-shell__note">{t('auth.comingSoon')}</p>
    </div>
  );
}
