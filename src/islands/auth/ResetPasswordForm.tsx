/** /reset-email.html?token=…: the page the emailed link opens; sets a new password. */
import { useState } from 'react';
import { passwordRules } from '../../lib/validation/fields.ts';
import { resetPassword } from '../../stores/member.ts';
import { useQuery } from '../use-query.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';
import { Field, FormError, useFormSubmit } from './form-kit.tsx';

export default function ResetPasswordForm({ languageCode, prefix, messages }: IslandProps) {
  const t = useTranslator(languageCode, messages);
  const [done, setDone] = useState(false);
  const query = useQuery();
  const token = query?.get('token') ?? null;
  const missingToken = query !== null && !token;
  const { state, formRef, onSubmit, disabled } = useFormSubmit(
    t,
    (v) => [{ field: 'password', value: v.password ?? '', rules: passwordRules }],
    (v) => resetPassword(token ?? '', v.password ?? ''),
    () => setDone(true),
  );

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
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <FormError>{state.formError ?? state.errors.token}</FormError>
        <Field
          name="password"
          label={t('auth.newPassword')}
          type="password"
          autoComplete="new-password"
          hint={t('auth.passwordHint')}
          error={state.errors.password}
        />
        <button className="button button--block" type="submit" disabled={disabled}>
          {state.busy ? t('auth.working') : t('auth.resetPassword')}
        </button>
      </form>
    </div>
  );
}
