/**
 * What makes a publish page-by-page: the route manifest a release carries, the build
 * fingerprint that says whether a release can be patched, and the document memo that lets the
 * waiting build process read again only what the pull changed.
 */
import { cp, mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSiteContent, type DocumentMemo } from '../../src/node/cms/content.ts';
import { cmsEndpoints } from '../../src/lib/cms/endpoints.ts';
import { MANIFEST_FILE, cachePathOf, pullContent } from '../../src/node/cms/pull.ts';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import { affectedPages } from '../../scripts/publish/affected-pages.ts';
import { parseRouteManifest, serializeRouteManifest } from '../../scripts/publish/route-manifest.ts';
import { startCmsServer } from '../../scripts/local-cms/server.ts';
import { buildFingerprint } from '../../scripts/publish/build-fingerprint.ts';
import { writeMiniCms } from '../fixtures/mini-cms.ts';
import { productDetail } from '../fixtures/product-detail.ts';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});
const tempDir = async (prefix: string) => {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

describe('route manifest', () => {
  const routes = [
    { urlPath: '/', digest: 'a1', languageCode: 'zh-TW' },
    { urlPath: '/en-gb/women.html', digest: 'b2', languageCode: 'en-GB' },
  ];

  it('reads back what it wrote, and drives the comparison of the next build', () => {
    const files = [{ urlPath: '/product-data/zh-TW/L1.json', digest: 'c3', languageCode: 'zh-TW' }];
    const manifest = parseRouteManifest(serializeRouteManifest({ fingerprint: 'f1', routes, files }));
    expect(manifest).toEqual({ fingerprint: 'f1', routes, files });
    const next = affectedPages({ before: manifest!.routes, after: [{ ...routes[0]!, digest: 'a2' }, routes[1]!] });
    expect(next).toMatchObject({ changed: ['/'], added: [], removed: [], unchanged: 1 });
  });

  it('is null (so the next build is a full one) when missing, not JSON, or not a manifest', () => {
    expect(parseRouteManifest(null)).toBeNull();
    expect(parseRouteManifest('{"fingerprint":')).toBeNull();
    expect(parseRouteManifest(JSON.stringify({ fingerprint: 'f1', routes: { 'women.html': ['a', 'zh-TW'] }, files: {} }))).toBeNull();
    expect(parseRouteManifest(JSON.stringify({ fingerprint: '', routes: {}, files: {} }))).toBeNull();
    // A release built before data files had digests: the next build is a full one.
    expect(parseRouteManifest(JSON.stringify({ fingerprint: 'f1', productData: 'p1', routes: {} }))).toBeNull();
    expect(parseRouteManifest(JSON.stringify({ routes: {}, files: {} }))).toBeNull();
    // Each entry is [digest, language], both not empty (checked by hand: see route-manifest.ts).
    const withRoute = (entry: unknown) => JSON.stringify({ fingerprint: 'f1', routes: { '/a.html': entry }, files: {} });
    expect(parseRouteManifest(withRoute(['a', 'zh-TW']))).not.toBeNull();
    for (const entry of [['a'], ['a', 'zh-TW', 'x'], ['', 'zh-TW'], ['a', ''], ['a', 1], 'a', null, { 0: 'a', 1: 'zh-TW' }])
      expect(parseRouteManifest(withRoute(entry))).toBeNull();
    expect(parseRouteManifest(JSON.stringify({ fingerprint: 'f1', routes: [], files: {} }))).toBeNull();
    expect(
      parseRouteManifest(JSON.stringify({ fingerprint: 'f1', routes: {}, files: { 'product-data/x.json': ['a', 'zh-TW'] } })),
    ).toBeNull();
    expect(parseRouteManifest('[]')).toBeNull();
    expect(parseRouteManifest('null')).toBeNull();
  });
});

describe('build fingerprint', () => {
  async function project() {
    const root = await tempDir('fingerprint-');
    await mkdir(join(root, 'src', 'pages'), { recursive: true });
    await writeFile(join(root, 'src', 'pages', 'a.astro'), '<p>a</p>');
    await writeFile(join(root, 'astro.config.mjs'), 'export default {}');
    return root;
  }
  const env = { SITE_URL: 'https://shop.example', PUBLIC_CHAT_URL: 'https://chat.example', HOME: '/root' };

  it('changes with the code', async () => {
    const root = await project();
    const before = buildFingerprint(root, env);
    expect(buildFingerprint(root, env)).toBe(before);
    await writeFile(join(root, 'src', 'pages', 'a.astro'), '<p>b</p>');
    expect(buildFingerprint(root, env)).not.toBe(before);
    const edited = buildFingerprint(root, env);
    await writeFile(join(root, 'src', 'pages', 'new.astro'), '');
    expect(buildFingerprint(root, env)).not.toBe(edited);
    const added = buildFingerprint(root, env);
    await writeFile(join(root, 'astro.config.mjs'), 'export default { trailingSlash: "always" }');
    expect(buildFingerprint(root, env)).not.toBe(added);
    const configured = buildFingerprint(root, env);
    // A patch of a dependency (patches/, applied by patch-package) renders every page its way.
    await mkdir(join(root, 'patches'));
    await writeFile(join(root, 'patches', '@astrojs+react+7.0.0.patch'), '-a\n+b\n');
    expect(buildFingerprint(root, env)).not.toBe(configured);
  });

  it('changes with the build configuration, not with other variables', async () => {
    const root = await project();
    const before = buildFingerprint(root, env);
    expect(buildFingerprint(root, { ...env, SITE_URL: 'https://other.example' })).not.toBe(before);
    // Without SITE_URL the links follow the served origin: another port is another build.
    const { SITE_URL: _set, ...unset } = env;
    expect(buildFingerprint(root, { ...unset, PORT: '4500' })).not.toBe(buildFingerprint(root, { ...unset, PORT: '4501' }));
    expect(buildFingerprint(root, { ...env, PORT: '4500' })).toBe(buildFingerprint(root, { ...env, PORT: '4501' }));
    expect(buildFingerprint(root, { ...env, MOBILE_SITE_URL: 'https://m.shop.example' })).not.toBe(before);
    expect(buildFingerprint(root, { ...env, PUBLIC_API_BASE_URL: 'https://api.example' })).not.toBe(before);
    // Every page's head names the analytics collector and the third-party scripts.
    expect(buildFingerprint(root, { ...env, ANALYTICS_SERVER_TYPE: 'hk' })).not.toBe(before);
    expect(buildFingerprint(root, { ...env, CAPTCHA_SCRIPT_URL: '/vendor/captcha.js' })).not.toBe(before);
    expect(buildFingerprint(root, { ...env, TAG_MANAGER_SCRIPT_URL: 'https://tags.example/gtm.js' })).not.toBe(before);
    expect(buildFingerprint(root, { ...env, MAPS_SCRIPT_URL_CN: 'https://maps.cn.example/loader.js' })).not.toBe(before);
    // Every release's host rules carry the Content-Security-Policy.
    expect(buildFingerprint(root, { ...env, CSP_EXTRA_SOURCES: 'frame-src https://captcha.example' })).not.toBe(before);
    expect(buildFingerprint(root, { ...env, HOME: '/home/editor', PORT: '8080' })).toBe(before);
  });
});

describe('document memo', () => {
  it('keeps documents whose manifest hash is unchanged, and reads again those whose hash changed', async () => {
    const cmsDir = await tempDir('cms-');
    const cacheDir = await tempDir('cache-');
    const localesDir = await tempDir('locales-');
    await cp(join(process.cwd(), 'public', 'locales'), localesDir, { recursive: true });
    await writeMiniCms(cmsDir, LANGUAGES);
    const cms = await startCmsServer({ dataDir: cmsDir, port: 0 });
    try {
      await pullContent({ baseUrl: cms.url, cacheDir, languages: LANGUAGES });
    } finally {
      await cms.close();
    }
    const women = 'zh_TW/pages/women.json';
    expect(women).toBe(cachePathOf(cmsEndpoints.page('zh_TW', '/women.html')));
    const description = async (memo?: DocumentMemo) =>
      (await loadSiteContent({ cacheDir, localesDir, ...(memo ? { memo } : {}) })).languages[0]!.documents.get(women)!.description;

    const memo: DocumentMemo = new Map();
    const first = await description(memo);
    expect(memo.has(women)).toBe(true);
    // The file changes behind the manifest's back: the memo answers (it trusts the hash)...
    const file = join(cacheDir, women);
    await writeFile(file, JSON.stringify({ ...JSON.parse(await readFile(file, 'utf8')), description: 'changed on disk' }));
    expect(await description(memo)).toBe(first);
    expect(await description()).toBe('changed on disk');
    // ...and once the manifest says the document changed (as a pull writes it), it is read again.
    const manifest = JSON.parse(await readFile(join(cacheDir, MANIFEST_FILE), 'utf8'));
    manifest.documents[women].hash = 'new-hash';
    await writeFile(join(cacheDir, MANIFEST_FILE), JSON.stringify(manifest));
    expect(await description(memo)).toBe('changed on disk');

    // A product's cached detail: kept while its file's size and mtime are those it was read at
    // (the pull writes every file anew), read again once they differ.
    const detail = productDetail('L1', 'Linen shirt');
    const productFile = join(cacheDir, 'products', 'zh-TW', 'L1.json');
    await mkdir(join(cacheDir, 'products', 'zh-TW'), { recursive: true });
    await writeFile(productFile, JSON.stringify(detail));
    // A whole second, which utimes can set again exactly.
    const mtime = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    await utimes(productFile, mtime, mtime);
    const name = async () => (await loadSiteContent({ cacheDir, localesDir, memo })).languages[0]!.products[0]!.name;
    expect(await name()).toBe('Linen shirt');
    await writeFile(productFile, JSON.stringify({ ...detail, name: 'Linen skirt' }));
    await utimes(productFile, mtime, mtime);
    expect(await name()).toBe('Linen shirt');
    await utimes(productFile, mtime, new Date(mtime.getTime() + 1000));
    expect(await name()).toBe('Linen skirt');
  });
});
