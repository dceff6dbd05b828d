/** Start/end date windows of pages and custom content. */
import { PAGE_BOUNDARY_RELOAD_DELAY_MS, STALE_PAGE_FIRST_CHECK_MS, STALE_PAGE_MAX_CHECK_MS } from '../constants.ts';

/** A missing bound is open-ended. The start is inclusive, the end exclusive. */
export function isWithinWindow(now: number, start: number | null | undefined, end: number | null | undefined): boolean {
  return (start == null || now >= start) && (end == null || now < end);
}

/** The earliest of `dates` strictly after `now`, or null. */
export function nextBoundary(now: number, dates: ReadonlyArray<number | null | undefined>): number | null {
  let next: number | null = null;
  for (const date of dates) {
    if (date != null && date > now && (next === null || date < next)) next = date;
  }
  return next;
}

/** Longest delay setTimeout honours; longer waits are re-armed. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** How long until a page must reload for `boundary`: 20 ms after it. */
export function msUntilReload(now: number, boundary: number): number {
  return Math.max(0, boundary - now) + PAGE_BOUNDARY_RELOAD_DELAY_MS;
}

/** How long a page past its boundary waits before its `attempt`th check (from 0) for the new release. */
export function stalePageCheckDelay(attempt: number): number {
  return Math.min(STALE_PAGE_FIRST_CHECK_MS * 2 ** attempt, STALE_PAGE_MAX_CHECK_MS);
}

/** The boundary a page's HTML reloads at (its body's data-reload-at), or null for none. */
export function reloadAtOf(html: string): number | null {
  const match = /<body\b[^>]*\sdata-reload-at="(\d+)"/.exec(html);
  return match ? Number(match[1]) : null;
}
