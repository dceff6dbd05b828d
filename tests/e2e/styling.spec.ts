/**
 * The styling-look pages as a shopper meets them: an official look opened from the lookbook's
 * banner and a staff look from its staff picks, with their pictures and the products they
 * wear (prices, add to cart); the save-look toggle kept in its own list (staff or official),
 * shown again after a reload before any island runs, working from the keyboard, the old single
 * list migrated; each toggle's collect event at the collector; an unknown styleId's not-found state.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { catalogue, newMember, signInOnPage } from './shopper.ts';
import { analyticsConsentCookie } from './promo-cookie.ts';
import { analyticsPosts } from './received.ts';

const LOOKBOOK = '/feature/lookbook.html';
const KEYS = { old: 'linea:styling:collect', official: 'linea:styling:official', staff: 'linea:styling:staff' };

const storedList = (page: Page, key: string) => page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? '[]') as string[], key);

/** The collect events the collector received for a look, in order: [optype, staff flag]. */
async function collectEvents(page: Page, styleId: string): Promise<string[][]> {
  const events = await analyticsPosts(page);
  return events
    .filter((e) => e.path === '/datarcvr/event' && e.body.event_name === 'collect')
    .map((e) => JSON.parse(e.body.event_prop!) as { optype: string; staff: string; styleId: string })
    .filter((prop) => prop.styleId === styleId)
    .map((prop) => [prop.optype, prop.staff]);
}

/** Opens the first visible link of the lookbook to a look's own page of `kind`, and answers the look's id. */
async function openLookFromLookbook(page: Page, section: string, kind: 'official' | 'staff'): Promise<string> {
  await page.goto(LOOKBOOK);
  const link = page.locator(`[data-component="${section}"] a[href*="/${kind}-styling/"] >> visible=true`).first();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/${kind}-styling/[A-Z0-9]+\\.html$`));
  return /\/([A-Z0-9]+)\.html$/.exec(new URL(page.url()).pathname)![1]!;
}

test('an official look from a lookbook banner: its pictures, its products with prices, add one to the cart, save the look', async ({
  page,
}) => {
  const member = await newMember(page, 'look');
  await page.context().addCookies([analyticsConsentCookie()]);
  await page.goto(`/login.html?redirect_url=${encodeURIComponent(LOOKBOOK)}`);
  await signInOnPage(page, member.email);
  await expect(page).toHaveURL(new RegExp(`${LOOKBOOK}$`));

  const styleId = await openLookFromLookbook(page, 'bannerList', 'official');
  const look = page.locator(`article[data-look="${styleId}"]`);
  await expect(look).toBeVisible();
  // Only the chosen look shows, and the title names it.
  await expect(page.locator('article.look >> visible=true')).toHaveCount(1);
  const title = (await look.locator('h2').textContent())!;
  await expect(page).toHaveTitle(new RegExp(`^${title}`));
  // "More looks" offers the others, not this one.
  const more = page.locator('.look-page__more li >> visible=true');
  expect(await more.count()).toBeGreaterThan(0);
  await expect(page.locator(`.look-page__more a[href$="/${styleId}.html"]`)).toHaveCount(0);
  const pictures = look.locator('img.look__picture');
  expect(await pictures.count()).toBeGreaterThan(1);
  await expect(pictures.first()).toHaveAttribute('alt', new RegExp(title));
  await expect(pictures.first()).toHaveJSProperty('complete', true);

  const worn = look.locator('.worn-product');
  expect(await worn.count()).toBeGreaterThan(0);
  for (const price of await worn.locator('[data-price]').all()) await expect(price).toHaveText(/^NT\$[\d,]+/);

  // A worn product with its worn colour in stock, bought here (no made-to-order choices).
  const codes = await worn.evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.productCode!));
  const product = catalogue().find(
    (p) => codes.includes(p.productCode) && p.customMadeFlag === 'N' && p.enabledFlag === 'Y' && p.skus.some((s) => s.stock > 0),
  );
  expect(product, `a product of ${codes.join(', ')} in stock`).toBeDefined();
  const sku = product!.skus.find((s) => s.colorNo === product!.colours[0]!.colorNo && s.stock > 0)!;
  const row = look.locator(`.worn-product[data-product-code="${product!.productCode}"]`);
  await row.locator('select').selectOption(sku.skuCode);
  await row.getByRole('button', { name: '加入購物車' }).click();
  await expect(row.locator('.worn-buy__notice.form-success')).toBeVisible();
  await expect(page.locator('.mini-cart .count-badge')).toHaveText('1');

  // Save the look: pressed, in the official list only; still saved after a reload, before any touch.
  const save = look.getByRole('button', { name: '收藏造型' });
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  await save.click();
  await expect(save).toHaveAttribute('aria-pressed', 'true');
  expect(await storedList(page, KEYS.official)).toEqual([styleId]);
  expect(await storedList(page, KEYS.staff)).toEqual([]);
  await page.reload();
  await expect(save).toHaveAttribute('aria-pressed', 'true');
  await expect(look.locator('astro-island[ssr]:has(.look-collect)')).toHaveCount(1);
  await save.click();
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  expect(await storedList(page, KEYS.official)).toEqual([]);
  // The member's collect events leave when the page hides.
  await page.goto('/');
  await expect(async () =>
    expect(await collectEvents(page, styleId)).toEqual([
      ['add', 'N'],
      ['del', 'N'],
    ]),
  ).toPass();
});

test('a staff look from the staff picks: saved from the keyboard into the staff list, the old single list migrated', async ({ page }) => {
  await page.context().addCookies([analyticsConsentCookie()]);
  const styleId = await openLookFromLookbook(page, 'smallPictureCarousel', 'staff');
  const look = page.locator(`article[data-look="${styleId}"]`);
  await expect(look).toBeVisible();
  await expect(look.locator('.look__facts')).toBeVisible();
  await expect(look.locator('.worn-product [data-price]').first()).toHaveText(/^NT\$[\d,]+/);

  // A browser that kept the old single list: an official id (8+ characters) and this staff look's.
  await page.evaluate(([key, id]) => localStorage.setItem(key!, JSON.stringify(['LK26AW99', id])), [KEYS.old, styleId]);
  await page.reload();
  const save = look.locator('.look-collect');
  await expect(save).toHaveAttribute('aria-pressed', 'true');
  // Keyboard: focus and Space toggle it (the first key also hydrates the island, and is not lost).
  await save.focus();
  await page.keyboard.press('Space');
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Enter');
  await expect(save).toHaveAttribute('aria-pressed', 'true');
  expect(await storedList(page, KEYS.staff)).toEqual([styleId]);
  expect(await storedList(page, KEYS.official)).toEqual(['LK26AW99']);
  expect(await page.evaluate((k) => localStorage.getItem(k), KEYS.old)).toBeNull();
  // A visitor's collects stay in the browser: the collect event needs a member, so
  // even with analytics allowed nothing is sent.
  await page.goto('/');
  expect(await collectEvents(page, styleId)).toEqual([]);
});

test('an unknown styleId ends at a not-found state with the way to the other looks, in every language', async ({ page }) => {
  for (const [prefix, heading] of [
    ['', '找不到這套造型'],
    ['/zh-hk', '找不到這套造型'],
    ['/en-gb', "We can't find this look"],
  ] as const) {
    await page.goto(`${prefix}/staff-styling-detail.html?styleId=NOPE1`);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.locator('article.look >> visible=true')).toHaveCount(0);
    const other = page.locator('.look-page__more a').first();
    await expect(other).toHaveAttribute('href', new RegExp(`^${prefix}/staff-styling/[A-Z0-9]+\\.html$`));
  }
});
