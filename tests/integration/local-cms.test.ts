import { MEMBERSHIP_AGREEMENT_PATH, PRIVACY_POLICY_PATH } from '../../src/lib/account/agreements.ts';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import * as OpenCC from 'opencc-js';
import sharp from 'sharp';
import type { z } from 'zod';
import { convertFromTwd } from '../../scripts/local-cms/catalogue.ts';
import { COPY } from '../../scripts/local-cms/copy.ts';
import { generateSampleCms, type GenerateResult } from '../../scripts/local-cms/generate.ts';
import { startCmsServer, type CmsServer } from '../../scripts/local-cms/server.ts';
import { catalogueSchema } from '../../scripts/sample-data/catalogue-schema.ts';
import { cmsEndpoints } from '../../src/lib/cms/endpoints.ts';
import {
  COMPONENT_TYPES,
  SHARED_DOCUMENTS,
  cmsConfigSchema,
  pageDocumentSchema,
  productPageSchema,
  type CmsConfig,
  type PageDocument,
  type SharedDocumentName,
  pressIndexSchema,
  pressReleaseSchema,
  shopsSchema,
} from '../../src/lib/cms/schema.ts';
import { brandCalendar } from '../../src/lib/press/paths.ts';
import { documentKindOf, schemaOfKind } from '../../src/lib/cms/document-kind.ts';
import { CodedError } from '../../src/lib/errors.ts';
import { formatPrice } from '../../src/lib/format/currency.ts';
import { LANGUAGES, getLanguage, type LanguageDefinition } from '../../src/lib/i18n/languages.ts';
import { level2ProductId } from '../../src/lib/product/product-id.ts';

const NOW = 1_790_000_000_000;
const SEED = 7;
const DAY = 86_400_000;

let root = '';
let dirA = '';
let dirB = '';
let result: GenerateResult;

const fileOf = (dir: string, endpoint: string) => path.join(dir, ...endpoint.split('/').filter(Boolean).map(decodeURIComponent));
const readText = (dir: string, endpoint: string) => readFile(fileOf(dir, endpoint), 'utf8');
async function readJson<T = unknown>(dir: string, endpoint: string): Promise<T> {
  return JSON.parse(await readText(dir, endpoint)) as T;
}
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}
async function config(lang: (typeof LANGUAGES)[number]): Promise<CmsConfig> {
  return cmsConfigSchema.parse(await readJson(dirA, cmsEndpoints.shared(lang.cmsCode, 'config')));
}
async function pageDocs(lang: (typeof LANGUAGES)[number]): Promise<Map<string, PageDocument>> {
  const docs = new Map<string, PageDocument>();
  for (const page of (await config(lang)).pages)
    docs.set(page.code, pageDocumentSchema.parse(await readJson(dirA, cmsEndpoints.page(lang.cmsCode, page.path))));
  return docs;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'local-cms-test-'));
  dirA = path.join(root, 'a');
  dirB = path.join(root, 'b');
  result = await generateSampleCms({ outDir: dirA, seed: SEED, now: NOW });
  await generateSampleCms({ outDir: dirB, seed: SEED, now: NOW });
}, 120_000);

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('local sample CMS generator', () => {
  it('reports what it wrote', () => {
    expect(result.languages).toBe(LANGUAGES.length);
    expect(result.pagesPerLanguage).toBeGreaterThanOrEqual(60);
    expect(result.products).toBeGreaterThanOrEqual(100);
    expect(result.images).toBeGreaterThan(100);
    expect(result.outDir).toBe(path.resolve(dirA));
  });

  it('is deterministic: the same seed and now give identical JSON bytes', async () => {
    for (const lang of LANGUAGES) {
      expect(await readText(dirB, cmsEndpoints.shared(lang.cmsCode, 'config'))).toBe(
        await readText(dirA, cmsEndpoints.shared(lang.cmsCode, 'config')),
      );
      expect(await readText(dirB, cmsEndpoints.page(lang.cmsCode, '/c/W0101.html'))).toBe(
        await readText(dirA, cmsEndpoints.page(lang.cmsCode, '/c/W0101.html')),
      );
    }
    const filesA = (await listFiles(dirA)).filter((f) => f.endsWith('.json')).sort();
    const filesB = (await listFiles(dirB)).filter((f) => f.endsWith('.json')).sort();
    expect(filesB).toEqual(filesA);
    for (const file of filesA)
      expect(await readFile(path.join(dirB, file), 'utf8'), file).toBe(await readFile(path.join(dirA, file), 'utf8'));
  });

  it('writes the same page codes and paths in every language, with at least 40 category pages', async () => {
    const reference = (await config(LANGUAGES[0]!)).pages.map((p) => `${p.code} ${p.path} ${p.tplt} ${p.superCode}`);
    for (const lang of LANGUAGES) {
      const cfg = await config(lang);
      expect(cfg.langCode).toBe(lang.cmsCode);
      expect(cfg.titleSeparator).toBe(' | ');
      expect(cfg.pages.map((p) => `${p.code} ${p.path} ${p.tplt} ${p.superCode}`)).toEqual(reference);
      const categories = cfg.pages.filter((p) => p.path.startsWith('/c/'));
      expect(categories.length).toBeGreaterThanOrEqual(40);
      const codes = new Map(cfg.pages.map((p) => [p.code, p]));
      for (const page of categories) {
        expect(page.path).toBe(`/c/${page.code}.html`);
        expect(page.code).toMatch(/^[A-Z]\d{2}(\d{2})?$/);
        const parent = codes.get(page.superCode ?? '');
        expect(parent, page.code).toBeDefined();
        expect(parent!.tplt).toBe(page.tplt === 4 ? 3 : 2);
      }
      expect(cfg.pages.filter((p) => p.homepage === 'Y').map((p) => p.path)).toEqual(['/index.html']);
      for (const landing of ['/women.html', '/men.html', '/kids.html', '/baby.html'])
        expect(cfg.pages.find((p) => p.path === landing)?.tplt).toBe(2);
    }
    expect((await config(LANGUAGES[0]!)).titleSuffix).toBe('LINEA 織線 官方網路商店');
    const english = LANGUAGES.find((l) => l.sampleCopy === 'en');
    if (english) expect((await config(english)).titleSuffix).toBe('LINEA Official Online Store');
  });

  it('uses every component kind, both banner orientations and the customContent cases', async () => {
    for (const lang of LANGUAGES) {
      const components = [...(await pageDocs(lang)).values()].flatMap((d) => d.components);
      expect(new Set(components.map((c) => c.type))).toEqual(new Set(COMPONENT_TYPES));
      const orientations = new Set(components.flatMap((c) => (c.type === 'bannerList' ? [c.orientation] : [])));
      expect(orientations).toEqual(new Set(['vertical', 'horizontal']));
      const custom = components.flatMap((c) => (c.type === 'customContent' ? [c] : []));
      expect(custom.some((c) => c.startDate !== null && c.startDate <= NOW && c.endDate !== null && c.endDate > NOW)).toBe(true);
      expect(custom.some((c) => c.startDate !== null && c.startDate > NOW)).toBe(true);
      expect(custom.some((c) => /<script>[^<]*setAttribute\('data-/.test(c.html) && /href="https:\/\//.test(c.html))).toBe(true);
    }
  });

  it('writes the date-window pages, the archived page and the product pages', async () => {
    for (const lang of LANGUAGES) {
      const pages = (await config(lang)).pages;
      expect(pages.some((p) => p.startDate === NOW + 3 * DAY && p.archivedPage === null)).toBe(true);
      expect(pages.some((p) => p.endDate === NOW - 2 * DAY && p.archivedPage === null)).toBe(true);
      expect(pages.some((p) => p.endDate === NOW + 5 * DAY && (p.startDate ?? 0) <= NOW)).toBe(true);
      const archived = pages.find((p) => p.startDate === NOW + DAY && p.archivedPage !== null);
      expect(archived).toBeDefined();
      const old = pageDocumentSchema.parse(
        await readJson(dirA, cmsEndpoints.archivedPage(lang.cmsCode, archived!.code, archived!.archivedPage!.version)),
      );
      expect(old.code).toBe(archived!.code);
      expect(old.updatedAt).toBe(archived!.archivedPage!.updatedAt);

      const productPages = pages.filter((p) => p.productPageFlag === 'Y');
      expect(productPages.length).toBeGreaterThanOrEqual(2);
      for (const page of productPages) {
        const doc = productPageSchema.parse(await readJson(dirA, cmsEndpoints.productPage(lang.cmsCode, page.productPageCode!)));
        expect(doc.productPageCode).toBe(page.productPageCode);
      }
      expect(pages.some((p) => p.accessCheck === 'Y')).toBe(true);
      expect(pages.find((p) => p.path === '/product-size-chart.html')?.tplt).toBe(5);
      for (const page of pages) {
        expect(page.updatedAt).toBeLessThanOrEqual(NOW);
        // Content pages (template 5) live under /feature/; only the size chart and the two legal texts keep routes of their own.
        const ownRoutes = ['/product-size-chart.html', MEMBERSHIP_AGREEMENT_PATH, PRIVACY_POLICY_PATH];
        expect(page.path.startsWith('/feature/') || ownRoutes.includes(page.path) || page.tplt !== 5).toBe(true);
      }
    }
  });

  it('has a leaf category page with empty components (inherits its parent) and page backgrounds', async () => {
    for (const lang of LANGUAGES) {
      const cfg = await config(lang);
      const docs = await pageDocs(lang);
      const inheriting = cfg.pages.filter((p) => p.tplt === 4 && docs.get(p.code)?.components.length === 0);
      expect(inheriting.length).toBeGreaterThanOrEqual(1);
      for (const page of inheriting) expect(page.components).toEqual([]);
      const backgrounds = [...docs.values()].flatMap((d) => (d.background ? [d.background] : []));
      expect(backgrounds.some((b) => b.color && !b.imageUrl)).toBe(true);
      expect(backgrounds.some((b) => b.imageUrl && (b.fit === 'TILE' || b.fit === 'FILL'))).toBe(true);
      // The config lists the component kinds each page uses.
      for (const page of cfg.pages) expect(page.components).toEqual([...new Set(docs.get(page.code)!.components.map((c) => c.type))]);
    }
  });

  it('writes only documents that validate, and every media path they use exists', async () => {
    const files = (await listFiles(dirA)).filter((f) => f.startsWith('cms/'));
    // The contract's own reading of a cache path (the edit API and the publish service use it too).
    const schemaFor = (file: string): z.ZodType => {
      const kind = documentKindOf(file.replace(/^cms\//, ''));
      if (!kind) throw new CodedError('UNEXPECTED_CMS_FILE', `unexpected file ${file}`);
      return schemaOfKind(kind);
    };
    const media = new Set<string>();
    for (const file of files) {
      const text = await readFile(path.join(dirA, file), 'utf8');
      const parsed = schemaFor(file).safeParse(JSON.parse(text));
      expect(parsed.success, `${file}: ${parsed.error?.message}`).toBe(true);
      for (const match of text.matchAll(/"(\/media\/[^"]+)"/g)) media.add(match[1]!);
    }
    for (const lang of LANGUAGES)
      for (const name of Object.keys(SHARED_DOCUMENTS))
        expect(files).toContain(cmsEndpoints.shared(lang.cmsCode, name as SharedDocumentName).slice(1));
    expect(files).toContain(cmsEndpoints.switchConfig().slice(1));

    const catalogue = catalogueSchema.parse(await readJson(dirA, '/catalogue.json'));
    for (const product of catalogue.products) for (const colour of product.colours) colour.images.forEach((i) => media.add(i));
    expect(media.size).toBeGreaterThan(100);
    for (const url of media) expect((await stat(fileOf(dirA, url))).isFile(), url).toBe(true);
  });

  it('writes at least 60 press releases per language over 3 years, the same ids in every language, and the shops', async () => {
    const idsByLanguage: string[][] = [];
    for (const lang of LANGUAGES) {
      const index = pressIndexSchema.parse(await readJson(dirA, cmsEndpoints.pressIndex(lang.cmsCode)));
      expect(index.releases.length).toBeGreaterThanOrEqual(60);
      const years = new Set(index.releases.map((r) => brandCalendar(r.publishedAt).year));
      expect(years.size).toBeGreaterThanOrEqual(3);
      for (const entry of index.releases) {
        const release = pressReleaseSchema.parse(await readJson(dirA, cmsEndpoints.pressRelease(lang.cmsCode, entry.id)));
        expect({ ...release, location: undefined, body: undefined }).toEqual({ ...entry, location: undefined, body: undefined });
        expect(entry.updatedAt).toBeGreaterThanOrEqual(entry.publishedAt);
      }
      idsByLanguage.push(index.releases.map((r) => r.id));
      const { shops } = shopsSchema.parse(await readJson(dirA, cmsEndpoints.shops(lang.cmsCode)));
      expect(new Set(shops.map((s) => s.region)).size).toBeGreaterThanOrEqual(8);
    }
    for (const ids of idsByLanguage) expect(ids).toEqual(idsByLanguage[0]);
  });

  it('writes a catalogue consistent with the CMS product tiles', async () => {
    const catalogue = catalogueSchema.parse(await readJson(dirA, '/catalogue.json'));
    expect(catalogue.products.length).toBeGreaterThanOrEqual(100);
    expect(catalogue.products.some((p) => p.skus.every((s) => s.stock === 0))).toBe(true);
    expect(
      catalogue.products.some((p) => p.skus.some((s) => s.stock === 0)) && catalogue.products.some((p) => p.skus.some((s) => s.stock > 0)),
    ).toBe(true);
    expect(catalogue.products.some((p) => p.prices.TWD!.sale < p.prices.TWD!.origin)).toBe(true);
    for (const product of catalogue.products) {
      expect(product.prices.TWD!.origin % 100).toBe(90);
      expect(product.prices.TWD!.origin).toBeGreaterThanOrEqual(390);
      expect(product.prices.TWD!.origin).toBeLessThanOrEqual(4990);
      // Every region's currency, whichever languages are built, each with its usual price ending.
      expect(Object.keys(product.prices).sort()).toEqual(['CNY', 'HKD', 'MOP', 'TWD']);
      for (const currency of ['HKD', 'MOP', 'CNY']) expect(product.prices[currency]!.origin % 10).toBe(9);
      for (const sku of product.skus) {
        expect(sku.omsSkuCode.length).toBeGreaterThanOrEqual(9);
        expect(sku.productId).toBe(level2ProductId(sku.omsSkuCode, sku.colorNo, sku.sizeNo));
      }
      if (product.garmentKind === 'trousers' && (product.gender === 'WOMEN' || product.gender === 'MEN'))
        expect(product.makePantsLengthFlag).toBe('Y');
    }
    const byCode = new Map(catalogue.products.map((p) => [p.productCode, p]));
    for (const lang of LANGUAGES) {
      for (const doc of (await pageDocs(lang)).values()) {
        for (const component of doc.components) {
          if (component.type !== 'productList') continue;
          for (const tile of component.products) {
            const product = byCode.get(tile.productCode);
            expect(product, tile.productCode).toBeDefined();
            expect(tile.name).toBe(product!.names[lang.code]);
            const sales = product!.skus.map((s) => s.prices[lang.currency.code]!.sale);
            expect([tile.minPrice, tile.maxPrice]).toEqual([Math.min(...sales), Math.max(...sales)]);
            expect(tile.stockFlag).toBe(product!.skus.every((s) => s.stock === 0) ? 'N' : 'Y');
          }
        }
      }
    }
  });

  it('adds benchmark pages up to --scale', async () => {
    const dirC = path.join(root, 'c');
    const scaled = await generateSampleCms({ outDir: dirC, seed: SEED, now: NOW, scale: result.pagesPerLanguage + 25 });
    expect(scaled.pagesPerLanguage).toBe(result.pagesPerLanguage + 25);
    const cfg = cmsConfigSchema.parse(await readJson(dirC, cmsEndpoints.shared(LANGUAGES[0]!.cmsCode, 'config')));
    expect(cfg.pages.filter((p) => /^\/feature\/scale-\d+\.html$/.test(p.path))).toHaveLength(25);
    const doc = pageDocumentSchema.parse(await readJson(dirC, cmsEndpoints.page(LANGUAGES[0]!.cmsCode, '/feature/scale-25.html')));
    expect(doc.components.map((c) => c.type)).toEqual(['bannerList', 'productList', 'customContent']);
  }, 60_000);
});

/**
 * Mainland (Simplified copy, CN region) and Macao pages: what follows the copy set and what the
 * region. Read from the sample the first block wrote.
 */
describe('local sample CMS generator: Simplified copy and regional choices', () => {
  const zhCN = getLanguage('zh-CN');
  const zhMO = getLanguage('zh-MO');
  const zhTW = LANGUAGES.find((l) => l.code === 'zh-TW')!;
  /** Every JSON document of a language, as text. */
  const documentsOf = async (lang: LanguageDefinition) => {
    const base = path.join(dirA, 'cms', lang.cmsCode);
    const files = (await listFiles(base)).filter((f) => f.endsWith('.json'));
    return new Map(await Promise.all(files.map(async (f) => [f, await readFile(path.join(base, f), 'utf8')] as const)));
  };
  const companies = async (lang: LanguageDefinition) =>
    (await readJson<{ companies: Array<{ code: string; name: string }> }>(dirA, cmsEndpoints.shared(lang.cmsCode, 'express-companies')))
      .companies;
  const releases = async (lang: LanguageDefinition) => {
    const index = pressIndexSchema.parse(await readJson(dirA, cmsEndpoints.pressIndex(lang.cmsCode)));
    return Promise.all(
      index.releases.map(async (r) => pressReleaseSchema.parse(await readJson(dirA, cmsEndpoints.pressRelease(lang.cmsCode, r.id)))),
    );
  };
  const amount = (twd: number, lang: LanguageDefinition) => formatPrice(convertFromTwd(twd, lang.currency.code), lang.currency);

  it("is the language table's: mainland pages in the Simplified copy set, Macao's in the Traditional one", () => {
    expect([zhCN.region, zhCN.sampleCopy, zhCN.currency.code]).toEqual(['CN', 'zh-Hans', 'CNY']);
    expect([zhMO.region, zhMO.sampleCopy, zhMO.currency.code]).toEqual(['MO', 'zh-Hant', 'MOP']);
  });

  it('writes the same documents for mainland and Macao pages as for the others', async () => {
    // An archived page's version is drawn per language.
    const kinds = async (lang: LanguageDefinition) =>
      [...(await documentsOf(lang)).keys()].map((f) => f.replace(/\/v\d+\.json$/, '/v*.json')).sort();
    const reference = await kinds(zhTW);
    for (const lang of [zhCN, zhMO]) expect(await kinds(lang), lang.code).toEqual(reference);
  });

  it('writes mainland pages in Simplified Chinese with mainland wording, and no Traditional character', async () => {
    const charToSimplified = OpenCC.Converter({ from: 't', to: 'cn' });
    for (const [file, text] of await documentsOf(zhCN)) {
      expect(
        [...new Set(text)].filter((c) => charToSimplified(c) !== c),
        file,
      ).toEqual([]);
      for (const taiwan of ['门市', '全台', '台湾本岛', 'NT$', 'HK$']) expect(text, `${file}: ${taiwan}`).not.toContain(taiwan);
    }
    const cfg = cmsConfigSchema.parse(await readJson(dirA, cmsEndpoints.shared(zhCN.cmsCode, 'config')));
    expect(cfg.titleSuffix).toBe('LINEA 织线 官方网上商店');
    const catalogue = catalogueSchema.parse(await readJson(dirA, '/catalogue.json'));
    for (const product of catalogue.products) {
      expect(product.names[zhCN.code]).toBe(COPY['zh-Hans'].products[product.styleKey as keyof (typeof COPY)['zh-Hans']['products']]);
      expect(product.descriptions[zhCN.code]).toMatch(/共有 \d+ 种颜色可选。$/);
    }
  });

  it('lists the region’s couriers, named in the language’s script', async () => {
    expect(await companies(zhTW)).toContainEqual({ code: 'BLACKCAT', name: '黑貓宅急便' });
    expect(await companies(zhCN)).toEqual([
      { code: 'SF', name: '顺丰速运' },
      { code: 'JD', name: '京东物流' },
      { code: 'ZTO', name: '中通快递' },
      { code: 'EMS', name: '中国邮政 EMS' },
    ]);
    expect((await companies(zhMO)).map((c) => c.name)).toEqual(['順豐速運', '嘉里快遞', '澳門郵電']);
    for (const lang of LANGUAGES.filter((l) => l.region === 'HK')) {
      const codes = (await companies(lang)).map((c) => c.code);
      expect(codes, lang.code).toEqual(['SF', 'KERRY', 'HKPOST']);
    }
  });

  it('writes money in the language’s currency, and names the reader’s own places in press releases', async () => {
    for (const lang of LANGUAGES) {
      const texts = await readJson<{ recycleProgramme: { paragraphs: string[] } }>(dirA, cmsEndpoints.shared(lang.cmsCode, 'member-texts'));
      expect(texts.recycleProgramme.paragraphs.join(''), lang.code).toContain(amount(100, lang));
      const all = await releases(lang);
      const tier = all.find((r) => /\d/.test(r.summary) && r.summary.includes(lang.currency.unit));
      expect(tier, lang.code).toBeDefined();
      if (lang.currency.code !== 'TWD') expect(JSON.stringify(all), lang.code).not.toContain('NT$');
    }
    const mainland = await releases(zhCN);
    // Shop openings are datelined where the shop is (Taipei among them); the rest in Shanghai.
    expect(new Set(mainland.filter((r) => !r.title.includes('开幕')).map((r) => r.location))).toEqual(new Set(['上海']));
    expect(mainland.some((r) => r.location === '台北市')).toBe(true);
    expect(mainland[0]!.body.at(-1)).toEqual(expect.objectContaining({ text: expect.stringContaining('于中国内地及港澳台地区设有门店') }));
    expect(mainland.find((r) => r.summary.includes('即日起'))?.summary).toContain('全国门店');
    expect((await releases(zhMO)).find((r) => r.summary.includes('即日起'))?.summary).toContain('澳門店舖');
  });

  it('lists the same shops in every language, named in its script', async () => {
    const shopsOf = async (lang: LanguageDefinition) => shopsSchema.parse(await readJson(dirA, cmsEndpoints.shops(lang.cmsCode))).shops;
    const reference = (await shopsOf(zhTW)).map((s) => s.code);
    expect(reference).toHaveLength(17);
    for (const lang of LANGUAGES)
      expect(
        (await shopsOf(lang)).map((s) => s.code),
        lang.code,
      ).toEqual(reference);
    expect((await shopsOf(zhCN)).find((s) => s.code === 'TPE01')).toEqual(
      expect.objectContaining({ name: '台北信义旗舰店', address: '台北市信义区松寿路 11 号 1 楼' }),
    );
  });
});

describe('local sample CMS server', () => {
  let server: CmsServer;
  beforeAll(async () => {
    server = await startCmsServer({ dataDir: dirA, port: 0 });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A request with the path sent exactly as given (fetch would normalise dot segments). */
  function rawGet(rawPath: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.port, path: rawPath, method: 'GET' }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('answers the health probe', async () => {
    const res = await fetch(`${server.url}${cmsEndpoints.health()}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it('serves JSON documents with a strong ETag and 304 on If-None-Match', async () => {
    const endpoint = cmsEndpoints.shared(LANGUAGES[0]!.cmsCode, 'config');
    const res = await fetch(`${server.url}${endpoint}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(await res.text()).toBe(await readText(dirA, endpoint));

    const again = await fetch(`${server.url}${endpoint}`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);

    const other = await fetch(`${server.url}${cmsEndpoints.page(LANGUAGES[0]!.cmsCode, '/index.html')}`, {
      headers: { 'if-none-match': etag! },
    });
    expect(other.status).toBe(200);
    expect(other.headers.get('etag')).not.toBe(etag);
  });

  it('answers 404 JSON for unknown documents', async () => {
    const res = await fetch(`${server.url}/cms/${LANGUAGES[0]!.cmsCode}/pages/c/NOPE.json`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toHaveProperty('error');
  });

  it('resizes images for the _r-{w}-{h} suffix and caches them', async () => {
    const catalogue = catalogueSchema.parse(await readJson(dirA, '/catalogue.json'));
    const image = catalogue.products[0]!.colours[0]!.images[0]!;
    const res = await fetch(`${server.url}${image}_r-300-200`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('etag')).toBeTruthy();
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([300, 200]);
    expect((await stat(path.join(dirA, '.resized', ...`${image}_r-300-200`.split('/').filter(Boolean)))).isFile()).toBe(true);

    const keepRatio = await fetch(`${server.url}${image}_r-400-0`);
    const ratioMeta = await sharp(Buffer.from(await keepRatio.arrayBuffer())).metadata();
    expect([ratioMeta.width, ratioMeta.height]).toEqual([400, 500]);

    const original = await fetch(`${server.url}${image}`);
    expect(original.status).toBe(200);
    expect((await sharp(Buffer.from(await original.arrayBuffer())).metadata()).width).toBe(800);
  });

  it('refuses path traversal', async () => {
    for (const rawPath of [
      '/cms/../package.json',
      '/cms/../catalogue.json',
      '/cms/%2e%2e/catalogue.json',
      '/media/..%2f..%2fpackage.json',
      '/cms/zh_TW/..%5c..%5ccatalogue.json',
    ]) {
      const res = await rawGet(rawPath);
      expect([400, 403, 404], rawPath).toContain(res.status);
      expect(res.body).not.toContain('"products"');
    }
  });
});
