/** The press pages' pure parts: year and month grouping, paging, neighbours, dates in brand time, the breadcrumb. */
import { describe, expect, it } from 'vitest';
import { formatBrandDate, formatBrandMonth } from '../../src/lib/format/brand-date.ts';
import { listPageOf, neighbours, pageLinks, releasesByMonth, yearCounts } from '../../src/lib/press/listing.ts';
import { pressBreadcrumb } from '../../src/node/press/head.ts';
import { newestFirst } from '../../src/lib/press/paths.ts';
import { pressReleaseSchema } from '../../src/lib/cms/schema.ts';
import { getLanguage } from '../../src/lib/i18n/languages.ts';
import { miniPress } from '../fixtures/mini-cms.ts';

const at = (id: string, y: number, m: number, d: number, h = 2) => ({ id, publishedAt: Date.UTC(y, m - 1, d, h) });

describe('grouping', () => {
  const releases = newestFirst([
    at('1', 2024, 5, 1),
    at('2', 2025, 2, 3),
    at('3', 2025, 2, 20),
    at('4', 2025, 11, 30),
    at('5', 2025, 12, 31, 20),
    at('6', 2026, 1, 2),
  ]);

  it('counts releases per year in brand time, newest year first', () => {
    // Release 5 is 31 Dec 2025 20:00 UTC: 1 Jan 2026 in Taipei.
    expect(yearCounts(releases)).toEqual([
      { year: 2026, count: 2 },
      { year: 2025, count: 3 },
      { year: 2024, count: 1 },
    ]);
    expect(yearCounts([])).toEqual([]);
  });

  it('groups a year by month, newest month and release first', () => {
    expect(releasesByMonth(releases, 2025).map(({ month, releases: list }) => [month, list.map((r) => r.id)])).toEqual([
      [11, ['4']],
      [2, ['3', '2']],
    ]);
    expect(releasesByMonth(releases, 2026).map((m) => m.month)).toEqual([1]);
    expect(releasesByMonth(releases, 2030)).toEqual([]);
  });

  it('finds the releases published before and after one', () => {
    expect(neighbours(releases, '3')).toEqual({ previous: releases.find((r) => r.id === '2'), next: releases.find((r) => r.id === '4') });
    expect(neighbours(releases, '6').next).toBeNull();
    expect(neighbours(releases, '1').previous).toBeNull();
    expect(neighbours(releases, 'nope')).toEqual({ previous: null, next: null });
  });

  it('knows the list page a release is on', () => {
    const many = Array.from({ length: 30 }, (_, i) => at(String(100 - i), 2026, 1, 1));
    expect(listPageOf(many, '100', 12)).toBe(1);
    expect(listPageOf(many, String(100 - 12), 12)).toBe(2);
    expect(listPageOf(many, String(100 - 29), 12)).toBe(3);
  });
});

describe('pager', () => {
  const shape = (links: ReturnType<typeof pageLinks>) => links.map((l) => ('gap' in l ? '…' : l.page)).join(' ');

  it('shows every page when they fit in the room of a shortened pager (7 links)', () => {
    expect(shape(pageLinks(1, 1))).toBe('1');
    expect(shape(pageLinks(1, 6))).toBe('1 2 3 4 5 6');
    expect(shape(pageLinks(7, 7))).toBe('1 2 3 4 5 6 7');
    expect(shape(pageLinks(1, 8))).toBe('1 2 … 8');
  });

  it('keeps the ends and the pages around the current one, a gap for the rest, never a gap for one page', () => {
    expect(shape(pageLinks(1, 20))).toBe('1 2 … 20');
    expect(shape(pageLinks(10, 20))).toBe('1 … 9 10 11 … 20');
    expect(shape(pageLinks(4, 20))).toBe('1 2 3 4 5 … 20');
    expect(shape(pageLinks(17, 20))).toBe('1 … 16 17 18 19 20');
    expect(shape(pageLinks(20, 20))).toBe('1 … 19 20');
  });
});

describe('dates in the page language, on the brand clock', () => {
  // 31 Dec 2025 20:00 UTC is 1 Jan 2026 04:00 in Taipei.
  const newYear = Date.UTC(2025, 11, 31, 20);

  it('formats a release date', () => {
    expect(formatBrandDate(newYear, 'en-GB')).toBe('1 January 2026');
    expect(formatBrandDate(newYear, 'zh-TW')).toBe('2026年1月1日');
    expect(formatBrandDate(newYear, 'zh-HK')).toBe('2026年1月1日');
  });

  it('formats a month heading', () => {
    expect(formatBrandMonth(2026, 3, 'en-GB')).toBe('March 2026');
    expect(formatBrandMonth(2026, 3, 'zh-TW')).toBe('2026年3月');
  });
});

describe('press breadcrumb', () => {
  const releases = miniPress().map((r) => pressReleaseSchema.parse({ ...r, body: [{ type: 'paragraph', text: 'x' }] }));
  const labels = { home: 'Home', press: 'Press', page: (n: number) => `Page ${n}` };
  const en = getLanguage('en-GB');
  const tw = getLanguage('zh-TW');

  it('is home › press › year › headline on a release, in the page language', () => {
    expect(pressBreadcrumb({ view: 'press-release', id: '101' }, releases, en, labels)).toEqual([
      { name: 'Home', path: '/en-gb/' },
      { name: 'Press', path: '/en-gb/press/' },
      { name: '2026', path: '/en-gb/press/2026/' },
      { name: 'New year, new fabrics', path: '/en-gb/press/2026/01/post101.html' },
    ]);
  });

  it('ends at the year on a year list, at the page on later list pages', () => {
    expect(pressBreadcrumb({ view: 'press-year', year: 2026 }, releases, tw, labels).map((c) => c.path)).toEqual([
      '/',
      '/press/',
      '/press/2026/',
    ]);
    expect(pressBreadcrumb({ view: 'press-list', page: 1, pageCount: 2 }, releases, tw, labels).map((c) => c.name)).toEqual([
      'Home',
      'Press',
    ]);
    expect(pressBreadcrumb({ view: 'press-list', page: 2, pageCount: 2 }, releases, tw, labels).at(-1)).toEqual({
      name: 'Page 2',
      path: '/press/page-2.html',
    });
  });
});
