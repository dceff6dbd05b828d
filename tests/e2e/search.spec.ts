/** /search.html as a shopper uses it: results with count, sort, paging, and an empty state. */
import { expect, test } from './test.ts';
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
