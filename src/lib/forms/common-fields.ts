/** Field specs several forms share: an email as the newsletter pop-up checks it, a new password. */
import { isEmail, isPassword } from '../validation/rules.ts';
import type { FieldSpec } from './form.ts';

/** Empty: UR_EMAIL_08; a malformed address: UR_EMAIL_06. Spaces are never part of an email. */
export const emailField = (name = 'email'): FieldSpec => ({
  name,
  required: 'UR_EMAIL_08',
  spaces: { allowSpace: false },
  validate: (value) => isEmail(value) || 'UR_EMAIL_06',
});

/** 8–20 characters with a digit and a letter. */
export const newPasswordField = (name = 'password'): FieldSpec => ({
  name,
  required: 'UR_PASSWORD_REQUIRED',
  validate: (value) => isPassword(value) || 'UR_PASSWORD_FORMAT',
});
