/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';
import { ISOLATED_FILES, TEST_FILES } from './tests/isolation.ts';

// getViteConfig lets unit tests render .astro components through the Container API.
export default getViteConfig({
  test: {
    // tests/unit: no I/O; tests/integration: servers, SQLite, nginx, child processes, temporary
    // folders. Most files share one process, their modules loaded once: a fresh process and
    // module graph per file was a third of the run's CPU (paired, 2026-12-07: 435 against 278 core-seconds).
    // The files that hold the browser stores' state or mock a module keep a process each
    // (tests/isolation.ts).
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: TEST_FILES,
          exclude: ISOLATED_FILES,
          isolate: false,
          setupFiles: ['tests/setup/shared-process.ts'],
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED_FILES, isolate: true } },
    ],
    testTimeout: 60_000,
    // Members' passwords at scrypt's lightest allowed cost, as Rails' test environment does with
    // bcrypt: the sign-ins and registrations of the commerce tests took a third of their CPU at
    // the default cost (tests/unit/passwords.test.ts pins the default itself).
    env: { PASSWORD_HASH_COST: '1024' },
    hookTimeout: 120_000,
    // `npm test` measures what the unit and integration tests together run of the browser-safe
    // code and the stores, and fails below these floors (set a little under what they reach,
    // 2026-12-07, second session, on a clean clone: lines 92.5 %, statements 91.9 %, functions 90.3 %, branches 87.4 %).
    coverage: {
      provider: 'v8',
      include: ['src/lib/**', 'src/stores/**'],
      reporter: ['text-summary'],
      reportsDirectory: '.data/coverage',
      thresholds: { lines: 91, statements: 90, functions: 88, branches: 86 },
    },
  },
});
