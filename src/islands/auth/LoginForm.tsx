/** /login.html: account and password against the API, and the third-party providers. */
import { useState } from 'react';
import type { FieldSpec } from '../../lib/forms/form.ts';
import { getLanguage } from '../../lib/i18n/languages.ts';
import { providersFor, signIn, thirdPartyAuthorizeUrl } from '../../stores/session.ts';
import { Button } from '../forms/Button.tsx';
import { Form, FormError, TextField } from '../forms/fields.tsx';
import { useForm } from '../forms/use-form.ts';
import { useQuery } from '../use-query.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';
import { afterSignInTarget } from './redirect.ts';
import { CAPTCHA_FIELD, CaptchaField } from './CaptchaField.tsx';
import { useScriptConfigured } from '../third-party/use-script-configured.ts';

const ACCOUNT: FieldSpec = { name: 'account', required: 'UR_ACCOUNT_REQUIRED', spaces: { allowSpaceLeadTrail: false } };
const PASSWORD: FieldSpec = { name: 'password', required: 'UR_PASSWORD_REQUIRED' };

export default function LoginForm({ languageCode, prefix, messages }: IslandProps) {
  const t = useTranslator(languageCode, messages);
  const query = useQuery();
  const captcha = useScriptConfigured('captcha');
  const [captchaReset, setCaptchaReset] = useState(0);
  const form = useForm({
    t,
    fields: captcha ? [ACCOUNT, PASSWORD, CAPTCHA_FIELD] : [ACCOUNT, PASSWORD],
    process: (values) => ({
      account: values.account ?? '',
      password: values.password ?? '',
      captchaToken: values.captchaToken || undefined,
    }),
    submit: ({ account, password, captchaToken }: { account: string; password: string; captchaToken?: string }) =>
      signIn(account, password, captchaToken),
    onSuccess: () => location.assign(afterSignInTarget(prefix)),
    // A refused sign-in has used the captcha's token up.
    onError: () => setCaptchaReset((n) => n + 1),
  });

  return (
    <div className="auth-card">
      <Form form={form}>
        <FormError form={form} />
        <TextField form={form} spec={ACCOUNT} label={t('auth.account')} autoComplete="username" />
        <TextField form={form} spec={PASSWORD} label={t('auth.password')} type="password" autoComplete="current-password" />
        {captcha && <CaptchaField form={form} t={t} resetKey={captchaReset} />}
        <Button type="submit" className="button--block" disabled={form.disabled}>
          {form.busy ? t('auth.working') : t('auth.signIn')}
        </Button>
      </Form>
      <p className="auth-card__links">
        <a href={`${prefix}/forget_password.html`}>{t('auth.forgot')}</a>
        <span>
          {t('auth.noAccount')} <a href={`${prefix}/register.html${query?.size ? `?${query}` : ''}`}>{t('auth.createAccount')}</a>
        </span>
      </p>
      <div className="auth-card__providers">
        <p>{t('auth.orContinueWith')}</p>
        <ul>
          {providersFor(getLanguage(languageCode).region).map((provider) => (
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
