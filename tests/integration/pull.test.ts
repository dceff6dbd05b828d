import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cmsEndpoints } from '../../src/lib/cms/endpoints.ts';
import { SHARED_DOCUMENTS } from '../../src/lib/cms/schema.ts';
import { CmsDocumentError, CmsUnreachableError } from '../../src/lib/cms/errors.ts';
import { pullContent, pullOrUseCache, readManifest } from '../../src/node/cms/pull.ts';
import { pullChanged } from '../../src/node/cms/pull-changed.ts';
import { getLanguage } from '../../src/lib/i18n/languages.ts';
import { startCmsServer } from '../../scripts/local-cms/server.ts';
import { miniOfficialStyling, miniPages, miniStaffStyling, writeDocument, writeMiniCms } from '../fixtures/mini-cms.ts';

const languages = [getLanguage('zh-TW'), getLanguage('en-GB')];
let cmsDir: string;
let cacheDir: string;
let cms: Awaited<ReturnType<typeof startCmsServer>>;

const options = () => ({ baseUrl: cms.url, cacheDir, languages, retries: 1, retryBaseDelayMs: 5 });
const cached = (path: string) => readFile(join(cacheDir, path), 'utf8');

beforeEach(async () => {
  cmsDir = await mkdtemp(join(tmpdir(), 'cms-'));
  cacheDir = await mkdtemp(join(tmpdir(), 'cache-'));
  await writeMiniCms(cmsDir, languages);
  cms = await startCmsServer({ dataDir: cmsDir, port: 0 });
});
afterEach(async () => {
  await cms.close().catch(() => {});
  await rm(cmsDir, { recursive: true, force: true });
  await rm(cacheDir, { recursive: true, force: true });
});

describe('pull', () => {
  it('writes every document of every language, and a manifest', async () => {
    const lines: string[] = [];
    const result = await pullContent({ ...options(), log: (l) => lines.push(l) });
    // switch config + per language: config, the other shared documents, 5 pages, the press index, 3 releases, the shops,
    // the official looks and the one staffStyling page
    expect(result.changedDocuments).toHaveLength(1 + 2 * (1 + (Object.keys(SHARED_DOCUMENTS).length - 1) + 5 + 1 + 3 + 1 + 2));
    expect(result.changedDocuments).toEqual(expect.arrayContaining(['en_GB/styling/official.json', 'en_GB/styling/staff/1.json']));
    expect(JSON.parse(await cached('zh_TW/press/101.json')).title).toBe('New year, new fabrics');
    expect(JSON.parse(await cached('zh_TW/shops.json')).shops).toHaveLength(2);
    expect(JSON.parse(await cached('en_GB/pages/c/W01.json')).code).toBe('W01');
    expect(Object.keys((await readManifest(cacheDir))!.documents)).toContain('zh_TW/classification.json');
    expect(lines.filter((l) => l.startsWith('[pull] zh-TW') || l.startsWith('[pull] en-GB'))).toHaveLength(2);
  });

  it('fails when a release named in the press index is missing, and keeps the good cache', async () => {
    await pullContent(options());
    await rm(join(cmsDir, cmsEndpoints.pressRelease('en_GB', '102')));
    await expect(pullContent(options())).rejects.toThrow(/en_GB\/press\/102\.json/);
    expect(JSON.parse(await cached('en_GB/press/102.json')).id).toBe('102');
  });

  it('fails when a release and its index entry disagree on the publication date (its URL)', async () => {
    await pullContent(options());
    const release = JSON.parse(await cached('en_GB/press/103.json'));
    await writeDocument(cmsDir, cmsEndpoints.pressRelease('en_GB', '103'), {
      ...release,
      publishedAt: release.publishedAt + 40 * 86_400_000,
    });
    await expect(pullContent(options())).rejects.toThrow(
      /language en_GB, document en_GB\/press\/103\.json, field id: .*does not match the press index/,
    );
  });

  it('rewrites nothing when nothing changed, revalidating with ETags', async () => {
    await pullContent(options());
    const before = (await stat(join(cacheDir, 'zh_TW/pages/women.json'))).mtimeMs;
    const again = await pullContent(options());
    expect(again.changedDocuments).toEqual([]);
    expect(again.languages.every((l) => l.notModified === l.documents)).toBe(true);
    expect((await stat(join(cacheDir, 'zh_TW/pages/women.json'))).mtimeMs).toBe(before);
  });

  it('writes only the document that changed', async () => {
    await pullContent(options());
    await writeDocument(cmsDir, cmsEndpoints.page('en_GB', '/women.html'), { code: 'women', updatedAt: 2, components: [] });
    const result = await pullContent(options());
    expect(result.changedDocuments).toEqual(['en_GB/pages/women.json']);
  });

  it('removes the document of a page taken out of the config', async () => {
    await pullContent(options());
    const pages = miniPages().filter((p) => p.code !== 'soon');
    await writeDocument(cmsDir, cmsEndpoints.shared('zh_TW', 'config'), { langCode: 'zh_TW', titleSuffix: 'LINEA', pages });
    const result = await pullContent(options());
    expect(result.changedDocuments).toContain('zh_TW/pages/feature/soon.json');
    await expect(cached('zh_TW/pages/feature/soon.json')).rejects.toThrow();
  });

  it('fails on a malformed document, naming language, document and field, and keeps the good cache', async () => {
    await pullContent(options());
    const goodManifest = await readFile(join(cacheDir, 'manifest.json'), 'utf8');
    // One valid change and one broken document in the same pull: neither may land.
    await writeDocument(cmsDir, cmsEndpoints.page('zh_TW', '/women.html'), { code: 'women', updatedAt: 3, components: [] });
    await writeDocument(cmsDir, cmsEndpoints.page('en_GB', '/c/W01.html'), {
      code: 'W01',
      updatedAt: 3,
      components: [{ type: 'bannerList', id: 'x', orientation: 'diagonal', items: [] }],
    });
    const error = await pullContent(options()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CmsDocumentError);
    expect((error as CmsDocumentError).language).toBe('en_GB');
    expect((error as CmsDocumentError).document).toBe('en_GB/pages/c/W01.json');
    expect((error as CmsDocumentError).field).toBe('components.0.orientation');
    expect(JSON.parse(await cached('zh_TW/pages/women.json')).updatedAt).not.toBe(3);
    expect(await readFile(join(cacheDir, 'manifest.json'), 'utf8')).toBe(goodManifest);
  });

  it('fails on a malformed look, naming the look document and field', async () => {
    const official = miniOfficialStyling();
    official.looks[1]!.styleId = 'LK1';
    await writeDocument(cmsDir, cmsEndpoints.officialStyling('en_GB'), official);
    const error = await pullContent(options()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CmsDocumentError);
    expect((error as CmsDocumentError).document).toBe('en_GB/styling/official.json');
    expect((error as CmsDocumentError).field).toBe('looks.1.styleId');
    expect((error as Error).message).toMatch(/an official look id has 8 or more characters/);
  });

  it('fetches every staffStyling page the first announces, and refuses pages that disagree', async () => {
    const look = miniStaffStyling().content_list[0]!;
    const page = (n: number, ids: string[], total = 3) => ({
      total_result_count: total,
      result_count: ids.length,
      page: n,
      content_list: ids.map((styleId) => ({ ...look, styleId })),
    });
    await writeDocument(cmsDir, cmsEndpoints.staffStyling('zh_TW', 1), page(1, ['S1', 'S2']));
    await writeDocument(cmsDir, cmsEndpoints.staffStyling('zh_TW', 2), page(2, ['S3']));
    const result = await pullContent(options());
    expect(result.changedDocuments).toContain('zh_TW/styling/staff/2.json');
    // Page 2 now repeats a look of page 1 where it should bring the third.
    await writeDocument(cmsDir, cmsEndpoints.staffStyling('zh_TW', 2), page(2, ['S2']));
    await expect(pullContent(options())).rejects.toThrow(
      /language zh_TW, document zh_TW\/styling\/staff\/2\.json, field content_list: look id "S2" is on an earlier page too/,
    );
    // A missing page is a missing document.
    await writeDocument(cmsDir, cmsEndpoints.staffStyling('zh_TW', 1), page(1, ['S1', 'S2'], 5));
    await expect(pullContent(options())).rejects.toThrow(/zh_TW\/styling\/staff\/3\.json/);
    expect(JSON.parse(await cached('zh_TW/styling/staff/2.json')).content_list[0].styleId).toBe('S3');
  });

  it('reports a document that is not JSON', async () => {
    await writeFile(join(cmsDir, cmsEndpoints.shared('zh_TW', 'ticker')), '{"web": ');
    await expect(pullContent(options())).rejects.toThrow(/language zh_TW, document zh_TW\/ticker.json, field \(root\): not valid JSON/);
  });

  it('goes on from the last good cache when the CMS is down, and says so', async () => {
    await pullContent(options());
    await cms.close();
    const lines: string[] = [];
    const outcome = await pullOrUseCache({ ...options(), log: (l) => lines.push(l) });
    expect(outcome.source).toBe('cache');
    expect(lines.join('\n')).toMatch(/CMS unreachable at .*Building from the last good cache/);
  });

  it('fails clearly when the CMS is down and there is no cache', async () => {
    await cms.close();
    await expect(pullOrUseCache(options())).rejects.toBeInstanceOf(CmsUnreachableError);
  });

  it('retries server errors with backoff and keeps concurrency bounded', async () => {
    const failedOnce = new Set<string>();
    let inFlight = 0;
    let maxInFlight = 0;
    const flaky = createServer((req, res) => {
      if (!failedOnce.has(req.url!)) {
        failedOnce.add(req.url!);
        res.writeHead(503).end();
        return;
      }
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const upstream = request(`${cms.url}${req.url}`, { headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res).on('finish', () => inFlight--);
      });
      upstream.end();
    });
    await new Promise<void>((r) => flaky.listen(0, '127.0.0.1', r));
    const port = (flaky.address() as { port: number }).port;
    try {
      const result = await pullContent({ ...options(), baseUrl: `http://127.0.0.1:${port}`, concurrency: 3 });
      expect(result.changedDocuments.length).toBeGreaterThan(20);
      expect(maxInFlight).toBeLessThanOrEqual(3);
    } finally {
      flaky.close();
    }
  });
});

describe('incremental pull (a publish)', () => {
  const counting = () => {
    const urls: string[] = [];
    return {
      urls,
      fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
        urls.push(String(input));
        return fetch(input, init);
      }) as typeof fetch,
    };
  };

  it('fetches only the changed document and writes only it', async () => {
    await pullContent(options());
    await writeDocument(cmsDir, cmsEndpoints.page('en_GB', '/women.html'), { code: 'women', updatedAt: 9, components: [] });
    const { urls, fetch: countingFetch } = counting();
    const result = await pullChanged({ ...options(), fetch: countingFetch, changed: ['en_GB/pages/women.json'], deleted: [] });
    expect(result.changedDocuments).toEqual(['en_GB/pages/women.json']);
    expect(urls.map((u) => new URL(u).pathname)).toEqual(['/cms/en_GB/pages/women.json']);
    expect(JSON.parse(await cached('en_GB/pages/women.json')).updatedAt).toBe(9);
  });

  it('follows a changed config: a new page is fetched, a removed page leaves the cache', async () => {
    await pullContent(options());
    const pages = miniPages().filter((p) => p.code !== 'soon');
    pages.push({ code: 'new', path: '/feature/new.html', tplt: 5, title: 'New', updatedAt: 5 });
    await writeDocument(cmsDir, cmsEndpoints.shared('zh_TW', 'config'), { langCode: 'zh_TW', titleSuffix: 'LINEA zh_TW', pages });
    await writeDocument(cmsDir, cmsEndpoints.page('zh_TW', '/feature/new.html'), { code: 'new', updatedAt: 5, components: [] });
    const result = await pullChanged({ ...options(), changed: ['zh_TW/config.json'], deleted: [] });
    expect(result.changedDocuments).toEqual(['zh_TW/config.json', 'zh_TW/pages/feature/new.json', 'zh_TW/pages/feature/soon.json']);
    expect(JSON.parse(await cached('zh_TW/pages/feature/new.json')).code).toBe('new');
    await expect(cached('zh_TW/pages/feature/soon.json')).rejects.toThrow();
    expect((await readManifest(cacheDir))!.documents['zh_TW/pages/feature/soon.json']).toBeUndefined();
  });

  it('refuses a malformed document, naming it, and leaves the cache as it was', async () => {
    await pullContent(options());
    await writeDocument(cmsDir, cmsEndpoints.page('zh_TW', '/women.html'), { code: 'women', updatedAt: 'yesterday', components: [] });
    await expect(pullChanged({ ...options(), changed: ['zh_TW/pages/women.json'], deleted: [] })).rejects.toThrow(
      /language zh_TW, document zh_TW\/pages\/women\.json, field updatedAt/,
    );
    expect(JSON.parse(await cached('zh_TW/pages/women.json')).updatedAt).not.toBe('yesterday');
  });

  it('refuses a deletion of a document a config still lists', async () => {
    await pullContent(options());
    await rm(join(cmsDir, cmsEndpoints.page('zh_TW', '/women.html')));
    await expect(pullChanged({ ...options(), changed: [], deleted: ['zh_TW/pages/women.json'] })).rejects.toThrow(/404/);
    expect(JSON.parse(await cached('zh_TW/pages/women.json')).code).toBe('women');
  });
});
