/**
 * A release with more files than one Cloudflare Worker version takes, on workerd (`wrangler dev`,
 * offline): the deploy splits the products' pages and data files across product deployments, and
 * the main Worker fetches each through its service binding. The limit is lowered (40 files) so a
 * release of a few products needs the split that 20,000 products need at Cloudflare's 100,000.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import type { HostRulesInput } from '../../src/lib/routing/host-rules.ts';
import { cloudflareFiles, cloudflareUploads, planUpload } from '../../src/lib/routing/hosts/cloudflare.ts';
import { serveRelease } from '../../scripts/hosts/cloudflare.ts';
import type { RunningHost } from '../../scripts/hosts/host.ts';
import { sampleSecurityHeaders } from '../fixtures/security-headers.ts';

const MAX_FILES = 40;
const CODES = Array.from({ length: 12 }, (_, i) => `L45${String(i).padStart(4, '0')}`);
/** Each product's page in two languages and its data file in each. */
const PRODUCT_FILES = CODES.flatMap((code) => [
  `product/${code}.html`,
  `en-gb/product/${code}.html`,
  `product-data/zh-TW/${code}.json`,
  `product-data/en-GB/${code}.json`,
]);
const OTHER_FILES = ['index.html', 'women.html', 'product-detail.html', 'not-found.html', 'en-gb/index.html', 'en-gb/not-found.html'];

const work = mkdtempSync(join(tmpdir(), 'cloudflare-split-'));
let host: (RunningHost & { productDeployments: number }) | null = null;
const get = (path: string) => fetch(`${host!.url}${path}`, { redirect: 'manual' });

beforeAll(async () => {
  const input: HostRulesInput = {
    languages: LANGUAGES,
    pagePaths: ['/', '/women.html', '/en-gb/'],
    mobileSiteUrl: '',
    mobilePages: Object.fromEntries(LANGUAGES.map((l) => [l.pathSegment, []])),
  };
  const files = [
    // Compressed copies stay beside their page, in the main deployment's folder, which leaves them out.
    ...[...OTHER_FILES, ...PRODUCT_FILES, 'product/L450000.html.br'].map((path) => ({ path, content: path })),
    ...cloudflareFiles(input, sampleSecurityHeaders({ https: false })),
  ];
  for (const file of files) {
    mkdirSync(dirname(join(work, file.path)), { recursive: true });
    writeFileSync(join(work, file.path), file.content);
  }
  host = await serveRelease({ dir: work, port: 0, maxFiles: MAX_FILES });
}, 180_000);

afterAll(async () => {
  await host?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('a release over the file limit, split across product deployments', () => {
  it('plans deployments each within the limit, the products apart from the rest', () => {
    const uploaded = [...OTHER_FILES, ...PRODUCT_FILES, 'product/L450000.html.br'].filter(cloudflareUploads);
    const plan = planUpload(uploaded, MAX_FILES);
    expect(plan.shards.length).toBeGreaterThanOrEqual(2);
    expect(host!.productDeployments).toBe(plan.shards.length);
    expect(plan.main.sort()).toEqual([...OTHER_FILES].sort());
    for (const shard of plan.shards) expect(shard.length).toBeLessThanOrEqual(MAX_FILES);
    expect(plan.shards.flat().sort()).toEqual([...PRODUCT_FILES].sort());
  });

  it("serves every product's pages and data from its deployment, and the rest from the main one", async () => {
    for (const file of [...PRODUCT_FILES, ...OTHER_FILES]) {
      const answer = await get(`/${file}`);
      expect(answer.status, file).toBe(200);
      expect(await answer.text(), file).toBe(file);
    }
    const byQuery = await get(`/en-gb/product-detail.html?productCode=${CODES[7]}`);
    expect(byQuery.status).toBe(200);
    expect(await byQuery.text()).toBe(`en-gb/product/${CODES[7]}.html`);
  }, 60_000);

  it('answers an unknown product, by its address or by query, 404 with the not-found page', async () => {
    for (const [path, body] of [
      ['/product/L459999.html', 'not-found.html'],
      ['/en-gb/product/L459999.html', 'en-gb/not-found.html'],
      ['/product-detail.html?productCode=L459999', 'not-found.html'],
      ['/product/L450000.html.br', 'not-found.html'],
    ]) {
      const answer = await get(path!);
      expect(answer.status, path).toBe(404);
      expect(await answer.text(), path).toBe(body);
    }
  });
});
