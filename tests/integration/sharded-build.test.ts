/**
 * A sharded cold build writes the release an unsharded one does (scripts/shards/,
 * docs/deployment.md): on a small scaled sample (the sample's 121 products, the fewest it draws, and a small CMS, in all five languages),
 * one build of everything and two shards (zh-TW and zh-HK; zh-MO, zh-CN and en-GB), each a
 * process of its own on the same content cache and clock, merged. The two releases have the
 * same files and the same bytes in every one; nothing is masked, since both are built from one
 * content cache, one BUILD_NOW, one code and configuration.
 *
 * And the merge refuses what would make a wrong release: a language no shard built, a page a
 * shard lacks, a shared file two shards wrote differently. Each shard's pages carry an inline
 * script the other's do not (an editor's custom HTML in one language), so a merge that kept one
 * shard's scan would lose that script's hash from the Content-Security-Policy.
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSampleCms } from '../../scripts/local-cms/generate.ts';
import { startCmsServer } from '../../scripts/local-cms/server.ts';
import { catalogueSchema } from '../../scripts/sample-data/catalogue-schema.ts';
import { startCatalogueApi } from '../../scripts/bench/catalogue-api.ts';
import { filesUnder } from '../../scripts/build/files.ts';
import { mergeShards } from '../../scripts/shards/merge.ts';
import { SHARD_FILE, readShardRecord } from '../../scripts/shards/shard.ts';
import { SECURITY_HEADERS_FILE } from '../../scripts/host-rules.ts';
import { ROUTE_MANIFEST_FILE } from '../../scripts/publish/route-manifest.ts';
import { cspHash, scanTotals } from '../../scripts/security/release-scan.ts';
import { pullContent } from '../../src/node/cms/pull.ts';
import { pullProducts } from '../../src/node/catalogue/pull-products.ts';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';

const SHARDS = [
  ['zh-TW', 'zh-HK'],
  ['zh-MO', 'zh-CN', 'en-GB'],
] as const;
let root: string;
let cacheDir: string;
let whole: string;
let shardDirs: string[];
let release: string;
let products: number;
let fingerprint: string;
const SITE = 'https://shop.example';
const savedSite = process.env.SITE_URL;
/** An editor's script on one page of en-GB, which the second shard renders. */
const EN_GB_SCRIPT = 'window.onlyInEnglish = true;';

/** `npm run build` in a process of its own (Astro renders stale props when it builds twice in one process). */
function build(outDir: string, shard?: readonly string[]): Promise<void> {
  const args = ['scripts/build-site.ts', '--no-pull', '--out', outDir, ...(shard ? ['--shard', shard.join(',')] : [])];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, CONTENT_CACHE_DIR: cacheDir, SITE_URL: SITE, BUILD_NOW: String(Date.UTC(2026, 11, 1)) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`build ${args.join(' ')} exited ${code}:\n${output.slice(-2000)}`)),
    );
  });
}

beforeAll(async () => {
  // Inside the project: concurrent Astro builds keep their server bundles in their own folders then.
  root = await mkdtemp(join(process.cwd(), '.data', 'sharded-build-'));
  const cmsDir = join(root, 'cms');
  cacheDir = join(root, 'content-cache');
  ({ products } = await generateSampleCms({ outDir: cmsDir, scale: 12, seed: 1, now: Date.UTC(2026, 11, 1) }));
  const page = join(cmsDir, 'cms', 'en_GB', 'pages', 'membership-agreement.json');
  const document = JSON.parse(await readFile(page, 'utf8')) as { components: Array<{ type: string; html?: string }> };
  const block = document.components.find((c) => c.type === 'customContent')!;
  block.html = `${block.html}<script>${EN_GB_SCRIPT}</script>`;
  await writeFile(page, JSON.stringify(document));
  const cms = await startCmsServer({ dataDir: cmsDir, port: 0 });
  const api = await startCatalogueApi(catalogueSchema.parse(JSON.parse(await readFile(join(cmsDir, 'catalogue.json'), 'utf8'))));
  try {
    await pullContent({ baseUrl: cms.url, cacheDir, languages: LANGUAGES });
    await pullProducts({ apiBaseUrl: api.apiBaseUrl, cacheDir, languages: LANGUAGES });
  } finally {
    await cms.close();
    await api.close();
  }
  whole = join(root, 'whole');
  shardDirs = SHARDS.map((_, i) => join(root, `shard-${i + 1}`));
  await Promise.all([build(whole), ...SHARDS.map((languages, i) => build(shardDirs[i]!, languages))]);
  release = join(root, 'release');
  // The merge makes the host rules with the shards' configuration. Its code is theirs: the
  // fingerprint they recorded (others editing this working tree meanwhile would change it).
  process.env.SITE_URL = SITE;
  ({ fingerprint } = await readShardRecord(shardDirs[0]!));
  await mergeShards(release, shardDirs, { fingerprint });
}, 300_000);

afterAll(async () => {
  if (savedSite === undefined) delete process.env.SITE_URL;
  else process.env.SITE_URL = savedSite;
  if (root && !process.env.KEEP_SHARDS) await rm(root, { recursive: true, force: true });
});

describe('a sharded cold build', () => {
  it('writes the same release as one build: every file, byte for byte', async () => {
    const files = (await filesUnder(whole)).sort();
    expect((await filesUnder(release)).sort()).toEqual(files);
    // The pages, data files, sitemaps, route manifest, host rules, and their copies.
    expect(files).toContain(ROUTE_MANIFEST_FILE);
    expect(files).toContain('_redirects');
    expect(files.filter((f) => f.startsWith('product-data/'))).toHaveLength(products * LANGUAGES.length * 3);
    const differing: string[] = [];
    for (const file of files) {
      const [a, b] = await Promise.all([readFile(join(whole, file)), readFile(join(release, file))]);
      if (!a.equals(b)) differing.push(file);
    }
    expect(differing).toEqual([]);
  });

  it('makes the Content-Security-Policy from every shard’s pages', async () => {
    const [first, second] = await Promise.all(shardDirs.map(readShardRecord));
    const scripts = (record: typeof first) => Object.keys(scanTotals(record!.scan).scripts);
    // The en-GB editor's script is the second shard's alone.
    expect(scripts(second)).toContain(cspHash(EN_GB_SCRIPT));
    expect(scripts(first)).not.toContain(cspHash(EN_GB_SCRIPT));
    const policy = await readFile(join(release, SECURITY_HEADERS_FILE), 'utf8');
    for (const hash of [...scripts(first), ...scripts(second)]) expect(policy).toContain(hash);
  });

  it('refuses shards that leave a language out', async () => {
    await expect(mergeShards(join(root, 'one-shard'), [shardDirs[0]!], { fingerprint })).rejects.toThrow(
      'No shard built zh-MO, zh-CN, en-GB',
    );
  });

  it('refuses a shard that lacks a page, or writes a shared file differently', async () => {
    const broken = join(root, 'broken');
    await cp(shardDirs[1]!, broken, { recursive: true });
    await unlink(join(broken, 'en-gb', 'index.html'));
    await expect(mergeShards(join(root, 'lacking'), [shardDirs[0]!, broken], { fingerprint })).rejects.toThrow(
      /1 file\(s\) of the route table are in no shard: en-gb\/index\.html/,
    );
    await cp(join(shardDirs[1]!, 'en-gb', 'index.html'), join(broken, 'en-gb', 'index.html'));
    await writeFile(join(broken, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
    await expect(mergeShards(join(root, 'differing'), [shardDirs[0]!, broken], { fingerprint })).rejects.toThrow(
      /different files at the same path: robots\.txt/,
    );
  });

  it('refuses a folder that is no shard, and a merge with other code or configuration', async () => {
    await expect(mergeShards(join(root, 'not-a-shard'), [whole, ...shardDirs], { fingerprint })).rejects.toThrow(`has no ${SHARD_FILE}`);
    await expect(mergeShards(join(root, 'other-code'), shardDirs, { fingerprint: 'another' })).rejects.toThrow(
      'other code or configuration than the shards',
    );
  });
});
