/**
 * /register.html: a new member, with the password rule checked before the API is asked. The
 * API mails the address a link back to this page (`?registerToken=`), which opens the account
 * and signs the member in; until then the form says where the mail went and stays usable, so
 * a mistyped address can be corrected and sent again. The answer is the same for an address
 * that has an account (its owner is mailed instead), so the page never tells which it was.
 */
import { useEffect, useState } from 'react';
import { emailField, newPasswordField } from '../../lib/forms/common-fields.ts';
import type { FieldSpec } from '../../lib/forms/form.ts';
import { isName } from '../../lib/validation/rules.ts';
import { confirmRegistration, register } from '../../stores/session.ts';
import { goAfterSignIn, redirectForMailedLink } from '../../stores/sign-in-target.ts';
import { Button } from '../forms/Button.tsx';
import { CheckField, Form, FormError, TextField } from '../forms/fields.tsx';
import { codeText, useForm } from '../forms/use-form.ts';
import { useQuery } from '../use-query.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';
import { CAPTCHA_FIELD, CaptchaField } from './CaptchaField.tsx';
import { useScriptConfigured } from '../third-party/use-script-configured.ts';

const NAME: FieldSpec = {
  name: 'name',
  required: 'UR_NAME_REQUIRED',
  maxLength: 40,
  spaces: { allowSpaceLeadTrail: false },
  validate: (value) => isName(value) || 'UR_NAME_FORMAT',
};
const EMAIL = emailField();
const PASSWORD = newPasswordField();
const AGREE: FieldSpec = { name: 'agreeTerms', required: 'UR_AGREE_REQUIRED' };

export default function RegisterForm({ languageCode, prefix, messages }: IslandProps) {
  const t = useTranslator(languageCode, messages);
  const query = useQuery();
  const captcha = useScriptConfigured('captcha');
  const [captchaReset, setCaptchaReset] = useState(0);
  // The address the last registration was mailed to: the form says so and stays as it was.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [linkVisit, setLinkVisit] = useState<'working' | string | null>(null);
  const form = useForm({
    t,
    fields: captcha ? [NAME, EMAIL, PASSWORD, AGREE, CAPTCHA_FIELD] : [NAME, EMAIL, PASSWORD, AGREE],
    process: (values) => {
      const redirectUrl = redirectForMailedLink();
      return {
        name: values.name ?? '',
        email: values.email ?? '',
        password: values.password ?? '',
        agreeTerms: true as const,
        ...(values.captchaToken ? { captchaToken: values.captchaToken } : {}),
        ...(redirectUrl ? { redirectUrl } : {}),
      };
    },
    // A new send replaces what the last one said.
    hook: () => setSentTo(null),
    submit: register,
    onSuccess: (_answer, sent) => {
      setSentTo(sent.email.trim());
      // The registration used the captcha's token up: a corrected address needs a new pass.
      setCaptchaReset((n) => n + 1);
    },
    // A refused registration has used the captcha's token up.
    onError: () => setCaptchaReset((n) => n + 1),
  });

  // The mailed link's visit: its token opens the account and signs the member in, once.
  const registerToken = query?.get('registerToken');
  // The sign-in link keeps the page's query (its redirect_url), never the link's token.
  const forwarded = new URLSearchParams(query ?? undefined);
  forwarded.delete('registerToken');
  useEffect(() => {
    if (!registerToken) return;
    setLinkVisit('working');
    void confirmRegistration(registerToken).then((result) => {
      if (result.ok) goAfterSignIn('replace');
      else if (result.kind !== 'aborted')
        setLinkVisit(result.kind === 'failure' ? codeText(t, result.msgCode, result.msg) : t('errors.interfaceException'));
    });
  }, [registerToken, t]);

  return (
    <div className="auth-card">
      {linkVisit === 'working' && <p role="status">{t('auth.registerLinkWorking')}</p>}
      {linkVisit && linkVisit !== 'working' && (
        <p className="form-error" role="alert">
          {linkVisit}
        </p>
      )}
      <Form form={form}>
        <FormError form={form} />
        {sentTo && (
          <p className="form-success" role="status">
            {t('auth.registerCheckMail', { email: sentTo })}
          </p>
        )}
        <TextField form={form} spec={NAME} label={t('auth.name')} autoComplete="name" />
        <TextField form={form} spec={EMAIL} label={t('auth.email')} type="email" autoComplete="email" />
        <TextField
          form={form}
          spec={PASSWORD}
          label={t('auth.password')}
          type="password"
          autoComplete="new-password"
          hint={t('auth.passwordHint')}
        />
        <CheckField form={form} spec={AGREE} label={t('auth.agreeTerms')} />
        {captcha && <CaptchaField form={form} t={t} resetKey={captchaReset} />}
        <Button type="submit" className="button--block" disabled={form.disabled}>
          {form.busy ? t('auth.working') : t('auth.register')}
        </Button>
      </Form>
      <p className="auth-card__links">
        <span>
          {t('auth.haveAccount')} <a href={`${prefix}/login.html${forwarded.size ? `?${forwarded}` : ''}`}>{t('auth.signIn')}</a>
        </span>
      </p>
    </div>
  );
}
