/**
 * Members' password hashes (the local commerce API): scrypt at cost 16384 unless
 * PASSWORD_HASH_COST says otherwise (the test runs lower it), each hash carrying its cost, so a
 * hash made at one cost verifies under another; a cost that is not a power of two from 1024 to
 * 131072 is refused by name.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, unusableHash, verifyPassword } from '../../scripts/local-commerce/passwords.ts';
import { ConfigError, passwordHashCost, PASSWORD_HASH_COST_DEFAULT } from '../../src/node/env.ts';

const configured = process.env.PASSWORD_HASH_COST;
afterEach(() => {
  if (configured === undefined) delete process.env.PASSWORD_HASH_COST;
  else process.env.PASSWORD_HASH_COST = configured;
});

describe('password hashes', () => {
  it('are scrypt at cost 16384 unless configured', () => {
    delete process.env.PASSWORD_HASH_COST;
    expect(PASSWORD_HASH_COST_DEFAULT).toBe(16384);
    const hash = hashPassword('Secret2026', 'salt');
    expect(hash).toMatch(/^scrypt\$16384\$salt\$[0-9a-f]{64}$/);
    expect(verifyPassword('Secret2026', hash)).toBe(true);
    expect(verifyPassword('secret2026', hash)).toBe(false);
    expect(unusableHash()).toMatch(/^scrypt\$16384\$unusable\$0{64}$/);
  });

  it('carry their cost: one made at the default verifies at a lower configured cost, and the other way', () => {
    delete process.env.PASSWORD_HASH_COST;
    const strong = hashPassword('Secret2026');
    process.env.PASSWORD_HASH_COST = '1024';
    const light = hashPassword('Secret2026');
    expect(light.startsWith('scrypt$1024$')).toBe(true);
    expect(verifyPassword('Secret2026', strong)).toBe(true);
    delete process.env.PASSWORD_HASH_COST;
    expect(verifyPassword('Secret2026', light)).toBe(true);
    expect(verifyPassword('Secret2026', unusableHash())).toBe(false);
  });

  it('refuse a cost that is not a power of two from 1024 to 131072, by name', () => {
    for (const good of ['1024', '32768', '131072']) {
      process.env.PASSWORD_HASH_COST = good;
      expect(passwordHashCost()).toBe(Number(good));
    }
    for (const bad of ['512', '1000', '262144', 'strong', '1e4']) {
      process.env.PASSWORD_HASH_COST = bad;
      expect(() => passwordHashCost(), bad).toThrow(ConfigError);
      expect(() => passwordHashCost(), bad).toThrow(`PASSWORD_HASH_COST must be a power of two from 1024 to 131072, got "${bad}"`);
    }
  });
});
