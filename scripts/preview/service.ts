/**
 * The preview service: editors' drafts rendered on request, as the build would render them,
 * behind signed, expiring links (docs/publishing.md, Preview).
 *
 *   GET /_preview/open?path&lang&exp&sig   a link from the CMS: checked, then a session cookie
 *                                          (until the link's expiry) and a redirect to the page
 *   GET /_preview/as-of?at=…&back=/page    the clock the pages are rendered at (a cookie), then back
 *   GET /_astro/…, public files            the renderer's scripts and styles, public/
 *   /api/, /datarcvr/, /media/             passed to the store, as its own server does
 *   any other GET                          the page of the route table, from the draft view
 *
 * Without a valid session every request gets 403 and a page saying why, and no content. Every
 * answer is `Cache-Control: no-store` and `X-Robots-Tag: noindex, nofollow`: no CDN or browser
 * keeps a preview, and no search engine lists one.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { withPreviewMarks, parseStoreTime } from './bar.ts';
import { createPreviewContent, PREVIEW_CONTENT_DIR, type PreviewContent } from './content.ts';
import { createRenderer, type Renderer } from './render-client.ts';
import { CONTENT_TYPES as TYPES } from '../content-types.ts';
import { isPreviewPath, languageOfPath, sessionCookieValue, verifyPreviewLink, verifySessionCookie } from '../../src/node/preview/link.ts';

export const SESSION_COOKIE = 'linea_preview';
export const AS_OF_COOKIE = 'linea_preview_as_of';
const PROXIED = ['/api/', '/datarcvr/', '/media/'];
const PUBLIC_DIR = path.resolve('public');

export interface PreviewServiceOptions {
  port: number;
  host?: string;
  /** PREVIEW_LINK_SECRET. */
  secret: string;
  /** The CMS's draft view; unset: every preview answers 503 saying how to configure one. */
  draftsBaseUrl: string | undefined;
  /** The store's own origin: /api, /datarcvr and /media go there. */
  storeUrl: string;
  /** The commerce API's /api base, for the preview's product pull. */
  apiBaseUrl?: string | undefined;
  contentDir?: string;
  /**
   * Start the renderer and pull the drafts once the service listens, instead of at the first
   * preview, so an editor's first page answers as fast as the next ones (the bundling takes some
   * 15–20 s). `npm start` warms up unless PREVIEW_WARM_UP is 0.
   */
  warmUp?: boolean;
  /** The page renderer; by default the build's own, in a process of its own (render-client.ts). */
  renderer?: Renderer;
  now?: () => number;
  log?: (line: string) => void;
}

export interface PreviewService {
  url: string;
  port: number;
  /** Settles when the warm-up has finished (at once without one); a failed warm-up is logged, and the first preview tries again. */
  warmedUp: Promise<void>;
  close(): Promise<void>;
}

const NO_STORE = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow', 'referrer-policy': 'no-referrer' };

function cookiesOf(req: IncomingMessage): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) jar.set(part.slice(0, at).trim(), decodeURIComponent(part.slice(at + 1).trim()));
  }
  return jar;
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function sendPage(res: ServerResponse, status: number, title: string, message: string, headers: Record<string, string> = {}): void {
  const body = Buffer.from(
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title></head>` +
      `<body style="font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">` +
      `<h1>${escape(title)}</h1><p>${escape(message)}</p></body></html>`,
  );
  res.writeHead(status, { ...NO_STORE, 'content-type': 'text/html; charset=utf-8', 'content-length': String(body.length), ...headers });
  res.end(body);
}

async function sendFile(res: ServerResponse, file: string, immutable: boolean): Promise<boolean> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return false;
  res.writeHead(200, {
    ...NO_STORE,
    // The renderer's hashed scripts never change under their name; the page itself is never kept.
    ...(immutable ? { 'cache-control': 'private, max-age=3600' } : {}),
    'content-type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'content-length': String(info.size),
  });
  createReadStream(file).pipe(res);
  return true;
}

/** A file under `root` for a URL path, or null when the path would leave it. */
function inside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const file = path.resolve(root, `.${decoded}`);
  return file.startsWith(root + path.sep) ? file : null;
}

const PREVIEW_COOKIES = new Set([SESSION_COOKIE, AS_OF_COOKIE]);

/**
 * The request's cookies without the preview's own: the session is a credential of this door, not
 * of the store behind it, which has no use for it and whose logs should not hold it.
 */
function storeCookies(header: string | undefined): string | undefined {
  const kept = (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part && !PREVIEW_COOKIES.has(part.split('=', 1)[0]!.trim()));
  return kept.length > 0 ? kept.join('; ') : undefined;
}

function proxy(req: IncomingMessage, res: ServerResponse, target: string): void {
  const url = new URL(req.url ?? '/', target);
  const { cookie, ...headers } = req.headers;
  const kept = storeCookies(cookie);
  const forwarded = { ...headers, host: url.host, ...(kept ? { cookie: kept } : {}) };
  const upstream = httpRequest(url, { method: req.method, headers: forwarded }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    if (!res.headersSent) sendPage(res, 502, 'Store unreachable', 'The store behind the preview did not answer.');
    else res.destroy();
  });
  req.pipe(upstream);
}

export async function startPreviewService(options: PreviewServiceOptions): Promise<PreviewService> {
  const { secret, draftsBaseUrl, storeUrl, log = () => {} } = options;
  const now = options.now ?? Date.now;
  const contentDir = options.contentDir ?? PREVIEW_CONTENT_DIR;
  const content: PreviewContent | null = draftsBaseUrl
    ? createPreviewContent({ draftsBaseUrl, dir: contentDir, apiBaseUrl: options.apiBaseUrl, log })
    : null;
  // Started by the warm-up or the first preview, never before the service listens: bundling the
  // site costs some 15 s of both cores, which the store's own start should not wait for
  // (docs/publishing.md, Preview).
  const renderer: Renderer = options.renderer ?? createRenderer({ contentDir: path.resolve(contentDir), log });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://preview');
    if (url.pathname === '/_preview/open') {
      const verdict = verifyPreviewLink(url.searchParams, secret, now());
      if (!verdict.ok) {
        sendPage(res, 403, 'Preview link refused', verdict.reason);
        return;
      }
      const maxAge = verdict.value.expires - Math.floor(now() / 1000);
      res.writeHead(303, {
        ...NO_STORE,
        location: verdict.value.path,
        'set-cookie': `${SESSION_COOKIE}=${sessionCookieValue(verdict.value.expires, secret)}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax`,
      });
      res.end();
      return;
    }
    const cookies = cookiesOf(req);
    const session = verifySessionCookie(cookies.get(SESSION_COOKIE), secret, now());
    if (!session.ok) {
      sendPage(res, 403, 'Preview only with a link', session.reason);
      req.resume();
      return;
    }
    if (PROXIED.some((prefix) => url.pathname.startsWith(prefix))) {
      proxy(req, res, storeUrl);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendPage(res, 405, 'Not here', 'The preview only shows pages.', { allow: 'GET, HEAD' });
      req.resume();
      return;
    }
    if (url.pathname === '/_preview/as-of') {
      const back = url.searchParams.get('back') ?? '/';
      const at = parseStoreTime(url.searchParams.get('at') ?? '');
      res.writeHead(303, {
        ...NO_STORE,
        location: isPreviewPath(back) ? back : '/',
        'set-cookie': at === null ? `${AS_OF_COOKIE}=; Max-Age=0; Path=/` : `${AS_OF_COOKIE}=${at}; Path=/; HttpOnly; SameSite=Lax`,
      });
      res.end();
      return;
    }
    if (!content) {
      sendPage(res, 503, 'Preview not configured', 'Set CMS_DRAFTS_BASE_URL to the CMS’s draft view (docs/publishing.md, Preview).');
      return;
    }
    if (url.pathname.startsWith('/_astro/')) {
      const { outDir } = await renderer.ready();
      const file = inside(path.resolve(outDir), url.pathname);
      if (file && (await sendFile(res, file, true))) return;
    }
    const publicFile = inside(PUBLIC_DIR, url.pathname);
    if (publicFile && !url.pathname.endsWith('/') && (await sendFile(res, publicFile, false))) return;
    if (!isPreviewPath(url.pathname)) {
      sendPage(res, 404, 'No such page', 'The preview has no page at this address.');
      return;
    }
    const language = languageOfPath(url.pathname);
    const asOfCookie = Number(cookies.get(AS_OF_COOKIE));
    const asOf = Number.isSafeInteger(asOfCookie) && asOfCookie > 0 ? asOfCookie : null;
    const started = performance.now();
    const [generation] = await Promise.all([content.refresh(language, url.pathname), renderer.ready()]);
    const renderedAt = now();
    // "Now" to the minute: the renderer reads the content again when its clock moves, at most once a minute.
    const answer = await renderer.render({ path: url.pathname, asOf: asOf ?? Math.floor(renderedAt / 60_000) * 60_000, generation });
    if (answer.error) {
      sendPage(res, 500, 'The page could not be rendered', answer.error);
      return;
    }
    if (answer.status === 404 || !answer.body) {
      sendPage(res, 404, 'No such page', `No page at ${url.pathname} in the draft content${asOf ? ' at the chosen date' : ''}.`);
      return;
    }
    let body = Buffer.from(answer.body, 'base64');
    const type = answer.contentType || 'text/html';
    if (type.startsWith('text/html'))
      body = Buffer.from(
        withPreviewMarks(body.toString('utf8'), { language, renderedAt, asOf, path: url.pathname, expires: session.value }),
      );
    log(`[preview] ${url.pathname} (${language.code}) in ${Math.round(performance.now() - started)} ms (render ${answer.ms} ms)`);
    res.writeHead(answer.status ?? 200, { ...NO_STORE, 'content-type': type, 'content-length': String(body.length) });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`[preview] ${req.url}: ${error instanceof Error ? error.message : String(error)}`);
      if (res.headersSent) res.destroy();
      else sendPage(res, 500, 'Preview failed', error instanceof Error ? error.message : String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const host = options.host ?? '127.0.0.1';
  const warmedUp = options.warmUp
    ? Promise.all([content?.refresh(languageOfPath('/'), '/'), renderer.ready()]).then(
        () => log('[preview] warmed up: the renderer is ready and the drafts pulled'),
        (error: unknown) =>
          log(`[preview] warm-up failed, the first preview tries again: ${error instanceof Error ? error.message : String(error)}`),
      )
    : Promise.resolve();
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    port,
    warmedUp,
    async close() {
      await renderer.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
