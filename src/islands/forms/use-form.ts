/**
 * The form framework in an island: a form declares its fields (lib/forms) and the store
 * action that sends it; this hook runs the ordered check, shows the first failure on its group
 * and scrolls to it below the header, disables the buttons while a submit runs, shows an API
 * refusal beside its group, and suppresses Enter.
 *
 * Inputs stay uncontrolled: what a member types before the island hydrates is kept, and the
 * values are read from the form when needed.
 */
import { useCallback, useRef, useState, type FocusEvent, type FormEvent, type KeyboardEvent, type SubmitEvent } from 'react';
import type { Translate } from '../../lib/i18n/translator.ts';
import type { ApiResult } from '../../lib/api/core.ts';
import {
  cleanValue,
  checkField,
  groupOf,
  isChecked,
  runSubmit,
  type FieldSpec,
  type FormErrorInfo,
  type FormValues,
} from '../../lib/forms/form.ts';
import { useHydrated } from '../use-hydrated.ts';
import { scrollToGroup } from './scroll.ts';

export interface FormOptions<B, T> {
  t: Translate;
  /** Prefixes the ids of its fields, where a page has several forms of the same fields. */
  id?: string;
  /** The fields in the order they are checked; a function when they depend on what is chosen. */
  fields: readonly FieldSpec[] | ((values: FormValues) => readonly FieldSpec[]);
  process?: (values: FormValues) => B;
  hook?: (data: B) => boolean | void | Promise<boolean | void>;
  /** A store action: it calls the API and keeps the state the answer brings. */
  submit: (data: B) => Promise<ApiResult<T>>;
  onSuccess?: (data: T, sent: B) => void;
  /** The form's error callback: a refusal's msgCode, msg, resp, the data sent and the groups' codes. */
  onError?: (info: FormErrorInfo<B>) => void;
}

/** The text for a code: translated through the message catalogue, else the API's msg, else the code as is. */
export function codeText(t: Translate, code: string, msg: string | null = null): string {
  return t(`errors.${code}`, { defaultValue: '' }) || msg || code;
}

export function useForm<B = FormValues, T = unknown>(options: FormOptions<B, T>) {
  const { t } = options;
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const hydrated = useHydrated();

  const readValues = useCallback((): FormValues => {
    const values: FormValues = {};
    if (formRef.current)
      new FormData(formRef.current).forEach((value, key) => {
        values[key] = typeof value === 'string' ? value : '';
      });
    return values;
  }, []);

  const fieldsFor = useCallback(
    (values: FormValues) => (typeof options.fields === 'function' ? options.fields(values) : options.fields),
    [options],
  );

  /** The values with each field's strip rule and space policy applied, written back into the inputs. */
  const cleanValues = useCallback((): FormValues => {
    const values = readValues();
    for (const field of fieldsFor(values)) {
      const value = values[field.name];
      if (value === undefined || (!field.spaces && !field.strip)) continue;
      const cleaned = cleanValue(field, value);
      if (cleaned !== value) {
        values[field.name] = cleaned;
        const input = formRef.current?.elements.namedItem(field.name);
        if (input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement) input.value = cleaned;
      }
    }
    return values;
  }, [fieldsFor, readValues]);

  const showError = useCallback((group: string, text: string | null) => {
    setErrors((current) => {
      if (text === null) {
        if (!(group in current)) return current;
        const { [group]: _, ...rest } = current;
        return rest;
      }
      return { ...current, [group]: text };
    });
  }, []);

  /** A field checks itself on blur (default) or on change, and clears its error once it passes. */
  const checkOne = useCallback(
    async (name: string, trigger: 'blur' | 'change') => {
      const values = cleanValues();
      const field = fieldsFor(values).find((f) => f.name === name);
      if (!field || !isChecked(field) || (field.trigger ?? 'blur') !== trigger) return;
      const code = await checkField(field, values);
      showError(groupOf(field), code ? codeText(t, code) : null);
    },
    [cleanValues, fieldsFor, showError, t],
  );

  const onSubmit = useCallback(
    async (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      // A form in a dialog portalled out of another form (an address in checkout) is its own form.
      event.stopPropagation();
      if (busyRef.current) return;
      busyRef.current = true;
      setBusy(true);
      setFormError(null);
      try {
        const values = cleanValues();
        const fields = fieldsFor(values);
        const outcome = await runSubmit({
          fields,
          values,
          process: options.process,
          hook: options.hook,
          send: options.submit,
        } as Parameters<typeof runSubmit<B, T>>[0]);
        switch (outcome.kind) {
          case 'invalid':
            setErrors({ [outcome.failure.group]: codeText(t, outcome.failure.code) });
            scrollToGroup(formRef.current, outcome.failure.group, outcome.failure.field);
            break;
          case 'ok':
            setErrors({});
            options.onSuccess?.(outcome.data, outcome.sent);
            break;
          case 'refused': {
            const wait = outcome.info.retryAfterSeconds;
            const text =
              wait === null
                ? codeText(t, outcome.info.msgCode, outcome.info.msg)
                : t('errors.TOO_MANY_ATTEMPTS_WAIT', { minutes: Math.ceil(wait / 60) });
            if (outcome.group) {
              setErrors({ [outcome.group]: text });
              scrollToGroup(formRef.current, outcome.group, null);
            } else {
              setErrors({});
              setFormError(text);
            }
            options.onError?.(outcome.info);
            break;
          }
          case 'network':
            // The client has told the shared handler; the form says it did not go through.
            setFormError(t('errors.interfaceException'));
            break;
          default:
            break;
        }
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [cleanValues, fieldsFor, options, t],
  );

  /** Enter does not submit from a text input: a member submits with the button. */
  const onKeyDown = useCallback((event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (event.key === 'Enter' && target instanceof HTMLInputElement) event.preventDefault();
  }, []);

  /**
   * Leaving a field checks it, unless focus moves to the form's submit button: the submit checks
   * every field anyway, and an error appearing under the field would move the button away
   * between the press and the release, losing the click.
   */
  const onBlur = useCallback(
    (event: FocusEvent<HTMLFormElement>) => {
      const name = (event.target as Element).getAttribute('name');
      const next = event.relatedTarget as HTMLElement | null;
      if (!name || (next instanceof HTMLButtonElement && next.type === 'submit' && next.form === formRef.current)) return;
      void checkOne(name, 'blur');
    },
    [checkOne],
  );
  /** Typing checks a field that checks on change; for the others it clears their error, which the member is fixing. */
  const onChange = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const name = (event.target as Element).getAttribute('name');
      if (!name) return;
      const field = fieldsFor(readValues()).find((f) => f.name === name);
      if (field && (field.trigger ?? 'blur') === 'blur') showError(groupOf(field), null);
      void checkOne(name, 'change');
    },
    [checkOne, fieldsFor, readValues, showError],
  );

  return {
    t,
    idPrefix: options.id ? `${options.id}-` : '',
    formRef,
    errors,
    formError,
    busy,
    /** Buttons are off while a submit runs, and until the island can handle a click. */
    disabled: busy || !hydrated,
    readValues,
    showError,
    setFormError,
    formProps: { ref: formRef, onSubmit, onKeyDown, onBlur, onChange, noValidate: true },
  };
}

export type FormHandle = ReturnType<typeof useForm>;
