/**
 * Narrow screens: the gender navigation overlay (search box and gender tabs), its back arrow,
 * the route-change rule and the customer-service tip; the live-broadcast banner; the search
 * box on the search page.
 */
import { hydrateIsland } from './islands.ts';
import { expect, test } from './test.ts';
import { CATEGORY_LAYER_HOVER_DELAY_MS, CUSTOMER_TIP_HIDE_AT_MS, CUSTOMER_TIP_SHOW_AT_MS } from '../../src/lib/constants.ts';
import { getLanguage } from '../../src/lib/i18n/languages.ts';
import { CHAT_URL } from '../../playwright.config.ts';
import { pausedClock } from './clock.ts';
import { languageConfig, switchConfig } from './content.ts';

test.describe('narrow screens', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('off home, the search button opens the overlay straight to search, and the back arrow closes it all', async ({ page }) => {
    await page.goto('/women.html');
    const box = page.locator('.search-panel__input');
    const tabs = page.locator('.site-header__genders');
    await expect(box).toBeHidden();
    await expect(tabs).toBeHidden();
    await hydrateIsland(page, 'GenderNav');
    await hydrateIsland(page, 'SearchPanel');
    await page.locator('.gender-nav__toggle').click();
    await expect(box).toBeVisible();
    await expect(box).toBeFocused();
    await expect(page.locator('.search-panel__body')).toBeVisible();
    await expect(tabs).toBeVisible();
    await page.locator('.search-panel__back').click();
    await expect(box).toBeHidden();
    await expect(tabs).toBeHidden();
    await expect(page.locator('.gender-nav__scrim')).toHaveCount(0);
  });

  test('a resting mouse opens it to browse; then the back arrow closes the search panel first, and a route change the rest', async ({
    page,
  }) => {
    const clock = await pausedClock(page);
    await page.goto('/c/W01.html');
    await clock.hydrate('GenderNav');
    await hydrateIsland(page, 'SearchPanel');
    await page.locator('.gender-nav__toggle').hover();
    await page.clock.runFor(CATEGORY_LAYER_HOVER_DELAY_MS - 50);
    await expect(page.locator('.site-header__genders')).toBeHidden();
    await page.clock.runFor(100);
    await expect(page.locator('.site-header__genders')).toBeVisible();
    await expect(page.locator('.search-panel__body')).toBeHidden();

    await page.locator('.search-panel__input').click();
    await expect(page.locator('.search-panel__body')).toBeVisible();
    await page.locator('.search-panel__back').click();
    await expect(page.locator('.search-panel__body')).toBeHidden();
    await expect(page.locator('.site-header__genders')).toBeVisible(); // still open

    // The category layer's own hash route keeps it open; any other route change closes it.
    await page.locator('.site-header__genders a[data-tab]').first().click();
    await expect(page.locator('[data-category-layer]')).toBeVisible();
    await expect(page).toHaveURL(/_navi$/);
    await expect(page.locator('.site-header__genders')).toBeVisible();
    // Closing the layer is no route change: the navigation it opened from stays.
    await page.locator('.category-layer__close').click();
    await expect(page.locator('[data-category-layer]')).toBeHidden();
    await expect(page).not.toHaveURL(/_navi$/);
    await expect(page.locator('.site-header__genders')).toBeVisible();
    await page.locator('.site-header__genders a[data-tab]').first().click();
    await expect(page.locator('[data-category-layer]')).toBeVisible();
    await page.evaluate(() => (location.hash = 'size-guide'));
    await expect(page.locator('.site-header__genders')).toBeHidden();
    await expect(page.locator('.site-header')).toHaveAttribute('data-gender-nav', 'closed');
  });

  test('on home the navigation is part of the page, and the customer-service tip shows from 500 ms to 8500 ms, once, with no island', async ({
    page,
  }) => {
    expect(switchConfig().customerServiceSwitch).toBe('Y');
    await page.goto('/');
    await expect(page.locator('.search-panel__input')).toBeVisible();
    await expect(page.locator('.site-header__genders')).toBeVisible();
    await expect(page.locator('.gender-nav__toggle')).toBeHidden();
    // A visitor who touches nothing: no header island hydrates, and the tip is the page's own.
    const tip = page.locator('.service-tip');
    await expect(tip).toHaveAttribute('href', CHAT_URL);
    await expect(page.locator('astro-island[component-url*="SearchPanel"]')).toHaveAttribute('ssr', '');
    // Its timing is a CSS animation from when it appears: seek it.
    const at = (ms: number) =>
      page.evaluate((time) => {
        const animation = document.querySelector('.service-tip')!.getAnimations()[0]!;
        animation.pause();
        animation.currentTime = time;
      }, ms);
    await at(CUSTOMER_TIP_SHOW_AT_MS - 10);
    await expect(tip).toBeHidden();
    await at(CUSTOMER_TIP_SHOW_AT_MS + 10);
    await expect(tip).toBeVisible();
    // It keeps clear of the first gender tabs under the search box: a tap on them is not the chat's.
    const box = (await tip.boundingBox())!;
    for (const tab of (await page.locator('.site-header__genders a[data-tab]').all()).slice(0, 2)) {
      const tabBox = (await tab.boundingBox())!;
      const overlaps =
        box.x < tabBox.x + tabBox.width &&
        tabBox.x < box.x + box.width &&
        box.y < tabBox.y + tabBox.height &&
        tabBox.y < box.y + box.height;
      expect(overlaps, await tab.innerText()).toBe(false);
    }
    await at(CUSTOMER_TIP_HIDE_AT_MS - 10);
    await expect(tip).toBeVisible();
    // Once: it ends hidden and stays so.
    await at(CUSTOMER_TIP_HIDE_AT_MS + 10);
    await expect(tip).toBeHidden();
    expect(await page.evaluate(() => document.querySelector('.service-tip')!.getAnimations()[0]!.effect!.getTiming())).toMatchObject({
      iterations: 1,
      fill: 'forwards',
    });
  });

  test('off home the tip comes with the first opening of the navigation only', async ({ page }) => {
    const clock = await pausedClock(page);
    await page.goto('/women.html');
    await clock.hydrate('GenderNav');
    await hydrateIsland(page, 'SearchPanel');
    const tip = page.locator('.service-tip');
    await page.clock.runFor(CUSTOMER_TIP_SHOW_AT_MS + 100);
    await expect(tip).toHaveCount(0); // nothing has appeared yet
    const openToBrowse = async () => {
      await page.locator('.gender-nav__toggle').hover();
      await page.clock.runFor(CATEGORY_LAYER_HOVER_DELAY_MS + 50);
      await expect(page.locator('.site-header__genders')).toBeVisible();
    };
    await openToBrowse();
    await page.clock.runFor(CUSTOMER_TIP_SHOW_AT_MS);
    await expect(tip).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('.site-header__genders')).toBeHidden();
    await page.clock.runFor(CUSTOMER_TIP_HIDE_AT_MS);
    await page.mouse.move(0, 400);
    await openToBrowse();
    await page.clock.runFor(CUSTOMER_TIP_SHOW_AT_MS + 100);
    await expect(tip).toHaveCount(0);
  });
});

test('the live banner shows inside its window, links to the broadcast, and hides when the window ends', async ({ page }) => {
  const live = switchConfig();
  const config = languageConfig(getLanguage('en-GB'));
  expect(live.liveEndTime).not.toBeNull();
  // A few seconds before the broadcast ends, on a paused clock.
  const end = live.liveEndTime!;
  await page.clock.install({ time: end - 5000 });
  await page.clock.pauseAt(end - 4000);
  await page.goto('/en-gb/women.html');
  const banner = page.locator('.live-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toHaveAttribute('href', `/en-gb${config.liveLink}`);
  await expect(banner.locator('.live-banner__progress')).toHaveText(config.liveProgress);
  await expect(banner.locator('.live-banner__copy').first()).toHaveText(config.liveCopywriting);
  // The sticky header grows with the banner: its bar starts below it.
  const bannerBox = (await banner.boundingBox())!;
  const barBox = (await page.locator('.site-header__bar').boundingBox())!;
  expect(barBox.y).toBeGreaterThanOrEqual(bannerBox.y + bannerBox.height - 1);

  await page.clock.runFor(3000);
  await expect(banner).toBeVisible();
  await page.clock.runFor(1100);
  await expect(banner).toBeHidden();
  // A page opened after the end never shows it.
  await page.reload();
  await expect(banner).toBeHidden();
});

test('on the search page the search box shows the word searched for', async ({ page }) => {
  await page.goto(`/search.html?description=${encodeURIComponent('外套')}`);
  await hydrateIsland(page, 'SearchPanel');
  await expect(page.locator('.search-panel__input')).toHaveValue('外套');
  await expect(page.locator('.search-panel__body')).toBeHidden();
});
