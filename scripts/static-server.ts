/**
 * The local static host: serves a built site with the CDN rules of
 * src/lib/routing/static-rules.ts, and proxies path prefixes (/media to the image host,
 * later /api to the commerce API) so everything runs on one origin.
 */
import { createReadStream, existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { LANGUAGES } from '../src/lib/i18n/languages.ts';
import { mobileSiteUrl, port } from '../src/node/env.ts';
import { mobileRedirectForRequest, type MobilePagesBySegment } from '../src/lib/routing/mobile-redirect.ts';
import { resolveStaticPath } from '../src/lib/routing/static-rules.ts';
import { chooseCoding, COMPRESSIBLE_FILE, PRECOMPRESSED } from '../src/lib/routing/content-encoding.ts';
import { MOBILE_PAGES_FILE, MOBILE_SITE_FILE, SECURITY_HEADERS_FILE } from './host-rules.ts';
import { UPLOAD_BODY_MAX_BYTES } from '../src/lib/api/contract-account.ts';
import type { SecurityHeader } from '../src/lib/security/content-security-policy.ts';
import { CONTENT_TYPES as TYPES } from './content-types.ts';

export interface StaticServerOptions {
  /** The site folder; may be a symlink that is swapped while serving. */
  root: string;
  port: number;
  host?: string;
  proxies?: Array<{ prefix: string; target: string }>;
  log?: (line: string) => void;
  /**
   * Where phones are sent; '' turns the redirect off. By default the served release's own (the
   * build's MOBILE_SITE_URL, which its pages' inline script has too), else MOBILE_SITE_URL.
   */
  mobileSiteUrl?: string;
}

/**
 * A file the build writes beside a release (`_host/…`), read again only when the served release
 * changes: a swap changes it with the pages. `fallback` stands in for a folder that is not a build
 * of ours.
 */
function releaseData<T>(file: string, parse: (text: string) => T, fallback: () => T): (base: string) => T {
  let cached: { base: string; value: T } | null = null;
  return (base) => {
    if (cached?.base !== base) {
      let value: T;
      try {
        value = parse(readFileSync(join(base, file), 'utf8'));
      } catch {
        value = fallback();
      }
      cached = { base, value };
    }
    return cached.value;
  };
}

/** The CMS pages of each language that the mobile redirect matches. */
const mobilePagesOf = releaseData(
  MOBILE_PAGES_FILE,
  (text) => JSON.parse(text) as MobilePagesBySegment,
  (): MobilePagesBySegment => Object.fromEntries(LANGUAGES.map((l) => [l.pathSegment, []])),
);

/** The mobile site the release was built for; a release from before it was recorded, MOBILE_SITE_URL. */
const releaseMobileSite = releaseData(
  MOBILE_SITE_FILE,
  (text) => String((JSON.parse(text) as { url?: unknown }).url ?? ''),
  () => mobileSiteUrl(),
);

/** The security headers, the Content-Security-Policy among them; without a build, the one header that needs none. */
const securityHeadersOf = releaseData(
  SECURITY_HEADERS_FILE,
  (text) => Object.fromEntries((JSON.parse(text) as SecurityHeader[]).map(([name, value]) => [name.toLowerCase(), value])),
  (): Record<string, string> => ({ 'x-content-type-options': 'nosniff' }),
);

/** What a browser is told when an upstream cannot answer: nothing of our network goes out. */
export const UNAVAILABLE_ANSWER = {
  success: false,
  msgCode: 'SERVICE_UNAVAILABLE',
  resp: null,
  msg: 'The service is temporarily unavailable; try again in a moment',
};

/** The largest body the commerce API takes (a support ticket with its pictures): above it, 413 here. */
export const PROXY_BODY_MAX_BYTES = UPLOAD_BODY_MAX_BYTES;

const TOO_LARGE = { success: false, msgCode: 'BODY_TOO_LARGE', resp: null, msg: `The request body is over ${PROXY_BODY_MAX_BYTES} bytes` };

/**
 * The store's framing headers on an upstream's HTML: whatever it sends (a stand-in's page, the
 * admin page), no other site can frame it on the store's origin. An upstream's own policy is
 * kept, given the store's `frame-ancestors` if it lacks one.
 */
function withStoreFraming(headers: IncomingHttpHeaders, store: Record<string, string>): IncomingHttpHeaders {
  if (!/^text\/html\b/i.test(String(headers['content-type'] ?? ''))) return headers;
  const ancestors = /frame-ancestors[^;]*/.exec(store['content-security-policy'] ?? '')?.[0] ?? "frame-ancestors 'none'";
  const own = headers['content-security-policy'];
  const policy =
    typeof own === 'string' && own.trim()
      ? /frame-ancestors/.test(own)
        ? own
        : `${own}; ${ancestors}`
      : (store['content-security-policy'] ?? ancestors);
  return {
    ...headers,
    'content-security-policy': policy,
    'x-frame-options': store['x-frame-options'] ?? 'DENY',
    'x-content-type-options': 'nosniff',
  };
}

/**
 * `path` is the request's own, resolved on our origin (never a host the visitor named): the
 * upstream is always `target`'s origin.
 */
function proxy(
  req: IncomingMessage,
  res: ServerResponse,
  target: string,
  path: string,
  store: Record<string, string>,
  log: (line: string) => void,
): void {
  const url = new URL(path, new URL(target).origin);
  // The upstream sees its own host and us as the caller: the browser's host and address go along,
  // for its origin checks and its attempt limits.
  const peer = req.socket.remoteAddress ?? '';
  const forwardedFor = req.headers['x-forwarded-for'] ? `${String(req.headers['x-forwarded-for'])}, ${peer}` : peer;
  const forwarded = { 'x-forwarded-host': req.headers.host ?? url.host, 'x-forwarded-proto': 'http', 'x-forwarded-for': forwardedFor };
  const headers = { ...req.headers, ...forwarded, host: url.host };
  const upstream = (body: Buffer | null) => {
    const call = httpRequest(
      url,
      { method: req.method, headers: body ? { ...withoutBodyFraming(headers), 'content-length': String(body.length) } : headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, withStoreFraming(answer.headers, store));
        answer.pipe(res);
      },
    );
    call.on('error', (error) => {
      // The operator reads which upstream failed and why; the visitor only that it did.
      log(`${req.method} ${url.pathname} -> 502 (${target}: ${error.message})`);
      if (res.headersSent) return void res.destroy();
      answerJson(res, 502, UNAVAILABLE_ANSWER);
    });
    call.end(body ?? undefined);
  };
  if (req.method === 'GET' || req.method === 'HEAD') return upstream(null);
  // The body is taken whole before the upstream sees it (as nginx buffers one): an upstream that
  // refuses a large body early closes its connection, and a body still streaming to it then
  // turned its 413 into our 502.
  const declared = Number(req.headers['content-length'] ?? 0);
  const tooLarge = () => {
    res.setHeader('connection', 'close');
    answerJson(res, 413, TOO_LARGE);
  };
  if (declared > PROXY_BODY_MAX_BYTES) return tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > PROXY_BODY_MAX_BYTES) {
      req.removeAllListeners('data').resume();
      return void (res.headersSent || tooLarge());
    }
    chunks.push(chunk);
  });
  req.on('end', () => {
    if (size <= PROXY_BODY_MAX_BYTES) upstream(Buffer.concat(chunks));
  });
}

/** The hop's own framing goes: the buffered body is sent with its length. */
function withoutBodyFraming(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const { 'transfer-encoding': _chunked, 'content-length': _length, ...rest } = headers;
  return rest;
}

function answerJson(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));
}

/**
 * The request's path and query, or null for a target that is not a path (absolute-form
 * `http://host/…`, authority-form, `*`): a store is nobody's forward proxy. The path is read on a
 * fixed origin, so `//host/…` stays a path and never names a host, and dot segments are resolved
 * before any prefix is compared.
 */
function requestPath(target: string | undefined): URL | null {
  if (!target?.startsWith('/')) return null;
  try {
    return new URL(`http://store${target}`);
  } catch {
    return null;
  }
}

function cacheControl(file: string): string {
  // Hashed build assets never change; pages must be revalidated so a publish shows at once.
  return file.startsWith('_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate';
}

export function startStaticServer(options: StaticServerOptions): Promise<{ url: string; port: number; close(): Promise<void> }> {
  const { root, proxies = [], host = '127.0.0.1', log = () => {} } = options;
  const mobileSiteOf = (base: string) => options.mobileSiteUrl ?? releaseMobileSite(base);
  const server = createServer((req, res) => {
    const url = requestPath(req.url);
    if (!url) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad request target');
      return;
    }
    const route = proxies.find((p) => url.pathname.startsWith(p.prefix));
    if (route) return proxy(req, res, route.target, url.pathname + url.search, securityHeadersOf(realpathSync(root)), log);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      pathname = '/%';
    }
    // Resolve the symlink once per request, so a release swap never mixes two releases.
    const base = realpathSync(root);
    const answer = resolveStaticPath(
      pathname,
      url.search,
      (file) => {
        try {
          return statSync(join(base, file)).isFile();
        } catch {
          return false;
        }
      },
      LANGUAGES,
    );
    // Phones asking for a page go to the mobile site, even for a page this store has not built
    // (the mobile site may have it); assets never do, and a moved page moves first.
    const isPage =
      answer.kind === 'redirect' ? false : answer.kind === 'file' ? answer.file.endsWith('.html') : /(?:\.html|\/)$/.test(pathname);
    const mobileSite = mobileSiteOf(base);
    if (mobileSite && isPage) {
      const target = mobileRedirectForRequest({
        pathname,
        search: url.search,
        userAgent: req.headers['user-agent'],
        mobileSiteUrl: mobileSite,
        pages: mobilePagesOf(base),
      });
      if (target) {
        res.writeHead(302, { location: target, 'cache-control': 'no-cache', vary: 'User-Agent' }).end();
        log(`${req.method} ${url.pathname} -> 302 ${target} (phone)`);
        return;
      }
    }
    if (answer.kind === 'redirect') {
      res.writeHead(answer.status, { location: answer.location, 'cache-control': 'no-cache' }).end();
      log(`${req.method} ${url.pathname} -> ${answer.status} ${answer.location}`);
      return;
    }
    const path = join(base, answer.file);
    // A folder that is not a build of ours may have no not-found page to send.
    if (answer.kind === 'notFound' && !existsSync(path)) {
      res
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache', ...securityHeadersOf(base) })
        .end('Not found');
      return;
    }
    // A text file is sent as its precompressed copy when the browser takes one (scripts/compress.ts).
    const compressible = COMPRESSIBLE_FILE.test(answer.file);
    const available = compressible ? PRECOMPRESSED.filter((p) => existsSync(`${path}${p.extension}`)).map((p) => p.coding) : [];
    const coding = chooseCoding(req.headers['accept-encoding'], available);
    const sent = coding ? `${path}${PRECOMPRESSED.find((p) => p.coding === coding)!.extension}` : path;
    const stat = statSync(sent);
    const etag = `W/"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}${coding ? `-${coding}` : ''}"`;
    // The same address answers phones with a redirect, and compressed or not by Accept-Encoding: caches must keep them apart.
    const vary = [...(mobileSite && isPage ? ['User-Agent'] : []), ...(compressible ? ['Accept-Encoding'] : [])];
    const headers = {
      'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
      'cache-control': cacheControl(answer.file),
      etag,
      'last-modified': stat.mtime.toUTCString(),
      ...securityHeadersOf(base),
      ...(coding ? { 'content-encoding': coding } : {}),
      ...(vary.length ? { vary: vary.join(', ') } : {}),
    };
    const status = answer.kind === 'notFound' ? 404 : 200;
    if (status === 200 && req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers).end();
      return;
    }
    res.writeHead(status, { ...headers, 'content-length': stat.size });
    if (status === 404) log(`${req.method} ${url.pathname} -> 404 (${answer.file})`);
    if (req.method === 'HEAD') res.end();
    else createReadStream(sent).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : options.port;
      resolve({
        url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`,
        port,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

if (import.meta.main) {
  const root = process.argv[2] ?? 'dist';
  if (!existsSync(root)) {
    console.error(`No built site at ${root}: run npm run build first.`);
    process.exit(1);
  }
  const server = await startStaticServer({ root, port: port(), log: console.log });
  console.log(`Serving ${root} at ${server.url}`);
}
