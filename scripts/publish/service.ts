/**
 * The publish service's HTTP face: `POST /webhook` takes the CMS's signed publish webhooks
 * (401 and nothing happens without a valid signature; 202 at once and queued with one),
 * `GET /status` says what is live, queued and running and how the last build went, as JSON,
 * and `GET /status.html` the same for editors, with shoppers' real-user speed (vitals-section.ts)
 * when it has a field report to read. Builds run through the coalescing queue; after
 * each, a rebuild is scheduled at the next page start or end date.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_TIMER_MS } from '../../src/lib/cms/schedule.ts';
import { BuildQueue, type BuildQueueState, type BuildRecord, type ChangeSet } from './build-queue.ts';
import { MAX_WEBHOOK_BODY_BYTES, REJECTION_STATUS, WEBHOOK_SIGNATURE_HEADER, verifyWebhook } from './webhook.ts';
import { openDeliveryMemory } from './delivery-memory.ts';
import { commerceApiUrl, publishPort, publishWebhookSecret } from '../../src/node/env.ts';
import { createPublisher, type PublishResult } from './publisher.ts';
import { createReleaseManager, displayPath, type ReleasesStatus } from './releases.ts';
import { CodedError } from '../../src/lib/errors.ts';
import { fetchVitalsReport, VITALS_STYLE, vitalsSectionHtml } from './vitals-section.ts';

export interface PublishServiceOptions {
  port: number;
  host?: string;
  secret: string | readonly string[];
  run: (changeSet: ChangeSet) => Promise<PublishResult>;
  /** The releases served; the accepted delivery ids are kept in their folder, so a replay is refused after a restart too. */
  releases: () => Promise<ReleasesStatus>;
  debounceMs?: number;
  maxWaitMs?: number;
  log?: (line: string) => void;
  now?: () => number;
  /** The build made before the service started, shown as the last build until the next one. */
  lastBuild?: BuildRecord<PublishResult>;
  /** Where /status.html reads the shoppers' field report (the local API's ADMIN_PATH/vitals); also settable later with readVitalsFrom. */
  vitalsUrl?: string;
}

export interface PublishStatus {
  live: string | null;
  previous: string | null;
  queue: BuildQueueState<PublishResult>;
  nextBoundary: number | null;
}

class BodyTooLarge extends CodedError {
  constructor(message: string) {
    super('WEBHOOK_BODY_TOO_LARGE', message);
  }
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_WEBHOOK_BODY_BYTES) throw new BodyTooLarge(`body over ${MAX_WEBHOOK_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res
    .writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
    .end(JSON.stringify(body, null, 1));
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const when = (ms: number | null | undefined) => (ms == null ? '—' : new Date(ms).toISOString().replace('T', ' ').slice(0, 19) + ' UTC');

/** Pages named on /status.html (the JSON has them all). */
const STATUS_PATHS_SHOWN = 12;

/** The same data as /status, for an editor: plain words, no script; then the real-user speed section, if given. */
export function statusHtml(status: PublishStatus, vitalsSection = ''): string {
  const { queue } = status;
  const last = queue.last;
  const documents = (set: ChangeSet) =>
    Object.entries(set.documents)
      .map(([path, change]) => `${change} ${path}`)
      .join(', ') || (set.rebuild ? 'scheduled rebuild' : '—');
  const rows: Array<[string, string]> = [
    ['Live release', status.live ?? 'none'],
    ['Rollback would return to', status.previous ?? 'nothing'],
    ['Running', queue.running ? `since ${when(queue.running.startedAt)}: ${documents(queue.running.changeSet)}` : 'nothing'],
    [
      'Queued',
      queue.queued
        ? `${documents(queue.queued.changeSet)} (${queue.queued.dueAt ? `due ${when(queue.queued.dueAt)}` : 'waits for the next publish'})`
        : 'nothing',
    ],
    [
      'Last build',
      last
        ? `${last.ok ? 'succeeded' : 'FAILED'} at ${when(last.finishedAt)}, ${((last.finishedAt - last.startedAt) / 1000).toFixed(1)} s`
        : 'none yet',
    ],
  ];
  if (last) rows.push(['Published', documents(last.changeSet)]);
  if (last?.ok && last.result) {
    rows.push([
      'Pages',
      `${last.result.mode === 'full' ? 'full build' : `${last.result.pagesRendered} rendered`}; added ${last.result.added.length}, changed ${last.result.changed.length}, removed ${last.result.removed.length}`,
    ]);
    const paths = [...last.result.added, ...last.result.changed, ...last.result.removed];
    if (paths.length > 0)
      rows.push([
        'Pages touched',
        `${paths.slice(0, STATUS_PATHS_SHOWN).join(', ')}${paths.length > STATUS_PATHS_SHOWN ? ` and ${paths.length - STATUS_PATHS_SHOWN} more` : ''}`,
      ]);
  }
  if (last && !last.ok) rows.push(['Error', last.error ?? 'unknown']);
  rows.push(['Next scheduled rebuild', when(status.nextBoundary)]);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Publish status</title><meta http-equiv="refresh" content="5">
<style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem;color:#222}th{text-align:left;padding:.3rem 1rem .3rem 0;vertical-align:top;white-space:nowrap}td{padding:.3rem 0}.failed{color:#b00020}${VITALS_STYLE}</style></head>
<body><h1>Publish status</h1><table>${rows.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td${k === 'Error' ? ' class="failed"' : ''}>${escapeHtml(v)}</td></tr>`).join('')}</table>${vitalsSection}</body></html>`;
}

export async function startPublishService(options: PublishServiceOptions) {
  const { secret, log = () => {}, now = Date.now } = options;
  const deliveries = await openDeliveryMemory((await options.releases()).root, { now, log });
  const seen = deliveries.seen;
  let vitalsUrl = options.vitalsUrl;
  let nextBoundary: number | null = null;
  let boundaryTimer: ReturnType<typeof setTimeout> | undefined;

  const schedule = (at: number | null) => {
    clearTimeout(boundaryTimer);
    nextBoundary = at;
    if (at === null) return;
    // Longer waits than a timer honours are re-armed on the way.
    const wait = Math.min(Math.max(0, at - now()), MAX_TIMER_MS);
    boundaryTimer = setTimeout(() => {
      if (now() < at) return schedule(at);
      queue.enqueue({ id: `boundary:${new Date(at).toISOString()}`, rebuild: true });
    }, wait);
    boundaryTimer.unref?.();
  };

  const queue = new BuildQueue<PublishResult>({
    run: options.run,
    ...(options.debounceMs !== undefined ? { debounceMs: options.debounceMs } : {}),
    ...(options.maxWaitMs !== undefined ? { maxWaitMs: options.maxWaitMs } : {}),
    now,
    ...(options.lastBuild ? { last: options.lastBuild } : {}),
    onBuild: (record) => {
      if (record.ok && record.result) schedule(record.result.nextBoundary);
      else log(`[publish] build failed, ${record.error}; the live release is unchanged`);
    },
  });

  const status = async (): Promise<PublishStatus> => {
    const releases = await options.releases();
    return { live: releases.live, previous: releases.previous, queue: queue.state(), nextBoundary };
  };

  // Every failure is answered inside; the server only starts the answer.
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    try {
      if (path === '/webhook' && req.method === 'POST') {
        const rawBody = await readBody(req);
        const verdict = verifyWebhook({ rawBody, header: req.headers[WEBHOOK_SIGNATURE_HEADER], secret, now: now(), seen });
        if (!verdict.ok) {
          log(`[publish] webhook refused: ${verdict.message}`);
          return json(res, REJECTION_STATUS[verdict.reason], { error: verdict.reason, message: verdict.message });
        }
        const { id, published, changed, deleted, products } = verdict.payload;
        queue.enqueue({ id, published, changed, deleted, products });
        // Kept on disk before the answer: a replay after a restart from here on is refused.
        await deliveries.save();
        return json(res, 202, { accepted: id });
      }
      if (path === '/status' && req.method === 'GET') return json(res, 200, await status());
      if (path === '/status.html' && req.method === 'GET') {
        const vitals = vitalsSectionHtml(
          vitalsUrl
            ? await fetchVitalsReport(vitalsUrl)
            : { unavailable: 'No field report to read: `npm start` reads its local API’s; this service was started without one.' },
        );
        res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
          .end(statusHtml(await status(), vitals));
        return;
      }
      json(res, 404, { error: 'not-found', message: 'POST /webhook, GET /status or GET /status.html' });
    } catch (error) {
      if (error instanceof BodyTooLarge) return json(res, 413, { error: 'too-large', message: error.message });
      json(res, 500, { error: 'internal', message: (error as Error).message });
    }
  };
  const server = createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve) => server.listen(options.port, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    queue,
    schedule,
    status,
    /** The field report's address, once the API that keeps it is up (npm start starts it after the first release). */
    readVitalsFrom(url: string) {
      vitalsUrl = url;
    },
    async close() {
      clearTimeout(boundaryTimer);
      await queue.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The whole publishing side, as `npm start` and `npm run publish-service` run it: a full build
 * made live first (nothing is served before there is a release), then the service.
 */
export async function startPublishing(options: { cmsUrl: string; log?: (line: string) => void }) {
  const log = options.log ?? console.log;
  // The next release's copy of the live one is made while the service waits, not while a publish does.
  const releases = createReleaseManager({ log, seedAhead: true });
  // What a build killed with an earlier run of the service left behind goes first; a clean-up
  // that fails is said, and the service starts all the same.
  await releases.prune().catch((error: Error) => log(`[releases] clean-up at start failed: ${error.message}`));
  const commerceUrl = commerceApiUrl();
  const publisher = createPublisher({ cmsUrl: options.cmsUrl, ...(commerceUrl ? { commerceUrl } : {}), releases, log });
  const changeSet: ChangeSet = { documents: {}, products: [], sources: ['startup'], moreSources: 0, rebuild: true };
  const startedAt = Date.now();
  let first: PublishResult;
  try {
    first = await publisher.run(changeSet);
  } catch (error) {
    publisher.close();
    throw error;
  }
  log(`[release] ${first.release} is live at ${displayPath(releases.currentPath)}`);
  const lastBuild = { changeSet, startedAt, finishedAt: Date.now(), ok: true, result: first };
  const service = await startPublishService({
    port: publishPort(),
    secret: publishWebhookSecret(),
    run: publisher.run,
    releases: () => releases.list(),
    log,
    lastBuild,
  });
  service.schedule(first.nextBoundary);
  log(`[publish] webhooks at ${service.url}/webhook, status at ${service.url}/status.html`);
  return {
    releases,
    service,
    /** Stops the service (a running build finishes) and the waiting build process. */
    async close() {
      await service.close();
      publisher.close();
      await releases.dispose();
    },
  };
}
