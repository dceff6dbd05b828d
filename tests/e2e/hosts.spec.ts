/**
 * The host matrix: a default build and a mobile build, each served by every host runner in
 * scripts/hosts/ (our server, and each host's own software), asked the same requests as a
 * desktop browser, an iPhone and Google's smartphone crawler, and compared with one table
 * (host-matrix.ts). A difference names the host, the build, the visitor, the request and the
 * header. Then, in Chromium as an iPhone, a category, a product and the older product address
 * land on their mobile pages on every host.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { E2E_RELEASES_DIR, MOBILE_SITE } from '../../playwright.config.ts';
import { MOBILE_PAGES_FILE } from '../../scripts/host-rules.ts';
import { hostNames, runnerFor } from '../../scripts/host.ts';
import type { RunningHost } from '../../scripts/hosts/host.ts';
import { mobileRedirectForRequest, type MobilePagesBySegment } from '../../src/lib/routing/mobile-redirect.ts';
import { freePort } from '../fixtures/ports.ts';
import {
  desktopRules,
  differences,
  expectedAnswer,
  PHONE_REDIRECT,
  securityHeadersOf,
  USER_AGENTS,
  type MatrixRelease,
  type Visitor,
} from './host-matrix.ts';
import { expect, test } from './test.ts';

const WORK = resolve('.data/host-matrix');
const HOSTS = hostNames();
let releases: MatrixRelease[] = [];

// Not serial: one host's difference must not hide another's. (A failure restarts the worker, which builds again.)
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  // The mobile build is the live release the store runs on (built with MOBILE_SITE_URL), taken
  // as hard links: the publish tests replace and prune releases while this runs.
  const mobile = join(WORK, 'mobile');
  execFileSync('cp', ['-al', realpathSync(join(E2E_RELEASES_DIR, 'current')), mobile]);
  // The default build: the same content (the pull the store made), no mobile site.
  const built = spawnSync(process.execPath, ['scripts/build-site.ts', '--no-pull', '--out', join(WORK, 'default')], {
    env: { ...process.env, MOBILE_SITE_URL: '' },
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`The default build failed:\n${built.stdout}\n${built.stderr}`);
  releases = [
    { name: 'default', dir: join(WORK, 'default'), mobileSiteUrl: '' },
    { name: 'mobile', dir: mobile, mobileSiteUrl: MOBILE_SITE },
  ];
});

/**
 * Each host serving the mobile build, started by its table test and kept for its iPhone test
 * below (the file's tests run in order in one worker, and both only read): a host started once
 * instead of twice (wrangler's start is most of a Cloudflare test). Stopped after the file.
 */
const keptHosts = new Map<string, Promise<RunningHost>>();

test.afterAll(async () => {
  for (const host of keptHosts.values()) await (await host.catch(() => null))?.close();
  keptHosts.clear();
  rmSync(WORK, { recursive: true, force: true });
});

async function onHost<T>(name: string, release: MatrixRelease, work: (host: RunningHost) => Promise<T>): Promise<T> {
  const start = async () => (await runnerFor(name))({ dir: release.dir, port: await freePort() });
  if (release.name === 'mobile') {
    if (!keptHosts.has(name)) keptHosts.set(name, start());
    return work(await keptHosts.get(name)!);
  }
  const host = await start();
  try {
    return await work(host);
  } finally {
    await host.close();
  }
}

test('every host says how it sends phones on', () => {
  expect(HOSTS).toContain('local');
  for (const name of HOSTS) expect(PHONE_REDIRECT[name], `scripts/hosts/${name}.ts is missing from PHONE_REDIRECT`).toBeDefined();
});

for (const name of HOSTS) {
  for (const build of ['default', 'mobile'] as const) {
    test(`${name} answers the ${build} build as the table says`, async () => {
      test.setTimeout(180_000);
      const release = releases.find((r) => r.name === build)!;
      const security = securityHeadersOf(release.dir);
      const rules = desktopRules(release.dir);
      const failures = await onHost(name, release, async (host) => {
        const found: string[] = [];
        for (const visitor of Object.keys(USER_AGENTS) as Visitor[]) {
          for (const rule of rules) {
            const answer = await fetch(`${host.url}${rule.path}`, {
              redirect: 'manual',
              headers: { 'user-agent': USER_AGENTS[visitor], 'accept-encoding': 'br, gzip' },
            });
            const expected = expectedAnswer(rule, visitor, release, PHONE_REDIRECT[name] ?? 'edge');
            for (const difference of await differences(answer, expected, release, security))
              found.push(`${name}, ${build} build, ${visitor}, GET ${rule.path}: ${difference}`);
          }
        }
        return found;
      });
      expect(failures, failures.join('\n')).toEqual([]);
    });
  }
}

for (const name of HOSTS) {
  test(`an iPhone lands on the mobile page of a category, a product and the product address, on ${name}`, async ({ browser }) => {
    test.setTimeout(120_000);
    const release = releases.find((r) => r.name === 'mobile')!;
    const pages = JSON.parse(readFileSync(join(release.dir, MOBILE_PAGES_FILE), 'utf8')) as MobilePagesBySegment;
    await onHost(name, release, async (host) => {
      const context = await browser.newContext({ userAgent: USER_AGENTS.iphone, isMobile: true, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      for (const path of ['/c/W01.html', '/en-gb/product/L450011.html', '/product-detail.html?productCode=L450011']) {
        const url = new URL(path, host.url);
        const target = mobileRedirectForRequest({
          pathname: url.pathname,
          search: url.search,
          userAgent: USER_AGENTS.iphone,
          mobileSiteUrl: MOBILE_SITE,
          pages,
        });
        expect(target, path).toMatch(/^https:\/\/m\.linea\.example\//);
        // The mobile site does not exist here: the browser asking for it is the landing (a
        // redirect's target is not handed to page.route, so it is watched instead).
        const asked = page.waitForRequest((request) => request.url().startsWith(MOBILE_SITE) && request.isNavigationRequest());
        await page.goto(url.href).catch(() => undefined);
        expect((await asked).url(), `${name}: ${path}`).toBe(target);
      }
      await context.close();
    });
  });
}
