/**
 * Shoppers' Core Web Vitals (docs/performance.md, Real-user speed): LCP, INP, CLS and TTFB
 * measured by Google's web-vitals and sent to the collector once per page view, when final
 * (TTFB at load, LCP at the first input, CLS and INP when the page hides; CLS and INP again if
 * they grow after the page is shown again). As web-vitals advises, what is final waits for the
 * page to hide and goes then, each a beacon, like the behaviour queue; what becomes final while
 * the page is hidden goes at once. Loaded by the analytics script (client/analytics.ts, itself
 * loaded only with analytics consent) once the page is idle, so nothing of it is fetched or run
 * before then, nor ever without consent.
 */
import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { pageTypeOf } from '../lib/analytics/page-types.ts';
import { randomId } from '../lib/analytics/ids.ts';
import { VITALS_PATH, vitalForm, type VitalName } from '../lib/analytics/vitals.ts';
import { currentPathInLanguage, getPlatform } from '../stores/platform.ts';

export function reportVitals(collectorOrigin: string): void {
  const platform = getPlatform();
  // Read at start: the page type and language are the page the shopper entered, whatever its address becomes.
  const pageType = pageTypeOf(currentPathInLanguage());
  const language = platform.language().code;
  const view = randomId(16);
  const url = `${collectorOrigin}${VITALS_PATH}`;
  let waiting: URLSearchParams[] = [];

  const send = (body: URLSearchParams) => {
    // A beacon outlives the page that hides; a browser whose beacon queue is full sends the same post kept alive.
    if (platform.beacon(url, body)) return;
    platform.fetch(url, { method: 'POST', body, keepalive: true }).catch((error: unknown) => console.warn('[vitals]', error));
  };
  const flush = () => {
    for (const body of waiting) send(body);
    waiting = [];
  };
  const final = ({ name, value }: Metric) => {
    const body = vitalForm({ name: name as VitalName, value: Math.round(value * 1000) / 1000, pageType, language, view });
    if (document.visibilityState === 'hidden') send(body);
    else waiting.push(body);
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  // A browser that unloads the page without saying it hid (as analytics.ts listens for too).
  addEventListener('pagehide', flush);
  onLCP(final);
  onINP(final);
  onCLS(final);
  onTTFB(final);
}
