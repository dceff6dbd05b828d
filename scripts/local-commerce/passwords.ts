/** Password hashing with scrypt (node:crypto), compared in constant time; the cost travels in the hash. */
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { passwordHashCost } from '../../src/node/env.ts';

const KEY_LENGTH = 32;
/** scrypt needs 128 · N · r bytes (128 MiB at the largest cost allowed), over Node's 32 MiB default. */
const MAX_MEMORY = 256 * 1024 * 1024;

export function hashPassword(password: string, salt = randomBytes(16).toString('hex')): string {
  const cost = passwordHashCost();
  const hash = scryptSync(password, salt, KEY_LENGTH, { N: cost, maxmem: MAX_MEMORY }).toString('hex');
  return `scrypt$${cost}$${salt}$${hash}`;
}

export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, cost, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'hex');
  const actual = scryptSync(password, salt, expected.length, { N: Number(cost), maxmem: MAX_MEMORY });
  return timingSafeEqual(actual, expected);
}

/**
 * A hash no password matches (its salt is not what hashPassword makes, and nobody knows a
 * preimage), checked against when there is no account: the same scrypt work as a wrong password
 * at the cost new hashes are made with.
 */
export const unusableHash = (): string => `scrypt$${passwordHashCost()}$unusable$${'0'.repeat(KEY_LENGTH * 2)}`;
