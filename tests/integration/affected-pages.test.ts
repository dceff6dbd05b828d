/**
 * Dependency tracking against the mini CMS: each case edits the CMS (or the clock, or a
 * locale file), pulls as the publish service would, and compares the route tables.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSiteContent } from '../../src/node/cms/content.ts';
import { buildRouteTable } from '../../src/node/routing/route-table.ts';
import type { RouteEntry } from '../../src/node/routing/route-entry.ts';
import { cmsEndpoints } from '../../src/lib/cms/endpoints.ts';
import { localizedPath } from '../../src/lib/cms/pages.ts';
import { pullContent } from '../../src/node/cms/pull.ts';
import { LANGUAGES, getLanguage } from '../../src/lib/i18n/languages.ts';
import { affectedPages, languagesToPull } from '../../scripts/publish/affected-pages.ts';
import { startCmsServer } from '../../scripts/local-cms/server.ts';
import { FIXTURE_NOW, miniPages, miniPress, writeDocument, writeMiniCms } from '../fixtures/mini-cms.ts';

const DAY = 86_400_000;
const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const readJson = async (cmsDir: string, endpoint: string) => JSON.parse(await readFile(join(cmsDir, endpoint), 'utf8'));
/** A CMS document as raw JSON: each case below edits whatever field it needs. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type RawJson = any;
async function editJson(cmsDir: string, endpoint: string, edit: (doc: RawJson) => void): Promise<void> {
  const doc = await readJson(cmsDir, endpoint);
  edit(doc);
  await writeDocument(cmsDir, endpoint, doc);
}
async function editPages(cmsDir: string, cmsCode: string, edit: (pages: RawJson[]) => RawJson[]): Promise<void> {
  await editJson(cmsDir, cmsEndpoints.shared(cmsCode, 'config'), (config) => {
    config.pages = edit(config.pages);
  });
}

interface Scenario {
  /** Applied before the first build. */
  setup?: (cmsDir: string) => Promise<void>;
  /** The publish. */
  edit?: (cmsDir: string, localesDir: string) => Promise<void>;
  nowAfter?: number;
}

/** Builds the route table, applies the edit, pulls and builds it again, and compares. */
async function scenario({ setup, edit, nowAfter = FIXTURE_NOW }: Scenario) {
  const cmsDir = await mkdtemp(join(tmpdir(), 'cms-'));
  const cacheDir = await mkdtemp(join(tmpdir(), 'cache-'));
  const localesDir = await mkdtemp(join(tmpdir(), 'locales-'));
  dirs.push(cmsDir, cacheDir, localesDir);
  await cp(join(process.cwd(), 'public', 'locales'), localesDir, { recursive: true });
  await writeMiniCms(cmsDir, LANGUAGES);
  await setup?.(cmsDir);
  const cms = await startCmsServer({ dataDir: cmsDir, port: 0 });
  const table = async (now: number) =>
    buildRouteTable(await loadSiteContent({ cacheDir, localesDir }), {
      now,
      site: 'https://shop.example',
      translate: (code, key) => `${key}:${code}`,
    });
  try {
    await pullContent({ baseUrl: cms.url, cacheDir, languages: LANGUAGES });
    const before = await table(FIXTURE_NOW);
    await edit?.(cmsDir, localesDir);
    const { changedDocuments } = await pullContent({ baseUrl: cms.url, cacheDir, languages: LANGUAGES });
    const after = await table(nowAfter);
    return { before, after, changedDocuments, affected: affectedPages({ before, after }) };
  } finally {
    await cms.close();
  }
}

const paths = (routes: readonly RouteEntry[], keep: (route: RouteEntry) => boolean) =>
  routes
    .filter(keep)
    .map((r) => r.urlPath)
    .sort();
const sorted = (list: readonly string[]) => [...list].sort();

describe('pages a publish rebuilds', () => {
  it('an unchanged publish rebuilds nothing', async () => {
    const { affected, before, changedDocuments } = await scenario({
      edit: (dir) => editJson(dir, cmsEndpoints.page('zh_TW', '/women.html'), () => {}),
    });
    expect(changedDocuments).toEqual([]);
    expect(affected).toMatchObject({ rebuild: [], added: [], changed: [], removed: [], unchanged: before.length, languages: [] });
  });

  it("a page's own document: that page only", async () => {
    const { affected, changedDocuments } = await scenario({
      edit: (dir) => editJson(dir, cmsEndpoints.page('zh_TW', '/women.html'), (doc) => (doc.description = 'New description')),
    });
    expect(changedDocuments).toEqual(['zh_TW/pages/women.json']);
    expect(affected.changed).toEqual(['/women.html']);
    expect(affected.rebuild.map((r) => r.urlPath)).toEqual(['/women.html']);
    expect(affected).toMatchObject({ added: [], removed: [], languages: ['zh-TW'] });
  });

  it('the home page: both its addresses, / and its own path', async () => {
    const { affected } = await scenario({
      // The mini CMS's home lives at /index.html, which is / already; make women home instead.
      setup: (dir) =>
        editPages(dir, 'zh_TW', (pages) =>
          pages.filter((p) => p.code !== 'home').map((p) => ({ ...p, homepage: p.code === 'women' ? 'Y' : 'N' })),
        ),
      edit: (dir) => editJson(dir, cmsEndpoints.page('zh_TW', '/women.html'), (doc) => (doc.description = 'New description')),
    });
    expect(sorted(affected.changed)).toEqual(['/', '/women.html']);
  });

  it("an ancestor's document: the template 3/4 pages inheriting from it, through every level", async () => {
    const parent = await scenario({
      edit: (dir) => editJson(dir, cmsEndpoints.page('zh_TW', '/c/W01.html'), (doc) => (doc.components[0].id = 'W01-new')),
    });
    expect(sorted(parent.affected.changed)).toEqual(['/c/W01.html', '/c/W0101.html']);

    // W01 empty too: W0101 → W01 → women, so women's document reaches both.
    const grandparent = await scenario({
      setup: (dir) => editJson(dir, cmsEndpoints.page('zh_TW', '/c/W01.html'), (doc) => (doc.components = [])),
      edit: (dir) => editJson(dir, cmsEndpoints.page('zh_TW', '/women.html'), (doc) => (doc.components[0].id = 'women-new')),
    });
    expect(sorted(grandparent.affected.changed)).toEqual(['/c/W01.html', '/c/W0101.html', '/women.html']);

    // A page with content of its own does not follow its parent.
    const own = await scenario({
      edit: (dir) => editJson(dir, cmsEndpoints.page('zh_TW', '/women.html'), (doc) => (doc.components[0].id = 'women-new')),
    });
    expect(own.affected.changed).toEqual(['/women.html']);
  });

  it('a shared document of a language: every page of that language, no other', async () => {
    for (const [cmsCode, name] of [
      ['zh_TW', 'classification'],
      ['en_GB', 'ticker'],
      ['zh_HK', 'language-config'],
      ['zh_TW', 'return-notice'],
    ] as const) {
      const { affected, before } = await scenario({
        edit: (dir) =>
          editJson(dir, cmsEndpoints.shared(cmsCode, name), (doc) => {
            if (name === 'classification') doc.data[0].title = 'Ladies';
            else if (name === 'ticker') doc.web.A.pcText = 'Free returns';
            else if (name === 'return-notice') doc.Y = 'Returnable within 30 days';
            else doc.changedForTest = 'x';
          }),
      });
      const code = LANGUAGES.find((l) => l.cmsCode === cmsCode)!.code;
      expect(sorted(affected.changed), `${cmsCode}/${name}`).toEqual(paths(before, (r) => r.languageCode === code));
      expect(affected.languages).toEqual([code]);
    }
  });

  it("a language's locale file: every page of that language", async () => {
    const { affected, before } = await scenario({
      edit: async (_, localesDir) => {
        const file = join(localesDir, 'en-GB.json');
        const locale = JSON.parse(await readFile(file, 'utf8'));
        locale.changedForTest = 'x';
        await writeFile(file, JSON.stringify(locale));
      },
    });
    expect(sorted(affected.changed)).toEqual(paths(before, (r) => r.languageCode === 'en-GB'));
  });

  it('switch-config.json: every page of every language', async () => {
    const { affected, before, changedDocuments } = await scenario({
      edit: (dir) => editJson(dir, cmsEndpoints.switchConfig(), (doc) => (doc.isPeakPromotion = 'Y')),
    });
    expect(changedDocuments).toEqual(['switch-config.json']);
    expect(sorted(affected.changed)).toEqual(paths(before, () => true));
    expect(affected.languages).toEqual(['en-GB', 'zh-CN', 'zh-HK', 'zh-MO', 'zh-TW']);
  });

  it("the configuration's page list: a page's title changes that page and the lists showing it, not the language", async () => {
    const { affected, before, changedDocuments } = await scenario({
      edit: (dir) => editPages(dir, 'zh_TW', (pages) => pages.map((p) => (p.code === 'W01' ? { ...p, title: 'Tops and shirts' } : p))),
    });
    expect(changedDocuments).toEqual(['zh_TW/config.json']);
    // The category's own page, the site map listing it, and the page inheriting its content through
    // its entry (W0101 has none of its own). A product's breadcrumb carries the titles it shows in
    // its own digest (route-table.ts).
    expect(sorted(affected.changed)).toEqual(['/c/W01.html', '/c/W0101.html', '/site-map.html']);
    // Far fewer than the language's pages, which a change to the shared part of the configuration rebuilds.
    expect(affected.changed.length).toBeLessThan(paths(before, (r) => r.languageCode === 'zh-TW').length / 2);
  });

  it("the configuration's own fields (the document titles' suffix): every page of that language", async () => {
    const { affected, before } = await scenario({
      edit: (dir) => editJson(dir, cmsEndpoints.shared('zh_TW', 'config'), (config) => (config.titleSuffix = 'LINEA Taiwan')),
    });
    expect(sorted(affected.changed)).toEqual(paths(before, (r) => r.languageCode === 'zh-TW'));
  });

  it("a page's entry beyond its title and dates (signing in to see it): that page and the pages inheriting its content through it", async () => {
    // W0101 has no content of its own: it shows W01's. A page behind sign-in leaves the site map.
    const { affected } = await scenario({
      edit: (dir) => editPages(dir, 'zh_TW', (pages) => pages.map((p) => (p.code === 'W01' ? { ...p, accessCheck: 'Y' } : p))),
    });
    expect(sorted(affected.changed)).toEqual(['/c/W01.html', '/c/W0101.html', '/site-map.html']);
  });

  it("the pop-up: that language's home page alone (no other page shows it)", async () => {
    const { affected, changedDocuments } = await scenario({
      edit: (dir) => editJson(dir, cmsEndpoints.shared('zh_HK', 'popup'), (doc) => (doc.pPopupType = 'email')),
    });
    expect(changedDocuments).toEqual(['zh_HK/popup.json']);
    expect(affected.changed).toEqual(['/zh-hk/']);
    expect(affected.languages).toEqual(['zh-HK']);
  });

  it("switch-config.json's pop-up switch (its email form tied to the member): every language's home page, no other", async () => {
    const { affected, changedDocuments } = await scenario({
      edit: (dir) => editJson(dir, cmsEndpoints.switchConfig(), (doc) => (doc.popupEmailBindsMember = 'Y')),
    });
    expect(changedDocuments).toEqual(['switch-config.json']);
    expect(sorted(affected.changed)).toEqual(sorted(LANGUAGES.map((language) => localizedPath(language, '/'))));
  });

  /** A fourth release, in 2024: not a neighbour of 102, and on its own year page. */
  const withOlderRelease = async (dir: string) => {
    const older = {
      ...miniPress()[2]!,
      id: '100',
      title: 'Older news',
      publishedAt: Date.UTC(2024, 5, 1),
      updatedAt: Date.UTC(2024, 5, 2),
    };
    await editJson(dir, cmsEndpoints.pressIndex('zh_TW'), (index) => index.releases.push(older));
    await writeDocument(dir, cmsEndpoints.pressRelease('zh_TW', '100'), { ...older, body: [{ type: 'paragraph', text: 'Older.' }] });
  };
  const pressRoutes = (routes: readonly RouteEntry[], code: string) =>
    paths(routes, (r) => r.languageCode === code && r.kind === 'section' && r.section!.view.startsWith('press'));

  it('the press index: every press page of that language (lists, years, releases), nothing else', async () => {
    const { affected, before } = await scenario({
      setup: withOlderRelease,
      edit: (dir) => editJson(dir, cmsEndpoints.pressIndex('zh_TW'), (index) => (index.releases[0].summary = 'A new summary.')),
    });
    expect(pressRoutes(before, 'zh-TW')).toHaveLength(7); // list, 2026, 2024, four releases
    expect(sorted(affected.changed)).toEqual(pressRoutes(before, 'zh-TW'));
  });

  it('a press release: its page, its neighbours, and the list and year pages showing it', async () => {
    const { affected } = await scenario({
      setup: withOlderRelease,
      edit: (dir) => editJson(dir, cmsEndpoints.pressRelease('zh_TW', '102'), (release) => (release.title = 'New shop in Taichung, open')),
    });
    expect(sorted(affected.changed)).toEqual([
      '/press/',
      '/press/2026/',
      '/press/2026/01/post101.html',
      '/press/2026/01/post102.html',
      '/press/2026/03/post103.html',
    ]);
  });

  it("the shops: the edited shop's own page and the pages with every shop of that language, and its staff looks (they link their shops by name)", async () => {
    const { affected } = await scenario({
      edit: (dir) => editJson(dir, cmsEndpoints.shops('zh_HK'), (doc) => (doc.shops[0].phone = '02-0000-0000')),
    });
    expect(sorted(affected.changed)).toEqual([
      '/zh-hk/shop/TPE01.html',
      '/zh-hk/shop/shop.html',
      '/zh-hk/shop/shop_list.html',
      '/zh-hk/staff-styling-detail.html',
      '/zh-hk/staff-styling/ST1.html',
    ]);
  });

  it("the styling looks: the pages of that kind and language only (every look's page lists the others under more looks)", async () => {
    const official = await scenario({
      edit: (dir) => editJson(dir, cmsEndpoints.officialStyling('zh_HK'), (doc) => (doc.looks[0].title = 'A new title')),
    });
    expect(sorted(official.affected.changed)).toEqual([
      '/zh-hk/official-styling-detail.html',
      '/zh-hk/official-styling/LOOKMINI1.html',
      '/zh-hk/official-styling/LOOKMINI2.html',
    ]);
    const staff = await scenario({
      edit: (dir) => editJson(dir, cmsEndpoints.staffStyling('en_GB', 1), (doc) => (doc.content_list[0].heightCm = 170)),
    });
    expect(sorted(staff.affected.changed)).toEqual(['/en-gb/staff-styling-detail.html', '/en-gb/staff-styling/ST1.html']);
  });

  it('a page whose start date passed is added, in every language, and only the site maps that list it change', async () => {
    const { affected } = await scenario({ nowAfter: FIXTURE_NOW + 2 * DAY });
    expect(sorted(affected.added)).toEqual([
      '/en-gb/feature/soon.html',
      '/feature/soon.html',
      '/zh-cn/feature/soon.html',
      '/zh-hk/feature/soon.html',
      '/zh-mo/feature/soon.html',
    ]);
    expect(sorted(affected.changed)).toEqual([
      '/en-gb/site-map.html',
      '/site-map.html',
      '/zh-cn/site-map.html',
      '/zh-hk/site-map.html',
      '/zh-mo/site-map.html',
    ]);
    expect(affected.rebuild.map((r) => r.urlPath).sort()).toEqual(sorted([...affected.added, ...affected.changed]));
  });

  it('a page whose end date passed is removed', async () => {
    const { affected } = await scenario({
      setup: async (dir) => {
        for (const l of LANGUAGES)
          await editPages(dir, l.cmsCode, (pages) => pages.map((p) => (p.code === 'women' ? { ...p, endDate: FIXTURE_NOW + DAY } : p)));
      },
      nowAfter: FIXTURE_NOW + 2 * DAY,
    });
    expect(sorted(affected.removed)).toEqual([
      '/en-gb/women.html',
      '/women.html',
      '/zh-cn/women.html',
      '/zh-hk/women.html',
      '/zh-mo/women.html',
    ]);
    expect(affected.added).toContain('/feature/soon.html');
  });

  it("a page removed in one language: removed there, and the other languages' copies rebuilt for their hreflang links", async () => {
    const { affected } = await scenario({
      edit: (dir) => editPages(dir, 'en_GB', (pages) => pages.filter((p) => p.code !== 'W0101')),
    });
    expect(affected.removed).toEqual(['/en-gb/c/W0101.html']);
    // The config is shared: all of en-GB changes; elsewhere only the page that lost an alternate.
    expect(affected.changed.filter((p) => !p.startsWith('/en-gb/')).sort()).toEqual([
      '/c/W0101.html',
      '/zh-cn/c/W0101.html',
      '/zh-hk/c/W0101.html',
      '/zh-mo/c/W0101.html',
    ]);
  });

  it('a new page and its document: added', async () => {
    const { affected } = await scenario({
      edit: async (dir) => {
        await writeDocument(dir, cmsEndpoints.page('zh_TW', '/feature/new.html'), { code: 'new', updatedAt: FIXTURE_NOW, components: [] });
        await editPages(dir, 'zh_TW', (pages) => [
          ...pages,
          { ...miniPages()[4]!, code: 'new', path: '/feature/new.html', title: 'New', startDate: null },
        ]);
      },
    });
    expect(affected.added).toEqual(['/feature/new.html']);
    expect(affected.removed).toEqual([]);
  });
});

describe('affectedPages (pure)', () => {
  const route = (urlPath: string, digest: string, languageCode = 'zh-TW') => ({ urlPath, digest, languageCode }) as RouteEntry;

  it('refuses a table with two routes at one address', () => {
    expect(() => affectedPages({ before: [route('/a.html', '1'), route('/a.html', '2')], after: [] })).toThrow(/Two routes at \/a.html/);
  });

  it('sorts out added, changed, removed and unchanged', () => {
    const result = affectedPages({
      before: [route('/a.html', '1'), route('/b.html', '1'), route('/en-gb/c.html', '1', 'en-GB')],
      after: [route('/a.html', '1'), route('/b.html', '2'), route('/d.html', '1')],
    });
    expect(result).toMatchObject({
      added: ['/d.html'],
      changed: ['/b.html'],
      removed: ['/en-gb/c.html'],
      unchanged: 1,
      languages: ['en-GB', 'zh-TW'],
    });
  });

  it('pulls only the languages a change names; a global document pulls them all', () => {
    const codes = (docs: string[]) => languagesToPull(docs, LANGUAGES).map((l) => l.code);
    expect(codes(['en_GB/pages/women.json', 'en_GB/config.json'])).toEqual(['en-GB']);
    expect(codes(['en_GB/pages/women.json', 'zh_TW/press/index.json'])).toEqual(['zh-TW', 'en-GB']);
    expect(codes(['switch-config.json'])).toEqual(LANGUAGES.map((l) => l.code));
    expect(codes([])).toEqual([]);
    expect(getLanguage('en-GB').cmsCode).toBe('en_GB');
  });
});
