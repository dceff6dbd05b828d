/**
 * Format rules both sides check: the form before sending, the API (through the contract) on
 * receipt. Plain patterns, no schema library, so a sign-in page checks its fields without
 * loading the contract.
 */
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';

/** 8–20 characters with at least one digit and one letter. */
export const PASSWORD_PATTERN = new RegExp(`^(?=.*\\d)(?=.*[A-Za-z]).{${PASSWORD_MIN_LENGTH},${PASSWORD_MAX_LENGTH}}$`);
/** Taiwan mobile number: 09 and 8 digits. */
export const TW_MOBILE_PATTERN = /^09\d{8}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
