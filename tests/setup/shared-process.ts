/**
 * Run before each file of the `shared` Vitest project (vitest.config.ts), whose files share one
 * process: each file starts with the environment variables the run started with and no site
 * memoised from another file's content cache (src/node/site.ts), whatever the file before it set.
 * Vitest evaluates a setup file again for each test file, also without isolation, so `atStart`
 * is taken after the previous file's afterAll put the environment back.
 */
import { afterAll } from 'vitest';
import { resetSite } from '../../src/node/site.ts';

const atStart = { ...process.env };

// After each file, so the next one starts clean (the process's first starts with nothing memoised).
afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in atStart)) delete process.env[name];
  Object.assign(process.env, atStart);
  resetSite();
});
