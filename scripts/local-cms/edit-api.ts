/**
 * The sample CMS's edit API: what an editor's "publish" does in a real CMS, so the whole
 * loop (edit → signed webhook → publish service → pull → build) runs locally.
 *
 *   PUT    /cms/_edit/{cache path}[?force=1]  body: the new document (JSON)
 *   DELETE /cms/_edit/{cache path}
 *   POST   /cms/_edit/{lang}/pages/{page}.json  body: { "startDate": ms|null, "endDate": ms|null }
 *   PUT    /cms/_edit/{cache path}?draft=1    body: the draft (JSON); DELETE with ?draft=1 discards it
 *   POST   /cms/_edit/_publish/{cache path}   the draft becomes the published version
 *   POST   /cms/_edit/_preview-link           body: { "path": "/en-gb/new.html", "expiresInSeconds"?: n }
 *
 * Drafts live beside the published documents ({dataDir}/drafts/{cache path}): the CMS serves
 * them only under /_drafts (server.ts), so a pull or a publish build never sees one. A direct
 * PUT still publishes at once (what the publish tests and scripts do); a draft is published by
 * the explicit POST, which writes it over the published version, removes it and sends the
 * same webhook a PUT does. A preview link is the preview service's signed, expiring address of
 * a page (src/node/preview/link.ts).
 *
 * PUT validates the document against the CMS contract for its kind (422 with the field and
 * the zod message when it does not match); `?force=1` saves it anyway, even when it is not
 * JSON, so tests can publish a malformed document. POST schedules a page: it sets the page's
 * start and/or end date in its language's config.json (a key left out keeps its value).
 * Every edit is written atomically (temporary file, rename) and then announced with a
 * signed webhook (lib/publish/webhook.ts) in the background: the answer does not wait for
 * the publish service, and a failed delivery is retried with backoff.
 *
 * Access: local only. Without a token, edits are taken only from a loopback address with a
 * loopback Host header (no other machine, and no web page through DNS rebinding); with a
 * token (CMS_EDIT_TOKEN), only with `Authorization: Bearer {token}`. Bodies must be sent as
 * application/json, which a cross-site form cannot do without a CORS preflight, and the
 * preflight never allows these methods.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { readFile, rm, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { z } from 'zod';
import { documentKindOf, documentLanguage, schemaOfKind, type DocumentKind } from '../../src/lib/cms/document-kind.ts';
import { cmsEndpoints, pagePathStem } from '../../src/lib/cms/endpoints.ts';
import { writeAtomically } from '../../src/node/cms/pull.ts';
import { cmsConfigSchema } from '../../src/lib/cms/schema.ts';
import { WEBHOOK_SIGNATURE_HEADER, signWebhook, type WebhookPayload } from '../publish/webhook.ts';
import { CodedError } from '../../src/lib/errors.ts';
import { DEFAULT_LINK_SECONDS, MAX_LINK_SECONDS, isPreviewPath, languageOfPath, previewLinkQuery } from '../../src/node/preview/link.ts';
import { isJsonContentType, isLoopbackHost, LOOPBACK_ADDRESSES } from '../request-checks.ts';

export const EDIT_PREFIX = '_edit';
/** Where drafts live in the data folder, beside `cms/`. */
export const DRAFTS_DIR = 'drafts';
const PUBLISH_SEGMENT = '_publish';
const PREVIEW_LINK_SEGMENT = '_preview-link';
const MAX_BODY_BYTES = 5_000_000;

export interface EditApiOptions {
  /** The CMS data folder: documents live at {dataDir}/cms/{cache path}. */
  dataDir: string;
  /** Where webhooks go; unset: none are sent. */
  webhookUrl?: string | undefined;
  /** Needed when webhookUrl is set. */
  webhookSecret?: string | undefined;
  /** When set, every edit needs `Authorization: Bearer {editToken}`. */
  editToken?: string | undefined;
  /** Attempts after the first, doubling the wait each time. Default 4 (0.5 + 1 + 2 + 4 s). */
  webhookRetries?: number;
  webhookRetryBaseDelayMs?: number;
  webhookTimeoutMs?: number;
  now?: () => number;
  log?: (line: string) => void;
  /** The preview service's origin and its links' key; unset: no preview links (501). */
  preview?: { url: string; secret: string } | undefined;
}

export interface WebhookDelivery {
  id: string;
  payload: WebhookPayload;
  attempts: number;
  /** HTTP status of the last attempt, or null when it did not connect. */
  status: number | null;
  state: 'sending' | 'delivered' | 'failed';
  error?: string;
}

export class EditError extends CodedError {
  readonly status: number;
  readonly details: Record<string, unknown>;
  constructor(status: number, message: string, details: Record<string, unknown> = {}) {
    super('CMS_EDIT_REFUSED', message);
    this.status = status;
    this.details = details;
  }
}

export interface EditApi {
  /** Handles a request under /cms/_edit/ (segments after `_edit`, decoded and safe). */
  handle(req: IncomingMessage, res: ServerResponse, segments: readonly string[]): Promise<void>;
  /** Deliveries of this server, newest last (the last 100). */
  deliveries(): readonly WebhookDelivery[];
  /** Resolves when no delivery is being sent or waiting for a retry. */
  idle(): Promise<void>;
  /** Stops retries in progress (the server is closing). */
  close(): void;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new EditError(413, `body larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw new EditError(400, `body is not valid JSON (${(error as Error).message})`);
  }
}

function invalid(cachePath: string, error: z.ZodError): EditError {
  const issue = error.issues[0]!;
  const field = issue.path.map(String).join('.');
  return new EditError(422, `${cachePath}: field ${field || '(root)'}: ${issue.message}`, { field, issues: error.issues });
}

const scheduleSchema = z
  .object({
    startDate: z.number().int().nonnegative().nullable().optional().describe('Published from (ms); null for always'),
    endDate: z.number().int().nonnegative().nullable().optional().describe('Published until (ms); null for always'),
  })
  .strict()
  .refine((s) => s.startDate !== undefined || s.endDate !== undefined, 'give startDate, endDate or both');

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const bytes = Buffer.from(JSON.stringify(body));
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(bytes.length),
    'cache-control': 'no-store',
  });
  res.end(bytes);
}

const previewLinkSchema = z
  .object({
    path: z.string().refine(isPreviewPath, 'an absolute page path, e.g. /en-gb/new.html').describe('The page on the store'),
    expiresInSeconds: z.number().int().min(60).max(MAX_LINK_SECONDS).optional().describe('Lifetime of the link'),
  })
  .strict();

const exists = (file: string) =>
  stat(file).then(
    (s) => s.isFile(),
    () => false,
  );

export function createEditApi(options: EditApiOptions): EditApi {
  const cmsDir = path.join(path.resolve(options.dataDir), 'cms');
  const draftsDir = path.join(path.resolve(options.dataDir), DRAFTS_DIR);
  const {
    webhookUrl,
    webhookSecret,
    editToken,
    webhookRetries = 4,
    webhookRetryBaseDelayMs = 500,
    webhookTimeoutMs = 5000,
    log = () => {},
  } = options;
  const now = options.now ?? Date.now;
  if (webhookUrl && !webhookSecret) throw new CodedError('CMS_EDIT_SECRET_MISSING', 'the edit API needs webhookSecret to sign webhooks');
  const recent: WebhookDelivery[] = [];
  const inFlight = new Set<Promise<void>>();
  const stop = new AbortController();
  /** Edits run one at a time: a schedule reads, changes and writes config.json. */
  let chain: Promise<unknown> = Promise.resolve();
  const serially = <T>(task: () => Promise<T>): Promise<T> => {
    const next = chain.then(task, task);
    chain = next.catch(() => {});
    return next;
  };

  function authorize(req: IncomingMessage): void {
    if (editToken) {
      const header = req.headers.authorization ?? '';
      if (!header.startsWith('Bearer ') || !sameSecret(header.slice('Bearer '.length), editToken))
        throw new EditError(401, 'the edit API needs Authorization: Bearer {CMS_EDIT_TOKEN}');
      return;
    }
    if (!LOOPBACK_ADDRESSES.has(req.socket.remoteAddress ?? '') || !isLoopbackHost(req.headers.host)) {
      throw new EditError(403, 'the edit API answers only on this machine (or with CMS_EDIT_TOKEN)');
    }
  }

  const fileOf = (cachePath: string, dir = cmsDir) => {
    const file = path.resolve(dir, ...cachePath.split('/'));
    if (!file.startsWith(dir + path.sep)) throw new EditError(403, 'path refused');
    return file;
  };

  async function deliver(delivery: WebhookDelivery): Promise<void> {
    const body = JSON.stringify(delivery.payload);
    for (let attempt = 0; attempt <= webhookRetries && !stop.signal.aborted; attempt++) {
      if (attempt > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, webhookRetryBaseDelayMs * 2 ** (attempt - 1));
          stop.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
        });
        if (stop.signal.aborted) break;
      }
      delivery.attempts = attempt + 1;
      try {
        // Signed per attempt: a retry after a long wait must not arrive stale.
        const response = await fetch(webhookUrl!, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signWebhook(body, webhookSecret!, now()) },
          body,
          signal: AbortSignal.any([AbortSignal.timeout(webhookTimeoutMs), stop.signal]),
        });
        delivery.status = response.status;
        await response.body?.cancel();
        // 409: the service already has this delivery (an earlier attempt got through).
        if (response.ok || response.status === 409) {
          delivery.state = 'delivered';
          return;
        }
        delivery.error = `HTTP ${response.status}`;
        if (response.status < 500 && response.status !== 429) break; // refused: retrying will not help
      } catch (error) {
        delivery.status = null;
        delivery.error = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
      }
    }
    delivery.state = 'failed';
    log(`[cms] webhook ${delivery.id} to ${webhookUrl} failed after ${delivery.attempts} attempt(s): ${delivery.error}`);
  }

  /** Announces an edit; returns the delivery id, or null when no webhook URL is set. */
  function announce(kind: DocumentKind, change: { published?: string[]; changed?: string[]; deleted?: string[] }): string | null {
    if (!webhookUrl) return null;
    const payload: WebhookPayload = {
      id: randomUUID(),
      language: documentLanguage(kind),
      published: [],
      changed: [],
      deleted: [],
      products: [],
      ...change,
    };
    const delivery: WebhookDelivery = { id: payload.id, payload, attempts: 0, status: null, state: 'sending' };
    recent.push(delivery);
    if (recent.length > 100) recent.shift();
    const task = deliver(delivery).finally(() => inFlight.delete(task));
    inFlight.add(task);
    return payload.id;
  }

  function requireJson(req: IncomingMessage): void {
    if (!isJsonContentType(req.headers['content-type'])) throw new EditError(415, 'send the body as Content-Type: application/json');
  }

  async function put(
    req: IncomingMessage,
    res: ServerResponse,
    cachePath: string,
    kind: DocumentKind,
    force: boolean,
    draft: boolean,
  ): Promise<void> {
    requireJson(req);
    const body = await readBody(req);
    if (!force) {
      const parsed = schemaOfKind(kind).safeParse(parseJson(body));
      if (!parsed.success) throw invalid(cachePath, parsed.error);
    }
    if (draft) {
      // A draft is announced to nobody: only the preview reads it.
      const draftFile = fileOf(cachePath, draftsDir);
      const created = await serially(async () => {
        const created = !(await exists(draftFile));
        await writeAtomically(draftFile, body);
        return created;
      });
      sendJson(res, created ? 201 : 200, { path: cachePath, change: 'draft', forced: force, delivery: null });
      return;
    }
    const file = fileOf(cachePath);
    const { change, delivery } = await serially(async () => {
      const change = (await exists(file)) ? ('changed' as const) : ('published' as const);
      // Saved as sent: the contract's defaults are the reader's business.
      await writeAtomically(file, body);
      return { change, delivery: announce(kind, { [change]: [cachePath] }) };
    });
    sendJson(res, change === 'published' ? 201 : 200, { path: cachePath, change, forced: force, delivery });
  }

  async function discardDraft(res: ServerResponse, cachePath: string): Promise<void> {
    const draftFile = fileOf(cachePath, draftsDir);
    await serially(async () => {
      if (!(await exists(draftFile))) throw new EditError(404, `no draft of ${cachePath}`);
      await rm(draftFile);
    });
    sendJson(res, 200, { path: cachePath, change: 'draft-discarded', delivery: null });
  }

  /** The draft becomes the published version, then is announced as a PUT is. */
  async function publishDraft(res: ServerResponse, cachePath: string, kind: DocumentKind): Promise<void> {
    const draftFile = fileOf(cachePath, draftsDir);
    const file = fileOf(cachePath);
    const { change, delivery } = await serially(async () => {
      const body = await readFile(draftFile).catch(() => {
        throw new EditError(404, `no draft of ${cachePath} to publish`);
      });
      const change = (await exists(file)) ? ('changed' as const) : ('published' as const);
      await writeAtomically(file, body);
      await rm(draftFile);
      return { change, delivery: announce(kind, { [change]: [cachePath] }) };
    });
    sendJson(res, change === 'published' ? 201 : 200, { path: cachePath, change, delivery });
  }

  async function previewLink(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') throw new EditError(405, 'POST /cms/_edit/_preview-link');
    if (!options.preview) throw new EditError(501, 'this CMS has no preview service configured');
    requireJson(req);
    const asked = previewLinkSchema.safeParse(parseJson(await readBody(req)));
    if (!asked.success) throw invalid(PREVIEW_LINK_SEGMENT, asked.error);
    const expires = Math.floor(now() / 1000) + (asked.data.expiresInSeconds ?? DEFAULT_LINK_SECONDS);
    const target = { path: asked.data.path, language: languageOfPath(asked.data.path).code, expires };
    const url = `${options.preview.url}/_preview/open?${previewLinkQuery(target, options.preview.secret)}`;
    sendJson(res, 200, { url, ...target });
  }

  async function remove(res: ServerResponse, cachePath: string, kind: DocumentKind): Promise<void> {
    const file = fileOf(cachePath);
    const delivery = await serially(async () => {
      if (!(await exists(file))) throw new EditError(404, `no CMS document at ${cachePath}`);
      await rm(file);
      return announce(kind, { deleted: [cachePath] });
    });
    sendJson(res, 200, { path: cachePath, change: 'deleted', delivery });
  }

  async function schedule(req: IncomingMessage, res: ServerResponse, cachePath: string, kind: DocumentKind): Promise<void> {
    if (kind.kind !== 'page') throw new EditError(405, 'only a page document can be scheduled: POST /cms/_edit/{lang}/pages/{page}.json');
    requireJson(req);
    const dates = scheduleSchema.safeParse(parseJson(await readBody(req)));
    if (!dates.success) throw invalid(cachePath, dates.error);
    const configPath = cmsEndpoints.shared(kind.language, 'config').replace(/^\/cms\//, '');
    const configFile = fileOf(configPath);
    const result = await serially(async () => {
      const text = await readFile(configFile, 'utf8').catch(() => {
        throw new EditError(404, `no ${configPath}`);
      });
      const config = JSON.parse(text) as { pages?: Array<{ path?: string; startDate?: number | null; endDate?: number | null }> };
      const page = config.pages?.find((p) => typeof p.path === 'string' && pagePathStem(p.path) === kind.stem);
      if (!page) throw new EditError(404, `${configPath} lists no page at /${kind.stem}.html`);
      if (dates.data.startDate !== undefined) page.startDate = dates.data.startDate;
      if (dates.data.endDate !== undefined) page.endDate = dates.data.endDate;
      if (page.startDate != null && page.endDate != null && page.startDate >= page.endDate)
        throw new EditError(422, 'startDate must be before endDate', { field: 'startDate' });
      const parsed = cmsConfigSchema.safeParse(config);
      if (!parsed.success) throw invalid(configPath, parsed.error);
      await writeAtomically(configFile, `${JSON.stringify(config)}\n`);
      return { startDate: page.startDate ?? null, endDate: page.endDate ?? null, delivery: announce(kind, { changed: [configPath] }) };
    });
    sendJson(res, 200, { path: cachePath, config: configPath, change: 'scheduled', ...result });
  }

  return {
    async handle(req, res, segments) {
      try {
        authorize(req);
        if (segments.length === 1 && segments[0] === PREVIEW_LINK_SEGMENT) {
          await previewLink(req, res);
          return;
        }
        const publishing = segments[0] === PUBLISH_SEGMENT;
        const cachePath = (publishing ? segments.slice(1) : segments).join('/');
        const kind = documentKindOf(cachePath);
        if (!kind) throw new EditError(404, `${cachePath || '(nothing)'} is not a CMS document the edit API knows`);
        const query = new URL(req.url ?? '/', 'http://cms').searchParams;
        const force = query.get('force') === '1';
        const draft = query.get('draft') === '1';
        if (publishing) {
          if (req.method !== 'POST') throw new EditError(405, `POST /cms/_edit/${PUBLISH_SEGMENT}/{path} publishes a draft`);
          await publishDraft(res, cachePath, kind);
        } else if (req.method === 'PUT') await put(req, res, cachePath, kind, force, draft);
        else if (req.method === 'DELETE' && draft) await discardDraft(res, cachePath);
        else if (req.method === 'DELETE') await remove(res, cachePath, kind);
        else if (req.method === 'POST') await schedule(req, res, cachePath, kind);
        else throw new EditError(405, `method ${req.method} not allowed on the edit API (PUT, DELETE, POST)`);
      } catch (error) {
        if (!(error instanceof EditError)) throw error;
        if (!res.headersSent) sendJson(res, error.status, { error: error.message, ...error.details });
        req.resume(); // drain an unread body so the connection can be reused
      }
    },
    deliveries: () => recent,
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    close() {
      stop.abort();
    },
  };
}
