/** /forget_password.html: asks for a reset link. The answer never says whether the email is registered. */
import { useState } from 'react';
import { emailRules } from '../../lib/validation/fields.ts';
import { requestPasswordReset } from '../../stores/member.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';
import { Field, FormError, useFormSubmit } from './form-kit.tsx';

export default function ForgetPasswordForm({ languageCode, prefix, messages }: IslandProps) {
  const t = useTranslator(languageCode, messages);
  const [sent, setSent] = useState(false);
  const { state, formRef, onSubmit, disabled } = useFormSubmit(
    t,
    (v) => [{ field: 'email', value: v.email ?? '', rules: emailRules }],
    (v) => requestPasswordReset(v.email ?? ''),
    () => setSent(true),
  );

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
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <FormError>{state.formError}</FormError>
        <Field name="email" label={t('auth.email')} type="email" autoComplete="email" error={state.errors.email} />
        <button className="button button--block" type="submit" disabled={disabled}>
          {state.busy ? t('auth.working') : t('auth.sendLink')}
        </button>
      </form>
    </div>
  );
}
