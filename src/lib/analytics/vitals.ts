/**
 * Core Web Vitals from shoppers' browsers (docs/performance.md, Real-user speed): the four
 * metrics the store reports with analytics consent, the post the browser sends for each to the
 * collector's /datarcvr/vitals, and the rule the collector checks it against
 * (tests/integration/commerce/analytics.test.ts). One post is one metric of one page view.
 */
import { LANGUAGES } from '../i18n/languages.ts';

export const VITALS_PATH = '/datarcvr/vitals';

export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/**
 * web.dev's limits of "good" and of "needs improvement" (above the second: poor), in the
 * metric's unit: milliseconds, CLS unitless.
 */
export const VITAL_THRESHOLDS: Record<VitalName, readonly [good: number, poor: number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  TTFB: [800, 1800],
};

/**
 * The largest value the collector keeps: far beyond any poor page (a minute; a CLS of 10 is a
 * page that shifts whole screens many times), so a larger one is a broken or forged post.
 */
export const VITAL_MAX: Record<VitalName, number> = { LCP: 60_000, INP: 60_000, CLS: 10, TTFB: 60_000 };

export type VitalRating = 'good' | 'needs-improvement' | 'poor';

export function vitalRating(name: VitalName, value: number): VitalRating {
  const [good, poor] = VITAL_THRESHOLDS[name];
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor';
}

/** One metric of one page view, as kept. */
export interface VitalReport {
  name: VitalName;
  value: number;
  /** The analytics page type (lib/analytics/page-types.ts), as every analytics event carries. */
  pageType: string;
  /** The page's language code (zh-TW, en-GB…). */
  language: string;
  /** The page view's own random id: the metrics of one view count as one visit. */
  view: string;
}

export function vitalForm(report: VitalReport): URLSearchParams {
  return new URLSearchParams({
    name: report.name,
    value: String(report.value),
    page_type: report.pageType,
    language: report.language,
    view: report.view,
  });
}

const PAGE_TYPE = /^[a-z][a-z-]{0,31}$/;
const VIEW_ID = /^[0-9A-Za-z-]{8,64}$/;
const FIELDS = ['name', 'value', 'page_type', 'language', 'view'];

/** The report a collector form carries, or what is wrong with it (the first problem found). */
export function vitalFromForm(form: Record<string, string>): VitalReport | string {
  const extra = Object.keys(form).find((field) => !FIELDS.includes(field));
  if (extra) return `A vitals post has no field ${extra}; it sends ${FIELDS.join(', ')}`;
  const { name, value, page_type: pageType, language, view } = form;
  if (!(VITAL_NAMES as readonly string[]).includes(name ?? ''))
    return `The metric must be one of ${VITAL_NAMES.join(', ')}, not "${(name ?? '').slice(0, 32)}"`;
  const metric = name as VitalName;
  const number = value !== undefined && /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
  if (!(number >= 0 && number <= VITAL_MAX[metric]))
    return `${metric} must be a number from 0 to ${VITAL_MAX[metric]}, not "${(value ?? '').slice(0, 32)}"`;
  if (!PAGE_TYPE.test(pageType ?? '')) return `The page type must be a page type's name, not "${(pageType ?? '').slice(0, 32)}"`;
  // Read here, not at load: the browser's chunk, which sends but does not check, leaves the table out.
  const languages = LANGUAGES.map((l) => l.code);
  if (!languages.includes(language ?? ''))
    return `The language must be one of ${languages.join(', ')}, not "${(language ?? '').slice(0, 32)}"`;
  if (!VIEW_ID.test(view ?? '')) return 'The page view id must be 8 to 64 letters, digits or -';
  return { name: metric, value: number, pageType: pageType!, language: language!, view: view! };
}
