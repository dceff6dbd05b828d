/**
 * Dates as shoppers read them, in the page's language and on the brand's clock (UTC+8, see
 * press/paths.ts): a release published at 04:00 on 1 January in Taipei is dated 1 January
 * on every page, whatever the build machine's time zone.
 */
import { BRAND_UTC_OFFSET_MINUTES } from '../press/paths.ts';

const formats = new Map<string, Intl.DateTimeFormat>();

function format(languageCode: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${languageCode} ${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) {
    // The moment is shifted to brand time first, so the formatter reads it as UTC.
    found = new Intl.DateTimeFormat(languageCode, { ...options, timeZone: 'UTC' });
    formats.set(key, found);
  }
  return found;
}

const toBrandClock = (ms: number) => ms + BRAND_UTC_OFFSET_MINUTES * 60_000;

/** '2 March 2026' (en-GB), '2026年3月2日' (zh-TW). */
export function formatBrandDate(ms: number, languageCode: string): string {
  return format(languageCode, { year: 'numeric', month: 'long', day: 'numeric' }).format(toBrandClock(ms));
}

/** 'March 2026' (en-GB), '2026年3月' (zh-TW): a month of the brand's calendar. */
export function formatBrandMonth(year: number, month: number, languageCode: string): string {
  return format(languageCode, { year: 'numeric', month: 'long' }).format(Date.UTC(year, month - 1, 1));
}
