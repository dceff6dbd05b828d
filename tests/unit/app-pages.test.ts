/**
 * The app pages' table (lib/routing/app-pages.ts): every page has one of the island ids, each
 * id is some page's, and no path is listed twice. (That every id has its component and props is
 * the compiler's: components/app-pages/registry.ts, checked by `npm run check`.)
 */
import { describe, expect, it } from 'vitest';
import { APP_ISLANDS, APP_PAGES } from '../../src/lib/routing/app-pages.ts';

describe('app pages', () => {
  it('each page has a known island id, and each id is some page’s', () => {
    const known = new Set<string>(APP_ISLANDS);
    expect(APP_PAGES.filter((page) => !known.has(page.island)).map((page) => page.path)).toEqual([]);
    const used = new Set(APP_PAGES.map((page) => page.island));
    expect(APP_ISLANDS.filter((island) => !used.has(island))).toEqual([]);
  });

  it('lists each path once, and each id once', () => {
    const paths = APP_PAGES.map((page) => page.path);
    expect(paths.filter((path, i) => paths.indexOf(path) !== i)).toEqual([]);
    expect(APP_ISLANDS.filter((island, i) => APP_ISLANDS.indexOf(island) !== i)).toEqual([]);
  });
});
