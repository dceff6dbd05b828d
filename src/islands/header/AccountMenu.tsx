/**
 * The account entry of the header: "Sign in" for visitors (back to this page afterwards),
 * the member's name, their account and sign-out once signed in. Shares $member with every
 * other island, so signing out anywhere clears it here too.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { ACCOUNT_HOME_PATH } from '../../lib/routing/redirect-url.ts';
import { $member, restoreSession, signOut } from '../../stores/auth.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';

export default function AccountMenu({ languageCode, prefix, messages }: IslandProps) {
  const t = useTranslator(languageCode, messages);
  const member = useStore($member);
  useEffect(() => {
    void restoreSession();
  }, []);

  if (!member) {
    const signIn = () => location.assign(`${prefix}/login.html?redirect_url=${encodeURIComponent(location.pathname + location.search)}`);
    return <button type="button" className="account-menu__signin" data-account-state="visitor" onClick={signIn}>{t('auth.signIn')}</button>;
  }
  return (
    <div className="account-menu" data-account-state="member">
      <a href={`${prefix}${ACCOUNT_HOME_PATH}`}>{t('auth.signedInAs', { name: member.name })}</a>
      <button type="button" onClick={() => void signOut()}>{t('auth.signOut')}</button>
    </div>
  );
}
