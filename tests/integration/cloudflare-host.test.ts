/**
 * Cloudflare's runner (scripts/hosts/cloudflare.ts) on workerd, Cloudflare's own runtime, via
 * `wrangler dev` offline: a small release written with the build's own host files (Cloudflare's
 * and Netlify's, which must change nothing here), without and with a mobile site; and the
 * upload `wrangler deploy --dry-run` would make of it. The host matrix (tests/e2e/hosts.spec.ts)
 * asks the same runner the whole table on full builds.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import { IMMUTABLE, REVALIDATE, type HostRulesInput } from '../../src/lib/routing/host-rules.ts';
import { cloudflareFiles } from '../../src/lib/routing/hosts/cloudflare.ts';
import { netlifyFiles } from '../../src/lib/routing/hosts/netlify.ts';
import { nginxFiles } from '../../src/lib/routing/hosts/nginx.ts';
import { mobileRedirectForRequest } from '../../src/lib/routing/mobile-redirect.ts';
import { serve } from '../../scripts/hosts/cloudflare.ts';
import type { RunningHost } from '../../scripts/hosts/host.ts';
import { DESKTOP, IPHONE } from '../fixtures/user-agents.ts';
import { sampleSecurityHeaders } from '../fixtures/security-headers.ts';

const MOBILE = 'https://m.linea.example';

/** Content files: each one's content is its own name. */
const CONTENT = [
  'index.html',
  'women.html',
  'product-detail.html',
  'product/L450011.html',
  'not-found.html',
  'press/index.html',
  'press/2026/index.html',
  'press/feed.xml',
  'en-gb/index.html',
  'en-gb/not-found.html',
  'en-gb/product/L450011.html',
  '_astro/app.js',
  'robots.txt',
  'sitemap-index.xml',
  'locales/en-GB.json',
];
/** What the build writes beside them that is not content. */
const INTERNALS = ['.routes.json', 'index.html.br', 'index.html.gz', '_astro/app.js.br', '_astro/app.js.gz', '_host/security-headers.json'];

const SECURITY = sampleSecurityHeaders({ https: false });

function writeRelease(dir: string, mobileSiteUrl: string): void {
  const input: HostRulesInput = {
    languages: LANGUAGES,
    pagePaths: ['/', '/women.html', '/press/', '/press/2026/', '/en-gb/'],
    mobileSiteUrl,
    mobilePages: Object.fromEntries(LANGUAGES.map((l) => [l.pathSegment, l.pathSegment ? [] : [{ path: '/women.html', code: 'WOMEN' }]])),
  };
  const files = [
    ...[...CONTENT, ...INTERNALS].map((path) => ({ path, content: path })),
    ...[cloudflareFiles, netlifyFiles, nginxFiles].flatMap((files) => files(input, SECURITY)),
  ];
  for (const file of files) {
    mkdirSync(dirname(join(dir, file.path)), { recursive: true });
    writeFileSync(join(dir, file.path), file.content);
  }
}

const work = mkdtempSync(join(tmpdir(), 'cloudflare-host-'));
const hosts: Record<'default' | 'mobile', RunningHost | null> = { default: null, mobile: null };
const get = (build: 'default' | 'mobile', path: string, userAgent = DESKTOP) =>
  fetch(`${hosts[build]!.url}${path}`, { redirect: 'manual', headers: { 'user-agent': userAgent } });

beforeAll(async () => {
  writeRelease(join(work, 'default'), '');
  writeRelease(join(work, 'mobile'), MOBILE);
  hosts.default = await serve({ dir: join(work, 'default'), port: 0 });
  hosts.mobile = await serve({ dir: join(work, 'mobile'), port: 0 });
});

afterAll(async () => {
  await Promise.all(Object.values(hosts).map((host) => host?.close()));
  rmSync(work, { recursive: true, force: true });
});

describe('a release on workerd (wrangler dev)', () => {
  it('serves a page at its .html address, 200 and not a redirect to the address without .html', async () => {
    for (const path of ['/women.html', '/product-detail.html', '/']) {
      const answer = await get('default', path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(answer.headers.get('cache-control'), path).toBe(REVALIDATE);
      for (const [name, value] of SECURITY) expect(answer.headers.get(name), `${path} ${name}`).toBe(value);
    }
    expect(await (await get('default', '/women.html')).text()).toBe('women.html');
    expect(await (await get('default', '/press/')).text()).toBe('press/index.html');
  });

  it('sends an iPhone on /women.html to the mobile page the mobile-redirect function names, and a desktop gets the page; both vary by user agent', async () => {
    const target = mobileRedirectForRequest({
      pathname: '/women.html',
      search: '',
      userAgent: IPHONE,
      mobileSiteUrl: MOBILE,
      pages: { '': [{ path: '/women.html', code: 'WOMEN' }] },
    });
    expect(target).toBe(`${MOBILE}/home/WOMEN`);
    const phone = await get('mobile', '/women.html', IPHONE);
    expect(phone.status).toBe(302);
    expect(phone.headers.get('location')).toBe(target);
    expect(phone.headers.get('vary')).toBe('User-Agent');
    const desktop = await get('mobile', '/women.html');
    expect(desktop.status).toBe(200);
    expect(desktop.headers.get('vary')).toBe('User-Agent');
    // Without a mobile site an iPhone gets the page.
    expect((await get('default', '/women.html', IPHONE)).status).toBe(200);
  });

  it('answers build internals, compressed copies and unknown addresses 404 with the not-found page of their language', async () => {
    for (const [path, body] of [
      ['/_host/x', 'not-found.html'],
      ['/_host/security-headers.json', 'not-found.html'],
      ['/.routes.json', 'not-found.html'],
      ['/.assetsignore', 'not-found.html'],
      ['/_redirects', 'not-found.html'],
      ['/_headers', 'not-found.html'],
      ['/index.html.br', 'not-found.html'],
      ['/_astro/app.js.br', 'not-found.html'],
      ['/_astro/nope.js', 'not-found.html'],
      ['/nope.html', 'not-found.html'],
      ['/en-gb/nope.html', 'en-gb/not-found.html'],
      ['/product-detail.html?productCode=NOPE123', 'not-found.html'],
    ]) {
      const answer = await get('default', path!);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(answer.headers.get('cache-control'), path).toBe(REVALIDATE);
      expect(await answer.text(), path).toBe(body);
    }
  });

  it("serves the product address's page, moves a folder without its slash, and gives data and assets their types", async () => {
    expect(await (await get('default', '/en-gb/product-detail.html?productCode=L450011')).text()).toBe('en-gb/product/L450011.html');
    const folder = await get('default', '/press/2026');
    expect(folder.status).toBe(301);
    expect(folder.headers.get('location')).toBe('/press/2026/');
    const moved = await get('default', '/forget_password_phone.html?from=mail');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/forget_password.html?from=mail');
    for (const [path, type] of [
      ['/robots.txt', 'text/plain'],
      ['/sitemap-index.xml', 'application/xml'],
      ['/press/feed.xml', 'application/xml'],
      ['/locales/en-GB.json', 'application/json'],
      ['/_astro/app.js', 'text/javascript'],
    ]) {
      const answer = await get('default', path!);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('content-type')?.split(';')[0], path).toBe(type);
      expect(answer.headers.get('cache-control'), path).toBe(path!.startsWith('/_astro/') ? IMMUTABLE : REVALIDATE);
    }
  });
});

describe("the upload (wrangler deploy --dry-run, wrangler's own ignore rules)", () => {
  it('uploads the content and none of the internals, compressed copies or Netlify files', () => {
    const run = spawnSync(process.execPath, ['scripts/hosts/cloudflare.ts', 'deploy', '--dir', join(work, 'default'), '--dry-run'], {
      encoding: 'utf8',
      env: { ...process.env, WRANGLER_LOG: 'debug', WRANGLER_SEND_METRICS: 'false' },
    });
    const output = `${run.stdout}\n${run.stderr}`;
    expect(run.status, output).toBe(0);
    const listed = new Set(output.split('\n').flatMap((line) => (/^\/\S+$/.test(line.trim()) ? [line.trim().slice(1)] : [])));
    const ignored = new Set(output.split('\n').flatMap((line) => /Ignoring asset: (\S+)/.exec(line)?.[1] ?? []));
    for (const file of CONTENT) {
      expect(listed.has(file), file).toBe(true);
      expect(ignored.has(file), file).toBe(false);
    }
    for (const file of [...INTERNALS, '.assetsignore', '_host/cloudflare/release.json', '_host/nginx-server.conf'])
      expect(ignored.has(file), file).toBe(true);
    // Not even read: wrangler would take them as the asset router's own rules.
    expect(listed.has('_redirects')).toBe(false);
    expect(listed.has('_headers')).toBe(false);
  });
});
