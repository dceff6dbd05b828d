/**
 * The preview service's door, over real HTTP (scripts/preview/service.ts): a valid link opens a
 * session and leads to its page; without the session, or with a changed or expired link, every
 * address answers 403 with a page saying why and nothing else; every answer is no-store and
 * noindex. No page is rendered here (the renderer is tested in preview-render.test.ts): the
 * service runs without a drafts source, so a page behind the door answers 503. The API calls it
 * passes to the store carry the shopper's cookies but not the preview's own.
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AS_OF_COOKIE,
  startPreviewService,
  SESSION_COOKIE,
  type PreviewService,
  type PreviewServiceOptions,
} from '../../scripts/preview/service.ts';
import type { Renderer } from '../../scripts/preview/render-client.ts';
import { previewLinkQuery, sessionCookieValue } from '../../src/node/preview/link.ts';

const SECRET = 'service-test-preview-secret-0123';
const NOW = Date.UTC(2026, 11, 7, 2, 0, 0);
const EXPIRES = NOW / 1000 + 3600;
let service: PreviewService;

beforeAll(async () => {
  service = await startPreviewService({
    port: 0,
    secret: SECRET,
    draftsBaseUrl: undefined,
    storeUrl: 'http://127.0.0.1:9',
    now: () => NOW,
  });
});
afterAll(() => service.close());

const get = (path: string, cookie?: string) => fetch(`${service.url}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
const link = (path: string, expires = EXPIRES, language = 'en-GB') =>
  `/_preview/open?${previewLinkQuery({ path, language, expires }, SECRET)}`;

function expectPrivate(response: Response): void {
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
}

describe('preview service', () => {
  it('a valid link sets a session until its expiry and leads to its page', async () => {
    const response = await get(link('/en-gb/women.html'));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/en-gb/women.html');
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toContain(`${SESSION_COOKIE}=${sessionCookieValue(EXPIRES, SECRET)}`);
    expect(cookie).toMatch(/Max-Age=3600;.*HttpOnly; SameSite=Lax/);
    expectPrivate(response);
    // Behind the door: the page (here, no drafts source is configured).
    const page = await get('/en-gb/women.html', cookie.split(';')[0]);
    expect(page.status).toBe(503);
    expectPrivate(page);
  });

  it('refuses a changed or expired link, and any address without a session, with nothing of the site', async () => {
    const tampered = link('/en-gb/women.html').replace('women', 'men');
    for (const [path, reason] of [
      [tampered, /signature/],
      [link('/en-gb/women.html', NOW / 1000 - 1), /expired/],
      [link('/women.html', EXPIRES, 'en-GB'), /language/],
      ['/en-gb/women.html', /open a preview link/],
      ['/_astro/anything.js', /open a preview link/],
      ['/api/cart', /open a preview link/],
    ] as const) {
      const response = await get(path);
      expect(response.status, path).toBe(403);
      expect(response.headers.get('set-cookie')).toBeNull();
      expectPrivate(response);
      expect(await response.text()).toMatch(reason);
    }
  });

  it('refuses a session cookie that is not ours or has expired', async () => {
    const forged = `${SESSION_COOKIE}=${sessionCookieValue(EXPIRES, 'another-secret-of-some-length')}`;
    expect((await get('/en-gb/women.html', forged)).status).toBe(403);
    const old = `${SESSION_COOKIE}=${sessionCookieValue(NOW / 1000, SECRET)}`;
    expect((await get('/en-gb/women.html', old)).status).toBe(403);
  });
});

describe('what the preview hands to the store behind it', () => {
  it("forwards the shopper's own cookies to the API, never the preview's session or clock", async () => {
    const seen: Array<{ url: string; cookie: string | undefined }> = [];
    const store = createServer((req, res) => {
      seen.push({ url: req.url ?? '', cookie: req.headers.cookie });
      res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'member=refreshed; Path=/; HttpOnly' }).end('{}');
    });
    await new Promise<void>((resolve) => store.listen(0, '127.0.0.1', resolve));
    const proxying = await startPreviewService({
      port: 0,
      secret: SECRET,
      draftsBaseUrl: undefined,
      storeUrl: `http://127.0.0.1:${(store.address() as AddressInfo).port}`,
      now: () => NOW,
    });
    try {
      const session = `${SESSION_COOKIE}=${sessionCookieValue(EXPIRES, SECRET)}`;
      const ask = (cookie: string) => fetch(`${proxying.url}/api/cart`, { headers: { cookie } });
      // By exact name only: a cookie whose name merely starts with the session's is the shopper's.
      const answer = await ask(` ; member=abc;; ${session}; ${AS_OF_COOKIE}=${NOW} ; ${SESSION_COOKIE}_other=1; flag`);
      expect(answer.status).toBe(200);
      // The store's own answer comes back whole, its cookies included.
      expect(answer.headers.get('set-cookie')).toBe('member=refreshed; Path=/; HttpOnly');
      expect((await ask(session)).status).toBe(200);
      expect(seen).toEqual([
        { url: '/api/cart', cookie: `member=abc; ${SESSION_COOKIE}_other=1; flag` },
        { url: '/api/cart', cookie: undefined },
      ]);
    } finally {
      await proxying.close();
      await new Promise((resolve) => store.close(resolve));
    }
  });
});

describe('preview warm-up', () => {
  /** A renderer that only counts how often it was asked to be ready. */
  const countingRenderer = () => {
    let readyCalls = 0;
    return {
      get readyCalls() {
        return readyCalls;
      },
      ready: () => {
        readyCalls++;
        return Promise.resolve({ outDir: '/nowhere' });
      },
      render: () => Promise.resolve({ id: 0, error: 'not in this test' }),
      close: () => Promise.resolve(),
    };
  };

  /** A drafts source that refuses: what matters here is that it is asked before any preview. */
  async function refusingDrafts(): Promise<{ url: string; asked: string[]; close(): Promise<void> }> {
    const asked: string[] = [];
    const server = createServer((req, res) => {
      asked.push(req.url ?? '');
      res.writeHead(503).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}`, asked, close: () => new Promise((resolve) => server.close(() => resolve())) };
  }

  const startWithDrafts = (draftsBaseUrl: string, renderer: Renderer, more: Partial<PreviewServiceOptions> = {}) =>
    startPreviewService({
      port: 0,
      secret: SECRET,
      draftsBaseUrl,
      storeUrl: 'http://127.0.0.1:9',
      contentDir: mkdtempSync(join(tmpdir(), 'preview-warm-')),
      renderer,
      ...more,
    });

  it('with warmUp, starts the renderer and pulls the drafts once it listens, before any preview', async () => {
    const drafts = await refusingDrafts();
    const renderer = countingRenderer();
    const lines: string[] = [];
    const warm = await startWithDrafts(drafts.url, renderer, { warmUp: true, log: (line) => lines.push(line) });
    await warm.warmedUp;
    expect(renderer.readyCalls).toBe(1);
    expect(drafts.asked.length).toBeGreaterThan(0);
    // The refused pull is logged, not thrown: the first preview tries again.
    expect(lines.some((line) => line.includes('warm-up failed'))).toBe(true);
    await warm.close();
    await drafts.close();
  });

  it('without warmUp, nothing starts until the first preview', async () => {
    const drafts = await refusingDrafts();
    const renderer = countingRenderer();
    const cold = await startWithDrafts(drafts.url, renderer);
    await cold.warmedUp;
    expect(renderer.readyCalls).toBe(0);
    expect(drafts.asked).toEqual([]);
    await cold.close();
    await drafts.close();
  });
});
