/**
 * The store on a phone's screen: at 320, 360, 390 and 414 px no page of any kind, in Chinese
 * or in English (whose words are longer), scrolls sideways, and the balloon tip on home leaves
 * the search box free.
 *
 * The browser says desktop but lays out as a phone (isMobile, touch): a phone's user agent
 * would be sent to the mobile site. With isMobile, Chromium widens the layout viewport to
 * whatever sticks out, so the page's scrollWidth is compared with the width we set, never
 * with innerWidth.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { localizedPath } from '../../src/lib/cms/pages.ts';
import { getLanguage } from '../../src/lib/i18n/languages.ts';
import { brandCalendar, newestFirst, pressReleasePath, pressYearPath } from '../../src/lib/press/paths.ts';
import { pressIndex, shops } from './content.ts';
import { pausedClock } from './clock.ts';

const WIDTHS = [320, 360, 390, 414];
const zhTW = getLanguage('zh-TW');
const enGB = getLanguage('en-GB');

/** One page of every kind, its path in zh-TW; a selector to wait for where content arrives after load. */
function pageKinds(): Array<{ kind: string; path: string; ready?: string }> {
  const latest = newestFirst(pressIndex(zhTW))[0]!;
  return [
    { kind: 'home', path: '/' },
    { kind: 'gender landing', path: '/women.html' },
    { kind: 'category', path: '/c/W01.html' },
    { kind: 'product', path: '/product/L450011.html' },
    { kind: 'search', path: '/search.html?description=a', ready: '.search-results[data-status="done"]' },
    { kind: 'press list', path: '/press/' },
    { kind: 'press year', path: pressYearPath(brandCalendar(latest.publishedAt).year) },
    { kind: 'press release', path: pressReleasePath(latest) },
    { kind: 'shop list', path: '/shop/shop_list.html' },
    { kind: 'shop', path: `/shop/shop.html?storeCode=${shops(zhTW)[0]!.code}` },
    { kind: 'lookbook', path: '/feature/lookbook.html' },
    { kind: 'official look', path: '/official-styling-detail.html' },
    { kind: 'staff look', path: '/staff-styling-detail.html' },
    { kind: 'login', path: '/login.html' },
    { kind: 'register', path: '/register.html' },
    { kind: 'cart', path: '/cart.html' },
    { kind: 'coupon collect', path: '/coupon-collect.html?couponId=CC001' },
    { kind: 'not found', path: '/not-found.html' },
    { kind: 'site map', path: '/site-map.html' },
    { kind: 'privacy policy', path: '/privacy-policy.html' },
    { kind: 'account (visitor)', path: '/account/info.html' },
    { kind: 'favourites (visitor)', path: '/account/favorites.html' },
    { kind: 'coupons (visitor)', path: '/account/coupon.html' },
  ];
}

interface Overflow {
  scrollWidth: number;
  /** The element reaching farthest right past the screen (the outermost of those reaching as far). */
  culprit: { name: string; width: number; right: number } | null;
}

/**
 * The page's scrollWidth and, when it is wider than `width`, what sticks out. An element clipped
 * by a scroller or an overflow-hidden box is only as wide as that box: it walks the containing
 * blocks (an absolutely placed element skips static ancestors, which do not clip it).
 */
function measure(page: Page, width: number): Promise<Overflow> {
  return page.evaluate((screen) => {
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= screen) return { scrollWidth, culprit: null };
    const reach = (el: Element): number => {
      let right = el.getBoundingClientRect().right;
      let position = getComputedStyle(el).position;
      // The body's overflow belongs to the viewport: it clips nothing.
      for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
        if (position === 'fixed') return -Infinity;
        const style = getComputedStyle(box);
        if (position === 'absolute' && style.position === 'static' && style.transform === 'none') continue;
        if (style.overflowX !== 'visible') right = Math.min(right, box.getBoundingClientRect().right);
        position = style.position;
      }
      return position === 'fixed' ? -Infinity : right;
    };
    const depth = (el: Element) => {
      let n = 0;
      for (let node: Element | null = el; node; node = node.parentElement) n += 1;
      return n;
    };
    let found: { el: Element; right: number } | null = null;
    for (const el of document.body.querySelectorAll('*')) {
      const right = reach(el);
      if (right <= screen + 0.5) continue;
      if (!found || right > found.right + 0.5 || (Math.abs(right - found.right) <= 0.5 && depth(el) < depth(found.el)))
        found = { el, right };
    }
    if (!found) return { scrollWidth, culprit: null };
    const { el } = found;
    const classes = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    return {
      scrollWidth,
      culprit: {
        name: `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${classes} in ${el.parentElement?.tagName.toLowerCase() ?? '?'}`,
        width: Math.round(el.getBoundingClientRect().width),
        right: Math.round(found.right),
      },
    };
  }, width);
}

/** The pages of `kinds` in both languages that are wider than `width`, each named with what sticks out. */
async function widePages(page: Page, width: number, kinds: ReturnType<typeof pageKinds>): Promise<string[]> {
  const wide: string[] = [];
  for (const language of [zhTW, enGB]) {
    for (const { kind, path, ready } of kinds) {
      const address = localizedPath(language, path);
      const response = await page.goto(address, { waitUntil: 'load' });
      expect(response?.status(), address).toBeLessThan(400);
      if (ready) await page.locator(ready).waitFor();
      // A visitor's account page may send them on to sign in once it knows: measure where they land.
      const overflow = await measure(page, width).catch(async () => {
        await page.waitForLoadState('load');
        return measure(page, width);
      });
      if (overflow.scrollWidth > width) {
        const culprit = overflow.culprit
          ? `${overflow.culprit.name}, ${overflow.culprit.width} px wide, reaches ${overflow.culprit.right} px`
          : 'no single element found';
        wide.push(`${kind} ${address} at ${width} px: scrollWidth ${overflow.scrollWidth} (${culprit})`);
      }
    }
  }
  return wide;
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 780 }, isMobile: true, hasTouch: true });

    test(`no page scrolls sideways at ${width} px, in Chinese or English`, async ({ page }) => {
      test.setTimeout(60_000);
      expect(await widePages(page, width, pageKinds()), `pages wider than a ${width} px phone`).toEqual([]);
    });
  });
}

test.describe('pictures that never arrive', () => {
  test.use({ viewport: { width: 320, height: 780 }, isMobile: true, hasTouch: true });

  test('on a phone whose pictures fail (their alt text in their place) no page grows sideways', async ({ page }) => {
    await page.route('**/media/**', (route) => route.abort());
    const pictured = new Set(['home', 'category', 'product', 'press release', 'lookbook', 'official look', 'staff look']);
    const kinds = pageKinds().filter(({ kind }) => pictured.has(kind));
    expect(await widePages(page, 320, kinds), 'pages wider than a 320 px phone').toEqual([]);
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
