/** The analytics collector: every form posted to a collector path is kept, shown on the local admin page. */
import { ANALYTICS_PATHS } from '../../../src/lib/api/contract.ts';
import type { RouteKit } from '../kit.ts';

export function registerAnalyticsRoutes({ app, db, now }: RouteKit): void {
  for (const path of ANALYTICS_PATHS) {
    app.post(path, async (c) => {
      const form = await c.req.parseBody();
      db.prepare('INSERT INTO analytics (path, body, received_at) VALUES (?, ?, ?)').run(path, JSON.stringify(form), now());
      return c.body(null, 204);
    });
  }
}
