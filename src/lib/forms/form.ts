/**
 * The form framework's rules, without a page: which fields are checked and in what order,
 * what a failure's code is, how text input treats spaces, and what a submit does from first
 * check to the API's answer. The React side (src/islands/forms) renders fields and shows what
 * this decides; a store action does the call.
 */
import type { ApiResult } from '../api/core.ts';

export type FormValues = Record<string, string>;

/** A custom check: true when the value passes, else an error code; may be asynchronous. */
export type Validator = (value: string, values: FormValues) => true | string | Promise<true | string>;

/** Whitespace a text field keeps. Each is allowed unless set to false. */
export interface SpacePolicy {
  /** false: every whitespace character is removed. */
  allowSpace?: boolean;
  /** false: leading whitespace is removed. */
  allowSpaceLead?: boolean;
  /** false: trailing whitespace is removed. */
  allowSpaceTrail?: boolean;
  /** false: leading and trailing whitespace are removed. */
  allowSpaceLeadTrail?: boolean;
}

export interface FieldSpec {
  name: string;
  /** The group whose error slot shows this field's failure (a group may hold several fields); default the name. */
  group?: string;
  /** Error code when the value is empty or spaces only; the field is optional without it. */
  required?: string;
  minLength?: number;
  /** Default VALUE_CANNOT_LESS_THAN_MINLENGTH. */
  minLengthCode?: string;
  maxLength?: number;
  /** Runs only after required and minimum length pass, and only on a non-empty value. */
  validate?: Validator;
  /** A read-only field is skipped, unless validateReadOnly. */
  readOnly?: boolean;
  validateReadOnly?: boolean;
  /** A disabled field is skipped, and not sent. */
  disabled?: boolean;
  /** When the field checks itself while the member types: on leaving it (default) or on every change. */
  trigger?: 'blur' | 'change';
  spaces?: SpacePolicy;
  /**
   * What the field never keeps, removed as the member leaves it and before any check, as the
   * space policy is (an address's fields take stripEmojiAndSymbols: nothing a courier's label
   * cannot print).
   */
  strip?: (value: string) => string;
  /** Show length/maxLength under the field. */
  counter?: boolean;
}

export const MIN_LENGTH_CODE = 'VALUE_CANNOT_LESS_THAN_MINLENGTH';

/** The value as the field keeps it, with the whitespace its policy strips removed. */
export function applySpacePolicy(value: string, spaces: SpacePolicy | undefined): string {
  if (!spaces) return value;
  let out = value;
  if (spaces.allowSpace === false) out = out.replace(/\s+/g, '');
  if (spaces.allowSpaceLead === false || spaces.allowSpaceLeadTrail === false) out = out.replace(/^\s+/, '');
  if (spaces.allowSpaceTrail === false || spaces.allowSpaceLeadTrail === false) out = out.replace(/\s+$/, '');
  return out;
}

/** The value as the field keeps it: its strip rule, then its space policy. */
export function cleanValue(field: Pick<FieldSpec, 'spaces' | 'strip'>, value: string): string {
  return applySpacePolicy(field.strip ? field.strip(value) : value, field.spaces);
}

/** Whether the submit checks this field at all. */
export const isChecked = (field: FieldSpec): boolean => !field.disabled && (!field.readOnly || field.validateReadOnly === true);

/** The field's error code, or null when it passes: required, then minimum length, then the custom check. */
export async function checkField(field: FieldSpec, values: FormValues): Promise<string | null> {
  const value = values[field.name] ?? '';
  if (value.trim() === '') return field.required ?? null;
  if (field.minLength !== undefined && [...value].length < field.minLength) return field.minLengthCode ?? MIN_LENGTH_CODE;
  if (!field.validate) return null;
  const verdict = await field.validate(value, values);
  return verdict === true ? null : verdict;
}

export interface FieldFailure {
  field: string;
  group: string;
  code: string;
}

export const groupOf = (field: FieldSpec): string => field.group ?? field.name;

/** Checks fields one at a time, in order, and stops at the first failure. */
export async function firstFailure(fields: readonly FieldSpec[], values: FormValues): Promise<FieldFailure | null> {
  for (const field of fields) {
    if (!isChecked(field)) continue;
    const code = await checkField(field, values);
    if (code) return { field: field.name, group: groupOf(field), code };
  }
  return null;
}

/** What the form's error callback receives on a refusal. */
export interface FormErrorInfo<B> {
  msgCode: string;
  msg: string | null;
  resp: unknown;
  /** What was sent. */
  data: B;
  /** The error code shown on each group. */
  groupErrors: Record<string, string>;
  /** TOO_MANY_ATTEMPTS: seconds until the next try; else null. */
  retryAfterSeconds: number | null;
}

export interface SubmitPlan<B, T> {
  fields: readonly FieldSpec[];
  values: FormValues;
  /** The form's data processor: what is sent (default: the checked, enabled fields' values). */
  process?: (values: FormValues) => B;
  /** After valid input: false cancels the submit, a promise delays it. */
  hook?: (data: B) => boolean | void | Promise<boolean | void>;
  /** The store action that sends it. */
  send: (data: B) => Promise<ApiResult<T>>;
}

export type SubmitOutcome<B, T> =
  | { kind: 'invalid'; failure: FieldFailure }
  | { kind: 'cancelled' }
  | { kind: 'ok'; data: T; sent: B }
  | { kind: 'refused'; info: FormErrorInfo<B>; group: string | null }
  | { kind: 'network'; error: Error }
  | { kind: 'unauthorized' }
  | { kind: 'aborted' };

/** The values a form sends by default: its enabled fields, as typed (after the space policy). */
export function enabledValues(fields: readonly FieldSpec[], values: FormValues): FormValues {
  const out: FormValues = {};
  for (const field of fields) if (!field.disabled) out[field.name] = values[field.name] ?? '';
  return out;
}

/**
 * The group an API refusal belongs to: the field it names when the form has a group for it;
 * else the nearest enclosing part of its path (`attachments` for `attachments.0.name`); else
 * its last part (`taxId` for `invoice.taxId`); else none (shown above the buttons).
 */
export function groupOfApiField(fields: readonly FieldSpec[], apiField: string | null): string | null {
  if (!apiField) return null;
  const parts = apiField.split('.');
  const prefixes = parts.map((_, i) => parts.slice(0, parts.length - i).join('.')).filter((p) => !/(^|\.)\d+$/.test(p));
  for (const name of [...prefixes, parts.at(-1)!]) {
    const field = fields.find((f) => f.name === name || groupOf(f) === name);
    if (field) return groupOf(field);
  }
  return null;
}

/** One submit, from the first check to the answer. The caller disables the buttons around it. */
export async function runSubmit<B, T>(plan: SubmitPlan<B, T>): Promise<SubmitOutcome<B, T>> {
  const failure = await firstFailure(plan.fields, plan.values);
  if (failure) return { kind: 'invalid', failure };
  const data = plan.process ? plan.process(plan.values) : (enabledValues(plan.fields, plan.values) as B);
  if (plan.hook && (await plan.hook(data)) === false) return { kind: 'cancelled' };
  const result = await plan.send(data);
  if (result.ok) return { kind: 'ok', data: result.data, sent: data };
  if (result.kind === 'failure') {
    const group = groupOfApiField(plan.fields, result.field);
    return {
      kind: 'refused',
      group,
      info: {
        msgCode: result.msgCode,
        msg: result.msg,
        resp: result.field ? { field: result.field } : null,
        data,
        groupErrors: group ? { [group]: result.msgCode } : {},
        retryAfterSeconds: result.retryAfterSeconds ?? null,
      },
    };
  }
  if (result.kind === 'network') return { kind: 'network', error: result.error };
  return { kind: result.kind };
}
