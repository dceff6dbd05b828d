/**
 * The store on a phone's screen: at 320, 360, 390 and 414 px no page of any kind, in Chinese
 * or in English (whose words are longer), scrolls sideways, and the balloon tip on home leaves
 * the search box free.
 *
 * The browser says desktop but lays out as a phone (isMobile, touch): a phone's user agent
 * would be sent to the mobile site.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { pausedClock } from './clock.ts';
import { enGB, pageKinds, widePages, zhTW } from './page-width.ts';
import { localizedPath } from '../../src/lib/cms/pages.ts';
import { hydrateIsland } from './islands.ts';

const WIDTHS = [320, 360, 390, 414];

test.describe('on phones', () => {
  test.use({ viewport: { width: WIDTHS[0]!, height: 780 }, isMobile: true, hasTouch: true });

  test(`no page scrolls sideways at ${WIDTHS.join(', ')} px, in Chinese or English`, async ({ page }) => {
    test.setTimeout(60_000);
    expect(await widePages(page, WIDTHS, pageKinds()), 'pages wider than a phone').toEqual([]);
  });
});

test.describe('pictures that never arrive', () => {
  test.use({ viewport: { width: 320, height: 780 }, isMobile: true, hasTouch: true });

  test('on a phone whose pictures fail (their alt text in their place) no page grows sideways', async ({ page }) => {
    await page.route('**/media/**', (route) => route.abort());
    const pictured = new Set(['home', 'category', 'product', 'press release', 'lookbook', 'official look', 'staff look']);
    const kinds = pageKinds().filter(({ kind }) => pictured.has(kind));
    expect(await widePages(page, [320], kinds), 'pages wider than a 320 px phone').toEqual([]);
  });
});

test.describe('the balloon tip on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('on home it leaves the search box free: the header has no room for it under the menu icon', async ({ page }) => {
    // Time stands still: the tip's 6 s never pass, so whatever it covers stays covered.
    await pausedClock(page);
    await page.goto('/');
    const tip = page.locator('.balloon-tip');
    const search = page.locator('.search-panel__form');
    await expect(search).toBeVisible();
    // The tip's script has run (this session's one showing is spent), but the phone's header does not draw it.
    await expect(tip).not.toHaveAttribute('hidden');
    await expect(tip).toBeHidden();
    // Whatever the reason, the search box is what a finger meets along its whole length.
    const box = (await search.boundingBox())!;
    const hits = await page.evaluate(
      ({ x, y, width, height }) =>
        [0.1, 0.3, 0.5, 0.7, 0.9].map(
          (at) => document.elementFromPoint(x + width * at, y + height / 2)?.closest('.search-panel__form') != null,
        ),
      box,
    );
    expect(hits, 'the search box, from left to right, is not covered').toEqual([true, true, true, true, true]);
  });
});

test('on a wide screen the balloon tip still shows under the menu icon, clear of the search box', async ({ page }) => {
  await page.goto('/');
  const tip = page.locator('.balloon-tip');
  await expect(tip).toBeVisible();
  const tipBox = (await tip.boundingBox())!;
  const searchBox = (await page.locator('.search-panel__input').boundingBox())!;
  const overlap =
    tipBox.x < searchBox.x + searchBox.width &&
    searchBox.x < tipBox.x + tipBox.width &&
    tipBox.y < searchBox.y + searchBox.height &&
    searchBox.y < tipBox.y + tipBox.height;
  expect(overlap, 'the tip overlaps the search box').toBe(false);
});

/**
 * The gender tabs that are not wholly in sight: cut off by their row (which scrolls only when the
 * tabs alone are wider than the screen) or under the language chooser, by their boxes and by what
 * a finger meets at either end and the middle.
 */
function tabsOutOfSight(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const row = document.querySelector('.site-header__genders')!;
    const rowBox = row.getBoundingClientRect();
    const chooser = document.querySelector('.language-menu')!;
    const chooserBox = chooser.querySelector('summary')!.getBoundingClientRect();
    return [...row.querySelectorAll('a')].flatMap((tab) => {
      const box = tab.getBoundingClientRect();
      const name = tab.textContent!.trim();
      if (box.width === 0) return [`${name} is not shown`];
      if (box.left < rowBox.left - 0.5 || box.right > rowBox.right + 0.5)
        return [
          `${name} (${Math.round(box.left)}–${Math.round(box.right)} px) is cut off by its row (${Math.round(rowBox.left)}–${Math.round(rowBox.right)} px)`,
        ];
      const overlaps =
        box.left < chooserBox.right && chooserBox.left < box.right && box.top < chooserBox.bottom && chooserBox.top < box.bottom;
      if (overlaps)
        return [
          `${name} (${Math.round(box.left)}–${Math.round(box.right)} px) is under the language chooser (from ${Math.round(chooserBox.left)} px)`,
        ];
      const covered = [0.1, 0.5, 0.9].some((at) =>
        chooser.contains(document.elementFromPoint(box.left + box.width * at, box.top + box.height / 2)),
      );
      return covered ? [`${name} is covered by the language chooser`] : [];
    });
  });
}

for (const width of [320, 360, 390]) {
  test.describe(`the gender tabs at ${width} px`, () => {
    test.use({ viewport: { width, height: 780 }, isMobile: true, hasTouch: true });

    test(`on home, a press page and the navigation sheet no tab is under the language chooser, in Chinese or English`, async ({ page }) => {
      const hidden: string[] = [];
      for (const language of [zhTW, enGB]) {
        // Home and the press pages (no JavaScript) show the tabs as a row of the header.
        for (const path of ['/', '/press/']) {
          await page.goto(localizedPath(language, path));
          hidden.push(...(await tabsOutOfSight(page)).map((problem) => `${localizedPath(language, path)}: ${problem}`));
        }
        // Elsewhere they are in the sheet the search button opens: a mouse resting on it opens it
        // to browse, with no search panel over the tabs.
        const category = localizedPath(language, '/c/W01.html');
        await page.goto(category);
        await hydrateIsland(page, 'GenderNav');
        await page.locator('.gender-nav__toggle').hover();
        await expect(page.locator('.site-header__genders')).toBeVisible();
        hidden.push(...(await tabsOutOfSight(page)).map((problem) => `${category}, the sheet: ${problem}`));
      }
      expect(hidden, 'gender tabs out of sight').toEqual([]);
    });
  });
}
