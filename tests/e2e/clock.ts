import type { Page } from '@playwright/test';
import { hydrateIsland } from './islands.ts';

/**
 * A paused fake clock: time moves only by runFor. (clock.install alone lets fake time flow
 * with real time, so a slow machine would cross a timing by itself.) A member's header
 * badges hydrate at idle, which runs on this clock too: `hydrate` gives them the at-most-1 s
 * they need, and hydrates a named island as a first touch would.
 */
export async function pausedClock(page: Page) {
  const start = Date.UTC(2026, 10, 21, 9, 0, 0);
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1000);
  return {
    async hydrate(component?: string) {
      await page.clock.runFor(1100);
      if (component) await hydrateIsland(page, component);
    },
  };
}
