/**
 * What the press list, year and release pages show, worked out from the releases of one
 * language (newest first, as LanguageContent.press holds them). Pure.
 */
import { brandCalendar, releasesByYear, type PressDated } from './paths.ts';

/** The year navigation: every year with releases, newest first, and how many. */
export function yearCounts(releases: readonly PressDated[]): Array<{ year: number; count: number }> {
  return releasesByYear(releases).map(({ year, releases: list }) => ({ year, count: list.length }));
}

/** One year's releases by month (brand time), newest month first, each newest first. */
export function releasesByMonth<T extends PressDated>(releases: readonly T[], year: number): Array<{ month: number; releases: T[] }> {
  const inYear = releasesByYear(releases).find((y) => y.year === year)?.releases ?? [];
  const months = new Map<number, T[]>();
  for (const release of inYear) {
    const { month } = brandCalendar(release.publishedAt);
    if (!months.has(month)) months.set(month, []);
    months.get(month)!.push(release);
  }
  return [...months.entries()].map(([month, list]) => ({ month, releases: list }));
}

export type PageLink = { page: number } | { gap: true };

/**
 * The numbered links of a pager: every page when they fit in the room a shortened pager
 * takes anyway; otherwise the first and the last page, and `around` pages either side of the
 * current one, a gap standing for the pages left out (never for just one page: that page is
 * shown instead, a gap would take as much room).
 */
export function pageLinks(current: number, pageCount: number, around = 1): PageLink[] {
  // first, gap, the window, gap, last
  if (pageCount <= 2 * around + 5) return Array.from({ length: pageCount }, (_, i) => ({ page: i + 1 }));
  const shown = new Set<number>([1, pageCount]);
  for (let page = current - around; page <= current + around; page += 1) shown.add(page);
  for (const page of [2, pageCount - 1]) {
    // A lone page between the ends and the window is shown rather than replaced by a gap.
    if (shown.has(page - 1) && shown.has(page + 1)) shown.add(page);
  }
  const pages = [...shown].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  const links: PageLink[] = [];
  pages.forEach((page, i) => {
    if (i > 0 && page - pages[i - 1]! > 1) links.push({ gap: true });
    links.push({ page });
  });
  return links;
}

/**
 * The releases either side of `id` in time: `previous` was published before it, `next`
 * after it. `newestFirst` is the language's releases, newest first.
 */
export function neighbours<T extends PressDated>(newestFirst: readonly T[], id: string): { previous: T | null; next: T | null } {
  const index = newestFirst.findIndex((r) => r.id === id);
  if (index === -1) return { previous: null, next: null };
  return { previous: newestFirst[index + 1] ?? null, next: newestFirst[index - 1] ?? null };
}

/** The list page (1-based) on which a release appears. */
export function listPageOf(newestFirst: readonly PressDated[], id: string, pageSize: number): number {
  const index = newestFirst.findIndex((r) => r.id === id);
  return index === -1 ? 1 : Math.floor(index / pageSize) + 1;
}
