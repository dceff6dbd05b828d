/**
 * Dates and times of the member's records (orders, coupons, messages, tickets) in the store's
 * fixed formats, on the brand's clock (UTC+8: every market the store sells in), so a page
 * says the same thing whatever the device's time zone.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { DATE_FORMAT } from '../constants.ts';
import { BRAND_UTC_OFFSET_MINUTES } from '../press/paths.ts';

dayjs.extend(utc);

/** A moment (ms) in one of the constants' formats (DATE_FORMAT, DATE_TIME_FORMAT, …). */
export function formatMoment(ms: number, format: string = DATE_FORMAT): string {
  return dayjs.utc(ms).utcOffset(BRAND_UTC_OFFSET_MINUTES).format(format);
}

/** Today on the brand's calendar, plus `days`, as YYYY-MM-DD (a date input's min and max). */
export function brandDate(now: number, days = 0): string {
  return dayjs.utc(now).utcOffset(BRAND_UTC_OFFSET_MINUTES).add(days, 'day').format(DATE_FORMAT);
}
