/**
 * The analytics collector: what it keeps, and the local admin page that shows it (with the tag
 * manager's hits and the risk checks) to this machine only. Anyone may post to it, so it takes
 * only what an SDK sends (small forms), from one address at a time only so often, and keeps only
 * the newest posts; the admin page shows the newest, long ones cut.
 */
import { describe, expect, it } from 'vitest';
import {
  COLLECTOR_BODY_MAX_BYTES,
  COLLECTOR_FIELDS_MAX,
  COLLECTOR_KEEP_ROWS,
  COLLECTOR_RULE,
  SHOWN_CHARS_MAX,
} from '../../../scripts/local-commerce/collector-limits.ts';
import { ANALYTICS_PATHS } from '../../../src/lib/api/contract.ts';
import { expectFailure, NOW, sampleEnv, toAnswer, type App } from '../../fixtures/commerce-app.ts';

const EVENT = '/datarcvr/event';
const post = async (app: App, body: URLSearchParams | string, headers: Record<string, string> = {}) =>
  toAnswer(
    await app.request(EVENT, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } }),
  );
const count = (db: ReturnType<typeof sampleEnv>['db'], table = 'analytics') =>
  (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

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

describe('what the collector takes', () => {
  it('refuses a post over 16 KiB with 413, before it is read whole, storing nothing', async () => {
    const { app, db } = sampleEnv();
    expect(COLLECTOR_BODY_MAX_BYTES).toBe(16_384);
    const big = new URLSearchParams({ event_name: 'search', event_prop: 'x'.repeat(COLLECTOR_BODY_MAX_BYTES) });
    expectFailure(await post(app, big), 'BODY_TOO_LARGE', { status: 413 });
    // Without a length said beforehand: a 50 MB stream is cut off where it passes the limit.
    let pulled = 0;
    const chunk = new TextEncoder().encode(`a=${'x'.repeat(1022)}`);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 50 * 1024 * 1024) return controller.close();
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const streamed = await app.request(EVENT, {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      duplex: 'half',
    } as RequestInit);
    expectFailure(await toAnswer(streamed), 'BODY_TOO_LARGE', { status: 413 });
    expect(pulled).toBeLessThan(4 * COLLECTOR_BODY_MAX_BYTES);
    expect(count(db)).toBe(0);
    // Just under: kept.
    expect((await post(app, new URLSearchParams({ event_prop: 'x'.repeat(COLLECTOR_BODY_MAX_BYTES - 100) }))).status).toBe(204);
  });

  it('refuses what no SDK sends: too many fields, a repeated or strange name, a file, another type', async () => {
    const { app, db } = sampleEnv();
    const fields = (n: number) => new URLSearchParams(Array.from({ length: n }, (_, i) => [`f${i}`, 'v']));
    expect((await post(app, fields(COLLECTOR_FIELDS_MAX))).status).toBe(204);
    expectFailure(await post(app, fields(COLLECTOR_FIELDS_MAX + 1)), 'ANALYTICS_FORM_INVALID', { status: 400 });
    expectFailure(await post(app, 'uuid=a&uuid=b'), 'ANALYTICS_FORM_INVALID', { status: 400 });
    expectFailure(await post(app, new URLSearchParams([['x'.repeat(65), 'v']])), 'ANALYTICS_FORM_INVALID', { status: 400 });
    expectFailure(await post(app, new URLSearchParams({ 'a b': 'v' })), 'ANALYTICS_FORM_INVALID', { status: 400 });
    const withFile = new FormData();
    withFile.set('upload', new Blob(['x']), 'a.txt');
    expectFailure(await toAnswer(await app.request(EVENT, { method: 'POST', body: withFile })), 'UNSUPPORTED_MEDIA_TYPE', {
      status: 415,
    });
    expectFailure(await post(app, '{"event":"e"}', { 'content-type': 'application/json' }), 'UNSUPPORTED_MEDIA_TYPE', { status: 415 });
    expect(count(db)).toBe(1);
  });

  it('takes at most its allowance of posts from one address, then answers 429 with Retry-After', async () => {
    expect(COLLECTOR_RULE).toEqual({ points: 600, duration: 60 });
    const { app, db } = sampleEnv({ collectorRule: { points: 5, duration: 60 } });
    const from = (address: string) => ({ 'x-forwarded-for': address });
    for (let i = 0; i < 5; i++) expect((await post(app, new URLSearchParams({ i: String(i) }), from('203.0.113.9'))).status).toBe(204);
    const refused = await post(app, new URLSearchParams({ i: '5' }), from('203.0.113.9'));
    const envelope = expectFailure(refused, 'TOO_MANY_ATTEMPTS', { status: 429 });
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(envelope.resp).toEqual({ retryAfterSeconds: wait });
    // Another address has its own allowance.
    expect((await post(app, new URLSearchParams({ i: '6' }), from('203.0.113.10'))).status).toBe(204);
    expect(count(db)).toBe(6);
  });

  it('keeps only its newest posts, and the tag manager stand-in its newest hits', async () => {
    const { app, db } = sampleEnv();
    const old = db.prepare('INSERT INTO analytics (path, body, received_at) VALUES (?, ?, ?)');
    const oldHit = db.prepare('INSERT INTO tag_hits (page, events, received_at) VALUES (?, ?, ?)');
    for (let i = 0; i < COLLECTOR_KEEP_ROWS + 10; i++) {
      old.run(EVENT, JSON.stringify({ i }), NOW - 1000);
      oldHit.run(`/old-${i}.html`, '[]', NOW - 1000);
    }
    expect((await post(app, new URLSearchParams({ newest: 'yes' }))).status).toBe(204);
    const hit = await app.request('/api/_standin/tag-hits', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page: '/newest.html', events: ['page_view'] }),
    });
    expect(hit.status).toBe(204);
    expect(count(db)).toBe(COLLECTOR_KEEP_ROWS);
    expect(count(db, 'tag_hits')).toBe(COLLECTOR_KEEP_ROWS);
    const newest = db.prepare('SELECT body FROM analytics ORDER BY id DESC LIMIT 1').get() as { body: string };
    expect(JSON.parse(newest.body)).toEqual({ newest: 'yes' });
    // The 11 oldest went.
    const oldest = db.prepare('SELECT body FROM analytics ORDER BY id LIMIT 1').get() as { body: string };
    expect(JSON.parse(oldest.body)).toEqual({ i: 11 });
    expect((db.prepare('SELECT page FROM tag_hits ORDER BY id DESC LIMIT 1').get() as { page: string }).page).toBe('/newest.html');
  });

  it('the tag manager stand-in refuses hits over 16 KiB, and a shape it does not know, with the envelope', async () => {
    const { app, db } = sampleEnv();
    const hit = async (body: unknown) =>
      toAnswer(
        await app.request('/api/_standin/tag-hits', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
    expectFailure(await hit({ page: '/a.html', events: ['x'.repeat(COLLECTOR_BODY_MAX_BYTES)] }), 'BODY_TOO_LARGE', { status: 413 });
    expectFailure(await hit({ page: 7 }), 'INVALID_FIELD', { status: 400 });
    expect(count(db, 'tag_hits')).toBe(0);
  });

  it('the admin page shows every post the collector takes whole, and cuts one kept before its limits', async () => {
    const { app, db } = sampleEnv();
    const longest = { event_name: 'long', event_prop: '\u0001'.repeat(Math.floor(COLLECTOR_BODY_MAX_BYTES / 3) - 40) };
    // The largest form the collector takes, as escaped as JSON can make it.
    expect((await post(app, new URLSearchParams(longest))).status).toBe(204);
    db.prepare('INSERT INTO analytics (path, body, received_at) VALUES (?, ?, ?)').run(
      EVENT,
      JSON.stringify({ event_name: 'huge', event_prop: 'y'.repeat(5_000_000) }),
      NOW,
    );
    const page = await (await app.request('/api/_admin')).text();
    expect(page.length).toBeLessThan(4 * SHOWN_CHARS_MAX);
    const table = /<table id="analytics"[\s\S]*?<\/table>/.exec(page)![0];
    const shown = [...table.matchAll(/<pre>([^<]*)<\/pre>/g)].map((m) =>
      m[1]!.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))),
    );
    // Newest first: the huge one, cut and said so; the longest post whole, as JSON.
    expect(shown[0]).toMatch(new RegExp(`^\\{"event_name":"huge","event_prop":"y{${SHOWN_CHARS_MAX - 35}}… 4,967,\\d{3} more characters$`));
    expect(table).toContain('too long to read');
    expect(JSON.parse(shown[1]!)).toEqual(longest);
  });
});
