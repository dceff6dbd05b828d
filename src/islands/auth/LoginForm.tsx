/** /login.html: account and password against the API, and the third-party providers. */
import { required } from '../../lib/validation/fields.ts';
import { signIn, thirdPartyAuthorizeUrl, THIRD_PARTY_PROVIDERS } from '../../stores/session.ts';
import { useQuery } from '../use-query.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';
import { Field, FormError, useFormSubmit } from './form-kit.tsx';
import { afterSignInTarget } from './redirect.ts';

export default function LoginForm({ languageCode, prefix, messages }: IslandProps) {
  const t = useTranslator(languageCode, messages);
  const query = useQuery();
  const { state, formRef, onSubmit, disabled } = useFormSubmit(
    t,
    (v) => [
      { field: 'account', value: v.account ?? '', rules: [required('UR_ACCOUNT_REQUIRED')] },
      { field: 'password', value: v.password ?? '', rules: [required('UR_PASSWORD_REQUIRED')] },
    ],
    (v) => signIn((v.account ?? '').trim(), v.password ?? ''),
    () => location.assign(afterSignInTarget(prefix)),
  );

  return (
    <div className="auth-card">
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <FormError>{state.formError}</FormError>
        <Field name="account" label={t('auth.account')} autoComplete="username" error={state.errors.account} />
        <Field name="password" label={t('auth.password')} type="password" autoComplete="current-password" error={state.errors.password} />
        <button className="button button--block" type="submit" disabled={disabled}>
          {state.busy ? t('auth.working') : t('auth.signIn')}
        </button>
      </form>
      <p className="auth-card__links">
        <a href={`${prefix}/forget_password.html`}>{t('auth.forgot')}</a>
        <span>
          {t('auth.noAccount')} <a href={`${prefix}/register.html${query?.size ? `?${query}` : ''}`}>{t('auth.createAccount')}</a>
        </span>
      </p>
      <div className="auth-card__providers">
        <p>{t('auth.orContinueWith')}</p>
        <ul>
          {THIRD_PARTY_PROVIDERS.map((provider) => (
            <li key={provider}>
              <a className="provider-button" data-provider={provider} href={thirdPartyAuthorizeUrl(provider, prefix)}>
                {t(`auth.providers.${provider}`)}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
