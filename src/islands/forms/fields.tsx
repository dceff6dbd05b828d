/**
 * The form framework's parts: the form, a field group with its label and error slot, text
 * fields (with the space policy and the optional counter), text areas, selects, choices, and
 * the form-level error. A group's error is announced and tied to its controls.
 */
import { useState, type ReactNode } from 'react';
import type { FieldSpec } from '../../lib/forms/form.ts';
import type { FormHandle } from './use-form.ts';

export function Form({ form, children, className, label }: { form: FormHandle; children: ReactNode; className?: string; label?: string }) {
  return (
    <form {...form.formProps} className={className} aria-label={label}>
      {children}
    </form>
  );
}

/** Ids are the form's: a page with several forms of the same fields (one per order line) keeps them apart. */
const errorId = (form: FormHandle, group: string) => `${form.idPrefix}error-${group}`;
export const controlId = (form: FormHandle, name: string) => `${form.idPrefix}field-${name}`;

/** A group: one or more controls under one label, and the error of the group. */
export function FieldGroup({
  form,
  group,
  label,
  labelFor,
  hint,
  children,
  className,
}: {
  form: FormHandle;
  group: string;
  label?: ReactNode;
  /** The control the label names; a group of several controls is a fieldset with a legend instead. */
  labelFor?: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const error = form.errors[group];
  const classes = ['form-field', className].filter(Boolean).join(' ');
  const body = (
    <>
      {children}
      {hint && !error && <p className="form-field__hint">{hint}</p>}
      {error && (
        <p className="form-field__error" id={errorId(form, group)} role="alert">
          {error}
        </p>
      )}
    </>
  );
  if (labelFor || !label)
    return (
      <div className={classes} data-group={group} data-invalid={error ? 'true' : undefined}>
        {label && <label htmlFor={labelFor}>{label}</label>}
        {body}
      </div>
    );
  return (
    <fieldset className={`${classes} form-field--set`} data-group={group} data-invalid={error ? 'true' : undefined}>
      <legend>{label}</legend>
      {body}
    </fieldset>
  );
}

/** What a control of a group carries so assistive technology reads its error. */
export function controlAria(form: FormHandle, spec: Pick<FieldSpec, 'name' | 'group'>) {
  const group = spec.group ?? spec.name;
  const error = form.errors[group];
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId(form, group) : undefined };
}

/** length/maxLength under a field that asks for it. */
function Counter({ spec, length }: { spec: FieldSpec; length: number }) {
  if (!spec.counter || spec.maxLength === undefined) return null;
  return (
    <span className="form-field__counter" aria-live="polite">
      {length}/{spec.maxLength}
    </span>
  );
}

/** A field whose value is one of its options. */
interface OptionsFieldProps<L> {
  form: FormHandle;
  spec: FieldSpec;
  label: string;
  /** A disabled option is shown and cannot be chosen (a size sold out). */
  options: ReadonlyArray<{ value: string; label: L; disabled?: boolean }>;
  defaultValue?: string;
  onChange?: (value: string) => void;
}

type InputType = 'text' | 'email' | 'password' | 'tel' | 'date' | 'number' | 'search';

/** A text input declared by its spec: label, error, the space policy, the length counter. */
export function TextField({
  form,
  spec,
  label,
  type = 'text',
  defaultValue,
  autoComplete,
  inputMode,
  hint,
  placeholder,
  min,
  max,
}: {
  form: FormHandle;
  spec: FieldSpec;
  label: string;
  type?: InputType;
  /** Bounds of a date or number input. */
  min?: string;
  max?: string;
  defaultValue?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
  hint?: ReactNode;
  placeholder?: string;
}) {
  const [length, setLength] = useState([...(defaultValue ?? '')].length);
  const id = controlId(form, spec.name);
  return (
    <FieldGroup form={form} group={spec.group ?? spec.name} label={label} labelFor={id} hint={hint}>
      <input
        id={id}
        name={spec.name}
        type={type}
        defaultValue={defaultValue}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        min={min}
        max={max}
        readOnly={spec.readOnly}
        disabled={spec.disabled}
        maxLength={spec.maxLength}
        required={spec.required !== undefined}
        {...controlAria(form, spec)}
        onChange={(event) => {
          const input = event.currentTarget;
          // Removing every space can happen as the member types; leading and trailing spaces go on leaving the field.
          if (spec.spaces?.allowSpace === false && /\s/.test(input.value)) input.value = input.value.replace(/\s+/g, '');
          setLength([...input.value].length);
        }}
      />
      <Counter spec={spec} length={length} />
    </FieldGroup>
  );
}

export function TextArea({
  form,
  spec,
  label,
  defaultValue,
  rows = 5,
  hint,
}: {
  form: FormHandle;
  spec: FieldSpec;
  label: string;
  defaultValue?: string;
  rows?: number;
  hint?: ReactNode;
}) {
  const [length, setLength] = useState([...(defaultValue ?? '')].length);
  const id = controlId(form, spec.name);
  return (
    <FieldGroup form={form} group={spec.group ?? spec.name} label={label} labelFor={id} hint={hint}>
      <textarea
        id={id}
        name={spec.name}
        rows={rows}
        defaultValue={defaultValue}
        readOnly={spec.readOnly}
        disabled={spec.disabled}
        maxLength={spec.maxLength}
        required={spec.required !== undefined}
        {...controlAria(form, spec)}
        onChange={(event) => setLength([...event.currentTarget.value].length)}
      />
      <Counter spec={spec} length={length} />
    </FieldGroup>
  );
}

export function SelectField({ form, spec, label, options, defaultValue, onChange }: OptionsFieldProps<string>) {
  const id = controlId(form, spec.name);
  return (
    <FieldGroup form={form} group={spec.group ?? spec.name} label={label} labelFor={id}>
      <select
        id={id}
        name={spec.name}
        defaultValue={defaultValue}
        disabled={spec.disabled}
        required={spec.required !== undefined}
        {...controlAria(form, spec)}
        onChange={(event) => onChange?.(event.currentTarget.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldGroup>
  );
}

/** Radio choices of one field, as a fieldset. */
export function ChoiceField({ form, spec, label, options, defaultValue, onChange }: OptionsFieldProps<ReactNode>) {
  return (
    <FieldGroup form={form} group={spec.group ?? spec.name} label={label} className="form-field--choices">
      <div className="choice-cards" role="presentation">
        {options.map((option) => (
          <label key={option.value} className="choice-card">
            <input
              type="radio"
              name={spec.name}
              value={option.value}
              defaultChecked={defaultValue === option.value}
              disabled={spec.disabled || option.disabled}
              {...controlAria(form, spec)}
              onChange={() => onChange?.(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </FieldGroup>
  );
}

/** A single checkbox ("I agree"): its value is Y when ticked, '' otherwise. */
export function CheckField({
  form,
  spec,
  label,
  defaultChecked,
}: {
  form: FormHandle;
  spec: FieldSpec;
  label: ReactNode;
  defaultChecked?: boolean;
}) {
  return (
    <FieldGroup form={form} group={spec.group ?? spec.name} className="form-field--check">
      <label>
        <input type="checkbox" name={spec.name} value="Y" defaultChecked={defaultChecked} {...controlAria(form, spec)} /> {label}
      </label>
    </FieldGroup>
  );
}

export function FormError({ form }: { form: FormHandle }) {
  return form.formError ? (
    <p className="form-error" role="alert">
      {form.formError}
    </p>
  ) : null;
}
