/**
 * /search.html as a shopper uses it: results with count, sort, paging, and an empty state;
 * search in each language (hot words, suggestions, results, the other Chinese script); the
 * results page's box; the page without JavaScript.
 */
import { readFileSync } from 'node:fs';
import * as OpenCC from 'opencc-js';
import { expect, test } from './test.ts';
import { RECOMMENDED_WORDS_SHOWN } from '../../src/lib/constants.ts';
import { productCorner, switchConfig } from './content.ts';
import { getLanguage } from '../../src/lib/i18n/languages.ts';
import { catalogue } from './shopper.ts';

test('a search lists matching products with their count, in the page language', async ({ page }) => {
  await page.goto('/en-gb/search.html?description=down');
  const tiles = page.locator('.search-results .product-tile');
  await expect(tiles.first()).toBeVisible();
  const count = await page.locator('.search-results__count').innerText();
  expect(count).toMatch(/^\d+ results for “down”$/);
  for (const name of await tiles.locator('.product-tile__name').allInnerTexts()) expect(name.toLowerCase()).toContain('down');
  await expect(tiles.first().locator('img')).toHaveJSProperty('complete', true);
});

test('sorting by price puts the cheapest first, and the query string keeps the state', async ({ page }) => {
  await page.goto('/search.html?description=外套');
  await expect(page.locator('.search-results .product-tile').first()).toBeVisible();
  await page.locator('.search-results__sort select').selectOption('priceAsc');
  await expect(page).toHaveURL(/sort=priceAsc/);
  await expect(page.locator('.search-results')).toHaveAttribute('data-status', 'done');
  const prices = await page.locator('.product-tile__price').evaluateAll((all) => all.map((el) => Number(el.getAttribute('data-price'))));
  expect(prices.length).toBeGreaterThan(1);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
});

test('paging walks through the results and back', async ({ page }) => {
  await page.goto('/search.html?description=%20&searchType=storeCode&storeCode=/TPE0001');
  const paging = page.locator('.search-results__paging');
  await expect(paging).toBeVisible();
  const first = await page.locator('.product-tile').first().getAttribute('data-product-code');
  await paging.getByRole('button').last().click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.locator('.product-tile').first()).not.toHaveAttribute('data-product-code', first!);
  await page.goBack();
  await expect(page.locator('.product-tile').first()).toHaveAttribute('data-product-code', first!);
});

test('a search with no match says so', async ({ page }) => {
  await page.goto('/search.html?description=zzzxqv');
  await expect(page.locator('.search-results__empty')).toContainText('zzzxqv');
});

test('a page past the last (an old shared link) shows the last page, in place of a blank one', async ({ page }) => {
  await page.goto('/search.html?description=%20&searchType=storeCode&storeCode=/TPE0001&page=99');
  await expect.poll(() => Number(new URL(page.url()).searchParams.get('page'))).toBeLessThan(99);
  const last = Number(new URL(page.url()).searchParams.get('page'));
  expect(last).toBeGreaterThan(1);
  await expect(page.locator('.product-tile').first()).toBeVisible();
  await expect(page.locator('.search-results__paging')).toContainText(`${last}`);
  // The old address was replaced, not stacked: back leaves the search.
  expect(await page.evaluate(() => history.length)).toBe(2);
});

test('results follow the product cards: a restricted price group is red, and a sold-out product has the configured corner image', async ({
  page,
}) => {
  const { RestrictPriceGroup } = switchConfig();
  const limited = catalogue().find((p) => p.enabledFlag === 'Y' && p.approval === 'LIST' && RestrictPriceGroup.includes(p.priceGroup))!;
  const { soldOut } = productCorner(getLanguage('zh-TW'));
  // The API says it sold out since.
  await page.route('**/api/search/products', async (route) => {
    const response = await route.fetch();
    const answer = (await response.json()) as { resp: { list: Array<{ productCode: string; stockFlag: string }> } };
    for (const product of answer.resp.list) if (product.productCode === limited.productCode) product.stockFlag = 'N';
    await route.fulfill({ response, json: answer });
  });
  await page.goto(`/search.html?description=${encodeURIComponent(limited.names['zh-TW']!)}`);
  const tile = page.locator(`.search-results [data-product-code="${limited.productCode}"]`);
  await expect(tile.locator('.product-tile__price')).toHaveAttribute('data-red');
  const mark = tile.locator('[data-corner="sold-out"]');
  await expect(mark).toHaveAttribute('alt', '已售完');
  await expect(mark).toHaveAttribute('src', soldOut.imageUrl);
  await expect(mark).toHaveClass(new RegExp(`corner-mark--${soldOut.position}`));
});

// ---------------------------------------------------------------------------------------
// Search in the page's language: hot words, suggestions and results from the language's own
// names, and a query in the other Chinese script still finding the products.

/** Simplified ↔ Traditional, to tell which script a word is written in. */
const toHans = OpenCC.Converter({ from: 'tw', to: 'cn' });
const toHant = OpenCC.Converter({ from: 'cn', to: 'tw' });
const inScript: Record<string, (word: string) => boolean> = {
  'zh-Hant': (word) => toHant(word) === word,
  'zh-Hans': (word) => toHans(word) === word && /\p{Script=Han}/u.test(word),
  en: (word) => /^[\x20-\x7e]+$/.test(word),
};

const LANGUAGE_CASES = [
  // typed: a word several names hold; across: the same kind of word in the other Chinese script.
  { code: 'zh-TW', typed: '羊毛', across: '针织' },
  { code: 'zh-HK', typed: '羊毛', across: '牛仔裤' },
  { code: 'zh-MO', typed: '羊毛', across: '亚麻' },
  { code: 'zh-CN', typed: '羊毛', across: '針織' },
  { code: 'en-GB', typed: 'wool', across: null },
] as const;

for (const { code, typed, across } of LANGUAGE_CASES) {
  test(`${code}: hot words, suggestions and results are the page language's, and another script finds the products`, async ({ page }) => {
    const language = getLanguage(code);
    const prefix = language.pathSegment ? `/${language.pathSegment}` : '';
    /** The names of the products a shopper can find in this language. */
    const names = new Set(
      catalogue()
        .filter((p) => p.enabledFlag === 'Y')
        .map((p) => p.names[code]!),
    );
    const resultNames = () => page.locator('.search-results .product-tile__name').allInnerTexts();

    await page.goto(`${prefix}/men.html`);
    const input = page.locator('.search-panel__input');
    await input.focus();
    const hot = page.locator('.search-panel__hot .search-panel__word');
    await expect(hot).toHaveCount(RECOMMENDED_WORDS_SHOWN);
    const words = await hot.allInnerTexts();
    for (const word of words) expect(inScript[language.sampleCopy]!(word), `${word} is in ${code}'s script`).toBe(true);

    // A hot word finds products, named in the page's language (one the CMS sends to a page of its own goes there instead).
    const specified = JSON.parse(readFileSync(`content-cache/${language.cmsCode}/search-words.json`, 'utf8')) as Record<string, unknown>;
    const word = words.find((w) => !Object.hasOwn(specified, w))!;
    await page.locator('.search-panel__hot').getByRole('button', { name: word, exact: true }).click();
    await expect(page).toHaveURL(`${prefix}/search.html?description=${encodeURIComponent(word)}`);
    await expect(page.locator('.search-results')).toHaveAttribute('data-status', 'done');
    const found = await resultNames();
    expect(found.length, `${word} finds products`).toBeGreaterThan(0);
    for (const name of found) expect(names.has(name), `${name} is a ${code} name`).toBe(true);

    // Suggestions: names of this language only.
    await input.fill(typed);
    const suggestions = page.locator('.search-panel__suggestion');
    await expect(suggestions.first()).toBeVisible();
    for (const item of await suggestions.allInnerTexts()) expect(names.has(item), `suggestion ${item} is a ${code} name`).toBe(true);

    // The other Chinese script finds the same kind of products, named in the page's language.
    if (across) {
      await page.goto(`${prefix}/search.html?description=${encodeURIComponent(across)}`);
      await expect(page.locator('.search-results')).toHaveAttribute('data-status', 'done');
      const acrossFound = await resultNames();
      expect(acrossFound.length, `${across} finds products on ${code}`).toBeGreaterThan(0);
      for (const name of acrossFound) expect(names.has(name), `${name} is a ${code} name`).toBe(true);
    }
  });
}

test("the results page's box shows the word from the first paint; a new word typed searches only it, and is remembered clean", async ({
  page,
}) => {
  await page.goto(`/search.html?description=${encodeURIComponent('羊毛')}`);
  const input = page.locator('.search-panel__input');
  // Before any touch: the island has not even hydrated.
  await expect(input).toHaveValue('羊毛');
  await expect(page.locator('astro-island[component-url*="SearchPanel"]').first()).toHaveAttribute('ssr', '');
  await expect(page.locator('.search-results')).toHaveAttribute('data-status', 'done');

  // The shopper replaces the word, as in any text box.
  await input.click();
  await page.locator('astro-island[component-url*="SearchPanel"]:not([ssr])').first().waitFor({ state: 'attached' });
  await input.press('ControlOrMeta+a');
  await input.pressSequentially('denim');
  await input.press('Enter');
  await expect(page).toHaveURL('/search.html?description=denim');
  await expect(input).toHaveValue('denim');

  // And edits it: the caret at the end, a few more letters.
  await input.click();
  await input.press('End');
  await input.pressSequentially(' skirt');
  await input.press('Enter');
  await expect(page).toHaveURL(`/search.html?description=${encodeURIComponent('denim skirt')}`);
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('linea:search:history')))!)).toEqual(['denim skirt', 'denim']);
});

test('a store search leaves the box empty', async ({ page }) => {
  await page.goto('/search.html?description=%20&searchType=storeCode&storeCode=/TPE0001');
  await expect(page.locator('.search-results .product-tile').first()).toBeVisible();
  await expect(page.locator('.search-panel__input')).toHaveValue('');
});

test('a typed word without suggestions shows no panel under the box', async ({ page }) => {
  await page.goto('/women.html');
  const input = page.locator('.search-panel__input');
  await input.focus();
  const body = page.locator('.search-panel__body');
  await expect(body).toBeVisible(); // quick links and hot words
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/search/suggest'));
  await input.fill('zzzxqv');
  await answered;
  await expect(body).toHaveAttribute('hidden', '');
  await expect(input).toHaveAttribute('aria-expanded', 'false');
  // A word with suggestions shows them again.
  await input.fill('羊毛');
  await expect(page.locator('.search-panel__suggestion').first()).toBeVisible();
  await expect(body).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { prefix, message } of [
    { prefix: '', message: '搜尋需要 JavaScript' },
    { prefix: '/zh-cn', message: '搜索需要 JavaScript' },
    { prefix: '/en-gb', message: 'Search needs JavaScript' },
  ])
    test(`the search page ${prefix || '/'} says search needs JavaScript, in its language, and does not claim to be searching`, async ({
      page,
    }) => {
      await page.goto(`${prefix}/search.html?description=${encodeURIComponent('羊毛')}`);
      await expect(page.locator('.search-results__noscript')).toContainText(message);
      await expect(page.locator('.search-results__status')).toBeHidden();
    });
});
