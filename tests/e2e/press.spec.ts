/**
 * The press section as crawlers and shoppers get it: complete HTML without
 * JavaScript, no script file at all, paging, the year redirect, and the SEO files (sitemaps,
 * Atom feed, JSON-LD, Open Graph) checked against the pulled content.
 */
import type { Page, Request } from '@playwright/test';
import { expect, test } from './test.ts';
import { localizedPath } from '../../src/lib/cms/pages.ts';
import { LANGUAGES, getLanguage } from '../../src/lib/i18n/languages.ts';
import {
  PRESS_FEED_PATH,
  PRESS_PAGE_SIZE,
  brandCalendar,
  newestFirst,
  pressListPath,
  pressReleasePath,
  pressYearPath,
} from '../../src/lib/press/paths.ts';
import { PRESS_FEED_SIZE } from '../../src/lib/press/feed.ts';
import { languageSitemapPath } from '../../src/node/seo/sitemap.ts';
import { parseXml } from '../fixtures/xml.ts';
import { pressIndex, pressRelease } from './content.ts';
import { runPageTime, watchRequests } from './page-time.ts';
import { HYDRATE_WITHIN_MS } from '../../src/lib/constants.ts';

const zhTW = getLanguage('zh-TW');
const enGB = getLanguage('en-GB');
const newest = (language = zhTW) => newestFirst(pressIndex(language));
const releaseUrl = (language: (typeof LANGUAGES)[number], release: { id: string; publishedAt: number }) =>
  localizedPath(language, pressReleasePath(release));

/**
 * Every script the page asks for while it loads and settles. The other pages' islands hydrate
 * on idle within HYDRATE_WITHIN_MS: the page's own clock (installed by the test) runs past it.
 */
async function scriptsLoaded(page: Page, url: string): Promise<string[]> {
  const scripts: string[] = [];
  const listener = (request: Request) => {
    const path = new URL(request.url()).pathname;
    if (request.resourceType() === 'script' || /\.m?js$/.test(path)) scripts.push(request.url());
  };
  page.on('request', listener);
  const watch = watchRequests(page);
  try {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(200);
    await runPageTime(page, HYDRATE_WITHIN_MS + 500, watch);
  } finally {
    watch.stop();
    page.off('request', listener);
  }
  return scripts;
}

test.describe('a crawler', () => {
  test.use({ javaScriptEnabled: false });

  test('without JavaScript reads a release: headline, dateline, every block of the body', async ({ page }) => {
    const summary = newest(enGB)[5]!;
    const release = pressRelease(enGB, summary.id);
    await page.goto(releaseUrl(enGB, release));
    await expect(page.locator('h1')).toHaveText(release.title);
    await expect(page.locator('.press-release__dateline time')).toHaveAttribute('datetime', /\+08:00$/);
    if (release.location) await expect(page.locator('.press-release__dateline')).toContainText(release.location);
    const body = page.locator('.press-body');
    for (const block of release.body) {
      if (block.type === 'image') await expect(body.locator(`img[alt="${block.alt.replace(/"/g, '\\"')}"]`)).toHaveCount(1);
      else await expect(body, block.type).toContainText(block.text);
    }
    await expect(page.locator('.press-release__lead img')).toHaveAttribute('loading', 'eager');
    await expect(page.locator('.press-release__lead img')).toHaveAttribute('alt', release.imageAlt);
  });
});

test('the list, a year list and a release load no JavaScript file and carry no island; other pages still do', async ({ page }) => {
  await page.clock.install();
  const [latest] = newest();
  const { year } = brandCalendar(latest!.publishedAt);
  for (const url of [pressListPath(1), localizedPath(enGB, pressListPath(2)), pressYearPath(year), releaseUrl(zhTW, latest!)]) {
    expect(await scriptsLoaded(page, url), url).toEqual([]);
    // No island element (the head's one display rule for islands names the tag on every page).
    expect(await page.content(), url).not.toContain('<astro-island');
    // The header is there, as links: the search page, the cart.
    await expect(page.locator('.site-header[data-static] .site-header__logo')).toBeVisible();
  }
  // The check sees scripts where there are some (a check that cannot fail is no check).
  expect((await scriptsLoaded(page, '/women.html')).length).toBeGreaterThan(0);
  expect(await page.content()).toContain('<astro-island');
});

test('paging walks to page 2 and back, marking the current page', async ({ page }) => {
  const releases = newest();
  await page.goto(pressListPath(1));
  const pager = page.getByRole('navigation', { name: '新聞稿分頁' });
  await expect(pager.locator('[aria-current="page"]')).toHaveText('1');
  await expect(page.locator('link[rel="next"]')).toHaveAttribute('href', pressListPath(2));
  await pager.getByRole('link', { name: '第 2 頁' }).click();
  await expect(page).toHaveURL(new RegExp(`${pressListPath(2)}$`));
  await expect(pager.locator('[aria-current="page"]')).toHaveText('2');
  await expect(page.locator('.press-item__title').first()).toHaveText(releases[PRESS_PAGE_SIZE]!.title);
  await expect(page.locator('link[rel="prev"]')).toHaveAttribute('href', pressListPath(1));
  await pager.locator('a[rel="prev"]').click();
  await expect(page).toHaveURL(new RegExp(`${pressListPath(1)}$`));
  await expect(page.locator('.press-item__title').first()).toHaveText(releases[0]!.title);
});

test('a year list shows that year by month; the year without its slash answers 301 to it', async ({ page, request }) => {
  const releases = newest();
  const { year } = brandCalendar(releases[0]!.publishedAt);
  const answer = await request.get(`/press/${year}`, { maxRedirects: 0 });
  expect(answer.status()).toBe(301);
  expect(answer.headers().location).toBe(`/press/${year}/`);
  await page.goto(pressYearPath(year));
  const inYear = releases.filter((r) => brandCalendar(r.publishedAt).year === year);
  await expect(page.locator('.press-item')).toHaveCount(inYear.length);
  await expect(page.locator('.press-years [aria-current="page"]')).toContainText(String(year));
  const months = new Set(inYear.map((r) => brandCalendar(r.publishedAt).month));
  await expect(page.locator('.press-month')).toHaveCount(months.size);
});

test('the sitemap index and every language sitemap are well-formed and list every release of the language', async ({
  request,
  baseURL,
}) => {
  const index = await request.get('/sitemap-index.xml');
  expect(index.headers()['content-type']).toContain('application/xml');
  const sitemaps = parseXml(await index.text()).sitemapindex.sitemap.map((s: { loc: string }) => s.loc);
  expect(sitemaps).toEqual(LANGUAGES.map((l) => `${baseURL}${languageSitemapPath(l.code)}`));
  for (const language of LANGUAGES) {
    const text = await (await request.get(languageSitemapPath(language.code))).text();
    const urls = parseXml(text).urlset.url as Array<{ loc: string; lastmod?: string; 'xhtml:link': Array<Record<string, string>> }>;
    const locs = new Set(urls.map((u) => u.loc));
    for (const release of pressIndex(language))
      expect(locs.has(`${baseURL}${releaseUrl(language, release)}`), `${language.code} ${release.id}`).toBe(true);
    expect(locs.has(`${baseURL}${localizedPath(language, pressListPath(1))}`)).toBe(true);
    expect(locs.has(`${baseURL}${localizedPath(language, '/not-found.html')}`)).toBe(false);
    const release = urls.find((u) => u.loc.endsWith(pressReleasePath(newest(language)[0]!)))!;
    expect(release.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);
    expect(release['xhtml:link'].map((l) => l['@hreflang'])).toEqual([...LANGUAGES.map((l) => l.code), 'x-default']);
  }
  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toContain('text/plain');
  expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap-index.xml`);
});

test('the Atom feed of each language parses and carries its newest releases, linked from the press pages', async ({
  page,
  request,
  baseURL,
}) => {
  for (const language of [zhTW, enGB]) {
    await page.goto(localizedPath(language, pressListPath(1)));
    const href = await page.locator('link[rel="alternate"][type="application/atom+xml"]').getAttribute('href');
    expect(href).toBe(localizedPath(language, PRESS_FEED_PATH));
    const feed = parseXml(await (await request.get(href!)).text()).feed;
    expect(feed['@xml:lang']).toBe(language.code);
    expect(feed.link.find((l: Record<string, string>) => l['@rel'] === 'self')['@href']).toBe(`${baseURL}${href}`);
    const releases = newest(language);
    expect(feed.entry).toHaveLength(Math.min(PRESS_FEED_SIZE, releases.length));
    expect(feed.entry[0].id).toBe(`${baseURL}${releaseUrl(language, releases[0]!)}`);
    expect(feed.entry[0].title['#text']).toBe(releases[0]!.title);
    for (const entry of feed.entry) expect(entry.published).toMatch(/\+08:00$/);
  }
});

test('a release has NewsArticle and BreadcrumbList JSON-LD and Open Graph for sharing', async ({ page, baseURL }) => {
  const release = newest(enGB)[0]!;
  const url = releaseUrl(enGB, release);
  await page.goto(url);
  const data = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? '')));
  const article = data.find((d) => d['@type'] === 'NewsArticle');
  expect(article).toMatchObject({
    headline: release.title,
    description: release.summary,
    inLanguage: 'en-GB',
    mainEntityOfPage: { '@id': `${baseURL}${url}` },
  });
  expect(article.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);
  expect(article.dateModified).toMatch(/\+08:00$/);
  expect(article.publisher).toMatchObject({ '@type': 'Organization', name: 'LINEA', logo: { url: `${baseURL}/brand/logo.png` } });
  expect(article.author['@type']).toBe('Organization');
  for (const image of article.image) expect(image.url.startsWith(`${baseURL}/media/`)).toBe(true);
  const crumbs = data.find((d) => d['@type'] === 'BreadcrumbList');
  expect(crumbs.itemListElement.at(-1)).toMatchObject({ name: release.title, item: `${baseURL}${url}` });

  const og = (property: string) => page.locator(`meta[property="${property}"]`);
  await expect(og('og:type')).toHaveAttribute('content', 'article');
  await expect(og('og:title')).toHaveAttribute('content', release.title);
  await expect(og('og:url')).toHaveAttribute('content', `${baseURL}${url}`);
  await expect(og('og:image')).toHaveAttribute('content', `${baseURL}${release.imageUrl}`);
  await expect(og('og:image:width')).toHaveAttribute('content', String(release.imageWidth));
  await expect(og('og:locale')).toHaveAttribute('content', 'en_GB');
  await expect(og('og:site_name')).toHaveAttribute('content', 'LINEA');
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${url}`);
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
    'href',
    `${baseURL}${releaseUrl(zhTW, release)}`,
  );
  // The lead image really loads (through the image host).
  await expect
    .poll(() => page.locator('.press-release__lead img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
});

test('the static header works without islands: ticker close for the session, language and search links', async ({ page }) => {
  await page.goto(pressListPath(1));
  await page.locator('.ticker-bar__close').click();
  await expect(page.locator('.ticker-bar')).toBeHidden();
  await page.goto(pressListPath(2));
  await expect(page.locator('.ticker-bar')).toBeHidden();
  await page.locator('.language-menu summary').click();
  await page.locator('.language-menu a[hreflang="en-GB"]').click();
  await expect(page).toHaveURL(new RegExp(`${localizedPath(enGB, pressListPath(2))}$`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
  await page.locator('.search-panel__input').fill('coat');
  await page.locator('.search-panel__input').press('Enter');
  await expect(page).toHaveURL(/\/en-gb\/search\.html\?description=coat$/);
});
