/**
 * The Worker in front of a release on Cloudflare (Workers static assets, `run_worker_first`):
 * the local server's rules (static-rules.ts, mobile-redirect.ts) at the edge, before any HTML.
 * `edgeAnswer` is the decision, pure (file existence injected, as in static-rules.ts); the
 * Worker learns which files exist by asking the asset binding for them, one at a time, and
 * serves the last answer it got.
 *
 * Bundled by wrangler with the release's `_host/cloudflare/release.json` (see
 * scripts/hosts/cloudflare.ts, which writes the entry module).
 */
import { IMMUTABLE, REVALIDATE } from '../host-rules.ts';
import { mobileRedirectForRequest } from '../mobile-redirect.ts';
import { resolveStaticPath } from '../static-rules.ts';
import { productShardBinding, shardOf, type CloudflareRelease } from './cloudflare.ts';

/** Redirects are asked again each time, as the local server's are. */
const REDIRECT_CACHE = 'no-cache';

export type EdgeAnswer =
  /** A file of the release, as it is (`file` relative to the release's root). */
  | { status: 200; file: string; headers: Record<string, string> }
  /** The not-found page of the address's language (`file`), with status 404. */
  | { status: 404; file: string; headers: Record<string, string> }
  | { status: 301 | 302; location: string; headers: Record<string, string> }
  | { status: 405; headers: Record<string, string> };

export interface EdgeRequest {
  method: string;
  /** The full URL, as the Worker gets it. */
  url: string;
  userAgent: string | null;
}

/** The URL path decoded; an undecodable one is a path no file has. */
function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return '/%';
  }
}

/** How the edge answers a request, given which files the release has. */
export function edgeAnswer(request: EdgeRequest, exists: (file: string) => boolean, release: CloudflareRelease): EdgeAnswer {
  const security = Object.fromEntries(release.securityHeaders);
  if (request.method !== 'GET' && request.method !== 'HEAD') return { status: 405, headers: { ...security, allow: 'GET, HEAD' } };
  const url = new URL(request.url);
  const pathname = decodedPath(url.pathname);
  const answer = resolveStaticPath(pathname, url.search, exists, release.languages);
  // Phones asking for a page go to the mobile site, even for a page this release has not built
  // (the mobile site may have it); assets never do, and a moved page moves first.
  const isPage =
    answer.kind === 'redirect' ? false : answer.kind === 'file' ? answer.file.endsWith('.html') : /(?:\.html|\/)$/.test(pathname);
  const byUserAgent = Boolean(release.mobileSiteUrl) && isPage;
  const vary: Record<string, string> = byUserAgent ? { vary: 'User-Agent' } : {};
  if (byUserAgent) {
    const target = mobileRedirectForRequest({
      pathname,
      search: url.search,
      userAgent: request.userAgent,
      mobileSiteUrl: release.mobileSiteUrl,
      pages: release.mobilePages,
    });
    if (target) return { status: 302, location: target, headers: { ...security, 'cache-control': REDIRECT_CACHE, ...vary } };
  }
  if (answer.kind === 'notFound') {
    return { status: 404, file: answer.file, headers: { ...security, 'cache-control': REVALIDATE, ...vary } };
  }
  if (answer.kind === 'redirect') {
    return { status: answer.status, location: answer.location, headers: { ...security, 'cache-control': REDIRECT_CACHE } };
  }
  // Hashed build assets never change; everything else is asked for again so a publish shows at once.
  const cacheControl = answer.file.startsWith('_astro/') ? IMMUTABLE : REVALIDATE;
  return { status: 200, file: answer.file, headers: { ...security, 'cache-control': cacheControl, ...vary } };
}

/** The asset binding, as much of it as the Worker uses. */
export interface AssetsBinding {
  fetch(input: Request | string, init?: RequestInit): Promise<Response>;
}

export interface WorkerEnv {
  ASSETS: AssetsBinding;
  /** The product deployments' Workers (service bindings), when the deploy split the release (`planUpload`). */
  [shard: `PRODUCTS_${number}`]: AssetsBinding | undefined;
}

/**
 * A product deployment's Worker: its own files, as the main Worker asks for them. It has no
 * route of its own (the deploy gives it none), so only the main Worker's service binding reaches it.
 */
export const productShardWorker = {
  fetch: (request: Request, env: { ASSETS: AssetsBinding }): Promise<Response> => env.ASSETS.fetch(request),
};

/** A file's address for the asset binding: its name, each segment encoded. */
function assetUrl(file: string, base: string): string {
  return new URL(`/${file.split('/').map(encodeURIComponent).join('/')}`, base).href;
}

/** What a browser sent that lets an unchanged file answer 304. */
const CONDITIONAL = ['if-none-match', 'if-modified-since'];

/** The asset headers kept: the type and validators are the file's; everything else is ours. */
const ASSET_HEADERS = ['content-type', 'etag', 'last-modified'];

export function createWorker(release: CloudflareRelease): { fetch(request: Request, env: WorkerEnv): Promise<Response> } {
  return {
    async fetch(request, env) {
      const shards = release.productShards ?? 0;
      // A product's page or data file is in the product deployment its code hashes to.
      const assetsFor = (file: string): AssetsBinding => {
        const shard = shardOf(file, shards);
        if (shard === null) return env.ASSETS;
        const binding = env[productShardBinding(shard)];
        if (!binding) throw new Error(`No service binding ${productShardBinding(shard)}: deploy the release again`);
        return binding;
      };
      const conditional = new Headers();
      for (const name of CONDITIONAL) {
        const value = request.headers.get(name);
        if (value) conditional.set(name, value);
      }
      const method = request.method === 'HEAD' ? 'HEAD' : 'GET';
      // Which files exist is learnt by fetching them: the answer is decided again with each
      // file learnt until it needs no file it does not know (at most a few: the file, the
      // folder's index.html), and a file it serves is the response already fetched.
      const fetched = new Map<string, Response>();
      const isFile = (response: Response) => response.status === 200 || response.status === 304;
      const edgeRequest = { method: request.method, url: request.url, userAgent: request.headers.get('user-agent') };
      let answer: EdgeAnswer;
      for (;;) {
        const unknown: string[] = [];
        answer = edgeAnswer(
          edgeRequest,
          (file) => {
            const known = fetched.get(file);
            if (known) return isFile(known);
            unknown.push(file);
            return false;
          },
          release,
        );
        const [next] = unknown;
        if (next === undefined) break;
        // `manual`: a redirect of the asset router's own (it reads a `_redirects` at the root) is no file.
        fetched.set(next, await assetsFor(next).fetch(assetUrl(next, request.url), { method, headers: conditional, redirect: 'manual' }));
      }
      const served = 'file' in answer && answer.status === 200 ? fetched.get(answer.file) : undefined;
      for (const response of fetched.values()) if (response !== served) await response.body?.cancel();
      const headers = new Headers(answer.headers);
      if ('location' in answer) {
        headers.set('location', answer.location);
        return new Response(null, { status: answer.status, headers });
      }
      if (answer.status === 405) return new Response(null, { status: 405, headers });
      const asset = served ?? (await assetsFor(answer.file).fetch(assetUrl(answer.file, request.url), { method, redirect: 'manual' }));
      for (const name of ASSET_HEADERS) {
        const value = asset.headers.get(name);
        if (value && (answer.status === 200 || name === 'content-type')) headers.set(name, value);
      }
      if (answer.status === 404 && asset.status !== 200) {
        // A release without its not-found page still says so, in a word.
        await asset.body?.cancel();
        headers.set('content-type', 'text/plain; charset=utf-8');
        return new Response(method === 'HEAD' ? null : 'Not found', { status: 404, headers });
      }
      return new Response(asset.status === 304 ? null : asset.body, { status: asset.status === 304 ? 304 : answer.status, headers });
    },
  };
}
