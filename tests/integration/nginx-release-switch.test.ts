/**
 * A publish switches a running nginx to the new release: nginx's root is the releases'
 * `current` symlink, the release manager swaps it as the publish service does and runs
 * RELEASE_SWITCH_COMMAND ("nginx -s reload" for this nginx), and nginx then sends the new
 * release's pages with its includes' rules and headers; a rollback switches it back. The
 * releases are a default build and a mobile build, whose includes differ the most.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import type { HostRulesInput } from '../../src/lib/routing/host-rules.ts';
import { nginxFiles } from '../../src/lib/routing/hosts/nginx.ts';
import { securityHeaders, type SecurityHeader } from '../../src/lib/security/content-security-policy.ts';
import { createReleaseManager } from '../../scripts/publish/releases.ts';
import { startNginx, type RunningNginx } from '../../scripts/hosts/nginx.ts';
import { IPHONE } from '../fixtures/user-agents.ts';

const MOBILE = 'https://m.linea.example';
const PAGES = ['index.html', 'women.html', 'not-found.html', 'en-gb/index.html', 'en-gb/not-found.html'];

const headersOf = (policy: string): SecurityHeader[] =>
  securityHeaders({ policy, reportOnly: false, https: true, hstsIncludeSubdomains: false });

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'nginx-switch-'));
});
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

/** A release as the build writes it: its pages (each naming the release) and the nginx includes of its rules. */
async function writeRelease(dir: string, name: string, mobileSiteUrl: string, policy: string): Promise<void> {
  const input: HostRulesInput = {
    languages: LANGUAGES,
    pagePaths: ['/', '/women.html', '/not-found.html', '/en-gb/', '/en-gb/not-found.html'],
    mobileSiteUrl,
    mobilePages: { '': [{ path: '/women.html', code: 'WOMEN' }] },
  };
  const files = [
    ...PAGES.map((path) => ({ path, content: `<!doctype html><title>${name} ${path}</title>` })),
    ...nginxFiles(input, headersOf(policy)),
  ];
  for (const file of files) {
    await mkdir(dirname(join(dir, file.path)), { recursive: true });
    await writeFile(join(dir, file.path), file.content);
  }
}

describe('a publish with RELEASE_SWITCH_COMMAND="nginx -s reload"', () => {
  let nginx: RunningNginx | undefined;
  afterAll(async () => nginx?.close());

  it("switches nginx to the new release's pages and rules, and a rollback switches it back", async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const releasesRoot = join(root, 'releases');
    const first = await createReleaseManager({ root: releasesRoot }).release({
      source: 'test: a default build',
      build: (dir) => writeRelease(dir, 'first', '', "default-src 'self'"),
    });
    expect(first.ok).toBe(true);
    // nginx is started on the live release by its symlink, as a deployment's root names it.
    nginx = await startNginx({ dir: join(releasesRoot, 'current'), port: 0 });
    // A reload retires nginx's old workers, which close their kept-alive connections; a request
    // sent on one as it closes fails, and is sent again on a fresh one, as a browser does.
    const ask = async (path: string, userAgent = 'Mozilla/5.0 (X11; Linux x86_64)') => {
      const send = () => fetch(`${nginx!.url}${path}`, { redirect: 'manual', headers: { 'user-agent': userAgent } });
      return send().catch(send);
    };
    expect(await (await ask('/women.html')).text()).toContain('first women.html');
    expect((await ask('/women.html', IPHONE)).status).toBe(200);
    expect((await ask('/en-gb/nope.html')).status).toBe(404);

    // The publish service's manager, with the deployment's switch command.
    const manager = createReleaseManager({ root: releasesRoot, switchCommand: nginx.reloadCommand });
    const second = await manager.release({
      source: 'test: a mobile build',
      build: (dir) => writeRelease(dir, 'second', MOBILE, "default-src 'self'; img-src 'self' https://img.example"),
    });
    expect(second.ok).toBe(true);
    // The reload is a signal: the new workers take over a moment after the command returns, and
    // an old worker may still answer one more request on a connection it kept alive. So the
    // policy counts as switched once five answers in a row carry it.
    const policy = async () => (await ask('/women.html')).headers.get('content-security-policy');
    const settledOn = async (expected: string) => {
      for (let i = 0, inARow = 0; i < 200 && inARow < 5; i += 1) {
        inARow = (await policy()) === expected ? inARow + 1 : 0;
        if (inARow === 0) await new Promise((r) => setTimeout(r, 50));
      }
      return policy();
    };
    expect(await settledOn("default-src 'self'; img-src 'self' https://img.example")).toBe(
      "default-src 'self'; img-src 'self' https://img.example",
    );
    expect(await (await ask('/women.html')).text()).toContain('second women.html');
    const phone = await ask('/women.html', IPHONE);
    expect(phone.status).toBe(302);
    expect(phone.headers.get('location')).toBe(`${MOBILE}/home/WOMEN`);
    const missing = await ask('/en-gb/nope.html');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('second en-gb/not-found.html');

    await manager.rollback();
    expect(await settledOn("default-src 'self'")).toBe("default-src 'self'");
    expect(await (await ask('/women.html')).text()).toContain('first women.html');
    expect((await ask('/women.html', IPHONE)).status).toBe(200);
  });
});
