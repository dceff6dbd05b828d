/**
 * Account security: the overview (/account/security/info.html), changing the password
 * (security/password.html: the current one, then the new one twice; every session ends and
 * the member signs in again) and changing the email (security/email.html: a code mailed to
 * the new address, resent after 60 s, then confirmed).
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Translate } from '../../lib/i18n/translator.ts';
import { EMAIL_CODE_LENGTH, EMAIL_CODE_RESEND_SECONDS } from '../../lib/constants.ts';
import { displayMobile, type MaskSwitches } from '../../lib/format/mask.ts';
import { applySpacePolicy, checkField, type FieldSpec } from '../../lib/forms/form.ts';
import { isEmail, isPassword } from '../../lib/validation/rules.ts';
import { $emailCodeSentAt, $profile, changeEmail, changePassword, loadProfile, sendEmailCode } from '../../stores/member.ts';
import { Button } from '../forms/Button.tsx';
import { Form, FormError, TextField } from '../forms/fields.tsx';
import { codeText, useForm } from '../forms/use-form.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';
import { LoadState, MemberGate, Notice } from './parts.tsx';

export type SecurityPageKind = 'overview' | 'password' | 'email';

export default function SecurityPages({
  languageCode,
  prefix,
  messages,
  kind,
  switches,
}: IslandProps & { kind: SecurityPageKind; switches: MaskSwitches }) {
  const t = useTranslator(languageCode, messages);
  const profile = useStore($profile);
  // A new password signs the member out: what follows is shown to a visitor, outside the gate.
  const [passwordChanged, setPasswordChanged] = useState(false);
  if (passwordChanged) return <PasswordChanged t={t} prefix={prefix} />;
  return (
    <MemberGate t={t} onMember={() => void loadProfile()}>
      {() =>
        kind === 'password' ? (
          <PasswordForm t={t} onChanged={() => setPasswordChanged(true)} />
        ) : (
          <LoadState t={t} state={profile} retry={() => void loadProfile()}>
            {(data) =>
              kind === 'email' ? (
                <EmailForm t={t} prefix={prefix} currentEmail={data.email} />
              ) : (
                <section className="account-card">
                  <ul className="security-list">
                    <li>
                      <span>
                        <strong>{t('account.profile.email')}</strong> {data.email}
                      </span>
                      <a className="text-link" href={`${prefix}/account/security/email.html`}>
                        {t('account.security.changeEmail')}
                      </a>
                    </li>
                    <li>
                      <span>
                        <strong>{t('auth.password')}</strong> ••••••••
                      </span>
                      <a className="text-link" href={`${prefix}/account/security/password.html`}>
                        {t('account.security.changePassword')}
                      </a>
                    </li>
                    <li>
                      <span>
                        <strong>{t('account.profile.mobile')}</strong> {displayMobile(data.mobile, switches) || t('account.notSet')}
                      </span>
                    </li>
                  </ul>
                  <p className="account-card__meta">
                    {t('account.security.closeIntro')}{' '}
                    <a href={`${prefix}/account/cancellation-clause.html`}>{t('account.security.closeLink')}</a>
                  </p>
                </section>
              )
            }
          </LoadState>
        )
      }
    </MemberGate>
  );
}

function PasswordChanged({ t, prefix }: { t: Translate; prefix: string }) {
  return (
    <section className="account-card" data-password-changed>
      <p className="form-success" role="status">
        {t('account.security.passwordChanged')}
      </p>
      <a className="button" href={`${prefix}/login.html?redirect_url=${encodeURIComponent(`${prefix}/account/info.html`)}`}>
        {t('auth.signIn')}
      </a>
    </section>
  );
}

function PasswordForm({ t, onChanged }: { t: Translate; onChanged: () => void }) {
  const fields: FieldSpec[] = [
    { name: 'currentPassword', required: 'UR_PASSWORD_REQUIRED' },
    { name: 'newPassword', required: 'UR_PASSWORD_REQUIRED', validate: (value) => isPassword(value) || 'UR_PASSWORD_FORMAT' },
    {
      name: 'confirmPassword',
      required: 'UR_PASSWORD_REQUIRED',
      validate: (value, values) => value === values.newPassword || 'UR_PASSWORD_MISMATCH',
    },
  ];
  const form = useForm({
    t,
    fields,
    process: (values) => ({ currentPassword: values.currentPassword ?? '', newPassword: values.newPassword ?? '' }),
    submit: changePassword,
    onSuccess: onChanged,
  });
  return (
    <Form form={form} className="account-form account-card" label={t('account.security.changePassword')}>
      <TextField
        form={form}
        spec={fields[0]!}
        type="password"
        label={t('account.security.currentPassword')}
        autoComplete="current-password"
      />
      <TextField
        form={form}
        spec={fields[1]!}
        type="password"
        label={t('auth.newPassword')}
        autoComplete="new-password"
        hint={t('auth.passwordHint')}
      />
      <TextField form={form} spec={fields[2]!} type="password" label={t('account.security.confirmPassword')} autoComplete="new-password" />
      <p className="account-card__meta">{t('account.security.passwordSignsOut')}</p>
      <FormError form={form} />
      <div className="account-form__actions">
        <Button type="submit" disabled={form.disabled}>
          {form.busy ? t('account.saving') : t('account.security.changePassword')}
        </Button>
      </div>
    </Form>
  );
}

/** Seconds left before another code may be sent (0: now). */
function useResendCountdown(sentAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (sentAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [sentAt]);
  if (sentAt === null) return 0;
  return Math.max(0, Math.ceil(EMAIL_CODE_RESEND_SECONDS - (now - sentAt) / 1000));
}

function EmailForm({ t, prefix, currentEmail }: { t: Translate; prefix: string; currentEmail: string }) {
  const sent = useStore($emailCodeSentAt);
  const left = useResendCountdown(sent?.at ?? null);
  const [sending, setSending] = useState(false);
  const [changedTo, setChangedTo] = useState<string | null>(null);
  const emailSpec: FieldSpec = {
    name: 'email',
    required: 'UR_EMAIL_08',
    spaces: { allowSpace: false },
    validate: (value) => (!isEmail(value) ? 'UR_EMAIL_06' : value.toLowerCase() === currentEmail.toLowerCase() ? 'UR_EMAIL_SAME' : true),
  };
  const codeSpec: FieldSpec = {
    name: 'code',
    required: 'EMAIL_CODE_REQUIRED',
    spaces: { allowSpace: false },
    maxLength: EMAIL_CODE_LENGTH,
    validate: (value) => new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`).test(value) || 'EMAIL_CODE_FORMAT',
  };
  const form = useForm({
    t,
    fields: [emailSpec, codeSpec],
    // Before a code was sent there is nothing to confirm: the member is told to send one first.
    hook: () => {
      if (sent) return true;
      form.showError('code', codeText(t, 'EMAIL_CODE_NOT_SENT'));
      return false;
    },
    process: (values) => ({ email: values.email ?? '', code: values.code ?? '' }),
    submit: changeEmail,
    onSuccess: (profile) => setChangedTo(profile.email),
  });

  async function send() {
    // Sending checks the email field alone, with the same rules as the submit.
    const values = form.readValues();
    const email = applySpacePolicy(values.email ?? '', emailSpec.spaces);
    const code = await checkField(emailSpec, { ...values, email });
    if (code) return form.showError('email', codeText(t, code));
    form.showError('email', null);
    setSending(true);
    const result = await sendEmailCode(email);
    setSending(false);
    if (!result.ok && result.kind === 'failure')
      form.showError(result.field === 'email' || !result.field ? 'email' : result.field, codeText(t, result.msgCode, result.msg));
  }

  if (changedTo)
    return (
      <section className="account-card">
        <p className="form-success" role="status">
          {t('account.security.emailChanged', { email: changedTo })}
        </p>
        <a className="text-link" href={`${prefix}/account/security/info.html`}>
          {t('account.security.back')}
        </a>
      </section>
    );
  return (
    <Form form={form} className="account-form account-card" label={t('account.security.changeEmail')}>
      <p>{t('account.security.currentEmail', { email: currentEmail })}</p>
      <div className="account-form__inline">
        <TextField
          form={form}
          spec={emailSpec}
          type="email"
          label={t('account.security.newEmail')}
          autoComplete="email"
          inputMode="email"
        />
        <Button variant="ghost" height={44} disabled={sending || left > 0 || form.disabled} onClick={() => void send()} data-send-code>
          {left > 0
            ? t('account.security.resendIn', { seconds: left })
            : sent
              ? t('account.security.resendCode')
              : t('account.security.sendCode')}
        </Button>
      </div>
      <Notice text={sent ? t('account.security.codeSent', { email: sent.email }) : null} />
      <TextField
        form={form}
        spec={codeSpec}
        label={t('account.security.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        hint={t('account.security.codeHint', { length: EMAIL_CODE_LENGTH })}
      />
      <FormError form={form} />
      <div className="account-form__actions">
        <Button type="submit" disabled={form.disabled}>
          {form.busy ? t('account.saving') : t('account.security.confirmEmail')}
        </Button>
      </div>
    </Form>
  );
}
