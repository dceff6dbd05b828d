/**
 * The account entry of the header: "Sign in" for visitors (back to this page afterwards),
 * the member's name, their account and sign-out once signed in. It reads the shared session
 * atoms; the API client (and its schemas) is loaded only when a session may exist or on
 * sign-out, so visitors' pages stay light.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { ACCOUNT_HOME_PATH } from '../../lib/routing/redirect-url.ts';
import { $member, hasSessionHint } from '../../stores/session.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';

const authActions = () => import('../../stores/auth.ts');

export default function AccountMenu({ languageCode, prefix, messages }: IslandProps) {
  const t = useTranslator(languageCode, messages);
  const member = useStore($member);
  useEffect(() => {
    if (hasSessionHint()) void authActions().then((auth) => auth.restoreSession());
  }, []);

  if (!member) {
    const signIn = () => location.assign(`${prefix}/login.html?redirect_url=${encodeURIComponent(location.pathname + location.search)}`);
    return <button type="button" className="account-menu__signin" data-account-state="visitor" onClick={signIn}>{t('auth.signIn')}</button>;
  }
  return (
    <div className="account-menu" data-account-state="member">
      <a href={`${prefix}${ACCOUNT_HOME_PATH}`}>{t('auth.signedInAs', { name: member.name })}</a>
      <button type="button" onClick={() => void authActions().then((auth) => auth.signOut())}>{t('auth.signOut')}</button>
    </div>
  );
}
