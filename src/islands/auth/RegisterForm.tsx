/** /register.html: a new member, with the password rule checked before the API is asked. */
import { useState } from 'react';
import { emailField, newPasswordField } from '../../lib/forms/common-fields.ts';
import type { FieldSpec } from '../../lib/forms/form.ts';
import { isName } from '../../lib/validation/rules.ts';
import { register } from '../../stores/session.ts';
import { Button } from '../forms/Button.tsx';
import { CheckField, Form, FormError, TextField } from '../forms/fields.tsx';
import { useForm } from '../forms/use-form.ts';
import { useQuery } from '../use-query.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';
import { afterSignInTarget } from './redirect.ts';
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
  const form = useForm({
    t,
    fields: captcha ? [NAME, EMAIL, PASSWORD, AGREE, CAPTCHA_FIELD] : [NAME, EMAIL, PASSWORD, AGREE],
    process: (values) => ({
      name: values.name ?? '',
      email: values.email ?? '',
      password: values.password ?? '',
      agreeTerms: true as const,
      ...(values.captchaToken ? { captchaToken: values.captchaToken } : {}),
    }),
    submit: register,
    onSuccess: () => location.assign(afterSignInTarget(prefix)),
    // A refused registration has used the captcha's token up.
    onError: () => setCaptchaReset((n) => n + 1),
  });

  return (
    <div className="auth-card">
      <Form form={form}>
        <FormError form={form} />
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
          {t('auth.haveAccount')} <a href={`${prefix}/login.html${query?.size ? `?${query}` : ''}`}>{t('auth.signIn')}</a>
        </span>
      </p>
    </div>
  );
}
