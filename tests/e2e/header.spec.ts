/** The header islands as a shopper meets them: the category layer, the account pop-up, the language chooser. */
import { expect, test } from '@playwright/test';
import { DEMO_MEMBERS } from '../../scripts/local-commerce/seed.ts';
import { pausedClock } from './clock.ts';
import { ACCOUNT_POPUP_CLOSE_DELAY_MS, BALLOON_TIP_DURATION_MS, CATEGORY_LAYER_HOVER_DELAY_MS } from '../../src/lib/constants.ts';

const demo = DEMO_MEMBERS[0];

test('category layer: a 300 ms hover opens the tab, drill-down and back, and the back button closes it', async ({ page }) => {
  const clock = await pausedClock(page);
  await page.goto('/women.html');
  await clock.hydrate('CategoryLayer');
  const layer = page.locator('[data-category-layer]');
  await page.locator('.site-header__genders a[data-tab]').nth(1).hover();
  await page.clock.runFor(CATEGORY_LAYER_HOVER_DELAY_MS - 50);
  await expect(layer).toBeHidden();
  await page.clock.runFor(100);
  await expect(layer).toBeVisible();
  await expect(page).toHaveURL(/#.+_navi$/);
  const heading = layer.locator('.category-layer__heading h2');
  const tabTitle = await heading.innerText();
  const drill = layer.locator('[data-drill]').first();
  const groupTitle = (await drill.innerText()).replace('›', '').trim();
  await drill.click();
  await expect(heading).toHaveText(groupTitle);
  await layer.locator('.category-layer__back').click();
  await expect(heading).toHaveText(tabTitle);
  await page.goBack();
  await expect(layer).toBeHidden();
  await expect(page).toHaveURL(/\/women\.html$/);
});

test('category layer opens on a click too, and its links lead to category pages', async ({ page }) => {
  await page.goto('/c/W01.html');
  await page.locator('astro-island[component-url*="CategoryLayer"]:not([ssr])').waitFor({ state: 'attached' }); // hydrated
  await page.locator('.category-nav__icon').click();
  const layer = page.locator('[data-category-layer]');
  await expect(layer).toBeVisible();
  await expect(page.locator('[data-account-state]')).toHaveAttribute('data-display-mode', 'D');
  await layer.locator('[data-drill]').first().click();
  await layer.locator('.category-layer__grid a').first().click();
  await expect(page).toHaveURL(/\/c\/[A-Z0-9]+\.html$/);
  await expect(page.locator('.category-header__title')).toBeVisible();
});

test('the balloon tip shows once per session for 6 s on home', async ({ page }) => {
  const clock = await pausedClock(page);
  await page.goto('/');
  await clock.hydrate('CategoryLayer');
  const tip = page.locator('.balloon-tip');
  await expect(tip).toBeVisible();
  await page.clock.runFor(BALLOON_TIP_DURATION_MS + 50);
  await expect(tip).toBeHidden();
  await page.reload();
  await clock.hydrate('CategoryLayer');
  await expect(tip).toBeHidden();
});

test('account pop-up: hover shows My Account and Exit, which close 100 ms after leaving', async ({ page }) => {
  await page.goto('/login.html');
  await page.getByLabel('電子郵件或手機號碼').fill(demo.email);
  await page.getByLabel('密碼').fill(demo.password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/account\/info\.html$/);
  await expect(page.locator('[data-account-state="member"]')).toHaveAttribute('data-display-mode', 'A');
  const clock = await pausedClock(page);
  await page.goto('/women.html');
  await clock.hydrate('AccountMenu');
  const account = page.locator('[data-account-state="member"]');
  await expect(account).toBeVisible();
  await account.hover();
  const popup = page.locator('.account-menu__popup');
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('menuitem')).toHaveCount(2);
  await page.mouse.move(10, 400);
  await page.clock.runFor(ACCOUNT_POPUP_CLOSE_DELAY_MS - 40);
  await expect(popup).toBeVisible();
  await page.clock.runFor(80);
  await expect(popup).toBeHidden();
});

test('switching language keeps the page and saves a member preference', async ({ page }) => {
  const preferences: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/member/prefer-lang')) preferences.push(request.postData() ?? '');
  });
  await page.goto('/login.html');
  await page.getByLabel('電子郵件或手機號碼').fill(demo.email);
  await page.getByLabel('密碼').fill(demo.password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/account\/info\.html$/);
  await page.goto('/c/W01.html');
  await expect(page.locator('[data-account-state="member"]')).toBeVisible();
  await page.locator('.language-menu summary').click();
  await page.locator('.language-menu [aria-current]').click(); // the current language: ignored
  await expect(page).toHaveURL(/\/c\/W01\.html$/);
  await page.locator('.language-menu a[hreflang="zh-HK"]').click();
  await expect(page).toHaveURL(/\/zh-hk\/c\/W01\.html$/);
  expect(preferences).toEqual([JSON.stringify({ preferLang: 'zh-HK' })]);
});
