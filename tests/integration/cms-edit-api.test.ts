/**
 * The sample CMS's edit API over real HTTP: the real server on the mini CMS, and a tiny
 * receiving server standing in for the publish service.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import { DeliveryLog, WEBHOOK_SIGNATURE_HEADER, verifyWebhook } from '../../scripts/publish/webhook.ts';
import { startCmsServer, type CmsServer, type CmsServerOptions } from '../../scripts/local-cms/server.ts';
import { FIXTURE_NOW, writeMiniCms } from '../fixtures/mini-cms.ts';

const SECRET = 'edit-api-test-secret-0123456789';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A publish service stand-in: records each delivery, answers with `answer(n)` (n from 0), after `delayMs`. */
async function startReceiver(answer: (n: number) => number = () => 202, delayMs = 0) {
  const received: Received[] = [];
  const waiters: Array<() => void> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const n = received.length;
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      waiters.splice(0).forEach((w) => w());
      setTimeout(() => {
        res.writeHead(answer(n));
        res.end();
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
    received,
    /** Resolves once `count` deliveries have arrived (fails the test after 5 s). */
    async waitFor(count: number): Promise<Received[]> {
      const deadline = Date.now() + 5000;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} webhook(s), got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

let dataDir: string;
let cms: CmsServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const cleanups: Array<() => Promise<void>> = [];

async function start(options: Partial<CmsServerOptions> = {}, answer?: (n: number) => number, delayMs?: number) {
  const thisReceiver = await startReceiver(answer, delayMs);
  const thisCms = await startCmsServer({
    dataDir,
    port: 0,
    webhookUrl: thisReceiver.url,
    webhookSecret: SECRET,
    webhookRetryBaseDelayMs: 20,
    ...options,
  });
  receiver = thisReceiver;
  cms = thisCms;
  cleanups.push(
    () => thisCms.close(),
    () => thisReceiver.close(),
  );
}

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'cms-edit-'));
  await writeMiniCms(dataDir, LANGUAGES);
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await rm(dataDir, { recursive: true, force: true });
});

const editUrl = (cachePath: string, query = '') => `${cms.url}/cms/_edit/${cachePath}${query}`;
const send = (method: string, cachePath: string, body?: unknown, headers: Record<string, string> = {}, query = '') =>
  fetch(editUrl(cachePath, query), {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
const onDisk = (cachePath: string) => readFile(join(dataDir, 'cms', cachePath), 'utf8');
const served = async (cachePath: string) => (await fetch(`${cms.url}/cms/${cachePath}`)).json();

/** A PUT sent as written: the path not normalised, any Host header. */
function rawPut(rawPath: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const { hostname, port } = new URL(cms.url);
    const req = request(
      { hostname, port, path: rawPath, method: 'PUT', headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        res.resume();
        resolve(res.statusCode!);
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(newWomen));
  });
}

function verified(delivery: Received) {
  const result = verifyWebhook({
    rawBody: delivery.body,
    header: delivery.headers[WEBHOOK_SIGNATURE_HEADER],
    secret: SECRET,
    now: Date.now(),
    seen: new DeliveryLog(),
  });
  if (!result.ok) throw new Error(`webhook refused: ${result.reason}: ${result.message}`);
  return result.payload;
}

const womenPage = 'zh_TW/pages/women.json';
const newWomen = { code: 'women', updatedAt: FIXTURE_NOW, description: 'Edited through the API', components: [] };

describe('edit API', () => {
  it('PUT changes the document on disk and as served, then fires a signed webhook naming it', async () => {
    await start();
    const response = await send('PUT', womenPage, newWomen);
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer).toMatchObject({ path: womenPage, change: 'changed', forced: false, delivery: expect.any(String) });
    expect(JSON.parse(await onDisk(womenPage))).toEqual(newWomen);
    expect(await served(womenPage)).toEqual(newWomen);

    const [delivery] = await receiver.waitFor(1);
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(verified(delivery!)).toEqual({
      id: answer.delivery,
      language: 'zh_TW',
      published: [],
      changed: [womenPage],
      deleted: [],
      products: [],
    });
  });

  it('PUT of a new document says published (201)', async () => {
    await start();
    const response = await send('PUT', 'en_GB/pages/feature/new.json', { code: 'new', updatedAt: FIXTURE_NOW, components: [] });
    expect(response.status).toBe(201);
    const [delivery] = await receiver.waitFor(1);
    expect(verified(delivery!)).toMatchObject({ language: 'en_GB', published: ['en_GB/pages/feature/new.json'], changed: [] });
  });

  it('refuses an invalid document with 422 and the field, changing nothing; ?force=1 saves it and publishes', async () => {
    await start();
    const before = await onDisk(womenPage);
    const malformed = { code: 'women', updatedAt: FIXTURE_NOW, components: [{ type: 'nonsense', id: 'x' }] };
    const refused = await send('PUT', womenPage, malformed);
    expect(refused.status).toBe(422);
    const error = await refused.json();
    expect(error.field).toBe('components.0.type');
    expect(error.error).toContain('zh_TW/pages/women.json: field components.0.type');
    expect(await onDisk(womenPage)).toBe(before);

    const forced = await send('PUT', womenPage, malformed, {}, '?force=1');
    expect(forced.status).toBe(200);
    expect((await forced.json()).forced).toBe(true);
    expect(JSON.parse(await onDisk(womenPage))).toEqual(malformed);
    const [delivery] = await receiver.waitFor(1);
    expect(verified(delivery!).changed).toEqual([womenPage]);
    await cms.edits.idle();
    expect(receiver.received).toHaveLength(1); // the refused edit fired nothing
  });

  it('refuses a body that is not JSON (400) unless forced, and a body not sent as JSON (415)', async () => {
    await start();
    expect((await send('PUT', womenPage, '{broken')).status).toBe(400);
    expect((await send('PUT', womenPage, '{broken', {}, '?force=1')).status).toBe(200);
    expect(await onDisk(womenPage)).toBe('{broken');
    expect((await send('PUT', womenPage, newWomen, { 'content-type': 'text/plain' })).status).toBe(415);
  });

  it('validates each document kind with its own schema', async () => {
    await start();
    expect((await send('PUT', 'zh_TW/shops.json', { shops: [{ code: 'bad code' }] })).status).toBe(422);
    expect((await send('PUT', 'zh_TW/press/index.json', { releases: 'none' })).status).toBe(422);
    const switchConfig = await served('switch-config.json');
    expect((await send('PUT', 'switch-config.json', { ...switchConfig, isPeakPromotion: 'Y' })).status).toBe(200);
    const [delivery] = await receiver.waitFor(1);
    expect(verified(delivery!)).toMatchObject({ language: 'all', changed: ['switch-config.json'] });
  });

  it('DELETE removes the document and publishes the delete; a second DELETE is 404', async () => {
    await start();
    const response = await send('DELETE', 'zh_TW/press/101.json');
    expect(response.status).toBe(200);
    await expect(onDisk('zh_TW/press/101.json')).rejects.toThrow(/ENOENT/);
    expect((await fetch(`${cms.url}/cms/zh_TW/press/101.json`)).status).toBe(404);
    const [delivery] = await receiver.waitFor(1);
    expect(verified(delivery!)).toMatchObject({ language: 'zh_TW', deleted: ['zh_TW/press/101.json'] });
    expect((await send('DELETE', 'zh_TW/press/101.json')).status).toBe(404);
  });

  it("POST schedules a page: its start and end dates in the language's config, published as a config change", async () => {
    await start();
    const startDate = FIXTURE_NOW + 3_600_000;
    const response = await send('POST', 'zh_TW/pages/feature/soon.json', { startDate });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ config: 'zh_TW/config.json', startDate, endDate: null });
    const config = JSON.parse(await onDisk('zh_TW/config.json'));
    expect(config.pages.find((p: { code: string }) => p.code === 'soon').startDate).toBe(startDate);
    expect(config.pages.find((p: { code: string }) => p.code === 'women').startDate ?? null).toBeNull();
    const [delivery] = await receiver.waitFor(1);
    expect(verified(delivery!)).toMatchObject({ language: 'zh_TW', changed: ['zh_TW/config.json'] });

    // endDate alone keeps the start.
    await send('POST', 'zh_TW/pages/feature/soon.json', { endDate: startDate + 1000 });
    expect(JSON.parse(await onDisk('zh_TW/config.json')).pages.find((p: { code: string }) => p.code === 'soon')).toMatchObject({
      startDate,
      endDate: startDate + 1000,
    });
  });

  it('refuses a schedule that makes no sense', async () => {
    await start();
    const before = await onDisk('zh_TW/config.json');
    expect((await send('POST', 'zh_TW/pages/feature/soon.json', { startDate: 'tomorrow' })).status).toBe(422);
    expect((await send('POST', 'zh_TW/pages/feature/soon.json', {})).status).toBe(422);
    expect((await send('POST', 'zh_TW/pages/feature/soon.json', { startDate: 2000, endDate: 1000 })).status).toBe(422);
    expect((await send('POST', 'zh_TW/pages/nowhere.json', { startDate: 1000 })).status).toBe(404);
    expect((await send('POST', 'zh_TW/shops.json', { startDate: 1000 })).status).toBe(405);
    expect(await onDisk('zh_TW/config.json')).toBe(before);
  });

  it('answers 404 for what is not a CMS document, and refuses paths that leave the data folder', async () => {
    await start();
    expect((await send('PUT', 'catalogue.json', {})).status).toBe(404);
    expect((await send('PUT', 'zh_TW/unknown.json', {})).status).toBe(404);
    // Raw, as fetch would resolve the dot segments before sending.
    expect(await rawPut('/cms/_edit/zh_TW/pages/%2e%2e/config.json')).toBe(403);
    expect(await rawPut('/cms/_edit/zh_TW/pages/..%2fconfig.json')).toBe(403);
    expect((await send('GET', womenPage)).status).toBe(405);
  });

  it('does not wait for the publish service before answering', async () => {
    await start({}, () => 202, 1500);
    const started = Date.now();
    expect((await send('PUT', womenPage, newWomen)).status).toBe(200);
    await receiver.waitFor(1);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(cms.edits.deliveries()[0]!.state).toBe('sending');
    await cms.edits.idle();
    expect(cms.edits.deliveries()[0]).toMatchObject({ state: 'delivered', status: 202, attempts: 1 });
  });

  it('retries a failed delivery with backoff, signing each attempt, and gives up on a refusal', async () => {
    await start({}, (n) => (n < 2 ? 503 : 202));
    await send('PUT', womenPage, newWomen);
    const deliveries = await receiver.waitFor(3);
    await cms.edits.idle();
    expect(cms.edits.deliveries()[0]).toMatchObject({ state: 'delivered', attempts: 3, status: 202 });
    expect(new Set(deliveries.map((d) => verified(d).id)).size).toBe(1); // one delivery id, three attempts
    expect(deliveries[2]!.at - deliveries[1]!.at).toBeGreaterThanOrEqual(deliveries[1]!.at - deliveries[0]!.at - 5); // the wait grows

    // 401 (the service does not know our secret): no retry.
    await start({ webhookRetries: 4 }, () => 401);
    await send('PUT', womenPage, newWomen);
    await receiver.waitFor(1);
    await cms.edits.idle();
    expect(receiver.received).toHaveLength(1);
    expect(cms.edits.deliveries()[0]).toMatchObject({ state: 'failed', attempts: 1, status: 401 });
  });

  it('retries when the publish service is down, and gives up after the retries', async () => {
    await start({ webhookRetries: 2 });
    await receiver.close(); // nobody listens at the URL
    await send('PUT', womenPage, newWomen);
    await cms.edits.idle();
    expect(cms.edits.deliveries()[0]).toMatchObject({ state: 'failed', attempts: 3, status: null });
  });

  it('fires no webhook without a URL, and the edit still works', async () => {
    await start({ webhookUrl: undefined });
    const response = await send('PUT', womenPage, newWomen);
    expect(await response.json()).toMatchObject({ delivery: null });
    expect(JSON.parse(await onDisk(womenPage))).toEqual(newWomen);
    expect(cms.edits.deliveries()).toEqual([]);
  });

  it('with a token, needs it', async () => {
    await start({ editToken: 'let-me-edit' });
    expect((await send('PUT', womenPage, newWomen)).status).toBe(401);
    expect((await send('PUT', womenPage, newWomen, { authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await send('PUT', womenPage, newWomen, { authorization: 'Bearer let-me-edit' })).status).toBe(200);
  });

  it('without a token, refuses a request naming another host (a web page through DNS rebinding)', async () => {
    await start();
    expect(await rawPut(`/cms/_edit/${womenPage}`, { host: 'evil.example' })).toBe(403);
    expect(await onDisk(womenPage)).not.toContain('Edited through the API');
  });

  it('never lets a browser preflight allow an edit', async () => {
    await start();
    const response = await fetch(editUrl(womenPage), {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PUT' },
    });
    expect(response.headers.get('access-control-allow-methods')).not.toMatch(/PUT|POST|DELETE/);
  });
});
