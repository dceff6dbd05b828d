/**
 * The captcha of the sign-in and registration forms (stores/third-party.ts), where the store
 * has one: the provider draws its check here, and the token it gives is the hidden field
 * `captchaToken` the form sends (required: CAPTCHA_FIELD). A refused sign-in uses the token
 * up, so the form bumps `resetKey` and the check is asked again. Without the script configured
 * there is no field; if it cannot load, the shopper is told to reload.
 */
import { useEffect, useRef, useState } from 'react';
import type { FieldSpec } from '../../lib/forms/form.ts';
import type { Translate } from '../../lib/i18n/translator.ts';
import { renderCaptcha } from '../../stores/third-party.ts';
import { FieldGroup } from '../forms/fields.tsx';
import type { FormHandle } from '../forms/use-form.ts';

export const CAPTCHA_FIELD: FieldSpec = { name: 'captchaToken', required: 'UR_CAPTCHA_REQUIRED' };

export function CaptchaField({ form, t, resetKey }: { form: FormHandle; t: Translate; resetKey: number }) {
  const box = useRef<HTMLDivElement>(null);
  const token = useRef<HTMLInputElement>(null);
  const reset = useRef<(() => void) | null>(null);
  const [failed, setFailed] = useState(false);
  const { showError } = form;

  useEffect(() => {
    if (!box.current) return;
    void renderCaptcha(box.current, (value) => {
      if (token.current) token.current.value = value ?? '';
      if (value) showError(CAPTCHA_FIELD.name, null);
    }).then((widget) => {
      if (widget.kind === 'ready') reset.current = widget.reset;
      else setFailed(widget.kind === 'failed');
    });
  }, [showError]);
  useEffect(() => {
    if (resetKey === 0) return;
    if (token.current) token.current.value = '';
    reset.current?.();
  }, [resetKey]);

  return (
    <FieldGroup form={form} group={CAPTCHA_FIELD.name} label={t('auth.captcha')}>
      <div ref={box} className="captcha" />
      <input ref={token} type="hidden" name={CAPTCHA_FIELD.name} />
      {failed && (
        <p className="form-error" role="alert">
          {t('auth.captchaUnavailable')}
        </p>
      )}
    </FieldGroup>
  );
}
