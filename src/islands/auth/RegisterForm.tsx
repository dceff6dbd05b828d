/** /register.html: a new member, with the spec's password rule checked before the API is asked. */
import { emailRules, passwordRules, required } from '../../lib/validation/fields.ts';
import { register } from '../../stores/session.ts';
import { useQuery } from '../use-query.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';
import { Field, FormError, useFormSubmit } from './form-kit.tsx';
import { afterSignInTarget } from './redirect.ts';

export default function RegisterForm({ languageCode, prefix, messages }: IslandProps) {
  const t = useTranslator(languageCode, messages);
  const query = useQuery();
  const { state, formRef, onSubmit, disabled } = useFormSubmit(
    t,
    (v) => [
      { field: 'name', value: v.name ?? '', rules: [required('UR_NAME_REQUIRED')] },
      { field: 'email', value: v.email ?? '', rules: emailRules },
      { field: 'password', value: v.password ?? '', rules: passwordRules },
      { field: 'agreeTerms', value: v.agreeTerms ?? '', rules: [required('UR_AGREE_REQUIRED')] },
    ],
    (v) => register({ name: (v.name ?? '').trim(), email: (v.email ?? '').trim(), password: v.password ?? '', agreeTerms: true }),
    () => location.assign(afterSignInTarget(prefix)),
  );

  return (
    <div className="auth-card">
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <FormError>{state.formError}</FormError>
        <Field name="name" label={t('auth.name')} autoComplete="name" error={state.errors.name} />
        <Field name="email" label={t('auth.email')} type="email" autoComplete="email" error={state.errors.email} />
        <Field
          name="password"
          label={t('auth.password')}
          type="password"
          autoComplete="new-password"
          hint={t('auth.passwordHint')}
          error={state.errors.password}
        />
        <div className="form-field form-field--check" data-invalid={state.errors.agreeTerms ? 'true' : undefined}>
          <label>
            <input type="checkbox" name="agreeTerms" value="Y" /> {t('auth.agreeTerms')}
          </label>
          {state.errors.agreeTerms && (
            <p className="form-field__error" role="alert">
              {state.errors.agreeTerms}
            </p>
          )}
        </div>
        <button className="button button--block" type="submit" disabled={disabled}>
          {state.busy ? t('auth.working') : t('auth.register')}
        </button>
      </form>
      <p className="auth-card__links">
        <span>
          {t('auth.haveAccount')} <a href={`${prefix}/login.html${query?.size ? `?${query}` : ''}`}>{t('auth.signIn')}</a>
        </span>
      </p>
    </div>
  );
}
