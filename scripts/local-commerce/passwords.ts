/** Password hashing with scrypt (node:crypto), compared in constant time. */
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;
const COST = 16384;

export function hashPassword(password: string, salt = randomBytes(16).toString('hex')): string {
  const hash = scryptSync(password, salt, KEY_LENGTH, { N: COST }).toString('hex');
  return `scrypt$${COST}$${salt}$${hash}`;
}

export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, cost, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'hex');
  const actual = scryptSync(password, salt, expected.length, { N: Number(cost) });
  return timingSafeEqual(actual, expected);
}

/**
 * A hash no password matches (its salt is not what hashPassword makes, and nobody knows a
 * preimage), checked against when there is no account: the same scrypt work as a wrong password.
 */
export const UNUSABLE_HASH = `scrypt$${COST}$unusable$${'0'.repeat(KEY_LENGTH * 2)}`;
