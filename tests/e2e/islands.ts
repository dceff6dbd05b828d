import type { Page } from '@playwright/test';
import { hydrated } from './member.ts';

/**
 * Hydrates a header or product island the way a first touch does (client:interaction), without
 * a hover or focus the island would act on: for tests of what the island does once it runs.
 * The first-touch replays themselves have their own tests (header.spec.ts, product.spec.ts).
 */
export async function hydrateIsland(page: Page, component: string): Promise<void> {
  const island = page.locator(`astro-island[component-url*="${component}"]`).first();
  if ((await island.getAttribute('ssr')) !== null) await island.dispatchEvent('pointerdown');
  await page.locator(hydrated(component)).first().waitFor({ state: 'attached' });
}
