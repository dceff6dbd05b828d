/**
 * The store between a phone and a laptop: at 768 and 820 px (tablets upright), 1024 and 1180 px
 * (tablets on their side, small windows) no page of any kind, in Chinese or in English, scrolls
 * sideways, whether the balloon tip under the menu icon is showing or not. The header is the
 * widest thing there: in one row it needs more than a tablet upright has.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { pausedClock } from './clock.ts';
import { enGB, measure, pageKinds, widePages, zhTW } from './page-width.ts';
import { localizedPath } from '../../src/lib/cms/pages.ts';
import { BALLOON_TIP_STORAGE_KEY } from '../../src/lib/header/static-scripts.ts';
import { BALLOON_TIP_DURATION_MS } from '../../src/lib/constants.ts';

const WIDTHS = [768, 820, 1024, 1180];

/** Every page of the tab shows the balloon tip afresh (its once per session forgotten), or none does. */
async function balloonTip(page: Page, shown: boolean) {
  await page.addInitScript(({ key, shown }) => (shown ? sessionStorage.removeItem(key) : sessionStorage.setItem(key, '1')), {
    key: BALLOON_TIP_STORAGE_KEY,
    shown,
  });
}

/** The pages the tip is drawn on: where shoppers start browsing. */
const TIP_PAGES = ['/', '/women.html'];

test.describe('on tablets and small windows', () => {
  test.use({ viewport: { width: WIDTHS[0]!, height: 900 } });

  test(`no page scrolls sideways at ${WIDTHS.join(', ')} px, in Chinese or English`, async ({ page }) => {
    test.setTimeout(60_000);
    await balloonTip(page, false);
    expect(await widePages(page, WIDTHS, pageKinds()), 'pages wider than a tablet').toEqual([]);
  });
});

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test(`the balloon tip widens no page at ${width} px while it shows, nor once it has gone`, async ({ page }) => {
      // Time stands still: the tip stays for as long as the test looks.
      await pausedClock(page);
      await balloonTip(page, true);
      const wide: string[] = [];
      for (const language of [zhTW, enGB]) {
        for (const path of TIP_PAGES) {
          const address = localizedPath(language, path);
          await page.goto(address);
          const tip = page.locator('.balloon-tip');
          await expect(tip, address).toBeVisible();
          const showing = await measure(page, width);
          if (showing.scrollWidth > width)
            wide.push(`${address} with the tip: scrollWidth ${showing.scrollWidth} (${showing.culprit?.name})`);
          // The tip hangs from the menu icon over the page, not over a gender tab.
          const tipBox = (await tip.boundingBox())!;
          for (const tab of await page.locator('.site-header__genders a').all()) {
            const box = (await tab.boundingBox())!;
            const overlap =
              tipBox.x < box.x + box.width &&
              box.x < tipBox.x + tipBox.width &&
              tipBox.y < box.y + box.height &&
              box.y < tipBox.y + tipBox.height;
            if (overlap) wide.push(`${address}: the tip covers the tab ${await tab.innerText()}`);
          }
          await page.clock.runFor(BALLOON_TIP_DURATION_MS + 50);
          await expect(tip, address).toBeHidden();
          const gone = await measure(page, width);
          if (gone.scrollWidth > width)
            wide.push(`${address} once the tip has gone: scrollWidth ${gone.scrollWidth} (${gone.culprit?.name})`);
        }
      }
      expect(wide).toEqual([]);
    });
  });
}
