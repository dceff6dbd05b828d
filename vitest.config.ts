/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// getViteConfig lets unit tests render .astro components through the Container API.
export default getViteConfig({
  test: {
    // unit: no I/O; integration: servers, SQLite, nginx, child processes, temporary folders.
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
