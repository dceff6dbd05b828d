/**
 * The gender navigation overlay's rules: how it opens, what the back arrow closes,
 * which route changes close it, and the customer-service tip's timings, once per page life.
 * Each test is a fresh page: a fresh module graph.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATEGORY_LAYER_OPEN_CLASS, CUSTOMER_TIP_HIDE_AT_MS, CUSTOMER_TIP_SHOW_AT_MS } from '../../src/lib/constants.ts';

/** The root element's classes of the page, as the header store sets them. */
let rootClasses = new Set<string>();

async function newPage() {
  vi.resetModules();
  rootClasses = new Set();
  const { setPlatform } = await import('../../src/stores/platform.ts');
  setPlatform({ rootClass: (name, on) => void (on ? rootClasses.add(name) : rootClasses.delete(name)) });
  return import('../../src/stores/header.ts');
}

describe('gender navigation overlay', () => {
  it('opened to browse keeps the search panel closed; opened to search opens it', async () => {
    const header = await newPage();
    header.openGenderNav('browse');
    expect(header.$genderNav.get()).toBe('browse');
    expect(header.$openLayer.get()).toBe('none');
    header.closeGenderNav();
    header.openGenderNav('search');
    expect(header.$genderNav.get()).toBe('search');
    expect(header.$openLayer.get()).toBe('search');
  });

  it('the back arrow closes the whole overlay when it was opened directly to search', async () => {
    const header = await newPage();
    header.openGenderNav('search');
    header.genderNavBack();
    expect(header.$genderNav.get()).toBe('closed');
    expect(header.$openLayer.get()).toBe('none');
  });

  it('the back arrow closes only the search panel when the overlay was opened to browse', async () => {
    const header = await newPage();
    header.openGenderNav('browse');
    header.openGenderNav('search'); // focusing the box of an open overlay
    expect(header.$genderNav.get()).toBe('browse');
    header.genderNavBack();
    expect(header.$openLayer.get()).toBe('none');
    expect(header.$genderNav.get()).toBe('browse');
    // With no panel left to close, the arrow closes the overlay.
    header.genderNavBack();
    expect(header.$genderNav.get()).toBe('closed');
  });

  it('closing the overlay closes the layers it holds, and nothing else', async () => {
    const header = await newPage();
    header.openGenderNav('browse');
    header.openLayer('category');
    header.closeGenderNav();
    expect(header.$openLayer.get()).toBe('none');
    header.openLayer('mini-cart');
    header.closeGenderNav();
    expect(header.$openLayer.get()).toBe('mini-cart');
  });

  it('closes on a route change, except the category hash routes', async () => {
    const header = await newPage();
    header.openGenderNav('browse');
    header.onRouteChange('#%E5%A5%B3%E8%A3%9D_navi');
    expect(header.$genderNav.get()).toBe('browse');
    header.onRouteChange('#reviews');
    expect(header.$genderNav.get()).toBe('closed');
    header.openGenderNav('search');
    header.onRouteChange('');
    expect(header.$genderNav.get()).toBe('closed');
  });
});

describe('customer-service tip', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it(`shows ${CUSTOMER_TIP_SHOW_AT_MS} ms after the navigation appears and hides at ${CUSTOMER_TIP_HIDE_AT_MS} ms`, async () => {
    expect([CUSTOMER_TIP_SHOW_AT_MS, CUSTOMER_TIP_HIDE_AT_MS]).toEqual([500, 8500]); // shown at 500 ms, hidden at 8500 ms
    const header = await newPage();
    header.scheduleServiceTip();
    vi.advanceTimersByTime(CUSTOMER_TIP_SHOW_AT_MS - 1);
    expect(header.$serviceTip.get()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(header.$serviceTip.get()).toBe(true);
    vi.advanceTimersByTime(CUSTOMER_TIP_HIDE_AT_MS - CUSTOMER_TIP_SHOW_AT_MS - 1);
    expect(header.$serviceTip.get()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(header.$serviceTip.get()).toBe(false);
  });

  it('shows once per page life, however often the navigation opens', async () => {
    const header = await newPage();
    header.scheduleServiceTip();
    vi.advanceTimersByTime(CUSTOMER_TIP_HIDE_AT_MS);
    header.scheduleServiceTip();
    vi.advanceTimersByTime(CUSTOMER_TIP_SHOW_AT_MS);
    expect(header.$serviceTip.get()).toBe(false);
    // A new page shows it again.
    const next = await newPage();
    next.scheduleServiceTip();
    vi.advanceTimersByTime(CUSTOMER_TIP_SHOW_AT_MS);
    expect(next.$serviceTip.get()).toBe(true);
  });
});

describe('account entry display mode', () => {
  it('is D while the category layer is open, B in the account area, A elsewhere', async () => {
    const { accountDisplayMode } = await newPage();
    expect(accountDisplayMode('category', false)).toBe('D');
    expect(accountDisplayMode('category', true)).toBe('D');
    expect(accountDisplayMode('none', true)).toBe('B');
    expect(accountDisplayMode('search', true)).toBe('B');
    expect(accountDisplayMode('none', false)).toBe('A');
    expect(accountDisplayMode('account', false)).toBe('A');
  });
});

describe('the root while the category layer is open', () => {
  it('carries the class the account entry wakes by (mode D), only while that layer is open', async () => {
    const header = await newPage();
    header.openLayer('search');
    expect(rootClasses.has(CATEGORY_LAYER_OPEN_CLASS)).toBe(false);
    header.openLayer('category');
    expect(rootClasses.has(CATEGORY_LAYER_OPEN_CLASS)).toBe(true);
    expect(header.accountDisplayMode(header.$openLayer.get(), false)).toBe('D');
    header.openLayer('mini-cart'); // one layer at a time: another takes its place
    expect(rootClasses.has(CATEGORY_LAYER_OPEN_CLASS)).toBe(false);
    header.openLayer('category');
    header.closeLayer('category');
    expect(rootClasses.has(CATEGORY_LAYER_OPEN_CLASS)).toBe(false);
  });
});
