/**
 * The behaviour-analytics collector: form-encoded posts to /datarcvr/*, served on
 * the site's origin. Sent with keepalive so an event fired just before a navigation arrives;
 * a failure is only logged, never shown: analytics must not disturb the shopper.
 */
import { ANALYTICS_SDK_VERSION } from '../constants.ts';

export type CollectorPath = '/datarcvr/user/web' | '/datarcvr/event' | '/datarcvr/custom';

export function buildCollectorBody(fields: Record<string, string | number | object | null | undefined>, now: number): URLSearchParams {
  const body = new URLSearchParams({ sdk_version: ANALYTICS_SDK_VERSION, platform: 'PC', event_time: String(now) });
  for (const [key, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    body.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return body;
}

export async function sendToCollector(
  path: CollectorPath,
  fields: Record<string, string | number | object | null | undefined>,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  try {
    await fetchImpl(path, { method: 'POST', body: buildCollectorBody(fields, Date.now()), keepalive: true });
  } catch (error) {
    console.warn('[analytics]', error);
  }
}
