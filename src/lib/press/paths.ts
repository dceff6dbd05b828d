/**
 * Where press releases live: a list with paging, a list per year, and each release
 * at {year}/{month}/post{id}.html under the press section. Pure, shared by the route table,
 * the pages, the sitemap and the feeds.
 */

/** The press section of every language. */
export const PRESS_SECTION = '/press';
/** Releases per list page. */
export const PRESS_PAGE_SIZE = 12;
/**
 * The brand's clock (Taipei, Hong Kong, Macao and Beijing are all UTC+8, without daylight
 * saving): a release's URL year and month are those of its publication there, whatever the
 * build machine's time zone.
 */
export const BRAND_UTC_OFFSET_MINUTES = 8 * 60;

export interface PressDated {
  id: string;
  publishedAt: number;
}

export function brandCalendar(ms: number): { year: number; month: number; day: number } {
  const shifted = new Date(ms + BRAND_UTC_OFFSET_MINUTES * 60_000);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** The copyright year every footer shows: the brand's calendar year at build time. */
export function copyrightYear(ms: number): number {
  return brandCalendar(ms).year;
}

/** When copyrightYear() next changes: 1 January, 00:00 brand time. */
export function nextCopyrightYear(ms: number): number {
  return Date.UTC(copyrightYear(ms) + 1, 0, 1) - BRAND_UTC_OFFSET_MINUTES * 60_000;
}

/** ISO 8601 with the brand's offset, e.g. 2026-03-02T10:00:00+08:00 (JSON-LD, feeds). */
export function brandIsoDateTime(ms: number): string {
  const shifted = new Date(ms + BRAND_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 19);
  const hours = String(Math.floor(BRAND_UTC_OFFSET_MINUTES / 60)).padStart(2, '0');
  const minutes = String(BRAND_UTC_OFFSET_MINUTES % 60).padStart(2, '0');
  return `${shifted}+${hours}:${minutes}`;
}

/** '/press/2026/03/post123.html' */
export function pressReleasePath(release: PressDated): string {
  const { year, month } = brandCalendar(release.publishedAt);
  return `${PRESS_SECTION}/${year}/${String(month).padStart(2, '0')}/post${release.id}.html`;
}

/** '/press/2026/': a folder, so '/press/2026' (no slash) redirects to it. */
export function pressYearPath(year: number): string {
  return `${PRESS_SECTION}/${year}/`;
}

/** Page 1 is the section's own folder; page n is '/press/page-n.html'. */
export function pressListPath(page: number): string {
  return page <= 1 ? `${PRESS_SECTION}/` : `${PRESS_SECTION}/page-${page}.html`;
}

/** Newest first; the same moment orders by id, so the order never depends on the CMS's. */
export function newestFirst<T extends PressDated>(releases: readonly T[]): T[] {
  return [...releases].sort((a, b) => b.publishedAt - a.publishedAt || b.id.localeCompare(a.id, 'en', { numeric: true }));
}

export function pressPageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PRESS_PAGE_SIZE));
}

/** The releases of list page `page` (1-based) of releases already sorted newest first. */
export function pressPage<T>(sorted: readonly T[], page: number): T[] {
  return sorted.slice((page - 1) * PRESS_PAGE_SIZE, page * PRESS_PAGE_SIZE);
}

/** Years that have releases, newest first, each with its releases newest first. */
export function releasesByYear<T extends PressDated>(releases: readonly T[]): Array<{ year: number; releases: T[] }> {
  const years = new Map<number, T[]>();
  for (const release of newestFirst(releases)) {
    const { year } = brandCalendar(release.publishedAt);
    if (!years.has(year)) years.set(year, []);
    years.get(year)!.push(release);
  }
  return [...years.entries()].sort((a, b) => b[0] - a[0]).map(([year, list]) => ({ year, releases: list }));
}

/** The Atom feed of a language's releases ('/press/feed.xml', '/en-gb/press/feed.xml'). */
export const PRESS_FEED_PATH = `${PRESS_SECTION}/feed.xml`;
