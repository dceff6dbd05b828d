/**
 * Our wrapper of Astro's prerenderer (src/node/rendered-pages.ts), over a stand-in for Astro's
 * own: what it hands the build's page sink, and that Astro always gets the same answer back.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroPrerenderer, RouteData } from 'astro';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { holdPageSink, renderedPages, type PageSink } from '../../src/node/rendered-pages.ts';

const route = (type: 'page' | 'endpoint', isIndex = false) => ({ type, isIndex }) as unknown as RouteData;
const PAGES: Record<string, { route: RouteData; answer: () => Response }> = {
  '/c/W01': { route: route('page'), answer: () => new Response('<p>W01</p>', { headers: { 'x-kept': '1' } }) },
  '/en-gb': { route: route('page', true), answer: () => new Response('<p>home</p>') },
  '/sitemap-zh-tw.xml': { route: route('endpoint'), answer: () => new Response('<urlset/>') },
  '/moved': { route: route('page'), answer: () => new Response(null, { status: 301, headers: { location: '/c/W01.html' } }) },
  '/empty': { route: route('page'), answer: () => new Response(null) },
  '/favicon': { route: route('page'), answer: () => new Response('<p>shadowed by public/favicon.html</p>') },
};
const requestFor = (pathname: string) =>
  new Request(
    new URL(
      PAGES[pathname]!.route.isIndex ? `${pathname}/` : PAGES[pathname]!.route.type === 'endpoint' ? pathname : `${pathname}.html`,
      'http://localhost',
    ),
  );

/** Astro's own prerenderer, as far as the wrapper sees it. */
const astros: AstroPrerenderer = {
  name: 'astro:default',
  getStaticPaths: async () => Object.entries(PAGES).map(([pathname, { route }]) => ({ pathname, route })),
  render: async (request) => {
    const path = new URL(request.url).pathname.replace(/\/$/, '').replace(/\.html$/, '');
    const answer = PAGES[path]!.answer();
    // Astro's richer form for one of them: the response with its incremental metadata.
    return path === '/sitemap-zh-tw.xml' ? { response: answer, metadata: { contentEntryKeys: [], staticImages: [] } } : answer;
  },
};

let publicDir: string;
let wrapped: AstroPrerenderer;
beforeAll(async () => {
  publicDir = await mkdtemp(join(tmpdir(), 'rendered-pages-'));
  await mkdir(publicDir, { recursive: true });
  await writeFile(join(publicDir, 'favicon.html'), 'public');
  const integration = renderedPages();
  const hooks = integration.hooks as unknown as Record<string, (options: unknown) => void>;
  hooks['astro:config:done']!({ config: { publicDir: pathToFileURL(`${publicDir}/`) } });
  hooks['astro:build:start']!({ setPrerenderer: (make: (p: AstroPrerenderer) => AstroPrerenderer) => (wrapped = make(astros)) });
});
afterAll(() => rm(publicDir, { recursive: true, force: true }));
afterEach(() => holdPageSink(null));

const renderAll = async () => {
  const paths = await wrapped.getStaticPaths();
  const answers: Record<string, Response> = {};
  for (const { pathname, route: routeData } of paths) {
    const result = await wrapped.render(requestFor(pathname), { routeData });
    answers[pathname] = result instanceof Response ? result : result.response;
  }
  return answers;
};

describe('the prerenderer wrapper', () => {
  it('hands the sink each page Astro writes, by its file, and gives Astro the same answer', async () => {
    const handed: Record<string, string> = {};
    let expected = 0;
    const sink: PageSink = {
      expect: (count) => void (expected = count),
      page: async (file, body) => void (handed[file] = new TextDecoder().decode(body)),
    };
    holdPageSink(sink);
    const answers = await renderAll();
    expect(expected).toBe(6);
    // Not the redirect (Astro writes its own page), the empty body, nor the page public/ shadows.
    expect(handed).toEqual({ 'c/W01.html': '<p>W01</p>', 'en-gb/index.html': '<p>home</p>', 'sitemap-zh-tw.xml': '<urlset/>' });
    expect(await answers['/c/W01']!.text()).toBe('<p>W01</p>');
    expect(answers['/c/W01']!.headers.get('x-kept')).toBe('1');
    expect(await answers['/sitemap-zh-tw.xml']!.text()).toBe('<urlset/>');
    expect(answers['/moved']!.status).toBe(301);
    expect(answers['/moved']!.headers.get('location')).toBe('/c/W01.html');
  });

  it('only passes answers through when no build holds a sink (a plain astro build)', async () => {
    const answers = await renderAll();
    expect(await answers['/en-gb']!.text()).toBe('<p>home</p>');
  });
});
