/**
 * The real-user speed report (lib/analytics/vitals-report.ts) and its section of the publish
 * service's /status.html (scripts/publish/vitals-section.ts): the 75th percentile, each day's
 * series, the groups per page type and language, web.dev's ratings, the chart.
 */
import { describe, expect, it } from 'vitest';
import { dailyChart, formatVital, vitalsSectionHtml } from '../../scripts/publish/vitals-section.ts';
import { statusHtml } from '../../scripts/publish/service.ts';
import { VITAL_THRESHOLDS, vitalForm, vitalFromForm, vitalRating } from '../../src/lib/analytics/vitals.ts';
import { DAY_MS, dailyP75, dayStarts, p75, vitalsReport, type KeptVital } from '../../src/lib/analytics/vitals-report.ts';

// 2026-12-07 15:00 UTC.
const NOW = Date.UTC(2026, 11, 7, 15);
const HOUR = 60 * 60 * 1000;

describe('the 75th percentile', () => {
  it('is the nearest-rank value: the smallest that at least 75% of the values do not exceed', () => {
    expect(p75([])).toBeNull();
    expect(p75([7])).toBe(7);
    expect(p75([1, 2, 3, 4])).toBe(3);
    expect(p75([4, 1, 3, 2, 5])).toBe(4);
    expect(p75(Array.from({ length: 100 }, (_, i) => 100 - i))).toBe(75);
    expect(p75(Array.from({ length: 101 }, (_, i) => i))).toBe(75);
    // Unsorted input is not changed.
    const values = [3, 1, 2];
    p75(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('the daily series', () => {
  it("covers the last 7 UTC days, today the last, each day's own values only", () => {
    const starts = dayStarts(NOW);
    expect(starts).toHaveLength(7);
    expect(new Date(starts[6]!).toISOString()).toBe('2026-12-07T00:00:00.000Z');
    expect(new Date(starts[0]!).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    const today = starts[6]!;
    const series = dailyP75(
      [
        { value: 100, receivedAt: today },
        { value: 300, receivedAt: today + HOUR },
        { value: 200, receivedAt: NOW },
        { value: 900, receivedAt: today - 1 }, // the last moment of yesterday
        { value: 50, receivedAt: starts[0]! },
        { value: 999, receivedAt: starts[0]! - 1 }, // eight days ago: out
        { value: 999, receivedAt: NOW + 1 }, // not yet received
      ],
      NOW,
    );
    expect(series).toEqual([50, null, null, null, null, 900, 300]);
  });
});

describe('the report', () => {
  const kept = (fields: Partial<KeptVital>): KeptVital => ({
    name: 'LCP',
    value: 1000,
    pageType: 'product',
    language: 'en-GB',
    view: 'v1',
    receivedAt: NOW - HOUR,
    ...fields,
  });

  it('groups by page type and language, the last 24 hours for the p75 and visits, 7 days for the chart', () => {
    const report = vitalsReport(
      [
        kept({ value: 1000, view: 'a' }),
        kept({ value: 3000, view: 'b' }),
        kept({ value: 5000, view: 'c' }),
        kept({ name: 'CLS', value: 0.3, view: 'a' }),
        kept({ value: 9000, view: 'd', receivedAt: NOW - DAY_MS - 1 }), // over a day ago: charted, not in the p75
        kept({ pageType: 'home', language: 'zh-TW', name: 'TTFB', value: 700, view: 'e' }),
        kept({ pageType: 'cart', value: 1, view: 'f', receivedAt: NOW - 8 * DAY_MS }), // older than the chart: no group
      ],
      NOW,
    );
    expect(report.days).toEqual(['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06', '2026-12-07']);
    expect(report.groups.map((g) => `${g.pageType} ${g.language}`)).toEqual(['home zh-TW', 'product en-GB']);
    const product = report.groups[1]!;
    expect(product.visits).toBe(3);
    expect(product.metrics.LCP).toEqual({ p75: 5000, count: 3, daily: [null, null, null, null, null, 9000, 5000] });
    expect(product.metrics.CLS).toMatchObject({ p75: 0.3, count: 1 });
    expect(product.metrics.INP).toEqual({ p75: null, count: 0, daily: [null, null, null, null, null, null, null] });
    expect(report.groups[0]!.metrics.TTFB.p75).toBe(700);
  });

  it("counts a page view's latest value of a metric only: CLS and INP are sent again when they grow after the page is shown again", () => {
    const report = vitalsReport(
      [
        kept({ name: 'CLS', value: 0.02, view: 'a', receivedAt: NOW - 2 * HOUR }),
        kept({ name: 'CLS', value: 0.3, view: 'a', receivedAt: NOW - HOUR }),
        kept({ name: 'CLS', value: 0.01, view: 'b' }),
      ],
      NOW,
    );
    expect(report.groups[0]!.metrics.CLS).toMatchObject({ p75: 0.3, count: 2 });
    expect(report.groups[0]!.visits).toBe(2);
  });
});

describe("web.dev's ratings", () => {
  it('are good up to the first threshold, poor above the second', () => {
    expect(VITAL_THRESHOLDS).toEqual({ LCP: [2500, 4000], INP: [200, 500], CLS: [0.1, 0.25], TTFB: [800, 1800] });
    expect(vitalRating('LCP', 2500)).toBe('good');
    expect(vitalRating('LCP', 2501)).toBe('needs-improvement');
    expect(vitalRating('LCP', 4001)).toBe('poor');
    expect(vitalRating('INP', 500)).toBe('needs-improvement');
    expect(vitalRating('CLS', 0.26)).toBe('poor');
    expect(vitalRating('TTFB', 800)).toBe('good');
  });

  it('a post the browser sends is one the collector takes', () => {
    const report = { name: 'CLS' as const, value: 0.125, pageType: 'product', language: 'zh-HK', view: 'abcdefgh12' };
    expect(vitalFromForm(Object.fromEntries(vitalForm(report)))).toEqual(report);
  });
});

describe('the status page section', () => {
  it('writes values as web.dev does', () => {
    expect(formatVital('LCP', 2345)).toBe('2.35 s');
    expect(formatVital('TTFB', 800)).toBe('0.80 s');
    expect(formatVital('INP', 183.6)).toBe('184 ms');
    expect(formatVital('CLS', 0.123)).toBe('0.12');
  });

  it("charts each day's p75 as a bar coloured by its rating, a day without values left empty", () => {
    const days = ['d1', 'd2', 'd3'];
    const chart = dailyChart('LCP', [1000, null, 5000], days);
    expect(chart.match(/<rect /g)).toHaveLength(2);
    expect(chart).toContain('class="good"><title>d1: 1.00 s</title>');
    expect(chart).toContain('class="poor"><title>d3: 5.00 s</title>');
    expect(chart).toContain('aria-label="LCP daily p75, last 3 days: d1 1.00 s, d2 none, d3 5.00 s"');
  });

  it('shows each group with its visits and rated p75, escaped, and says when there is nothing to show', () => {
    const report = vitalsReport(
      [
        { name: 'INP', value: 350, pageType: 'product', language: 'en-GB', view: 'a', receivedAt: NOW - HOUR },
        { name: 'LCP', value: 1200, pageType: 'product', language: 'en-GB', view: 'a', receivedAt: NOW - HOUR },
      ],
      NOW,
    );
    const html = statusHtml(
      { live: null, previous: null, queue: { running: null, queued: null, last: null, recent: [], builds: 0 }, nextBoundary: null },
      vitalsSectionHtml(report),
    );
    const row = /<tr data-page-type="product" data-language="en-GB">[\s\S]*?<\/tr>/.exec(html)![0];
    expect(row).toContain('<td data-visits>1</td>');
    expect(row).toMatch(/<td data-metric="INP"><span class="value needs-improvement"[^>]*>350 ms<\/span><svg/);
    expect(row).toMatch(/<td data-metric="LCP"><span class="value good"[^>]*>1.20 s<\/span>/);
    expect(row).toMatch(/<td data-metric="CLS"><span class="value muted">—<\/span>/);
    expect(vitalsSectionHtml(vitalsReport([], NOW))).toContain('No measurements in the last 7 days.');
    expect(vitalsSectionHtml({ unavailable: 'The field report <x> answered 500.' })).toContain('The field report &lt;x&gt; answered 500.');
  });
});
