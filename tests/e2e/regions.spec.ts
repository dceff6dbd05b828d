/**
 * The regions as a shopper meets them: mainland pages in Simplified Chinese with prices in ¥,
 * Macao's in MOP$, and mainland pages asking nothing of any host but the store's own (Google's
 * fonts, maps and tag manager cannot be reached from mainland China).
 */
import { localizedPath } from '../../src/lib/cms/pages.ts';
import { getLanguage } from '../../src/lib/i18n/languages.ts';
import { shops } from './content.ts';
import { catalogue } from './shopper.ts';
import { expect, test } from './test.ts';

const zhCN = getLanguage('zh-CN');
const zhMO = getLanguage('zh-MO');

test('a mainland shopper reads Simplified Chinese and ¥ prices, and a Macao one MOP$', async ({ page }) => {
  const product = catalogue().find((p) => p.enabledFlag === 'Y')!;
  await page.goto(localizedPath(zhCN, `/product/${product.productCode}.html`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.locator('h1')).toHaveText(product.names['zh-CN']!);
  await expect(
    page
      .locator('main')
      .getByText(/^¥[\d,]+$/)
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: '加入购物车' })).toBeVisible();
  await page.goto(localizedPath(zhMO, `/product/${product.productCode}.html`));
  await expect(
    page
      .locator('main')
      .getByText(/^MOP\$[\d,]+$/)
      .first(),
  ).toBeVisible();
});

test('mainland pages ask nothing of another host, the shop map drawn on request included', async ({ page, baseURL }) => {
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== baseURL) foreign.push(request.url());
  });
  const product = catalogue().find((p) => p.enabledFlag === 'Y')!;
  for (const path of ['/', '/c/W01.html', `/product/${product.productCode}.html`, '/login.html', '/press/']) {
    await page.goto(localizedPath(zhCN, path));
    await page.locator('header').first().hover();
    await page.waitForLoadState('networkidle');
  }
  await page.goto(localizedPath(zhCN, `/shop/shop.html?storeCode=${shops(zhCN)[0]!.code}`));
  await page.getByRole('button', { name: '在此显示地图' }).click();
  await page.waitForLoadState('networkidle');
  expect(foreign).toEqual([]);
});
