/**
 * The local sample CMS server: serves what scripts/local-cms/generate.ts wrote, by path,
 * with the CMS contract (src/lib/cms/endpoints.ts) and the image CDN's resize suffix
 * (src/lib/cms/image-url.ts). node:http only.
 *
 *   npx node scripts/local-cms/server.ts --data .data/cms --port 4400
 *
 * GET /cms/health           200 { ok: true }
 * GET /cms/...json          the document; strong ETag, 304 on If-None-Match; 404 { error }
 * GET /media/...            images; ..._r-{w}-{h} is resized with sharp and cached on disk
 *                           under {data}/.resized/
 * PUT, DELETE, POST /cms/_edit/{cache path}
 *                           the edit API (edit-api.ts): change, delete or schedule a document,
 *                           then fire a signed publish webhook at webhookUrl; save, discard or
 *                           publish a draft; give a preview link
 * GET /_drafts/cms/...json  the draft view, the preview's CMS_DRAFTS_BASE_URL: a document's
 *                           draft where it has one, else its published version
 * GET /_drafts/cms/drafts.json
 *                           { documents: [cache paths with a draft] }
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { cmsEndpoints } from '../../src/lib/cms/endpoints.ts';
import { parseResizeSuffix } from '../../src/lib/cms/image-url.ts';
import { cmsEditToken, previewLinkSecret, previewUrl, publishWebhookSecret, publishWebhookUrl } from '../../src/node/env.ts';
import { DRAFTS_DIR, EDIT_PREFIX, createEditApi, type EditApi, type EditApiOptions } from './edit-api.ts';
import { CodedError } from '../../src/lib/errors.ts';

export interface CmsServerOptions {
  dataDir: string;
  /** 0 picks a free port. Default 4400. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Where the edit API sends publish webhooks; unset: none (the CLI reads PUBLISH_WEBHOOK_URL). */
  webhookUrl?: string | undefined;
  /** Signs the webhooks; needed with webhookUrl (the CLI reads PUBLISH_WEBHOOK_SECRET). */
  webhookSecret?: string | undefined;
  /** When set, edits need `Authorization: Bearer {editToken}`; unset, they are taken from this machine only. */
  editToken?: string | undefined;
  webhookRetries?: EditApiOptions['webhookRetries'];
  webhookRetryBaseDelayMs?: EditApiOptions['webhookRetryBaseDelayMs'];
  /** The preview service's origin and link key: the edit API gives preview links with them. */
  preview?: EditApiOptions['preview'];
}

/** The draft view's prefix: {CMS url}/_drafts is the preview's drafts base URL. */
export const DRAFTS_PREFIX = '_drafts';
/** The list of drafted documents, under the drafts base URL. */
export const DRAFTS_LIST = 'cms/drafts.json';
export interface CmsServer {
  url: string;
  port: number;
  /** The edit API's webhook deliveries. */
  edits: Pick<EditApi, 'deliveries' | 'idle'>;
  close(): Promise<void>;
}

/** Widest resized image served; larger requests are scaled down keeping the asked ratio. */
const MAX_RESIZE_WIDTH = 2400;
const MAX_RESIZE_HEIGHT = 4800;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const MEDIA_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};
const RESIZABLE = new Set(['.jpg', '.jpeg', '.png', '.webp', '.avif']);

class HttpError extends CodedError {
  readonly status: number;
  constructor(status: number, message: string) {
    super('CMS_HTTP_ANSWER', message);
    this.status = status;
  }
}

function etagOf(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;
}

/** If-None-Match matches a strong ETag (also in a list, or *). */
function notModified(req: IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const bytes = Buffer.from(JSON.stringify(body));
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(bytes.length),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(bytes);
}

function sendBytes(req: IncomingMessage, res: ServerResponse, bytes: Buffer, headers: Record<string, string>): void {
  const etag = etagOf(bytes);
  if (notModified(req, etag)) {
    res.writeHead(304, { etag, 'cache-control': headers['cache-control'] ?? 'no-cache' });
    res.end();
    return;
  }
  res.writeHead(200, { ...headers, etag, 'content-length': String(bytes.length) });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

/**
 * The decoded path segments of a request, or an error for anything that could leave the
 * data directory: dot segments (also percent-encoded), backslashes, NUL, empty segments.
 */
function safeSegments(rawUrl: string): string[] {
  const rawPath = rawUrl.split(/[?#]/, 1)[0] ?? '';
  const rawSegments = rawPath.split('/').slice(1);
  const segments: string[] = [];
  for (const raw of rawSegments) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      throw new HttpError(400, 'malformed path');
    }
    if (segment === '') throw new HttpError(404, 'not found');
    if (segment.startsWith('.') || /[\\/\0]/.test(segment)) throw new HttpError(403, 'path refused');
    segments.push(segment);
  }
  return segments;
}

async function readRegularFile(file: string): Promise<Buffer | null> {
  try {
    const info = await stat(file);
    if (!info.isFile()) return null;
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
    throw error;
  }
}

export async function startCmsServer(options: CmsServerOptions): Promise<CmsServer> {
  const dataDir = path.resolve(options.dataDir);
  const resizedDir = path.join(dataDir, '.resized');
  const host = options.host ?? '127.0.0.1';
  const healthPath = cmsEndpoints.health();
  /** Resizes in progress, so concurrent requests for one size render it once. */
  const inFlight = new Map<string, Promise<Buffer | null>>();
  const edits = createEditApi({
    dataDir,
    webhookUrl: options.webhookUrl,
    webhookSecret: options.webhookSecret,
    editToken: options.editToken,
    preview: options.preview,
    ...(options.webhookRetries !== undefined ? { webhookRetries: options.webhookRetries } : {}),
    ...(options.webhookRetryBaseDelayMs !== undefined ? { webhookRetryBaseDelayMs: options.webhookRetryBaseDelayMs } : {}),
    log: (line) => console.error(line),
  });

  const resolveInside = (segments: readonly string[]): string => {
    const file = path.resolve(dataDir, ...segments);
    if (file !== dataDir && !file.startsWith(dataDir + path.sep)) throw new HttpError(403, 'path refused');
    return file;
  };

  async function resized(segments: readonly string[], urlPath: string): Promise<Buffer | null> {
    const parsed = parseResizeSuffix(urlPath);
    if (!parsed) return null;
    const baseSegments = parsed.basePath.split('/').slice(1);
    const baseFile = resolveInside(baseSegments);
    const ext = path.extname(baseFile).toLowerCase();
    if (!RESIZABLE.has(ext)) throw new HttpError(404, 'image cannot be resized');
    const cacheFile = path.join(resizedDir, ...segments);
    const key = cacheFile;
    const pending = inFlight.get(key);
    if (pending) return pending;
    const job = (async () => {
      let baseInfo;
      try {
        baseInfo = await stat(baseFile);
      } catch {
        return null;
      }
      if (!baseInfo.isFile()) return null;
      try {
        const cached = await stat(cacheFile);
        if (cached.mtimeMs >= baseInfo.mtimeMs) return await readFile(cacheFile);
      } catch {
        // not cached yet
      }
      let { width, height } = parsed;
      if (width > MAX_RESIZE_WIDTH) {
        height = Math.round((height * MAX_RESIZE_WIDTH) / width);
        width = MAX_RESIZE_WIDTH;
      }
      height = Math.min(height, MAX_RESIZE_HEIGHT);
      const pipeline = sharp(await readFile(baseFile));
      const bytes =
        width === 0 && height === 0
          ? await pipeline.toBuffer()
          : await pipeline.resize({ ...(width > 0 ? { width } : {}), ...(height > 0 ? { height } : {}), fit: 'cover' }).toBuffer();
      await mkdir(path.dirname(cacheFile), { recursive: true });
      const temp = `${cacheFile}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, cacheFile);
      return bytes;
    })();
    inFlight.set(key, job);
    try {
      return await job;
    } finally {
      inFlight.delete(key);
    }
  }

  /** Every cache path under the drafts folder, sorted. */
  async function draftPaths(): Promise<string[]> {
    const dir = path.join(dataDir, DRAFTS_DIR);
    const names = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    return names
      .filter((e) => e.isFile() && e.name.endsWith('.json') && !e.name.startsWith('.'))
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .sort();
  }

  /** The draft view: what the preview pulls (drafts over the published documents), never the published view. */
  async function draftView(req: IncomingMessage, res: ServerResponse, segments: readonly string[], cors: Record<string, string>) {
    if (segments.join('/') === DRAFTS_LIST) {
      sendJson(res, 200, { documents: await draftPaths() }, cors);
      return;
    }
    if (segments[0] !== 'cms' || segments.length < 2 || !segments.at(-1)!.endsWith('.json'))
      throw new HttpError(404, `no CMS document at /${DRAFTS_PREFIX}/${segments.join('/')}`);
    const draft = await readRegularFile(resolveInside([DRAFTS_DIR, ...segments.slice(1)]));
    const bytes = draft ?? (await readRegularFile(resolveInside(segments)));
    if (!bytes) throw new HttpError(404, `no CMS document at /${segments.join('/')}`);
    sendBytes(req, res, bytes, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...cors });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const cors = { 'access-control-allow-origin': '*' };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...cors, 'access-control-allow-methods': 'GET, HEAD', 'access-control-allow-headers': 'if-none-match' });
      res.end();
      return;
    }
    const segments = safeSegments(req.url ?? '/');
    if (segments[0] === 'cms' && segments[1] === EDIT_PREFIX) {
      await edits.handle(req, res, segments.slice(2));
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendJson(res, 405, { error: `method ${req.method} not allowed` }, { allow: 'GET, HEAD', ...cors });
      return;
    }
    if (segments[0] === DRAFTS_PREFIX) {
      await draftView(req, res, segments.slice(1), cors);
      return;
    }
    const urlPath = `/${segments.join('/')}`;

    if (urlPath === healthPath) {
      sendJson(res, 200, { ok: true }, cors);
      return;
    }

    if (segments[0] === 'cms' && segments.length > 1) {
      if (!urlPath.endsWith('.json')) throw new HttpError(404, `no CMS document at ${urlPath}`);
      const bytes = await readRegularFile(resolveInside(segments));
      if (!bytes) throw new HttpError(404, `no CMS document at ${urlPath}`);
      sendBytes(req, res, bytes, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache', ...cors });
      return;
    }

    if (segments[0] === 'media' && segments.length > 1) {
      const parsed = parseResizeSuffix(urlPath);
      const ext = path.extname(parsed ? parsed.basePath : urlPath).toLowerCase();
      const type = MEDIA_TYPES[ext] ?? 'application/octet-stream';
      const bytes = parsed ? await resized(segments, urlPath) : await readRegularFile(resolveInside(segments));
      if (!bytes) throw new HttpError(404, `no media at ${urlPath}`);
      sendBytes(req, res, bytes, { 'content-type': type, 'cache-control': IMMUTABLE, ...cors });
      return;
    }

    throw new HttpError(404, `not found: ${urlPath}`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const status = error instanceof HttpError ? error.status : 500;
      if (status === 500) console.error('[local-cms]', error);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      sendJson(res, status, { error: error instanceof Error ? error.message : String(error) }, { 'access-control-allow-origin': '*' });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4400, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    edits,
    close: () =>
      new Promise<void>((resolve, reject) => {
        edits.close();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

// ---------------------------------------------------------------------------------------
// CLI

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', default: '.data/cms' },
      port: { type: 'string', default: '4400' },
      host: { type: 'string', default: '127.0.0.1' },
      'webhook-url': { type: 'string' },
    },
  });
  const webhookUrl = values['webhook-url'] ?? publishWebhookUrl();
  const server = await startCmsServer({
    dataDir: values.data,
    port: Number(values.port),
    host: values.host,
    webhookUrl,
    // Read only when webhooks are sent: a CMS that sends none needs no secret.
    webhookSecret: webhookUrl ? publishWebhookSecret() : undefined,
    editToken: cmsEditToken(),
    preview: { url: previewUrl(), secret: previewLinkSecret() },
  });
  console.log(`Local sample CMS serving ${path.resolve(values.data)} at ${server.url}`);
  console.log(
    webhookUrl
      ? `Edits (${server.url}/cms/_edit/…) fire publish webhooks at ${webhookUrl}`
      : 'Edits fire no webhooks (set PUBLISH_WEBHOOK_URL or --webhook-url)',
  );
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
