/**
 * The Netlify runner (scripts/hosts/netlify.ts) over a small release with the build's own
 * Netlify files: what it uploads (no compressed copies, no `_host/`, no dot files) and how it
 * answers, from Netlify's parsers and matcher. The host matrix (tests/e2e/hosts.spec.ts) runs
 * it over a whole build.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import { IMMUTABLE, notFoundCopies, REVALIDATE, type HostRulesInput } from '../../src/lib/routing/host-rules.ts';
import { netlifyFiles } from '../../src/lib/routing/hosts/netlify.ts';
import { securityHeaders } from '../../src/lib/security/content-security-policy.ts';
import { publishFolder, serve } from '../../scripts/hosts/netlify.ts';
import type { RunningHost } from '../../scripts/hosts/host.ts';

const PAGES = [
  '/',
  '/women.html',
  '/product-detail.html',
  '/product/L450011.html',
  '/not-found.html',
  '/press/',
  '/press/2026/',
  '/en-gb/',
  '/en-gb/product-detail.html',
  '/en-gb/product/L450011.html',
  '/en-gb/not-found.html',
  '/zh-hk/not-found.html',
  '/zh-mo/not-found.html',
  '/zh-cn/not-found.html',
  '/en-gb/forget_password.html',
];
const OTHER_FILES = [
  '_astro/app.B1x_9.js',
  'robots.txt',
  'sitemap-index.xml',
  'locales/en-GB.json',
  '.routes.json',
  '_host/security-headers.json',
];
const input: HostRulesInput = { languages: LANGUAGES, pagePaths: PAGES, mobileSiteUrl: '', mobilePages: {} };
const SECURITY = securityHeaders({ policy: "default-src 'self'", reportOnly: false, https: true, hstsIncludeSubdomains: false });

let dir: string;
let host: RunningHost;

const fileOf = (path: string) => (path.endsWith('/') ? `${path}index.html` : path).slice(1);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'netlify-host-'));
  const write = async (file: string, body: string) => {
    await mkdir(dirname(join(dir, 'release', file)), { recursive: true });
    await writeFile(join(dir, 'release', file), body);
  };
  for (const path of PAGES) {
    const body = `<!doctype html><title>${fileOf(path)}</title>`;
    await write(fileOf(path), body);
    await write(`${fileOf(path)}.br`, brotliCompressSync(body).toString('latin1'));
    await write(`${fileOf(path)}.gz`, gzipSync(body).toString('latin1'));
  }
  for (const file of OTHER_FILES) await write(file, file.endsWith('.json') ? '{}' : file);
  await write('_astro/app.B1x_9.js.br', 'compressed');
  for (const file of netlifyFiles(input, SECURITY)) await write(file.path, file.content);
  for (const { from, to } of notFoundCopies(LANGUAGES)) await write(to, `<!doctype html><title>${from}</title>`);
  host = await serve({ dir: join(dir, 'release'), port: 0 });
});
afterAll(async () => {
  await host?.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (path: string) => fetch(`${host.url}${path}`, { redirect: 'manual' });

describe('the folder uploaded to Netlify', () => {
  it('has the site and its rules, without compressed copies, _host/ or dot files', async () => {
    const out = join(dir, 'upload');
    const count = await publishFolder(join(dir, 'release'), out);
    const files = (await readdir(out, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name).slice(out.length + 1));
    expect(files).toHaveLength(count);
    expect(files).toContain('_redirects');
    expect(files).toContain('en-gb/404.html');
    expect(files.filter((file) => /\.(br|gz)$|^_host\/|(^|\/)\./.test(file))).toEqual([]);
  });
});

describe('the release on the Netlify runner', () => {
  it('serves pages at their .html address and folders by their index, revalidated, with the security headers', async () => {
    for (const [path, file] of [
      ['/women.html', 'women.html'],
      ['/', 'index.html'],
      ['/en-gb/', 'en-gb/index.html'],
      ['/press/', 'press/index.html'],
    ] as const) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(answer.headers.get('cache-control'), path).toBe(REVALIDATE);
      expect(answer.headers.get('content-security-policy'), path).toBe("default-src 'self'");
      expect(await answer.text(), path).toBe(`<!doctype html><title>${file}</title>`);
    }
  });

  it('serves hashed assets immutable, as JavaScript', async () => {
    const answer = await get('/_astro/app.B1x_9.js');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(answer.headers.get('content-type')).toMatch(/javascript/);
  });

  it("answers unknown addresses, unknown product codes and internals 404 with their language's not-found page", async () => {
    for (const [path, page] of [
      ['/nope.html', 'not-found.html'],
      ['/en-gb/nope.html', 'en-gb/not-found.html'],
      ['/en-gb/c/NOPE.html', 'en-gb/not-found.html'],
      ['/zh-hk/nope.html', 'zh-hk/not-found.html'],
      ['/product-detail.html?productCode=NOPE123', 'not-found.html'],
      ['/product-detail.html?productCode=%3Cx%3E', 'not-found.html'],
      ['/product-detail.html?productCode=undefined', 'not-found.html'],
      ['/en-gb/product-detail.html?productCode=NOPE123', 'en-gb/not-found.html'],
      ['/_astro/nope.js', 'not-found.html'],
      ['/_host/security-headers.json', 'not-found.html'],
      ['/_redirects', 'not-found.html'],
      ['/_headers', 'not-found.html'],
      ['/.routes.json', 'not-found.html'],
      ['/index.html.br', 'not-found.html'],
      ['/index.html.gz', 'not-found.html'],
      ['/_astro/app.B1x_9.js.br', 'not-found.html'],
    ] as const) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(answer.headers.get('content-security-policy'), path).toBe("default-src 'self'");
      expect(await answer.text(), path).toBe(`<!doctype html><title>${page}</title>`);
    }
  });

  it("serves a known product code its product's page, and the shell without one", async () => {
    for (const [path, file] of [
      ['/product-detail.html?productCode=L450011', 'product/L450011.html'],
      ['/product-detail.html?productCode=L450011&productId=45001101002011', 'product/L450011.html'],
      ['/en-gb/product-detail.html?productCode=L450011', 'en-gb/product/L450011.html'],
      ['/product-detail.html', 'product-detail.html'],
    ] as const) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(await answer.text(), path).toBe(`<!doctype html><title>${file}</title>`);
    }
  });

  it('redirects moved pages with their query, and a folder without its slash to its slash', async () => {
    for (const [path, location] of [
      ['/en-gb/forget_password_phone.html?from=mail', '/en-gb/forget_password.html?from=mail'],
      ['/press/2026', '/press/2026/'],
      ['/press', '/press/'],
    ] as const) {
      const answer = await get(path);
      expect(answer.status, path).toBe(301);
      expect(answer.headers.get('location'), path).toBe(location);
    }
  });

  it('serves no page at its address without .html (Pretty URLs off)', async () => {
    const answer = await get('/women');
    expect(answer.status).toBe(404);
    expect(await answer.text()).toBe('<!doctype html><title>not-found.html</title>');
  });

  it('sends the types the matrix asks for', async () => {
    expect((await get('/robots.txt')).headers.get('content-type')).toMatch(/^text\/plain/);
    expect((await get('/sitemap-index.xml')).headers.get('content-type')).toMatch(/^(application|text)\/xml/);
    expect((await get('/locales/en-GB.json')).headers.get('content-type')).toMatch(/^application\/json/);
  });
});
