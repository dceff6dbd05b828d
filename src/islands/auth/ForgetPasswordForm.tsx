/** /forget_password.html: asks for a reset link. The answer never says whether the email is registered. */
import { useState } from 'react';
import { emailField } from '../../lib/forms/common-fields.ts';
import { requestPasswordReset } from '../../stores/member.ts';
import { Button } from '../forms/Button.tsx';
import { Form, FormError, TextField } from '../forms/fields.tsx';
import { useForm } from '../forms/use-form.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';

const EMAIL = emailField();

export default function ForgetPasswordForm({ languageCode, prefix, messages }: IslandProps) {
  const t = useTranslator(languageCode, messages);
  const [sent, setSent] = useState(false);
  const form = useForm({
    t,
    fields: [EMAIL],
    process: (values) => values.email ?? '',
    submit: requestPasswordReset,
    onSuccess: () => setSent(true),
  });

  if (sent) {
    return (
      <div className="auth-card">
        <p className="form-success" role="status">
          {t('auth.linkSent')}
        </p>
        <a className="button button--block" href={`${prefix}/login.html`}>
          {t('auth.backToLogin')}
        </a>
      </div>
    );
  }
  return (
    <div className="auth-card">
      <p>{t('auth.forgetIntro')}</p>
      <Form form={form}>
        <FormError form={form} />
        <TextField form={form} spec={EMAIL} label={t('auth.email')} type="email" autoComplete="email" />
        <Button type="submit" className="button--block" disabled={form.disabled}>
          {form.busy ? t('auth.working') : t('auth.sendLink')}
        </Button>
      </Form>
    </div>
  );
}
