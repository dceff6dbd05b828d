/**
 * The field report of the kept vitals (tests/unit/web-vitals-report.test.ts), as the CrUX report
 * reads: per page type and language, the 75th percentile of each metric over the last day with
 * the number of visits, and each of the last 7 days' 75th percentile. Made by the local API's
 * field-data endpoint and drawn by the publish service's /status.html.
 */
import { VITAL_NAMES, type VitalName } from './vitals.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Days in the chart, today (UTC) the last. */
export const REPORT_DAYS = 7;

export interface KeptVital {
  name: VitalName;
  value: number;
  pageType: string;
  language: string;
  view: string;
  receivedAt: number;
}

export interface MetricSummary {
  /** Over the last 24 hours; null without a value. */
  p75: number | null;
  /** Values over the last 24 hours. */
  count: number;
  /** Each of the last REPORT_DAYS UTC days' 75th percentile, oldest first; null for a day without values. */
  daily: Array<number | null>;
}

export interface VitalsGroup {
  pageType: string;
  language: string;
  /** Page views that sent a metric in the last 24 hours. */
  visits: number;
  metrics: Record<VitalName, MetricSummary>;
}

export interface VitalsReport {
  generatedAt: number;
  /** The chart's days (YYYY-MM-DD, UTC), oldest first. */
  days: string[];
  groups: VitalsGroup[];
}

/**
 * The 75th percentile by nearest rank: the smallest value that at least 75% of the values do
 * not exceed, so it is always a value a shopper really had. Null for no values.
 */
export function p75(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1]!;
}

/** The start (ms) of each of the last `days` UTC days, oldest first, the day of `now` the last. */
export function dayStarts(now: number, days = REPORT_DAYS): number[] {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return Array.from({ length: days }, (_, i) => today - (days - 1 - i) * DAY_MS);
}

/** Each day's 75th percentile of the values received that day, oldest first. */
export function dailyP75(
  values: ReadonlyArray<{ value: number; receivedAt: number }>,
  now: number,
  days = REPORT_DAYS,
): Array<number | null> {
  const starts = dayStarts(now, days);
  const perDay = starts.map(() => [] as number[]);
  for (const { value, receivedAt } of values) {
    const index = Math.floor((receivedAt - starts[0]!) / DAY_MS);
    if (index >= 0 && index < days && receivedAt <= now) perDay[index]!.push(value);
  }
  return perDay.map(p75);
}

/**
 * A page view's latest value of each metric. web-vitals reports CLS and INP again when a page
 * shown again after hiding grows them, each report the whole value so far, so a view's earlier
 * ones are replaced, not added; `kept` is in the order received.
 */
export function latestPerView(kept: readonly KeptVital[]): KeptVital[] {
  const latest = new Map<string, KeptVital>();
  for (const vital of kept) latest.set(`${vital.view}\u0000${vital.name}`, vital);
  return [...latest.values()];
}

/** The report of `kept` (in the order received) at `now`: groups by page type then language, those without a value in REPORT_DAYS days left out. */
export function vitalsReport(kept: readonly KeptVital[], now: number): VitalsReport {
  const since = now - DAY_MS;
  const byGroup = new Map<string, KeptVital[]>();
  for (const vital of latestPerView(kept)) {
    const key = `${vital.pageType}\u0000${vital.language}`;
    byGroup.set(key, [...(byGroup.get(key) ?? []), vital]);
  }
  const groups: VitalsGroup[] = [];
  for (const vitals of byGroup.values()) {
    const metrics = Object.fromEntries(
      VITAL_NAMES.map((name) => {
        const mine = vitals.filter((v) => v.name === name);
        const lastDay = mine.filter((v) => v.receivedAt > since && v.receivedAt <= now).map((v) => v.value);
        return [name, { p75: p75(lastDay), count: lastDay.length, daily: dailyP75(mine, now) }];
      }),
    ) as Record<VitalName, MetricSummary>;
    if (VITAL_NAMES.every((name) => metrics[name].daily.every((day) => day === null) && metrics[name].count === 0)) continue;
    const visits = new Set(vitals.filter((v) => v.receivedAt > since && v.receivedAt <= now).map((v) => v.view)).size;
    groups.push({ pageType: vitals[0]!.pageType, language: vitals[0]!.language, visits, metrics });
  }
  groups.sort((a, b) => a.pageType.localeCompare(b.pageType) || a.language.localeCompare(b.language));
  return { generatedAt: now, days: dayStarts(now).map((start) => new Date(start).toISOString().slice(0, 10)), groups };
}
