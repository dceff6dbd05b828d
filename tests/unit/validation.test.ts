import { describe, expect, it } from 'vitest';
import { PASSWORD_PATTERN } from '../../src/lib/validation/patterns.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../src/lib/constants.ts';
import { emailRules, firstFailure, passwordRules, required } from '../../src/lib/validation/fields.ts';

describe('password rule (8–20 characters, a digit and a letter)', () => {
  it('takes its lengths from the constants: 8 to 20', () => expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([8, 20]));
  it.each(['abc12345', 'A1bcdefg', 'Linea2026', 'a1234567890123456789'])('accepts %s', (p) => expect(PASSWORD_PATTERN.test(p)).toBe(true));
  it.each(['abc1234', 'abcdefgh', '12345678', 'a12345678901234567890', ''])('rejects "%s"', (p) =>
    expect(PASSWORD_PATTERN.test(p)).toBe(false),
  );
});

describe('ordered validation', () => {
  it('stops at the first failing field, in order', () => {
    expect(
      firstFailure([
        { field: 'name', value: 'Mei', rules: [required('UR_NAME_REQUIRED')] },
        { field: 'email', value: 'bad', rules: emailRules },
        { field: 'password', value: '', rules: passwordRules },
      ]),
    ).toEqual({ field: 'email', code: 'UR_EMAIL_06' });
  });
  it('gives the empty-email code before the format code', () => {
    expect(firstFailure([{ field: 'email', value: '   ', rules: emailRules }])).toEqual({ field: 'email', code: 'UR_EMAIL_08' });
  });
  it('passes valid input', () => {
    expect(
      firstFailure([
        { field: 'email', value: 'mei@example.com', rules: emailRules },
        { field: 'password', value: 'Linea2026', rules: passwordRules },
      ]),
    ).toBeNull();
  });
});
