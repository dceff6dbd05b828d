/**
 * Small form parts shared by the sign-in islands: a labelled field with its error, the
 * ordered check (first failure shown on its field, scrolled into view below the header),
 * and the message for a msgCode: translated, else the API's msg, else the common text.
 */
import { useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { useHydrated } from '../use-hydrated.ts';
import type { TFunction } from 'i18next';
import type { ApiResult } from '../../stores/session.ts';
import { DEFAULT_PAGE_HEADER_HEIGHT_PX } from '../../lib/constants.ts';
import { firstFailure, type FieldCheck } from '../../lib/validation/fields.ts';

export { messageFor } from '../messages.ts';
import { messageFor } from '../messages.ts';

/**
 * Uncontrolled on purpose: what a shopper types before the island hydrates is kept (a
 * controlled input would be reset by hydration), and the form reads values on submit.
 */
export function Field(props: {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  hint?: string;
  error?: string | undefined;
}) {
  const id = `field-${props.name}`;
  return (
    <div className="form-field" data-invalid={props.error ? 'true' : undefined}>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : props.hint ? `${id}-hint` : undefined}
      />
      {props.hint && !props.error && (
        <p className="form-field__hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      )}
      {props.error && (
        <p className="form-field__error" id={`${id}-error`} role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}

export interface FormState {
  errors: Record<string, string>;
  formError: string | null;
  busy: boolean;
}

export type FormValues = Record<string, string>;

/** Runs the ordered check, then `submit`; shows a failure beside its field or above the form. */
export function useFormSubmit<T>(
  t: TFunction,
  checks: (values: FormValues) => FieldCheck[],
  submit: (values: FormValues) => Promise<ApiResult<T>>,
  onSuccess: (data: T) => void,
) {
  const [state, setState] = useState<FormState>({ errors: {}, formError: null, busy: false });
  // Server-rendered disabled: a click before hydration must not submit the form natively.
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);

  function focusField(field: string) {
    const input = formRef.current?.querySelector<HTMLInputElement>(`[name="${field}"]`);
    if (!input) return;
    input.focus({ preventScroll: true });
    // Scroll to the field's group (label included), clear of the sticky header, so the label shows too.
    const group = input.closest('.form-field') ?? input;
    window.scrollTo({ top: group.getBoundingClientRect().top + window.scrollY - DEFAULT_PAGE_HEADER_HEIGHT_PX - 16, behavior: 'smooth' });
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.busy) return;
    const values: FormValues = {};
    new FormData(event.currentTarget as HTMLFormElement).forEach((value, key) => {
      values[key] = typeof value === 'string' ? value : '';
    });
    const failure = firstFailure(checks(values));
    if (failure) {
      setState({ errors: { [failure.field]: messageFor(t, failure.code, null) }, formError: null, busy: false });
      focusField(failure.field);
      return;
    }
    setState({ errors: {}, formError: null, busy: true });
    const result = await submit(values);
    if (result.ok) {
      onSuccess(result.data);
      return;
    }
    if (result.kind === 'aborted') return;
    if (result.kind === 'failure') {
      const message = messageFor(t, result.msgCode, result.msg);
      setState(
        result.field
          ? { errors: { [result.field]: message }, formError: null, busy: false }
          : { errors: {}, formError: message, busy: false },
      );
      if (result.field) focusField(result.field);
      return;
    }
    setState({ errors: {}, formError: t('errors.interfaceException'), busy: false });
  }
  return { state, formRef, onSubmit, disabled: state.busy || !hydrated };
}

export function FormError({ children }: { children: ReactNode }) {
  return children ? (
    <p className="form-error" role="alert">
      {children}
    </p>
  ) : null;
}
