/**
 * /reset-email.html?token=…: the page the emailed link opens; sets a new password, typed twice
 * (a typo here would lock the member out again), refused by the form when the two differ.
 */
import { useState } from 'react';
import { newPasswordField } from '../../lib/forms/common-fields.ts';
import type { FieldSpec } from '../../lib/forms/form.ts';
import { resetPassword } from '../../stores/member.ts';
import { Button } from '../forms/Button.tsx';
import { Form, FormError, TextField } from '../forms/fields.tsx';
import { useForm } from '../forms/use-form.ts';
import { useQuery } from '../use-query.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';

const PASSWORD = newPasswordField();
/** The same again: the security page's password form checks it the same way. */
const PASSWORD_AGAIN: FieldSpec = {
  name: 'passwordAgain',
  required: 'UR_PASSWORD_REQUIRED',
  validate: (value, values) => value === values.password || 'UR_PASSWORD_MISMATCH',
};

export default function ResetPasswordForm({ languageCode, prefix, messages }: IslandProps) {
  const t = useTranslator(languageCode, messages);
  const [done, setDone] = useState(false);
  const query = useQuery();
  const token = query?.get('token') ?? null;
  const missingToken = query !== null && !token;
  const form = useForm({
    t,
    fields: [PASSWORD, PASSWORD_AGAIN],
    process: (values) => values.password ?? '',
    submit: (password: string) => resetPassword(token ?? '', password),
    onSuccess: () => setDone(true),
  });

  if (done || missingToken) {
    return (
      <div className="auth-card">
        <p className={done ? 'form-success' : 'form-error'} role="status">
          {done ? t('auth.resetDone') : t('auth.missingToken')}
        </p>
        <a className="button button--block" href={`${prefix}/${done ? 'login' : 'forget_password'}.html`}>
          {done ? t('auth.backToLogin') : t('auth.sendLink')}
        </a>
      </div>
    );
  }
  return (
    <div className="auth-card">
      {/* The token is no field of the form: a refusal of it (an expired link) shows above the form. */}
      <Form form={form}>
        <FormError form={form} />
        <TextField
          form={form}
          spec={PASSWORD}
          label={t('auth.newPassword')}
          type="password"
          autoComplete="new-password"
          hint={t('auth.passwordHint')}
        />
        <TextField form={form} spec={PASSWORD_AGAIN} label={t('auth.newPasswordAgain')} type="password" autoComplete="new-password" />
        <Button type="submit" className="button--block" disabled={form.disabled}>
          {form.busy ? t('auth.working') : t('auth.resetPassword')}
        </Button>
      </Form>
    </div>
  );
}
