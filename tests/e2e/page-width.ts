/**
 * How wide a page is, for the width specs (phones, tablets): one page of every kind, and what
 * sticks out past a screen of a given width.
 *
 * With isMobile, Chromium widens the layout viewport to whatever sticks out, so the page's
 * scrollWidth is compared with the width we set, never with innerWidth.
 */
import type { Page } from '@playwright/test';
import { expect } from './test.ts';
import { localizedPath } from '../../src/lib/cms/pages.ts';
import { getLanguage } from '../../src/lib/i18n/languages.ts';
import { brandCalendar, newestFirst, pressReleasePath, pressYearPath } from '../../src/lib/press/paths.ts';
import { pressIndex, shops } from './content.ts';

export const zhTW = getLanguage('zh-TW');
export const enGB = getLanguage('en-GB');

/** One page of every kind, its path in zh-TW; a selector to wait for where content arrives after load. */
export function pageKinds(): Array<{ kind: string; path: string; ready?: string }> {
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

export interface Overflow {
  scrollWidth: number;
  /** The element reaching farthest right past the screen (the outermost of those reaching as far). */
  culprit: { name: string; width: number; right: number } | null;
}

/**
 * The page's scrollWidth and, when it is wider than `width`, what sticks out. An element clipped
 * by a scroller or an overflow-hidden box is only as wide as that box: it walks the containing
 * blocks (an absolutely placed element skips static ancestors, which do not clip it).
 */
export function measure(page: Page, width: number): Promise<Overflow> {
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

/**
 * The pages of `kinds` in both languages that are wider than any of `widths`, each named with
 * what sticks out. Each page loads once, at the first width, and is then measured at each width
 * in turn: the store's layout is CSS media queries (no script sizes anything by the window), so
 * a page resized to a width lays out as one loaded at it, and one load a page instead of one a
 * width keeps the four widths of a device class to a quarter of the page loads.
 */
export async function widePages(page: Page, widths: number[], kinds: ReturnType<typeof pageKinds>): Promise<string[]> {
  const wide: string[] = [];
  const height = page.viewportSize()?.height ?? 800;
  for (const language of [zhTW, enGB]) {
    for (const { kind, path, ready } of kinds) {
      const address = localizedPath(language, path);
      await page.setViewportSize({ width: widths[0]!, height });
      const response = await page.goto(address, { waitUntil: 'load' });
      expect(response?.status(), address).toBeLessThan(400);
      if (ready) await page.locator(ready).waitFor();
      for (const width of widths) {
        await page.setViewportSize({ width, height });
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
  }
  return wide;
}
