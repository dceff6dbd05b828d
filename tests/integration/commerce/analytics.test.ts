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
import { VITALS_KEEP_ROWS } from '../../../scripts/local-commerce/vitals-table.ts';
import { ANALYTICS_PATHS } from '../../../src/lib/api/contract.ts';
import { VITALS_PATH } from '../../../src/lib/analytics/vitals.ts';
import { DAY, expectFailure, NOW, sampleEnv, toAnswer, type App } from '../../fixtures/commerce-app.ts';

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

describe("shoppers' Core Web Vitals", () => {
  const vital = (fields: Record<string, string>) =>
    new URLSearchParams({ name: 'LCP', value: '2300', page_type: 'product', language: 'en-GB', view: 'view0001', ...fields });
  const postVital = async (app: App, body: URLSearchParams | string, headers: Record<string, string> = {}) =>
    toAnswer(
      await app.request(VITALS_PATH, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      }),
    );

  it('keeps each metric a page view sends, and reports it per page type and language at the admin endpoint', async () => {
    const { app, db, clock } = sampleEnv();
    for (const [name, value] of [
      ['LCP', '2300'],
      ['INP', '180'],
      ['CLS', '0.05'],
      ['TTFB', '450.5'],
    ])
      expect((await postVital(app, vital({ name: name!, value: value! }))).status, name).toBe(204);
    // Another view of the same page type and language, and one of another language, a day earlier.
    expect((await postVital(app, vital({ value: '4200', view: 'view0002' }))).status).toBe(204);
    clock.now = NOW - DAY;
    expect((await postVital(app, vital({ language: 'zh-TW', view: 'view0003' }))).status).toBe(204);
    clock.now = NOW;
    expect(count(db, 'web_vitals')).toBe(6);
    // Not among the behaviour posts: its own table.
    expect(count(db)).toBe(0);

    const report = await (await app.request('/api/_admin/vitals')).json();
    expect(report.groups.map((g: { pageType: string; language: string }) => `${g.pageType} ${g.language}`)).toEqual([
      'product en-GB',
      'product zh-TW',
    ]);
    const [enGb, zhTw] = report.groups;
    expect(enGb.visits).toBe(2);
    expect(enGb.metrics.LCP).toMatchObject({ p75: 4200, count: 2 });
    expect(enGb.metrics.TTFB).toMatchObject({ p75: 450.5, count: 1 });
    expect(enGb.metrics.CLS.daily).toEqual([null, null, null, null, null, null, 0.05]);
    // The other language's only view was yesterday (more than 24 hours ago): no visits today, one day in its chart.
    expect(zhTw.visits).toBe(0);
    expect(zhTw.metrics.LCP).toMatchObject({ p75: null, count: 0, daily: [null, null, null, null, null, 2300, null] });
  });

  it('refuses a metric it does not know, a value out of range, a strange page type, language or field, with a clear error', async () => {
    const { app, db } = sampleEnv();
    const refused = async (fields: Record<string, string>, says: RegExp) => {
      const failure = expectFailure(await postVital(app, vital(fields)), 'ANALYTICS_VITAL_INVALID', { status: 400 });
      expect(failure.msg).toMatch(says);
    };
    await refused({ name: 'FID' }, /The metric must be one of LCP, INP, CLS, TTFB, not "FID"/);
    await refused({ name: 'CLS', value: '11' }, /CLS must be a number from 0 to 10, not "11"/);
    await refused({ value: '-1' }, /LCP must be a number from 0 to 60000/);
    await refused({ value: '1e3' }, /LCP must be a number/);
    await refused({ value: 'NaN' }, /LCP must be a number/);
    await refused({ name: 'INP', value: '60001' }, /INP must be a number from 0 to 60000/);
    await refused({ page_type: '<script>' }, /The page type must be/);
    await refused({ language: 'fr-FR' }, /The language must be one of zh-TW, zh-HK, zh-MO, zh-CN, en-GB, not "fr-FR"/);
    await refused({ view: 'x' }, /The page view id must be/);
    await refused({ uuid: 'abc' }, /A vitals post has no field uuid/);
    const missing = vital({});
    missing.delete('language');
    expectFailure(await postVital(app, missing), 'ANALYTICS_VITAL_INVALID', { status: 400 });
    expectFailure(await postVital(app, JSON.stringify({ name: 'LCP' }), { 'content-type': 'application/json' }), 'UNSUPPORTED_MEDIA_TYPE', {
      status: 415,
    });
    expect(count(db, 'web_vitals')).toBe(0);
  });

  it('keeps only its newest rows, and its report answers this machine only', async () => {
    const { app, db } = sampleEnv();
    const old = db.prepare(
      "INSERT INTO web_vitals (name, value, page_type, language, view, received_at) VALUES ('CLS', 0.5, 'home', 'zh-TW', 'old00000', ?)",
    );
    for (let i = 0; i < VITALS_KEEP_ROWS + 10; i++) old.run(NOW - 1000);
    expect((await postVital(app, vital({}))).status).toBe(204);
    expect(count(db, 'web_vitals')).toBe(VITALS_KEEP_ROWS);
    expect((db.prepare('SELECT view FROM web_vitals ORDER BY id DESC LIMIT 1').get() as { view: string }).view).toBe('view0001');

    const elsewhere = await app.request('/api/_admin/vitals', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(elsewhere.status).toBe(403);
  });
});
