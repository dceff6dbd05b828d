/**
 * Which Vitest files run in a process of their own (vitest.config.ts's `isolated` project) and
 * which share one (`shared`). Sharing loads the modules once for all files; a file that keeps
 * state in a module others import (the browser stores: one member signed in, one cart, one
 * injected platform) or replaces a module (`vi.mock`) would hand that state to the next file, so
 * it keeps a process. tests/unit/test-isolation.test.ts checks every test file against this list.
 */
export const TEST_FILES = ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'];

export const ISOLATED_FILES = [
  'tests/integration/*-store.test.ts',
  'tests/integration/*-stores.test.ts',
  'tests/unit/*-store.test.ts',
  'tests/unit/analytics.test.ts',
  'tests/unit/styling-collects.test.ts',
  'tests/unit/preview-link.test.ts',
];

/** What makes a file need its own process: the browser stores, their fixture, or a module mock. */
export const NEEDS_ISOLATION = /from '[./]*\/src\/stores\/|import\('[./]*\/src\/stores\/|store-fixture\.ts'|\bvi\.(?:do)?mock\(/;
