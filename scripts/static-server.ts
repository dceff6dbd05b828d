/**
 * The local static host: serves a built site with the CDN rules of
 * src/lib/routing/static-rules.ts, and proxies path prefixes (/media to the image host,
 * later /api to the commerce API) so everything runs on one origin.
 */
import { createReadStream, existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { LANGUAGES } from '../src/lib/i18n/languages.ts';
import { mobileSiteUrl, port } from '../src/build/env.ts';
import { mobileRedirectForRequest, type MobilePagesBySegment } from '../src/lib/routing/mobile-redirect.ts';
import { resolveStaticPath } from '../src/lib/routing/static-rules.ts';
import { chooseCoding, COMPRESSIBLE_FILE, PRECOMPRESSED } from '../src/lib/routing/content-encoding.ts';
import { MOBILE_PAGES_FILE, SECURITY_HEADERS_FILE } from './host-rules.ts';
import type { SecurityHeader } from '../src/lib/security/content-security-policy.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

export interface StaticServerOptions {
  /** The site folder; may be a symlink that is swapped while serving. */
  root: string;
  port: number;
  host?: string;
  proxies?: Array<{ prefix: string; target: string }>;
  log?: (line: string) => void;
  /** Where phones are sent; default MOBILE_SITE_URL; '' turns the redirect off. */
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

/** The security headers, the Content-Security-Policy among them; without a build, the one header that needs none. */
const securityHeadersOf = releaseData(
  SECURITY_HEADERS_FILE,
  (text) => Object.fromEntries((JSON.parse(text) as SecurityHeader[]).map(([name, value]) => [name.toLowerCase(), value])),
  (): Record<string, string> => ({ 'x-content-type-options': 'nosniff' }),
);

function proxy(req: IncomingMessage, res: ServerResponse, target: string): void {
  const url = new URL(req.url ?? '/', target);
  // The upstream sees its own host and us as the caller: the browser's host and address go along,
  // for its origin checks and its attempt limits.
  const peer = req.socket.remoteAddress ?? '';
  const forwardedFor = req.headers['x-forwarded-for'] ? `${String(req.headers['x-forwarded-for'])}, ${peer}` : peer;
  const forwarded = { 'x-forwarded-host': req.headers.host ?? url.host, 'x-forwarded-proto': 'http', 'x-forwarded-for': forwardedFor };
  const upstream = httpRequest(url, { method: req.method, headers: { ...req.headers, ...forwarded, host: url.host } }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', (error) => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(`Upstream ${target} unavailable: ${error.message}`);
  });
  req.pipe(upstream);
}

function cacheControl(file: string): string {
  // Hashed build assets never change; pages must be revalidated so a publish shows at once.
  return file.startsWith('_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate';
}

export function startStaticServer(options: StaticServerOptions): Promise<{ url: string; port: number; close(): Promise<void> }> {
  const { root, proxies = [], host = '127.0.0.1', log = () => {} } = options;
  const mobileSite = options.mobileSiteUrl ?? mobileSiteUrl();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const route = proxies.find((p) => url.pathname.startsWith(p.prefix));
    if (route) return proxy(req, res, route.target);
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
    const isPage = answer.kind === 'file' ? answer.file.endsWith('.html') : answer.status === 302 && /(?:\.html|\/)$/.test(pathname);
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
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers).end();
      return;
    }
    res.writeHead(200, { ...headers, 'content-length': stat.size });
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
