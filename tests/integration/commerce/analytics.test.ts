/**
 * The analytics collector: what it keeps, and the local admin page that shows it (with the tag
 * manager's hits and the risk checks) to this machine only.
 */
import { describe, expect, it } from 'vitest';
import { ANALYTICS_PATHS } from '../../../src/lib/api/contract.ts';
import { NOW, sampleEnv } from '../../fixtures/commerce-app.ts';

describe('analytics collector', () => {
  it('keeps a form-encoded POST to every collector path, shown whole on the admin page, escaped', async () => {
    const { app, db } = sampleEnv();
    for (const [i, collector] of ANALYTICS_PATHS.entries()) {
      const res = await app.request(collector, {
        method: 'POST',
        body: new URLSearchParams({ event: `e${i}`, page: '/zh-tw/index.html', note: 'a b&c=d <b>' }),
      });
      expect(res.status, collector).toBe(204);
    }
    const stored = db.prepare('SELECT path, body, received_at FROM analytics ORDER BY id').all() as Array<{
      path: string;
      body: string;
      received_at: number;
    }>;
    expect(stored.map((s) => s.path)).toEqual([...ANALYTICS_PATHS]);
    stored.forEach((s, i) => {
      expect(JSON.parse(s.body)).toEqual({ event: `e${i}`, page: '/zh-tw/index.html', note: 'a b&c=d <b>' });
      expect(s.received_at).toBe(NOW);
    });

    const page = await (await app.request('/api/_admin')).text();
    const table = /<table id="analytics"[\s\S]*?<\/table>/.exec(page)![0];
    for (const path of ANALYTICS_PATHS) expect(table).toContain(`<td>${path}</td>`);
    expect(table).toContain('&#34;note&#34;:&#34;a b&#38;c=d &#60;b&#62;&#34;');
    expect(table).not.toContain('<b>');
  });

  it('shows the last 50 of each list, or as many as ?last= asks, up to 1,000', async () => {
    const { app, db } = sampleEnv();
    const insert = db.prepare('INSERT INTO tag_hits (page, events, received_at) VALUES (?, ?, ?)');
    for (let i = 0; i < 60; i++) insert.run(`/page-${i}.html`, '["page_view"]', NOW + i);
    const rows = async (query: string) => {
      const page = await (await app.request(`/api/_admin${query}`)).text();
      return [.../<table id="tag-hits"[\s\S]*?<\/table>/.exec(page)![0].matchAll(/<td>(\/page-\d+\.html)<\/td>/g)].map((m) => m[1]);
    };
    const shown = await rows('');
    expect(shown).toHaveLength(50);
    // Newest first.
    expect(shown[0]).toBe('/page-59.html');
    expect(await rows('?last=55')).toHaveLength(55);
    expect(await rows('?last=5000')).toHaveLength(60);
    expect(await rows('?last=nonsense')).toHaveLength(50);
  });
});
