/**
 * Compressed bytes: the build's .br and .gz copies (scripts/compress.ts) and the local server's
 * choice among them by Accept-Encoding, over real HTTP.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressTree } from '../../scripts/compress.ts';
import { startPagePipeline } from '../../scripts/build/page-pipeline.ts';
import { cspHash } from '../../scripts/security/release-scan.ts';
import { outputFileOf, renderedPathname } from '../../src/node/rendered-pages.ts';
import { startStaticServer } from '../../scripts/static-server.ts';
import { chooseCoding } from '../../src/lib/routing/content-encoding.ts';

const PAGE = `<!doctype html><title>Women</title>${'<p>Knitwear for the cold months.</p>'.repeat(200)}`;
const FILES: Record<string, string> = {
  'women.html': PAGE,
  'en-gb/index.html': PAGE,
  'sitemap-zh-TW.xml': '<?xml version="1.0"?><urlset></urlset>',
  'product-data/zh-TW/L1.json': '{"productCode":"L1"}',
  '_astro/app.AbC123.js': 'export const x = 1;'.repeat(100),
  '_astro/app.AbC123.css': 'body{margin:0}'.repeat(100),
  'brand/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
  'brand/logo.png': 'not text',
  '_host/nginx-server.conf': 'gzip_static on;',
  '.routes.json': '{}',
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'compress-'));
  for (const [file, body] of Object.entries(FILES)) {
    await mkdir(dirname(join(dir, 'site', file)), { recursive: true });
    await writeFile(join(dir, 'site', file), body);
  }
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the build writes compressed copies', () => {
  it('beside every HTML, JS, CSS, SVG, JSON and XML file, each decompressing to the file', async () => {
    const result = await compressTree(join(dir, 'site'));
    expect(result.files).toBe(7);
    for (const file of Object.keys(FILES)) {
      const text = /\.(html|js|css|svg|json|xml)$/.test(file) && !file.startsWith('_host/') && !file.startsWith('.');
      expect(existsSync(join(dir, 'site', `${file}.br`)), file).toBe(text);
      expect(existsSync(join(dir, 'site', `${file}.gz`)), file).toBe(text);
      if (!text) continue;
      expect(brotliDecompressSync(await readFile(join(dir, 'site', `${file}.br`))).toString()).toBe(FILES[file]);
      expect(gunzipSync(await readFile(join(dir, 'site', `${file}.gz`))).toString()).toBe(FILES[file]);
    }
    expect(result.bytes.br).toBeLessThan(result.bytes.raw / 4);
  });

  it('shares a whole build out to worker threads, every copy still its own file', async () => {
    const many = join(dir, 'many');
    const pages = Array.from({ length: 240 }, (_, i) => `page-${i}.html`);
    await mkdir(many, { recursive: true });
    await Promise.all(pages.map((page, i) => writeFile(join(many, page), PAGE.replace('Women', `Page ${i}`))));
    const result = await compressTree(many);
    expect(result.files).toBe(240);
    for (const [i, page] of pages.entries()) {
      expect(brotliDecompressSync(await readFile(join(many, `${page}.br`))).toString(), page).toContain(`Page ${i}<`);
      expect(gunzipSync(await readFile(join(many, `${page}.gz`))).toString(), page).toContain(`Page ${i}<`);
    }
    expect(result.bytes.raw).toBe(240 * PAGE.length + pages.reduce((n, _, i) => n + String(i).length, 0));
  });

  it("takes the base release's copies of an unchanged hashed asset instead of compressing it again", async () => {
    const partial = join(dir, 'partial');
    await mkdir(join(partial, '_astro'), { recursive: true });
    await writeFile(join(partial, '_astro/app.AbC123.js'), FILES['_astro/app.AbC123.js']!);
    await writeFile(join(partial, 'women.html'), PAGE.replace('Women', 'Femmes'));
    const result = await compressTree(partial, { reuseFrom: join(dir, 'site') });
    expect(result).toMatchObject({ files: 2, reused: 1 });
    expect(brotliDecompressSync(await readFile(join(partial, 'women.html.br'))).toString()).toContain('Femmes');
  });
});

describe('pages compressed and scanned as Astro renders them (the page pipeline)', () => {
  const page = (i: number) => `<!doctype html><title>Page ${i}</title><script>go(${i % 2})</script>${'<p>Linen shirts.</p>'.repeat(100)}`;
  const encode = (text: string) => new TextEncoder().encode(text);

  it('writes both copies of each page handed over, scans its scripts, and leaves the rest to compressTree', async () => {
    const out = join(dir, 'piped');
    const cpuBefore = process.cpuUsage();
    const pipeline = startPagePipeline(out);
    pipeline.sink.expect(300);
    const files = Array.from({ length: 300 }, (_, i) => `feature/p-${i}.html`);
    // Astro writes each page itself, after handing it over, as its renders come back.
    await Promise.all(
      files.map(async (file, i) => {
        await pipeline.sink.page(file, encode(page(i)));
        await mkdir(dirname(join(out, file)), { recursive: true });
        await writeFile(join(out, file), page(i));
      }),
    );
    await pipeline.sink.page('robots.txt', encode('User-agent: *'));
    await writeFile(join(out, 'robots.txt'), 'User-agent: *');
    await writeFile(join(out, 'app.css'), 'body{margin:0}');
    const result = await pipeline.finish();
    expect(result.written.size).toBe(300);
    // Handed over all at once, more than the worker holds: this thread compressed the rest itself.
    expect(result.takenHere).toBeGreaterThan(0);
    expect(result.takenHere).toBeLessThan(300);
    // The compressing threads' CPU time (ms): some, and within what the whole process used.
    const { user, system } = process.cpuUsage(cpuBefore);
    expect(result.cpuMs).toBeGreaterThan(0);
    expect(result.cpuMs).toBeLessThanOrEqual((user + system) / 1000);
    expect(result.scans['feature/p-7.html']!.scripts).toEqual([cspHash('go(1)')]);
    for (const [i, file] of files.entries()) {
      expect(brotliDecompressSync(await readFile(join(out, `${file}.br`))).toString(), file).toBe(page(i));
      expect(gunzipSync(await readFile(join(out, `${file}.gz`))).toString(), file).toBe(page(i));
    }
    expect(existsSync(join(out, 'robots.txt.br'))).toBe(false);
    // Afterwards only what the pipeline did not write is compressed.
    expect(await compressTree(out, { written: result.written })).toMatchObject({ files: 1 });
    expect(gunzipSync(await readFile(join(out, 'app.css.gz'))).toString()).toBe('body{margin:0}');
  });

  it('keeps pages on the workers while they have room: a page handed over at a time, with a pause, is never taken here', async () => {
    const out = join(dir, 'paced');
    const pipeline = startPagePipeline(out);
    pipeline.sink.expect(300);
    for (let i = 0; i < 80; i++) {
      const file = `paced/p-${i}.html`;
      await pipeline.sink.page(file, encode(page(i)));
      await mkdir(dirname(join(out, file)), { recursive: true });
      await writeFile(join(out, file), page(i));
      // The pause lasts until a worker has written this page's copy: on a busy machine a fixed
      // pause let pages pile up while the workers were still starting.
      while (!existsSync(join(out, `${file}.br`))) await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const result = await pipeline.finish();
    expect(result.written.size).toBe(80);
    expect(result.takenHere).toBe(0);
  });

  it('removes the copies of a page Astro did not write, and starts no worker for a small build', async () => {
    const out = join(dir, 'unwritten');
    const pipeline = startPagePipeline(out);
    pipeline.sink.expect(250);
    await pipeline.sink.page('gone.html', encode(page(1)));
    const result = await pipeline.finish();
    expect(result.written.size).toBe(0);
    expect(result.unwritten).toEqual(['gone.html']);
    expect(result.scans).toEqual({});
    expect(existsSync(join(out, 'gone.html.br'))).toBe(false);
    expect(existsSync(join(out, 'gone.html.gz'))).toBe(false);

    const small = startPagePipeline(join(dir, 'small'));
    small.sink.expect(199);
    await small.sink.page('one.html', encode(page(1)));
    expect((await small.finish()).written.size).toBe(0);
    expect(existsSync(join(dir, 'small', 'one.html.br'))).toBe(false);
  });

  it('fails the page handed over once a worker cannot write, instead of waiting for room forever', async () => {
    const blocked = join(dir, 'blocked');
    await writeFile(blocked, 'a file where the output folder should be');
    const pipeline = startPagePipeline(blocked);
    pipeline.sink.expect(300);
    const handed = Promise.all(Array.from({ length: 300 }, (_, i) => pipeline.sink.page(`p-${i}.html`, encode(page(i)))));
    await expect(handed).rejects.toThrow(/ENOTDIR|EEXIST/);
    pipeline.stop();
  });

  const pageRoute = { type: 'page', isIndex: false };
  const indexRoute = { type: 'page', isIndex: true };
  const endpointRoute = { type: 'endpoint', isIndex: false };

  it("names the file Astro writes for each pathname, as build.format 'preserve' has it", () => {
    expect(outputFileOf('/', indexRoute)).toBe('index.html');
    expect(outputFileOf('', pageRoute)).toBe('index.html');
    expect(outputFileOf('/en-gb', indexRoute)).toBe('en-gb/index.html');
    expect(outputFileOf('/en-gb/', indexRoute)).toBe('en-gb/index.html');
    expect(outputFileOf('/c/W01', pageRoute)).toBe('c/W01.html');
    expect(outputFileOf('/sitemap-zh-tw.xml', endpointRoute)).toBe('sitemap-zh-tw.xml');
    expect(outputFileOf('/feature/羽絨', pageRoute)).toBe('feature/羽絨.html');
  });

  it('matches a request back to the pathname it was made for, or to none when it cannot be sure', () => {
    const rendered = new Set(['', 'en-gb', 'c/W01', 'sitemap-zh-tw.xml', 'feature/羽絨', 'sale-50%-off', 'a%20b']);
    expect(renderedPathname('http://localhost/', indexRoute, rendered)).toBe('');
    expect(renderedPathname('http://localhost/en-gb/', indexRoute, rendered)).toBe('en-gb');
    expect(renderedPathname('http://localhost/c/W01.html', pageRoute, rendered)).toBe('c/W01');
    expect(renderedPathname('http://localhost/sitemap-zh-tw.xml', endpointRoute, rendered)).toBe('sitemap-zh-tw.xml');
    expect(renderedPathname(`http://localhost/feature/${encodeURIComponent('羽絨')}.html`, pageRoute, rendered)).toBe('feature/羽絨');
    // A literal % does not read back: left to the pass after the build, never a wrong file.
    expect(renderedPathname('http://localhost/sale-50%-off.html', pageRoute, rendered)).toBeNull();
    expect(renderedPathname('http://localhost/a%20b.html', pageRoute, rendered)).toBeNull();
    expect(renderedPathname('http://localhost/c/W02.html', pageRoute, rendered)).toBeNull();
  });
});

describe('the local server negotiates the encoding', () => {
  let server: Awaited<ReturnType<typeof startStaticServer>>;
  beforeAll(async () => {
    server = await startStaticServer({ root: join(dir, 'site'), port: 0, mobileSiteUrl: '' });
  });
  afterAll(() => server.close());

  /** A raw request: no client decompression, so the bytes on the wire are what we check. */
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      const req = request(`${server.url}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });

  it('sends Brotli to a browser that takes it, gzip to one that takes only that, and the file otherwise', async () => {
    const br = await get('/women.html', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(PAGE);
    expect(Number(br.headers['content-length'])).toBe((await stat(join(dir, 'site', 'women.html.br'))).size);
    const gz = await get('/en-gb/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(PAGE);
    const plain = await get('/women.html');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(PAGE);
    for (const answer of [br, gz, plain]) {
      expect(answer.headers.vary).toContain('Accept-Encoding');
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    }
  });

  it('keeps an entity tag per encoding, answers 304 to the same one, and HEAD with the compressed length', async () => {
    const br = await get('/_astro/app.AbC123.js', { 'accept-encoding': 'br' });
    const gz = await get('/_astro/app.AbC123.js', { 'accept-encoding': 'gzip' });
    expect(br.headers.etag).not.toBe(gz.headers.etag);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/_astro/app.AbC123.js', { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) })).status).toBe(304);
    const head = await get('/_astro/app.AbC123.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.headers['content-length']).toBe(br.headers['content-length']);
    expect(head.body.length).toBe(0);
  });

  it('sends images as they are, and never the copies of unserved files', async () => {
    const png = await get('/brand/logo.png', { 'accept-encoding': 'br' });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers.vary).toBeUndefined();
    expect((await get('/_host/nginx-server.conf', { 'accept-encoding': 'br' })).status).toBe(404);
  });
});

describe('choosing an encoding', () => {
  const both = ['br', 'gzip'] as const;
  it.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['gzip;q=0.8, br;q=0.8', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0.1, gzip;q=0', 'br'],
    ['identity', null],
    ['', null],
    ['x-gzip', 'gzip'],
    ['BR', 'br'],
  ])('%j → %s', (header, expected) => {
    expect(chooseCoding(header, both)).toBe(expected);
  });
  it('only among the copies that exist', () => {
    expect(chooseCoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(chooseCoding('br', ['gzip'])).toBeNull();
  });
});
