/** The analytics collector: every form posted to a collector path is kept, for tests to read. */
import { ANALYTICS_PATHS } from '../../../src/lib/api/contract.ts';
import type { RouteKit } from '../kit.ts';

export function registerAnalyticsRoutes({ app, db, now }: RouteKit, options: { testHooks: boolean }): void {
  for (const path of ANALYTICS_PATHS) {
    app.post(path, async (c) => {
      const form = await c.req.parseBody();
      db.prepare('INSERT INTO analytics (path, body, received_at) VALUES (?, ?, ?)').run(path, JSON.stringify(form), now());
      return c.body(null, 204);
    });
  }

  if (options.testHooks) {
    // Local only: lets tests read what a real collector would have received.
    app.get('/api/_test/analytics', (c) =>
      c.json(
        (
          db.prepare('SELECT path, body, received_at FROM analytics ORDER BY id').all() as Array<{
            path: string;
            body: string;
            received_at: number;
          }>
        ).map((r) => ({ path: r.path, body: JSON.parse(r.body) as unknown, receivedAt: r.received_at })),
      ),
    );
  }
}
