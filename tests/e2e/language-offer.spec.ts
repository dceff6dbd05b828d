/**
 * The language dialog as a first-time visitor meets it: a browser that prefers
 * another of the store's languages is offered this page in that language, in its own words, in
 * a 776 px dialog; it greets before the other pop-ups; any answer settles it for a year.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { LANGUAGE_OFFER_COOKIE } from '../../src/lib/popups/language-offer.ts';
import { NECESSARY_ONLY_COOKIE } from './promo-cookie.ts';

// A first visit: no greeting answered yet (the cookie banner is, so that it stays out of view).
test.use({ storageState: { cookies: [NECESSARY_ONLY_COOKIE], origins: [] } });

const YEAR_S = 365 * 24 * 3600;
const offerDialog = (page: Page) => page.locator('dialog[data-popup="language-offer"]');
const settledCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === LANGUAGE_OFFER_COOKIE);

test.describe('an English browser', () => {
  test.use({ locale: 'en-GB' });

  test('is offered the page in English, 776 px wide, and taken there with its query', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/search.html?description=%E5%A4%96%E5%A5%97');
    const dialog = page.getByRole('dialog', { name: 'View this page in English?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('lang', 'en-GB');
    await expect(dialog).toContainText('The English store shows prices in HK$');
    expect((await dialog.boundingBox())!.width).toBe(776);
    // One greeting per page view: the member-privacy notice waits.
    await expect(page.locator('dialog[data-popup="member-privacy"]')).toBeHidden();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();

    await dialog.getByRole('link', { name: 'Continue in English' }).click();
    await expect(page).toHaveURL(/\/en-gb\/search\.html\?description=%E5%A4%96%E5%A5%97$/);
    const cookie = await settledCookie(page);
    expect(cookie?.value).toBe('Y');
    expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000 + YEAR_S - 120);
    await expect(offerDialog(page)).toBeHidden();
  });

  test('who stays is not asked again, and the next greeting comes on the next page view', async ({ page }) => {
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'View this page in English?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Stay in 繁體中文（台灣）' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    expect((await settledCookie(page))?.value).toBe('Y');

    await page.reload();
    await expect(page.locator('dialog[data-popup="member-privacy"]')).toBeVisible();
    await expect(offerDialog(page)).toBeHidden();
  });

  test('Escape closes it and settles it too', async ({ page }) => {
    await page.goto('/women.html');
    await expect(offerDialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(offerDialog(page)).toBeHidden();
    expect((await settledCookie(page))?.value).toBe('Y');
  });

  test('on a phone the dialog fits the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/women.html');
    await expect(offerDialog(page)).toBeVisible();
    const box = (await offerDialog(page).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  });
});

test.describe('a Hong Kong Chinese browser', () => {
  test.use({ locale: 'zh-HK' });

  test('on an English page is offered Hong Kong Chinese, in Chinese', async ({ page }) => {
    await page.goto('/en-gb/women.html');
    const dialog = page.getByRole('dialog', { name: '要以繁體中文（香港）瀏覽此頁嗎？' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: '留在English' })).toBeVisible();
    await dialog.getByRole('link', { name: '以繁體中文（香港）繼續' }).click();
    await expect(page).toHaveURL(/\/zh-hk\/women\.html$/);
  });
});

test.describe('a browser whose language is the page’s', () => {
  test.use({ locale: 'zh-TW' });

  test('is offered nothing: the member-privacy notice greets, and the question is settled', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('dialog[data-popup="member-privacy"]')).toBeVisible();
    await expect(offerDialog(page)).toBeHidden();
    expect((await settledCookie(page))?.value).toBe('Y');
  });
});
