/**
 * Vitest runs most test files in one shared process (vitest.config.ts): a file that keeps
 * module state the next file would meet, or mocks a module, must be in tests/isolation.ts's
 * ISOLATED_FILES, or it would pass or fail by the order the files happen to run in.
 */
import { readFileSync, globSync } from 'node:fs';
import { matchesGlob } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISOLATED_FILES, NEEDS_ISOLATION, TEST_FILES } from '../isolation.ts';

const files = TEST_FILES.flatMap((pattern) => globSync(pattern)).sort();
const SELF = 'tests/unit/test-isolation.test.ts';
const isolated = (file: string) => ISOLATED_FILES.some((pattern) => matchesGlob(file, pattern));

describe('test isolation', () => {
  it('runs every file that holds store state or mocks a module in a process of its own', () => {
    const needing = files.filter((file) => file !== SELF && NEEDS_ISOLATION.test(readFileSync(file, 'utf8')));
    // The browser stores' tests and the module mock are among them (the check reads imports).
    expect(needing).toContain('tests/integration/session-store.test.ts');
    expect(needing).toContain('tests/unit/preview-link.test.ts');
    expect(needing.filter((file) => !isolated(file))).toEqual([]);
  });

  it('knows the signs of a file that needs its own process', () => {
    expect(NEEDS_ISOLATION.test("import { $cart } from '../../src/stores/cart.ts';")).toBe(true);
    expect(NEEDS_ISOLATION.test("const a = await import('../../src/stores/analytics.ts');")).toBe(true);
    expect(NEEDS_ISOLATION.test("import { storeTest } from './store-fixture.ts';")).toBe(true);
    expect(NEEDS_ISOLATION.test("vi.mock('node:crypto', async () => ({}));")).toBe(true);
    expect(NEEDS_ISOLATION.test("import { routes } from '../../src/lib/routing/routes.ts';")).toBe(false);
  });

  it('lists no pattern that matches no file', () => {
    for (const pattern of ISOLATED_FILES)
      expect(
        files.filter((file) => matchesGlob(file, pattern)),
        pattern,
      ).not.toEqual([]);
  });
});
