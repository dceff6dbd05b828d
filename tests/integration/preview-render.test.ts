/**
 * The preview renders a page as the build does: the same content and clock give the same HTML
 * from the preview renderer (scripts/preview/renderer.ts) as from a real build
 * (scripts/build-site.ts), in every language, for a content page, a template page, a home and
 * a folder page; the preview service's answer is that HTML with the preview bar and the
 * noindex meta added, and nothing else.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import { createRenderer, type Renderer } from '../../scripts/preview/render-client.ts';
import { withPreviewMarks } from '../../scripts/preview/bar.ts';
import { FIXTURE_NOW } from '../fixtures/mini-cms.ts';
import { pulledMiniCms } from '../fixtures/pulled-cms.ts';

let content: Awaited<ReturnType<typeof pulledMiniCms>>;
let outDir: string;
let renderer: Renderer;
/** Both processes render with one site address and clock. */
const ENV = { SITE_URL: 'https://www.linea.example', BUILD_NOW: String(FIXTURE_NOW) };

function build(cacheDir: string, out: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/build-site.ts', '--no-pull', '--out', out], {
      env: { ...process.env, ...ENV, CONTENT_CACHE_DIR: cacheDir },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += String(chunk)));
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`build failed (${code}): ${errors.slice(-2000)}`))));
  });
}

beforeAll(async () => {
  content = await pulledMiniCms();
  outDir = await mkdtemp(join(tmpdir(), 'preview-build-'));
  renderer = createRenderer({ contentDir: content.cacheDir, env: ENV });
  // One after the other: both bundle the site, on a 2-core machine.
  await build(content.cacheDir, outDir);
  await renderer.ready();
}, 240_000);

afterAll(async () => {
  await renderer?.close();
  await content?.remove();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

const pages = LANGUAGES.flatMap((language) => {
  const folder = language.pathSegment ? `${language.pathSegment}/` : '';
  return [
    { path: `/${folder}`, file: `${folder}index.html` },
    { path: `/${folder}women.html`, file: `${folder}women.html` },
    { path: `/${folder}c/W0101.html`, file: `${folder}c/W0101.html` },
  ];
});

/**
 * React's id prefix of a page's own islands (r0, r1, …) counts the islands rendered on the page,
 * and a page that renders the header's islands afresh (render-once.ts) counts them too: which
 * page of a build renders the header first depends on the order Astro renders pages in. It is
 * the one thing of the page that depends on what was rendered before it, so it is left out.
 */
const withoutIslandCounts = (html: string) => html.replace(/prefix="r\d+"/g, 'prefix="r"').replace(/_r\d+R_/g, '_rR_');

/** Where two pages first differ, with some context, or null when they are the same: a readable failure for 100 KB pages. */
function firstDifference(preview: string, build: string): string | null {
  const actual = withoutIslandCounts(preview);
  const expected = withoutIslandCounts(build);
  if (actual === expected) return null;
  let at = 0;
  while (at < actual.length && actual[at] === expected[at]) at++;
  return `at ${at}: preview …${actual.slice(Math.max(0, at - 120), at + 120)}… build …${expected.slice(Math.max(0, at - 120), at + 120)}…`;
}

describe('preview render', () => {
  it.each(pages)('renders $path as the build wrote it', async ({ path, file }) => {
    const answer = await renderer.render({ path, asOf: FIXTURE_NOW, generation: 1 });
    expect(answer.error).toBeUndefined();
    expect(answer.status).toBe(200);
    const built = await readFile(join(outDir, file), 'utf8');
    expect(firstDifference(Buffer.from(answer.body!, 'base64').toString('utf8'), built)).toBeNull();
  });

  it('renders the press list, a folder page', async () => {
    const answer = await renderer.render({ path: '/press/', asOf: FIXTURE_NOW, generation: 1 });
    const built = await readFile(join(outDir, 'press/index.html'), 'utf8');
    expect(firstDifference(Buffer.from(answer.body!, 'base64').toString('utf8'), built)).toBeNull();
  });

  it('answers 404 for a page the route table does not have (one not started yet at the chosen clock)', async () => {
    expect((await renderer.render({ path: '/feature/soon.html', asOf: FIXTURE_NOW, generation: 1 })).status).toBe(404);
    // A clock after its start date: the page is there.
    const later = await renderer.render({ path: '/feature/soon.html', asOf: FIXTURE_NOW + 2 * 86_400_000, generation: 1 });
    expect(later.status).toBe(200);
  });

  it('adds only the bar and the noindex meta', async () => {
    const built = await readFile(join(outDir, 'women.html'), 'utf8');
    const marked = withPreviewMarks(built, {
      language: LANGUAGES[0]!,
      renderedAt: FIXTURE_NOW,
      asOf: null,
      path: '/women.html',
      expires: FIXTURE_NOW / 1000 + 60,
    });
    const bar = /<div id="linea-preview-bar"[\s\S]*?<\/form>[\s\S]*?<\/div>/;
    expect(marked).toMatch(bar);
    expect(firstDifference(marked.replace(bar, '').replace('<meta name="robots" content="noindex, nofollow">', ''), built)).toBeNull();
  });
});
