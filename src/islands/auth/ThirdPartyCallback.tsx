/** /third_party.html: the provider sent the shopper back with a code; the API turns it into a session. */
import { useEffect, useState } from 'react';
import { currentQuery } from '../../stores/platform.ts';
import { completeThirdParty, THIRD_PARTY_PROVIDERS, type ThirdPartyProvider } from '../../stores/session.ts';
import { goAfterThirdPartySignIn } from '../../stores/sign-in-target.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';
import { messageFor } from '../messages.ts';

export default function ThirdPartyCallback({ languageCode, prefix, messages }: IslandProps) {
  const t = useTranslator(languageCode, messages);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const query = currentQuery();
    const provider = query.get('provider') ?? '';
    const code = query.get('code');
    if (!code || !(THIRD_PARTY_PROVIDERS as readonly string[]).includes(provider)) {
      setError(messageFor(t, 'THIRD_PARTY_CODE_INVALID', null));
      return;
    }
    void completeThirdParty({ provider: provider as ThirdPartyProvider, code, state: query.get('state') ?? '' }).then((result) => {
      if (result.ok) goAfterThirdPartySignIn();
      else if (result.kind !== 'aborted') {
        setError(result.kind === 'failure' ? messageFor(t, result.msgCode, result.msg) : t('errors.interfaceException'));
      }
    });
  }, [t]);

  return (
    <div className="auth-card">
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : (
        <p role="status">{t('auth.thirdPartyWorking')}</p>
      )}
      {error && (
        <a className="button button--block" href={`${prefix}/login.html`}>
          {t('auth.backToLogin')}
        </a>
      )}
    </div>
  );
}
