/**
 * The publish service over real HTTP, with the build replaced by a recorder: signed webhooks
 * are answered 202 and built, unsigned or replayed ones change nothing (replayed after a
 * restart too, the accepted ids kept in the releases folder), /status and
 * /status.html tell the live release and the last build's error, and a page's start date
 * schedules a rebuild without an editor.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChangeSet } from '../../scripts/publish/build-queue.ts';
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from '../../scripts/publish/webhook.ts';
import type { PublishResult } from '../../scripts/publish/publisher.ts';
import { startPublishService } from '../../scripts/publish/service.ts';
import { DELIVERIES_FILE } from '../../scripts/publish/delivery-memory.ts';

const SECRET = 'test-secret-of-at-least-16-chars';
type Service = Awaited<ReturnType<typeof startPublishService>>;
let service: Service | undefined;
let releasesRoot: string;

beforeEach(async () => {
  releasesRoot = await mkdtemp(join(tmpdir(), 'publish-service-'));
});
afterEach(async () => {
  await service?.close();
  service = undefined;
  await rm(releasesRoot, { recursive: true, force: true });
});

const result = (over: Partial<PublishResult> = {}): PublishResult => ({
  release: 'R2',
  mode: 'pages',
  pagesRendered: 1,
  added: [],
  changed: ['/women.html'],
  removed: [],
  documents: [],
  products: [],
  dataFiles: 0,
  ms: 10,
  nextBoundary: null,
  ...over,
});

async function start(run: (set: ChangeSet) => Promise<PublishResult>, more: Partial<Parameters<typeof startPublishService>[0]> = {}) {
  service = await startPublishService({
    ...more,
    port: 0,
    secret: SECRET,
    run,
    releases: async () => ({ root: releasesRoot, live: 'R1', previous: 'R0', releases: [], history: [] }),
    debounceMs: 20,
    maxWaitMs: 100,
  });
  return service;
}

const post = (url: string, body: string, signature?: string) =>
  fetch(`${url}/webhook`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...(signature ? { [WEBHOOK_SIGNATURE_HEADER]: signature } : {}) },
  });
const payload = (id: string) => JSON.stringify({ id, language: 'zh_TW', published: [], changed: ['zh_TW/pages/women.json'], deleted: [] });

describe('publish service', () => {
  it('answers a signed webhook 202 at once and builds its documents', async () => {
    const built: ChangeSet[] = [];
    // The build waits for the test: the answer must come while it has not finished (on a busy
    // machine the queue may well have started it by then, which is fine).
    let finish = () => {};
    const held = new Promise<void>((resolve) => (finish = resolve));
    const { url, queue } = await start(async (set) => {
      await held;
      built.push(set);
      return result();
    });
    const body = payload('d1');
    const answer = await post(url, body, signWebhook(body, SECRET, Date.now()));
    expect(answer.status).toBe(202);
    expect(built).toEqual([]);
    finish();
    await new Promise((r) => setTimeout(r, 60));
    await queue.idle();
    expect(built.map((s) => s.documents)).toEqual([{ 'zh_TW/pages/women.json': 'changed' }]);
  });

  it('refuses a missing or bad signature with 401, and a replay with 409, building nothing', async () => {
    let builds = 0;
    const { url, queue } = await start(async () => {
      builds += 1;
      return result();
    });
    const body = payload('d2');
    expect((await post(url, body)).status).toBe(401);
    expect((await post(url, body, signWebhook(body, 'another-secret-16chars!', Date.now()))).status).toBe(401);
    expect((await post(url, body, signWebhook(body, SECRET, Date.now() - 6 * 60_000))).status).toBe(401);
    expect((await post(url, '{"id":', signWebhook('{"id":', SECRET, Date.now()))).status).toBe(400);
    const signature = signWebhook(body, SECRET, Date.now());
    expect((await post(url, body, signature)).status).toBe(202);
    expect((await post(url, body, signature)).status).toBe(409);
    await new Promise((r) => setTimeout(r, 60));
    await queue.idle();
    expect(builds).toBe(1);
  });

  it('refuses a replay after a restart as it does within a run: the accepted delivery ids are kept under the releases folder', async () => {
    let builds = 0;
    const run = async () => {
      builds += 1;
      return result();
    };
    const body = payload('d5');
    const signature = signWebhook(body, SECRET, Date.now());
    const first = await start(run);
    expect((await post(first.url, body, signature)).status).toBe(202);
    const withinRun = await post(first.url, body, signature);
    expect(withinRun.status).toBe(409);
    const refusal = await withinRun.json();
    await new Promise((r) => setTimeout(r, 60));
    await first.close();

    const second = await start(run);
    const afterRestart = await post(second.url, body, signature);
    expect(afterRestart.status).toBe(409);
    expect(await afterRestart.json()).toEqual(refusal);
    await new Promise((r) => setTimeout(r, 60));
    await second.queue.idle();
    expect(builds).toBe(1);
  });

  it('starts with a memory file that is not one, says so, and takes deliveries', async () => {
    await writeFile(join(releasesRoot, DELIVERIES_FILE), '{"version":1,"deliveries":');
    const lines: string[] = [];
    const { url } = await start(async () => result(), { log: (line) => lines.push(line) });
    expect(lines).toEqual([expect.stringMatching(/deliveries\.json is not a delivery memory, not JSON .*: starting with no delivery ids/)]);
    const body = payload('d6');
    expect((await post(url, body, signWebhook(body, SECRET, Date.now()))).status).toBe(202);
    expect(JSON.parse(await readFile(join(releasesRoot, DELIVERIES_FILE), 'utf8')).deliveries).toHaveProperty(['id:d6']);
  });

  it('shows the live release and a failed build in plain words, as JSON and as a page', async () => {
    const { url, queue } = await start(async () => {
      throw new Error('CMS document invalid: language zh_TW, document zh_TW/pages/women.json, field updatedAt: expected number');
    });
    const body = payload('d3');
    await post(url, body, signWebhook(body, SECRET, Date.now()));
    await new Promise((r) => setTimeout(r, 60));
    await queue.idle();
    const status = await (await fetch(`${url}/status`)).json();
    expect(status.live).toBe('R1');
    expect(status.queue.last.ok).toBe(false);
    expect(status.queue.last.error).toMatch(/document zh_TW\/pages\/women\.json, field updatedAt/);
    const page = await (await fetch(`${url}/status.html`)).text();
    expect(page).toContain('FAILED');
    expect(page).toContain('field updatedAt');
    expect(page).toContain('R1');
  });

  it('shows the startup build as the last build until a publish comes', async () => {
    const startup = {
      changeSet: { documents: {}, products: [], sources: ['startup'], moreSources: 0, rebuild: true },
      startedAt: 1_000,
      finishedAt: 4_000,
      ok: true,
      result: result({ mode: 'full', pagesRendered: 240 }),
    };
    const { url } = await start(async () => result(), { lastBuild: startup });
    const status = await (await fetch(`${url}/status`)).json();
    expect(status.queue.last).toMatchObject({ ok: true, result: { mode: 'full', pagesRendered: 240 } });
    const page = await (await fetch(`${url}/status.html`)).text();
    expect(page).toContain('succeeded');
    expect(page).toContain('full build');
    expect(page).not.toContain('none yet');
    expect(page).toContain('<th>Published</th><td>scheduled rebuild</td>');
    expect(page).toContain('<th>Pages touched</th><td>/women.html</td>');
  });

  it('rebuilds at the next page start date without an editor', async () => {
    const sources: string[][] = [];
    // Far enough ahead that the first publish is done before it, on a loaded machine too.
    const soon = Date.now() + 1500;
    let first = true;
    const { url, queue } = await start(async (set) => {
      sources.push([...set.sources]);
      const next = first ? soon : null;
      first = false;
      return result({ nextBoundary: next });
    });
    const body = payload('d4');
    await post(url, body, signWebhook(body, SECRET, Date.now()));
    await vi.waitFor(() => expect(sources).toHaveLength(1), { timeout: 5000, interval: 10 });
    await queue.idle();
    expect((await (await fetch(`${url}/status`)).json()).nextBoundary).toBe(soon);
    expect(sources).toEqual([['d4']]);
    await vi.waitFor(() => expect(sources).toHaveLength(2), { timeout: 5000, interval: 50 });
    await queue.idle();
    expect(sources).toEqual([['d4'], [`boundary:${new Date(soon).toISOString()}`]]);
  });
});
