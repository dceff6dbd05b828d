/**
 * Form validation: fields are checked one at a time, in order, and the first
 * failure stops the check, giving its field and error code.
 */
import { EMAIL_PATTERN, PASSWORD_PATTERN } from './patterns.ts';

export type Rule = (value: string) => string | null;

export const required =
  (code: string): Rule =>
  (value) =>
    value.trim() === '' ? code : null;
export const matches =
  (pattern: RegExp, code: string): Rule =>
  (value) =>
    pattern.test(value) ? null : code;
/** Newsletter-style email: empty UR_EMAIL_08, bad format UR_EMAIL_06. */
export const emailRules: Rule[] = [required('UR_EMAIL_08'), matches(EMAIL_PATTERN, 'UR_EMAIL_06')];
export const passwordRules: Rule[] = [required('UR_PASSWORD_REQUIRED'), matches(PASSWORD_PATTERN, 'UR_PASSWORD_FORMAT')];

export interface FieldCheck {
  field: string;
  value: string;
  rules: Rule[];
}

export function firstFailure(checks: readonly FieldCheck[]): { field: string; code: string } | null {
  for (const check of checks) {
    for (const rule of check.rules) {
      const code = rule(check.value);
      if (code) return { field: check.field, code };
    }
  }
  return null;
}
