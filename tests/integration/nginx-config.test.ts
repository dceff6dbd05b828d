/**
 * The nginx includes pass `nginx -t` in the configuration the nginx runner (and
 * docs/hosts/nginx.md) uses, for a build with and without a mobile site: from a small set of
 * rules, and from the pages of a real build on this machine (dist/, or the e2e store's live
 * release) when there is one. A default build's includes once stopped nginx from starting at all.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import type { HostRulesInput } from '../../src/lib/routing/host-rules.ts';
import { NGINX_MAP_HASH_SIZES, NGINX_SERVER_INCLUDE, nginxFiles } from '../../src/lib/routing/hosts/nginx.ts';
import type { MobilePagesBySegment } from '../../src/lib/routing/mobile-redirect.ts';
import type { SecurityHeader } from '../../src/lib/security/content-security-policy.ts';
import { MOBILE_PAGES_FILE, SECURITY_HEADERS_FILE } from '../../scripts/host-rules.ts';
import { hasBrotliStatic, NGINX_PATH, nginxConfig, startNginx } from '../../scripts/hosts/nginx.ts';
import { sampleSecurityHeaders } from '../fixtures/security-headers.ts';

const SECURITY = sampleSecurityHeaders({ reportUri: '/csp-report' });

/** A page address longer than a key nginx's default map buckets hold: it must not fail the configuration. */
const LONG_PATH = '/feature/autumn-campaign-for-members-and-their-families.html';

const rules = (mobileSiteUrl: string): HostRulesInput => ({
  languages: LANGUAGES,
  pagePaths: ['/', '/women.html', LONG_PATH, '/press/', '/press/2026/', '/en-gb/', '/en-gb/press/2026/'],
  mobileSiteUrl,
  mobilePages: {
    '': [
      { path: '/women.html', code: 'WOMEN' },
      { path: LONG_PATH, code: 'AUTUMN' },
    ],
    'en-gb': [{ path: '/women.html', code: 'WOMEN-EN' }],
  },
});

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'nginx-config-'));
});
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

/** Writes the includes of `input` into a folder of their own, as the build does. */
async function release(name: string, input: HostRulesInput, security: readonly SecurityHeader[] = SECURITY): Promise<string> {
  const dir = join(work, name);
  for (const file of nginxFiles(input, security)) {
    await mkdir(dirname(join(dir, file.path)), { recursive: true });
    await writeFile(join(dir, file.path), file.content);
  }
  return dir;
}

/** `nginx -t` of the runner's configuration for the release at `dir`; `operator` leaves out the map sizes we advise. */
async function nginxTest(dir: string, options: { withoutMapSizes?: boolean; serverFrom?: string } = {}) {
  const prefix = await mkdtemp(join(work, 'prefix-'));
  let config = nginxConfig({ dir, port: 1, prefix, brotli: hasBrotliStatic() });
  if (options.withoutMapSizes) config = config.replace(NGINX_MAP_HASH_SIZES, '');
  if (options.serverFrom) config = config.replace(join(dir, NGINX_SERVER_INCLUDE), join(options.serverFrom, NGINX_SERVER_INCLUDE));
  await writeFile(join(prefix, 'nginx.conf'), config);
  const run = spawnSync(NGINX_PATH, ['-t', '-p', prefix, '-c', join(prefix, 'nginx.conf')], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stderr}${run.stdout}` };
}

describe('nginx -t', () => {
  it.each([
    ['a default build', ''],
    ['a mobile build', 'https://m.linea.example'],
  ])('accepts the includes of %s, without a warning', async (name, mobileSiteUrl) => {
    const dir = await release(name.replace(/ /g, '-'), rules(mobileSiteUrl));
    const { status, output } = await nginxTest(dir);
    expect(output).not.toMatch(/\[(?:emerg|warn)\]/);
    expect(status, output).toBe(0);
  });

  it('accepts a mobile build where the operator set no map sizes (a long page address included)', async () => {
    const dir = await release('mobile-as-is', rules('https://m.linea.example'));
    const { status, output } = await nginxTest(dir, { withoutMapSizes: true });
    expect(output).not.toMatch(/\[emerg\]/);
    expect(status, output).toBe(0);
  });

  it('accepts a mobile build of 10,000 pages (2,000 CMS pages a language) without a warning, in a few seconds at most', async () => {
    const scale = (segment: string) =>
      Array.from({ length: 2000 }, (_, n) => ({ path: `/feature/scale-${n + 1}.html`, code: `SCALE-${segment}-${n + 1}` }));
    const mobilePages = Object.fromEntries(LANGUAGES.map((l) => [l.pathSegment, scale(l.pathSegment)]));
    const pagePaths = LANGUAGES.flatMap((l) =>
      mobilePages[l.pathSegment]!.map((p) => `${l.pathSegment ? `/${l.pathSegment}` : ''}${p.path}`),
    );
    const dir = await release('mobile-10000', { languages: LANGUAGES, pagePaths, mobileSiteUrl: 'https://m.linea.example', mobilePages });
    const started = performance.now();
    const { status, output } = await nginxTest(dir);
    expect(output).not.toMatch(/\[(?:emerg|warn)\]/);
    expect(status, output).toBe(0);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it("accepts one build's server include with the other's http include (they declare the same variables)", async () => {
    const plain = await release('pair-default', rules(''));
    const mobile = await release('pair-mobile', rules('https://m.linea.example'));
    for (const [http, server] of [
      [plain, mobile],
      [mobile, plain],
    ]) {
      const { status, output } = await nginxTest(http!, { serverFrom: server });
      expect(status, output).toBe(0);
    }
  });

  // The pages of a real build on this machine, when there is one (`npm run build`'s dist/), with
  // and without a mobile site: the includes as this code writes them. Not the browser suite's
  // live release: `npm test` runs that suite beside this one, and its publishes replace and
  // remove releases while this test would read them.
  const built = ['dist'].map((path) => resolve(path)).find((path) => existsSync(join(path, MOBILE_PAGES_FILE)));
  it.runIf(built).each([
    ['a default build', ''],
    ['a mobile build', 'https://m.linea.example'],
  ])(`accepts the includes of ${built ?? 'a real build'} as %s, without a warning`, async (name, mobileSiteUrl) => {
    const site = realpathSync(built!);
    const files = await readdir(site, { recursive: true });
    const pagePaths = files
      .filter((file) => file.endsWith('.html') && !file.endsWith('404.html'))
      .map((file) => `/${file.split(sep).join('/')}`.replace(/(^|\/)index\.html$/, '$1'));
    const input: HostRulesInput = {
      languages: LANGUAGES,
      pagePaths,
      mobileSiteUrl,
      mobilePages: JSON.parse(await readFile(join(site, MOBILE_PAGES_FILE), 'utf8')) as MobilePagesBySegment,
    };
    const security = JSON.parse(await readFile(join(site, SECURITY_HEADERS_FILE), 'utf8')) as SecurityHeader[];
    const dir = await release(`real-${name.replace(/ /g, '-')}`, input, security);
    expect(pagePaths.length).toBeGreaterThan(1000);
    const { status, output } = await nginxTest(dir);
    expect(output).not.toMatch(/\[(?:emerg|warn)\]/);
    expect(status, output).toBe(0);
  });
});

describe('the nginx runner', () => {
  it("fails with nginx's own words when nginx refuses a release's includes", async () => {
    const dir = await release('broken', rules(''));
    await writeFile(join(dir, NGINX_SERVER_INCLUDE), 'no_such_directive on;\n');
    await expect(startNginx({ dir, port: 0 })).rejects.toThrow(
      /nginx refused the configuration[\s\S]*unknown directive "no_such_directive"/,
    );
  });

  it('serves a release (the default build here) and stops', async () => {
    const dir = await release('served', rules(''));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>home</title>');
    const nginx = await startNginx({ dir, port: 0 });
    const answer = await fetch(`${nginx.url}/`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    await nginx.close();
    await expect(fetch(`${nginx.url}/`)).rejects.toThrow();
  });
});
