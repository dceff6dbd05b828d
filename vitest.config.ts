/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// getViteConfig lets unit tests render .astro components through the Container API.
export default getViteConfig({
  test: {
    // unit: no I/O; integration: servers, SQLite, nginx, child processes, temporary folders.
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // `npm test` measures what the unit and integration tests together run of the browser-safe
    // code and the stores, and fails below these floors (set a little under what they reach,
    // 2026-12-06: lines 86.7 %, statements 85.8 %, functions 81.2 %, branches 80.0 %).
    coverage: {
      provider: 'v8',
      include: ['src/lib/**', 'src/stores/**'],
      reporter: ['text-summary'],
      reportsDirectory: '.data/coverage',
      thresholds: { lines: 85, statements: 84, functions: 79, branches: 78 },
    },
  },
});
