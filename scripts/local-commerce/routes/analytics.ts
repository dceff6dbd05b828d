/**
 * The analytics collector: each form posted to a collector path is kept, shown on the local admin
 * page. It takes only what an SDK sends, so often from one address, and keeps the newest posts
 * (collector-limits.ts).
 */
import { ANALYTICS_PATHS } from '../../../src/lib/api/contract.ts';
import type { AttemptRuleValue } from '../attempt-limits.ts';
import { clientAddress } from '../client-address.ts';
import { COLLECTOR_BODY_MAX_BYTES, collectorForm, createCollectorLimit, isFormContentType, keepNewest } from '../collector-limits.ts';
import { ApiFailure, limitBody, type RouteKit } from '../kit.ts';

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
}
