/**
 * The analytics collector: each form posted to a collector path is kept, shown on the local admin
 * page. It takes only what an SDK sends, so often from one address, and keeps the newest posts
 * (collector-limits.ts).
 *
 * Shoppers' Core Web Vitals come to /datarcvr/vitals, one metric a post, checked against their
 * rule (lib/analytics/vitals.ts) and kept in their own table (vitals-table.ts); their report
 * (per page type and language, the 75th percentile) is read by the publish service's status
 * page at ADMIN_PATH/vitals, this machine only as the admin page is.
 */
import { ANALYTICS_PATHS } from '../../../src/lib/api/contract.ts';
import { VITALS_PATH, vitalFromForm } from '../../../src/lib/analytics/vitals.ts';
import { vitalsReport } from '../../../src/lib/analytics/vitals-report.ts';
import { ADMIN_PATH } from '../admin-page.ts';
import type { AttemptRuleValue } from '../attempt-limits.ts';
import { clientAddress } from '../client-address.ts';
import { COLLECTOR_BODY_MAX_BYTES, collectorForm, createCollectorLimit, isFormContentType, keepNewest } from '../collector-limits.ts';
import { ApiFailure, limitBody, type RouteKit } from '../kit.ts';
import { ensureVitalsTable, keepVital, keptVitals } from '../vitals-table.ts';

export function registerAnalyticsRoutes({ app, db, now }: RouteKit, rule?: AttemptRuleValue): void {
  const spend = createCollectorLimit(db, rule);
  for (const path of ANALYTICS_PATHS) {
    app.post(path, limitBody(COLLECTOR_BODY_MAX_BYTES), async (c) => {
      // Counted first: a refused post costs its sender the same as a kept one.
      await spend(clientAddress(c));
      if (!isFormContentType(c.req.header('content-type')))
        throw new ApiFailure('UNSUPPORTED_MEDIA_TYPE', 'Send the form as application/x-www-form-urlencoded', 415);
      const form = collectorForm(await c.req.text());
      const { lastInsertRowid } = db
        .prepare('INSERT INTO analytics (path, body, received_at) VALUES (?, ?, ?)')
        .run(path, JSON.stringify(form), now());
      keepNewest(db, 'analytics', lastInsertRowid);
      return c.body(null, 204);
    });
  }

  ensureVitalsTable(db);
  app.post(VITALS_PATH, limitBody(COLLECTOR_BODY_MAX_BYTES), async (c) => {
    await spend(clientAddress(c));
    if (!isFormContentType(c.req.header('content-type')))
      throw new ApiFailure('UNSUPPORTED_MEDIA_TYPE', 'Send the form as application/x-www-form-urlencoded', 415);
    const vital = vitalFromForm(collectorForm(await c.req.text()));
    if (typeof vital === 'string') throw new ApiFailure('ANALYTICS_VITAL_INVALID', vital, 400);
    keepVital(db, vital, now());
    return c.body(null, 204);
  });
  // The field report, for the publish service's status page (app.ts answers this machine only under ADMIN_PATH).
  app.get(`${ADMIN_PATH}/vitals`, (c) => c.json(vitalsReport(keptVitals(db, now()), now()), 200, { 'cache-control': 'no-store' }));
}
