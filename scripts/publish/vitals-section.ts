/**
 * The real-user speed section of the publish service's /status.html: the field report the local
 * API keeps (lib/analytics/vitals-report.ts, read from its ADMIN_PATH/vitals endpoint), per page
 * type and language the 75th percentile of LCP, INP, CLS and TTFB over the last day, rated as
 * web.dev rates them, with the visits it covers and a chart of the last 7 days' daily value,
 * drawn as inline SVG (no script, no library: the page refreshes itself).
 */
import { VITAL_NAMES, VITAL_THRESHOLDS, vitalRating, type VitalName } from '../../src/lib/analytics/vitals.ts';
import type { VitalsReport } from '../../src/lib/analytics/vitals-report.ts';

/** How long the status page waits for the field report before it says so and shows the rest. */
export const VITALS_FETCH_TIMEOUT_MS = 2000;

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A metric's value as web.dev writes it: seconds for LCP and TTFB, milliseconds for INP, CLS to two places. */
export function formatVital(name: VitalName, value: number): string {
  if (name === 'CLS') return value.toFixed(2);
  if (name === 'INP') return `${Math.round(value)} ms`;
  return `${(value / 1000).toFixed(2)} s`;
}

const RATING_WORDS = { good: 'good', 'needs-improvement': 'needs improvement', poor: 'poor' } as const;

/** Chart size: one bar a day. */
const BAR = 8;
const GAP = 2;
const HEIGHT = 24;

/**
 * The days' values as bars, each coloured by its rating, on a scale up to the poor threshold's
 * 1.5 times (or the largest day), with the "good" threshold as a line.
 */
export function dailyChart(name: VitalName, daily: ReadonlyArray<number | null>, days: readonly string[]): string {
  const [good, poor] = VITAL_THRESHOLDS[name];
  const top = Math.max(poor * 1.5, ...daily.map((v) => v ?? 0));
  const y = (value: number) => HEIGHT - Math.max(1, Math.round((value / top) * HEIGHT));
  const width = daily.length * (BAR + GAP) - GAP;
  const bars = daily
    .map((value, i) => {
      if (value === null) return '';
      const label = `${days[i] ?? ''}: ${formatVital(name, value)}`;
      return `<rect x="${i * (BAR + GAP)}" y="${y(value)}" width="${BAR}" height="${HEIGHT - y(value)}" class="${vitalRating(name, value)}"><title>${escapeHtml(label)}</title></rect>`;
    })
    .join('');
  const goodLine = `<line x1="0" x2="${width}" y1="${y(good)}" y2="${y(good)}" class="threshold"/>`;
  const said = daily.map((value, i) => `${days[i] ?? ''} ${value === null ? 'none' : formatVital(name, value)}`).join(', ');
  return `<svg class="chart" width="${width}" height="${HEIGHT}" viewBox="0 0 ${width} ${HEIGHT}" role="img" aria-label="${escapeHtml(`${name} daily p75, last ${daily.length} days: ${said}`)}">${goodLine}${bars}</svg>`;
}

export const VITALS_STYLE =
  '.vitals-scroll{overflow-x:auto}.vitals td,.vitals th{padding:.3rem .8rem .3rem 0;vertical-align:top}.vitals .value{display:block;font-weight:600}.good{color:#0c6e3a;fill:#0c6e3a}.needs-improvement{color:#8a5a00;fill:#c98500}.poor{color:#b00020;fill:#b00020}.chart .threshold{stroke:#888;stroke-dasharray:2 2}.muted{color:#666}';

/** The section: the report, or what stands in its place (no source configured, or the source failing). */
export function vitalsSectionHtml(report: VitalsReport | { unavailable: string }): string {
  const heading = '<h2 id="real-user-speed">Real-user speed (Core Web Vitals, 75th percentile)</h2>';
  if ('unavailable' in report) return `${heading}<p class="muted">${escapeHtml(report.unavailable)}</p>`;
  const note = `<p class="muted">From shoppers who allow analytics: the last 24 hours, and each day's 75th percentile from ${escapeHtml(report.days[0] ?? '')} to ${escapeHtml(report.days.at(-1) ?? '')} (UTC). Good up to ${VITAL_NAMES.map((n) => `${n} ${formatVital(n, VITAL_THRESHOLDS[n][0])}`).join(', ')}; poor above ${VITAL_NAMES.map((n) => `${n} ${formatVital(n, VITAL_THRESHOLDS[n][1])}`).join(', ')}. In each chart, a bar a day, the dashed line is the good limit.</p>`;
  if (report.groups.length === 0) return `${heading}${note}<p>No measurements in the last ${report.days.length} days.</p>`;
  const head = `<tr><th>Page type</th><th>Language</th><th>Visits</th>${VITAL_NAMES.map((n) => `<th>${n}</th>`).join('')}</tr>`;
  const rows = report.groups.map((group) => {
    const cells = VITAL_NAMES.map((name) => {
      const { p75, count, daily } = group.metrics[name];
      const value =
        p75 === null
          ? '<span class="value muted">—</span>'
          : `<span class="value ${vitalRating(name, p75)}" title="${RATING_WORDS[vitalRating(name, p75)]}, ${count} value${count === 1 ? '' : 's'}">${formatVital(name, p75)}</span>`;
      return `<td data-metric="${name}">${value}${dailyChart(name, daily, report.days)}</td>`;
    }).join('');
    return `<tr data-page-type="${escapeHtml(group.pageType)}" data-language="${escapeHtml(group.language)}"><td>${escapeHtml(group.pageType)}</td><td>${escapeHtml(group.language)}</td><td data-visits>${group.visits}</td>${cells}</tr>`;
  });
  // A phone scrolls the table sideways rather than squeezing its seven columns.
  return `${heading}${note}<div class="vitals-scroll"><table class="vitals"><thead>${head}</thead><tbody>${rows.join('')}</tbody></table></div>`;
}

/** Reads the field report from the local API's endpoint; what went wrong, said, if it cannot. */
export async function fetchVitalsReport(url: string, fetcher: typeof fetch = fetch): Promise<VitalsReport | { unavailable: string }> {
  try {
    const res = await fetcher(url, { signal: AbortSignal.timeout(VITALS_FETCH_TIMEOUT_MS) });
    if (!res.ok) return { unavailable: `The field report (${url}) answered ${res.status}.` };
    return (await res.json()) as VitalsReport;
  } catch (error) {
    return { unavailable: `The field report (${url}) could not be read: ${(error as Error).message}` };
  }
}
