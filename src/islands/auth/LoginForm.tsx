/**
 * /login.html: account and password against the API, and the third-party providers. When the
 * account's sign-in is refused for attempts made elsewhere, it offers a link by mail; the
 * link comes back here (`?signInToken=`) and signs the member in.
 */
import { useEffect, useState } from 'react';
import type { FieldSpec } from '../../lib/forms/form.ts';
import { getLanguage } from '../../lib/i18n/languages.ts';
import { providersFor, signIn } from '../../stores/session.ts';
import { goAfterSignIn, thirdPartyAuthorizeUrl } from '../../stores/sign-in-target.ts';
import { requestSignInLink, signInWithLink } from '../../stores/sign-in-link.ts';
import { codeText } from '../forms/use-form.ts';
import { Button } from '../forms/Button.tsx';
import { Form, FormError, TextField } from '../forms/fields.tsx';
import { useForm } from '../forms/use-form.ts';
import { useQuery } from '../use-query.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';
import { CAPTCHA_FIELD, CaptchaField } from './CaptchaField.tsx';
import { useScriptConfigured } from '../third-party/use-script-configured.ts';

const ACCOUNT: FieldSpec = { name: 'account', required: 'UR_ACCOUNT_REQUIRED', spaces: { allowSpaceLeadTrail: false } };
const PASSWORD: FieldSpec = { name: 'password', required: 'UR_PASSWORD_REQUIRED' };

export default function LoginForm({ languageCode, prefix, messages }: IslandProps) {
  const t = useTranslator(languageCode, messages);
  const query = useQuery();
  const captcha = useScriptConfigured('captcha');
  const [captchaReset, setCaptchaReset] = useState(0);
  // Offered once the account's sign-in is refused for attempts: a link mailed to the account.
  const [linkOffer, setLinkOffer] = useState<{ account: string; state: 'offered' | 'sending' | 'sent' } | null>(null);
  const [linkSignIn, setLinkSignIn] = useState<'working' | string | null>(null);
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
    onSuccess: () => goAfterSignIn('navigate'),
    onError: ({ msgCode, data }) => {
      // A refused sign-in has used the captcha's token up.
      setCaptchaReset((n) => n + 1);
      setLinkOffer(msgCode === 'TOO_MANY_ATTEMPTS' ? { account: data.account, state: 'offered' } : null);
    },
  });

  // The mailed link's visit: its token signs the member in, once.
  const signInToken = query?.get('signInToken');
  useEffect(() => {
    if (!signInToken) return;
    setLinkSignIn('working');
    void signInWithLink(signInToken).then((result) => {
      if (result.ok) goAfterSignIn('replace');
      else if (result.kind !== 'aborted')
        setLinkSignIn(result.kind === 'failure' ? codeText(t, result.msgCode, result.msg) : t('errors.interfaceException'));
    });
  }, [signInToken, t]);

  async function sendLink() {
    if (!linkOffer) return;
    const captchaToken = form.readValues().captchaToken;
    // The refusal used the check up: the link is asked for with a fresh pass, where there is a check.
    if (captcha && !captchaToken) {
      form.showError(CAPTCHA_FIELD.name, codeText(t, 'UR_CAPTCHA_REQUIRED'));
      return;
    }
    setLinkOffer({ ...linkOffer, state: 'sending' });
    const result = await requestSignInLink(linkOffer.account, captchaToken || undefined);
    setCaptchaReset((n) => n + 1);
    if (result.ok) setLinkOffer({ ...linkOffer, state: 'sent' });
    else {
      setLinkOffer({ ...linkOffer, state: 'offered' });
      if (result.kind === 'failure') form.setFormError(codeText(t, result.msgCode, result.msg));
    }
  }

  return (
    <div className="auth-card">
      {linkSignIn === 'working' && <p role="status">{t('auth.signInLinkWorking')}</p>}
      {linkSignIn && linkSignIn !== 'working' && (
        <p className="form-error" role="alert">
          {linkSignIn}
        </p>
      )}
      <Form form={form}>
        <FormError form={form} />
        {linkOffer?.state === 'sent' ? (
          <p className="form-success" role="status">
            {t('auth.signInLinkSent')}
          </p>
        ) : (
          linkOffer && (
            <Button type="button" className="button--block" disabled={linkOffer.state === 'sending'} onClick={() => void sendLink()}>
              {t('auth.emailSignInLink')}
            </Button>
          )
        )}
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
