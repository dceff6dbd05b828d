/**
 * The analytics collector and the test hooks.
 */
import { describe, expect, it } from 'vitest';
import { ANALYTICS_PATHS } from '../../../src/lib/api/contract.ts';
import { DEMO, NOW, sampleEnv } from '../../fixtures/commerce-app.ts';

describe('analytics collector', () => {
  it('stores a form-encoded POST to every collector path, readable through the test hook', async () => {
    const { app } = sampleEnv();
    for (const [i, collector] of ANALYTICS_PATHS.entries()) {
      const res = await app.request(collector, {
        method: 'POST',
        body: new URLSearchParams({ event: `e${i}`, page: '/zh-tw/index.html', note: 'a b&c=d' }),
      });
      expect(res.status, collector).toBeLessThan(300);
    }
    const stored = (await (await app.request('/api/_test/analytics')).json()) as Array<{
      path: string;
      body: Record<string, string>;
      receivedAt: number;
    }>;
    expect(stored.map((s) => s.path)).toEqual([...ANALYTICS_PATHS]);
    stored.forEach((s, i) => {
      expect(s.body).toEqual({ event: `e${i}`, page: '/zh-tw/index.html', note: 'a b&c=d' });
      expect(s.receivedAt).toBe(NOW);
    });
  });

  it('the test hooks exist only when enabled', async () => {
    const { app } = sampleEnv({ testHooks: false });
    expect((await app.request('/api/_test/analytics')).status).toBe(404);
    expect((await app.request(`/api/_test/reset-token?email=${DEMO.email}`)).status).toBe(404);
  });
});
