/**
 * Hands each page Astro renders to the build script as it is rendered, so that its compressed
 * copies are written and its inline scripts hashed by worker threads while Astro renders the
 * next pages (scripts/build/page-pipeline.ts), instead of reading 10,000 files again once Astro
 * is done. Astro renders on one thread; the other core was idle for most of a cold build.
 *
 * The hook is Astro's prerenderer (the `astro:build:start` hook's setPrerenderer): ours wraps
 * Astro's own, passes every request through, and copies the body of each page it answers.
 * buildSite() holds the sink (holdPageSink); a plain `astro build` holds none, and the
 * wrapper then only passes through.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroPrerenderer } from 'astro';

export interface PageSink {
  /** How many pages Astro is about to render; called once, before the first page. */
  expect(count: number): void;
  /** A rendered file, by its path in the output folder; resolves when the sink can take more. */
  page(file: string, body: Uint8Array): Promise<void>;
}

const HELD = Symbol.for('storefront.pageSink');
type Holder = { [HELD]?: PageSink };

/** Held on globalThis, like the render scope: Astro's config and the build script are two module instances. */
export function holdPageSink(sink: PageSink | null): void {
  if (sink) (globalThis as Holder)[HELD] = sink;
  else delete (globalThis as Holder)[HELD];
}

const heldSink = (): PageSink | undefined => (globalThis as Holder)[HELD];

/** A pathname without its leading and trailing slashes: '' for the root. */
const bare = (pathname: string) => pathname.replace(/^\/+|\/+$/g, '');

/**
 * The file Astro writes a rendered pathname to with build.format 'preserve' (astro-config.ts),
 * as its getOutFolder/getOutFile make it: an endpoint's path as it is, a folder index's
 * index.html, any other page's path plus .html.
 */
export function outputFileOf(pathname: string, route: { type: string; isIndex: boolean }): string {
  const path = bare(pathname);
  if (route.type === 'endpoint') return path;
  if (route.isIndex || path === '') return path ? `${path}/index.html` : 'index.html';
  return `${path}.html`;
}

/**
 * The pathname a request was made for, among those Astro renders: the request's path less what
 * Astro added (a page's .html, an index's /). Null when it is not one of them (a path with a
 * literal % or an escape reads back otherwise): such a page is compressed after the build.
 */
export function renderedPathname(
  requestUrl: string,
  route: { type: string; isIndex: boolean },
  pathnames: ReadonlySet<string>,
): string | null {
  let path: string;
  try {
    path = decodeURIComponent(new URL(requestUrl).pathname);
  } catch {
    return null;
  }
  const pathname = bare(route.type === 'endpoint' || route.isIndex ? path : path.replace(/\.html$/, ''));
  return pathnames.has(pathname) ? pathname : null;
}

/** Every file under `dir`, relative to it; none when it is missing. */
function filesOf(dir: string): Set<string> {
  try {
    const entries = readdirSync(dir, { recursive: true, withFileTypes: true });
    return new Set(entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name))));
  } catch {
    return new Set();
  }
}

export function renderedPages(): AstroIntegration {
  /** The files of public/, relative: Astro skips a page one of them stands in for. */
  let publicFiles = new Set<string>();
  /** What Astro renders, as bare pathnames: a request is matched back to its own. */
  let pathnames = new Set<string>();
  return {
    name: 'storefront-rendered-pages',
    hooks: {
      'astro:config:done': ({ config }) => {
        publicFiles = filesOf(fileURLToPath(config.publicDir));
      },
      'astro:build:start': ({ setPrerenderer }) => {
        setPrerenderer((astros: AstroPrerenderer): AstroPrerenderer => ({
          ...astros,
          name: 'storefront:rendered-pages',
          getStaticPaths: async () => {
            const paths = await astros.getStaticPaths();
            pathnames = new Set(paths.map(({ pathname }) => bare(pathname)));
            heldSink()?.expect(paths.length);
            return paths;
          },
          render: async (request, options) => {
            const answer = await astros.render(request, options);
            const sink = heldSink();
            const response = answer instanceof Response ? answer : answer.response;
            // Astro writes a redirect as a page of its own making, and nothing for an empty body.
            if (!sink || !response.body || (response.status >= 300 && response.status < 400)) return answer;
            const pathname = renderedPathname(request.url, options.routeData, pathnames);
            if (pathname === null) return answer;
            const file = outputFileOf(pathname, options.routeData);
            // Astro skips a page that a file of public/ stands in for: that file is what is served.
            if (publicFiles.has(file)) return answer;
            const body = new Uint8Array(await response.arrayBuffer());
            await sink.page(file, body);
            const copy = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
            return answer instanceof Response ? copy : { ...answer, response: copy };
          },
        }));
      },
    },
  };
}
