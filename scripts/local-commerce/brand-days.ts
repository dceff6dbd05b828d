/**
 * Calendar days as the forms send them (YYYY-MM-DD) on the brand's clock (UTC+8, see
 * src/lib/press/paths.ts): "today" is Taipei's today whatever the server's time zone, so a
 * birthday or a recycling date is checked against the day the member sees.
 */
import { brandCalendar } from '../../src/lib/press/paths.ts';

/** The brand-calendar day of `ms`, moved by `offsetDays`, as YYYY-MM-DD. */
export function brandDay(ms: number, offsetDays = 0): string {
  const { year, month, day } = brandCalendar(ms);
  return new Date(Date.UTC(year, month - 1, day + offsetDays)).toISOString().slice(0, 10);
}

/** Whether a YYYY-MM-DD text names a day that exists (2026-02-30 does not). */
export function isRealDay(text: string): boolean {
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text;
}
