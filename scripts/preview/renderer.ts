/**
 * The preview renderer: renders pages of the route table on request, with Astro's own build
 * pipeline, from the preview content folder (CONTENT_CACHE_DIR, set by the preview service).
 *
 * It runs Astro's build of the site once (the bundles, the islands' scripts into its own
 * folder) and, where the build would render every page, keeps Astro's prerenderer instead: the
 * `astro:build:start` hook's setPrerenderer hands us the app the build renders with, and its
 * getStaticPaths waits until the process is told to stop, so the bundles stay loaded. Each
 * request is rendered as the build renders a page (renderForPrerender through the same app):
 * the same components, layout, islands and rules, byte for byte the build's HTML for the same
 * content and clock. A fresh build process per page (the publish service's way, as Astro
 * renders stale props when it builds twice) costs 3 s a page; here Astro's cache of each
 * route's static paths is cleared instead whenever the content or the "as of" date changes,
 * which is what went stale.
 *
 * Protocol (stdio, one JSON object a line): it prints {"ready":true,"outDir":…} once the
 * bundles are written; then reads {"id","path","asOf","generation"} and answers
 * {"id","status","headers","body"(base64)} or {"id","error"}. Its input closing stops it.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path, { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createInterface } from 'node:readline';
import { build, type AstroIntegration, type AstroPrerenderer } from 'astro';
import { buildOptions } from '../../src/node/build-options.ts';
import { resetSite } from '../../src/node/site.ts';
import { siteUrl } from '../../src/node/env.ts';

/** What the renderer is asked: a page's address, the clock to render it at, the content's generation. */
export interface RenderJob {
  id: number;
  path: string;
  /** Milliseconds: the build's "now" (start and end dates, date windows). */
  asOf: number;
  /** Changes whenever the preview content folder changed: the loaded site is read again. */
  generation: number;
}

export interface RenderAnswer {
  id: number;
  status?: number;
  contentType?: string;
  body?: string;
  error?: string;
  ms?: number;
}

export const READY_PREFIX = '{"ready":';

interface RouteData {
  component: string;
}
interface App {
  match(request: Request, allowPrerenderedRoutes?: boolean): RouteData | undefined;
  manifest: { routes: Array<{ routeData: RouteData }> };
  routeCache: { clearAll(): void };
}

/**
 * The route that renders a path. Both page routes are catch-alls, so Astro's matcher would give
 * the root (and any folder) to whichever it tries first; the build gives each page to the one
 * whose getStaticPaths lists it (site.ts's isFolderRoute), and so do we. The JSON and XML
 * endpoints (header data, product data, sitemaps) are Astro's to match.
 */
function routeOf(app: App, request: Request, path: string): RouteData | undefined {
  const folder = path !== '/' && path.endsWith('/');
  const page = path === '/' || folder || path.endsWith('.html');
  if (!page) return app.match(request, true);
  const component = folder ? 'src/pages/[...dir]/index.astro' : 'src/pages/[...path].astro';
  return app.manifest.routes.find((r) => r.routeData.component === component)?.routeData;
}

function send(message: object): void {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

async function main(): Promise<void> {
  mkdirSync(join('.data', 'partials'), { recursive: true });
  // Named as the publish service's build folders (build-<pid>-…), so a renderer killed with its
  // service has its folder removed by the next builder's sweep (build-site.ts).
  const outDir = mkdtempSync(join('.data', 'partials', `build-${process.pid}-preview-`));
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const origin = siteUrl();
  let loaded: { generation: number; asOf: number } | null = null;

  const serve = (astros: AstroPrerenderer & { app?: App }) => {
    const app = astros.app!;
    const lines = createInterface({ input: process.stdin });
    // One page at a time: the clock (BUILD_NOW) and the loaded site are this process's.
    let queue = Promise.resolve();
    lines.on('line', (line) => {
      queue = queue.then(async () => {
        const job = JSON.parse(line) as RenderJob;
        const started = performance.now();
        try {
          if (!loaded || loaded.generation !== job.generation || loaded.asOf !== job.asOf) {
            process.env.BUILD_NOW = String(job.asOf);
            resetSite();
            app.routeCache.clearAll();
            loaded = { generation: job.generation, asOf: job.asOf };
          }
          const request = new Request(new URL(job.path, origin));
          const routeData = routeOf(app, request, new URL(job.path, origin).pathname);
          if (!routeData) {
            send({ id: job.id, status: 404, ms: Math.round(performance.now() - started) });
            return;
          }
          const answer = await astros.render(request, { routeData: routeData as never });
          const response = answer instanceof Response ? answer : answer.response;
          const body = Buffer.from(await response.arrayBuffer());
          send({
            id: job.id,
            status: response.status,
            contentType: response.headers.get('content-type') ?? '',
            body: body.toString('base64'),
            ms: Math.round(performance.now() - started),
          } satisfies RenderAnswer);
        } catch (error) {
          // A path the route table does not have: the page a build would not write.
          if ((error as { name?: string }).name === 'NoMatchingStaticPathFound') send({ id: job.id, status: 404 } satisfies RenderAnswer);
          else send({ id: job.id, error: error instanceof Error ? error.message : String(error) } satisfies RenderAnswer);
        }
      });
    });
    lines.once('close', () => stop());
  };

  const previewRenderer: AstroIntegration = {
    name: 'storefront-preview-renderer',
    hooks: {
      'astro:build:start': ({ setPrerenderer }) => {
        setPrerenderer((astros: AstroPrerenderer) => ({
          ...astros,
          name: 'storefront:preview',
          getStaticPaths: async () => {
            serve(astros as AstroPrerenderer & { app?: App });
            send({ ready: true, outDir });
            await stopped;
            return [];
          },
        }));
      },
    },
  };
  try {
    // A cache of its own: the publish service's builds may run beside it.
    await build({ ...buildOptions({ outDir, cacheDir: join(outDir, '.cache') }), integrations: [previewRenderer], logLevel: 'error' });
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  });
}
