/**
 * The form framework in an island: a form declares its fields (lib/forms) and the store
 * action that sends it; this hook runs the ordered check, shows the first failure on its group
 * and scrolls to it below the header, disables the buttons while a submit runs, shows an API
 * refusal beside its group, and suppresses Enter. What each outcome shows is decided without a
 * page (lib/forms/outcome.ts); here it is set and scrolled to.
 *
 * Inputs stay uncontrolled: what a member types before the island hydrates is kept, and the
 * values are read from the form when needed.
 */
import {
  useCallback,
  useRef,
  useState,
  type Dispatch,
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
  type SetStateAction,
  type SubmitEvent,
} from 'react';
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
import { codeText, outcomeDisplay, withGroupError } from '../../lib/forms/outcome.ts';
import { useHydrated } from '../use-hydrated.ts';
import { scrollToGroup } from './scroll.ts';

export { codeText };

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

type Errors = Record<string, string>;

/** The form's values as its inputs hold them, and the fields they call for. */
function useFormValues<B, T>(formRef: RefObject<HTMLFormElement | null>, options: FormOptions<B, T>) {
  const readValues = useCallback((): FormValues => {
    const values: FormValues = {};
    if (formRef.current)
      new FormData(formRef.current).forEach((value, key) => {
        values[key] = typeof value === 'string' ? value : '';
      });
    return values;
  }, [formRef]);

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
  }, [fieldsFor, formRef, readValues]);

  return { readValues, fieldsFor, cleanValues };
}

type FormValuesParts = ReturnType<typeof useFormValues>;

/** One submit at a time: the ordered check, the hook, the store action, then what its outcome shows. */
function useSubmit<B, T>(
  formRef: RefObject<HTMLFormElement | null>,
  options: FormOptions<B, T>,
  { cleanValues, fieldsFor }: FormValuesParts,
  setErrors: Dispatch<SetStateAction<Errors>>,
  setFormError: Dispatch<SetStateAction<string | null>>,
) {
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const { t } = options;
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
        const outcome = await runSubmit({
          fields: fieldsFor(values),
          values,
          process: options.process,
          hook: options.hook,
          send: options.submit,
        } as Parameters<typeof runSubmit<B, T>>[0]);
        const shown = outcomeDisplay(outcome, t);
        if (shown.errors) setErrors(shown.errors);
        if (shown.formError !== null) setFormError(shown.formError);
        if (shown.scrollTo) scrollToGroup(formRef.current, shown.scrollTo.group, shown.scrollTo.field);
        if (outcome.kind === 'ok') options.onSuccess?.(outcome.data, outcome.sent);
        if (outcome.kind === 'refused') options.onError?.(outcome.info);
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [cleanValues, fieldsFor, formRef, options, setErrors, setFormError, t],
  );
  return { busy, onSubmit };
}

/** What the form does as a member moves through it: checks on leaving or typing, and no submit on Enter. */
function useFieldEvents(
  formRef: RefObject<HTMLFormElement | null>,
  t: Translate,
  { cleanValues, fieldsFor, readValues }: FormValuesParts,
  showError: (group: string, text: string | null) => void,
) {
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
    [checkOne, formRef],
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
  return { onKeyDown, onBlur, onChange };
}

export function useForm<B = FormValues, T = unknown>(options: FormOptions<B, T>) {
  const { t } = options;
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const hydrated = useHydrated();
  const values = useFormValues(formRef, options);
  const showError = useCallback((group: string, text: string | null) => setErrors((current) => withGroupError(current, group, text)), []);
  const { busy, onSubmit } = useSubmit(formRef, options, values, setErrors, setFormError);
  const { onKeyDown, onBlur, onChange } = useFieldEvents(formRef, t, values, showError);

  return {
    t,
    idPrefix: options.id ? `${options.id}-` : '',
    formRef,
    errors,
    formError,
    busy,
    /** Buttons are off while a submit runs, and until the island can handle a click. */
    disabled: busy || !hydrated,
    readValues: values.readValues,
    showError,
    setFormError,
    formProps: { ref: formRef, onSubmit, onKeyDown, onBlur, onChange, noValidate: true },
  };
}

export type FormHandle = ReturnType<typeof useForm>;
