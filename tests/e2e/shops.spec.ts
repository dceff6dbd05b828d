/** The shop section as a shopper uses it: the list, distances, the shop page, and all of it without JavaScript. */
import { hydrateIsland } from './islands.ts';
import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { localizedPath } from '../../src/lib/cms/pages.ts';
import { buildTranslator } from '../../src/node/i18n/translations.ts';
import { getLanguage } from '../../src/lib/i18n/languages.ts';
import { distanceMetres, formatDistance } from '../../src/lib/shops/distance.ts';
import { cmsConfig, shops } from './content.ts';
import { STAND_IN_SCRIPTS } from '../../scripts/local-commerce/routes/stand-ins.ts';

const zhTW = getLanguage('zh-TW');
const enGB = getLanguage('en-GB');
/** A string of the shop section, as the build wrote it. */
const text = (languageCode: string, key: string) => buildTranslator(languageCode)(`shops.${key}`);

/** The shopper stands about 300 m north of the first shop of the list: that shop is in metres, the others in kilometres. */
function besideFirstShop() {
  const [first] = shops(zhTW);
  return { latitude: first!.latitude + 0.0027, longitude: first!.longitude };
}

async function cardOrder(page: Page, selector: string) {
  return page.locator(`${selector} [data-shop-card]`).evaluateAll((cards) => cards.map((card) => card.getAttribute('data-shop-card')));
}

test('the list shows every shop of the CMS under its region, with a jump list, links and structured data', async ({ page }) => {
  const all = shops(enGB);
  await page.goto(localizedPath(enGB, '/shop/shop_list.html'));
  await expect(page.locator('h1')).toHaveText(text('en-GB', 'listTitle'));
  const regions = [...new Set(all.map((shop) => shop.region))];
  await expect(page.locator('.shops__region h2')).toHaveText(regions);
  await expect(page.locator('[data-shop-card]')).toHaveCount(all.length);
  for (const shop of all) {
    const card = page
      .locator('.shops__region', { has: page.getByRole('heading', { level: 2, name: shop.region, exact: true }) })
      .locator(`[data-shop-card="${shop.code}"]`);
    await expect(card.getByRole('link', { name: shop.name, exact: true })).toHaveAttribute('href', `/en-gb/shop/${shop.code}.html`);
    await expect(card).toContainText(shop.address);
    await expect(card).toContainText(shop.openingHours);
    await expect(card.locator('a[href^="tel:"]')).toHaveAttribute(
      'href',
      `tel:${shop.phone.startsWith('+') ? '+' : ''}${shop.phone.replace(/\D/g, '')}`,
    );
    await expect(card.locator('.shop-facts__services li')).toHaveText(shop.services);
    const map = card.locator('a[href^="https://www.openstreetmap.org/"]');
    await expect(map).toHaveAttribute('target', '_blank');
    await expect(map).toHaveAttribute('rel', 'noopener');
    await expect(map).toHaveAttribute('href', new RegExp(`mlat=${shop.latitude}&mlon=${shop.longitude}`));
    await expect(card.getByRole('link', { name: text('en-GB', 'wares') })).toHaveAttribute(
      'href',
      `/en-gb/search.html?searchType=storeCode&storeCode=${shop.code}`,
    );
  }
  // The jump list leads to each region's heading.
  const jumps = page.locator('.shops__regions a');
  await expect(jumps).toHaveCount(regions.length);
  await jumps.nth(regions.length - 1).click();
  await expect(page).toHaveURL(new RegExp(`#region-${regions.length}$`));
  await expect(page.locator(`#region-${regions.length} h2`)).toHaveText(regions.at(-1)!);
  await expect(page.locator(`#region-${regions.length} h2`)).toBeInViewport();

  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as {
    '@graph': Array<{ '@type': string; name: string; url: string; telephone: string }>;
  };
  expect(jsonLd['@graph'].map((item) => [item['@type'], item.name, new URL(item.url).pathname])).toEqual(
    all.map((shop) => ['ClothingStore', shop.name, `/en-gb/shop/${shop.code}.html`]),
  );
});

test("a shop's wares link opens that store's products on the search page", async ({ page }) => {
  const [shop] = shops(enGB);
  await page.goto(localizedPath(enGB, '/shop/shop_list.html'));
  await page
    .locator(`[data-shop-card="${shop!.code}"]`)
    .getByRole('link', { name: text('en-GB', 'wares') })
    .click();
  // Headed by the store's name, not "this store".
  const heading = buildTranslator('en-GB')('results.storeNamedCount', { store: shop!.name, count: 0 });
  const escaped = heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/0$/, '[1-9]\\d*');
  await expect(page.locator('.search-results__count')).toHaveText(new RegExp(`^${escaped}$`));
});

test('with the location shared, each shop shows its distance in the right unit and the nearest comes first', async ({ page, context }) => {
  const here = besideFirstShop();
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(here);
  const all = shops(zhTW);
  await page.goto('/shop/shop_list.html');
  await expect(page.locator('[data-shop-distance]').first()).toBeHidden();
  await page.getByRole('button', { name: text('zh-TW', 'showDistances') }).click();

  const [nearest, second] = [...all].sort((a, b) => distanceMetres(here, a) - distanceMetres(here, b));
  const nearestCard = page.locator('[data-nearest-list] > [data-shop-card]').first();
  await expect(nearestCard).toHaveAttribute('data-shop-card', all[0]!.code);
  expect(nearest!.code).toBe(all[0]!.code);
  await expect(nearestCard.locator('[data-distance-value]')).toHaveText(/^\d{1,3} 公尺$/);
  await expect(nearestCard.locator('[data-distance-value]')).toHaveText(formatDistance(distanceMetres(here, nearest!), 'zh-TW'));
  const secondCard = page.locator('[data-nearest-list] > [data-shop-card]').nth(1);
  await expect(secondCard).toHaveAttribute('data-shop-card', second!.code);
  await expect(secondCard.locator('[data-distance-value]')).toHaveText(/^\d+\.\d 公里$/);
  // Every shop, nearest first; the regions give way to one list, and say so.
  const byDistance = [...all].sort((a, b) => distanceMetres(here, a) - distanceMetres(here, b)).map((shop) => shop.code);
  expect(await cardOrder(page, '[data-nearest-list]')).toEqual(byDistance);
  await expect(page.getByRole('button', { name: text('zh-TW', 'nearestFirst') })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.shops__region').first()).toBeHidden();
  await expect(page.locator('[data-distance-status]')).toHaveText(text('zh-TW', 'located'));

  // Back to the regions: every card where it was, distances still shown.
  await page.getByRole('button', { name: text('zh-TW', 'byRegion') }).click();
  await expect(page.getByRole('button', { name: text('zh-TW', 'byRegion') })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[data-nearest]')).toBeHidden();
  expect(await cardOrder(page, '[data-region-groups]')).toEqual(all.map((shop) => shop.code));
  await expect(page.locator(`[data-shop-card="${all[0]!.code}"] [data-distance-value]`)).toHaveText(/^\d{1,3} 公尺$/);
});

test('a refused location gets a polite message and nothing else changes', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, permissions: [] });
  const page = await context.newPage();
  await page.goto(localizedPath(enGB, '/shop/shop_list.html'));
  const before = await cardOrder(page, '[data-region-groups]');
  await page.getByRole('button', { name: text('en-GB', 'showDistances') }).click();
  await expect(page.locator('[data-distance-status]')).toHaveText(text('en-GB', 'locationDenied'));
  expect(await cardOrder(page, '[data-region-groups]')).toEqual(before);
  await expect(page.locator('[data-shop-distance]:visible')).toHaveCount(0);
  await expect(page.locator('[data-order-buttons]')).toBeHidden();
  await expect(page.locator('.shops__region').first()).toBeVisible();
  await expect(page.getByRole('button', { name: text('en-GB', 'showDistances') })).toBeEnabled();
  await context.close();
});

test("the older address with a shop's storeCode lands on that shop's own page, titled with its name, with no other shop", async ({
  page,
}) => {
  const all = shops(enGB);
  const shop = all[3]!;
  await page.goto(localizedPath(enGB, `/shop/shop.html?storeCode=${shop.code}`));
  // 301 to the shop's own page, the query kept as every moved query page keeps it (host-matrix.ts).
  await expect(page).toHaveURL(new RegExp(`/en-gb/shop/${shop.code}\\.html\\?storeCode=${shop.code}$`));
  const shown = page.locator('.shop-detail:visible');
  await expect(shown).toHaveCount(1);
  await expect(shown).toHaveAttribute('data-shop-detail', shop.code);
  await expect(shown.getByRole('heading', { level: 2 })).toHaveText(shop.name);
  await expect(shown).toContainText(shop.address);
  const config = cmsConfig(enGB);
  await expect(page).toHaveTitle(`${shop.name}${config.titleSeparator}${config.titleSuffix}`);
  await expect(page.locator('.shop-page__unknown')).toBeHidden();
  await expect(page.getByRole('link', { name: text('en-GB', 'backToList') })).toHaveAttribute('href', '/en-gb/shop/shop_list.html');
});

test("a shop's map is drawn on request by the maps service, in the page's language and region", async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(STAND_IN_SCRIPTS.MAPS_SCRIPT_URL)) requested.push(request.url());
  });
  const shop = shops(enGB)[2]!;
  await page.goto(localizedPath(enGB, `/shop/shop.html?storeCode=${shop.code}`));
  const shown = page.locator('.shop-detail:visible');
  const button = shown.getByRole('button', { name: text('en-GB', 'showMap') });
  await expect(button).toBeVisible();
  // The service's script waits for the shopper.
  expect(requested).toEqual([]);
  await button.click();
  const map = shown.getByRole('img', {
    name: new RegExp(`^${shop.name} \\(${shop.latitude.toFixed(4)}, ${shop.longitude.toFixed(4)}\\)$`),
  });
  await expect(map).toBeVisible();
  await expect(map).toHaveAttribute('data-language', 'en-GB');
  await expect(map).toHaveAttribute('data-region', enGB.region);
  await expect(button).toBeHidden();
  expect(requested).toHaveLength(1);
});

test('a map service that cannot load leaves the map link, and says so', async ({ page }) => {
  await page.route(`**${STAND_IN_SCRIPTS.MAPS_SCRIPT_URL}`, (route) => route.abort());
  const [shop] = shops(zhTW);
  await page.goto(`/shop/shop.html?storeCode=${shop!.code}`);
  const shown = page.locator('.shop-detail:visible');
  await shown.getByRole('button', { name: text('zh-TW', 'showMap') }).click();
  await expect(shown.getByRole('alert')).toHaveText(text('zh-TW', 'mapFailed'));
  await expect(shown.getByRole('link', { name: new RegExp(text('zh-TW', 'map')) })).toBeVisible();
});

test('on the older page, a code in lower case is chosen before first paint: the other shops are hidden as they are parsed', async ({
  page,
}) => {
  const [shop] = shops(zhTW);
  // Mutation records are delivered before the browser can render: what each shop's block looks
  // like then is what a first paint could show. A later script would leave them all visible here.
  await page.addInitScript(() => {
    const seen: Record<string, string> = {};
    (window as unknown as { shopDisplay: typeof seen }).shopDisplay = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof HTMLElement && node.matches('[data-shop-detail]'))
            seen[node.dataset.shopDetail!] = getComputedStyle(node).display;
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`/shop/shop.html?storeCode=${shop!.code.toLowerCase()}`);
  const seen = await page.evaluate(() => (window as unknown as { shopDisplay: Record<string, string> }).shopDisplay);
  expect(Object.keys(seen)).toHaveLength(shops(zhTW).length);
  expect(
    Object.entries(seen)
      .filter(([, display]) => display !== 'none')
      .map(([code]) => code),
  ).toEqual([shop!.code]);
});

test('the shop page shows the distance once the location is shared', async ({ page, context }) => {
  const here = besideFirstShop();
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(here);
  const shop = shops(zhTW)[1]!;
  await page.goto(`/shop/${shop.code}.html`);
  await page.getByRole('button', { name: text('zh-TW', 'showDistance') }).click();
  await expect(page.locator(`[data-shop-detail="${shop.code}"] [data-distance-value]`)).toHaveText(
    formatDistance(distanceMetres(here, shop), 'zh-TW'),
  );
});

test('switching language on a shop page stays on that shop', async ({ page }) => {
  const shop = shops(zhTW)[2]!;
  const english = shops(enGB).find((s) => s.code === shop.code)!;
  await page.goto(`/shop/${shop.code}.html`);
  await hydrateIsland(page, 'LanguageChooser');
  await page.locator('.language-menu summary').click();
  await page.locator('.language-menu a[hreflang="en-GB"]').click();
  await expect(page).toHaveURL(new RegExp(`/en-gb/shop/${shop.code}\\.html$`));
  await expect(page.locator('.shop-detail:visible h2')).toHaveText(english.name);
});

for (const query of ['?storeCode=NOSUCH1', '']) {
  test(`the shop page with ${query ? 'an unknown' : 'no'} storeCode says so and leads to the list`, async ({ page }) => {
    await page.goto(`/shop/shop.html${query}`);
    const message = page.locator('.shop-page__unknown');
    await expect(message).toBeVisible();
    await expect(message.getByRole('heading')).toHaveText(text('zh-TW', 'unknownHeading'));
    await expect(message.getByRole('link', { name: text('zh-TW', 'seeAllShops') })).toHaveAttribute('href', '/shop/shop_list.html');
    await expect(page.locator('.shop-detail:visible')).toHaveCount(0);
    await expect(page.locator('[data-distance-button]')).toBeHidden();
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the list is complete and usable, with no button that cannot work', async ({ page }) => {
    const all = shops(zhTW);
    await page.goto('/shop/shop_list.html');
    await expect(page.locator('[data-shop-card]:visible')).toHaveCount(all.length);
    for (const shop of all)
      await expect(page.locator(`[data-shop-card="${shop.code}"]`).getByRole('link', { name: shop.name, exact: true })).toBeVisible();
    await expect(page.locator('.shops__regions a')).toHaveCount(new Set(all.map((shop) => shop.region)).size);
    await expect(page.locator('[data-distance-button]')).toBeHidden();
  });

  test('the shop page shows every shop and no "not found" message', async ({ page }) => {
    await page.goto('/shop/shop.html?storeCode=NOSUCH1');
    await expect(page.locator('.shop-detail:visible')).toHaveCount(shops(zhTW).length);
    await expect(page.locator('.shop-page__unknown')).toBeHidden();
  });
});
