/**
 * The product page as a shopper meets it:
 * static detail from the CDN JSON, live stock, sold-out sizes, add to cart through sign-in,
 * the wishlist heart updating the header badge; and live prices on category cards.
 */
import { expect, test } from '@playwright/test';
import { productDetailHref } from '../../src/lib/product/product-id.ts';
import { catalogue, newMember, productWithSoldOutSize, signInOnPage } from './shopper.ts';

test('the page shows the product in its language, and a sold-out size cannot be chosen or added', async ({ page }) => {
  const { product, soldOut, inStock } = productWithSoldOutSize();
  await page.goto(`/en-gb${productDetailHref(product.productCode)}`);
  await expect(page.locator('h1.product-detail__name')).toHaveText(product.names['en-GB']!);
  await expect(page).toHaveTitle(new RegExp(`^${product.names['en-GB']!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  await expect(page.locator('.product-detail')).toHaveAttribute('data-stock', 'ready');
  const soldOutAlias = product.sizes.find((s) => s.sizeNo === soldOut.sizeNo)!.alias;
  const soldOutButton = page.locator('.size', { hasText: new RegExp(`^${soldOutAlias}$`) });
  await expect(soldOutButton).toBeDisabled();
  await expect(soldOutButton).toHaveAttribute('data-sold-out', 'true');
  // The add button asks for a size until one in stock is chosen.
  await page.locator('.product-detail__add').click();
  await expect(page.locator('.product-detail .form-error')).toBeVisible();
  const alias = product.sizes.find((s) => s.sizeNo === inStock.sizeNo)!.alias;
  await page.locator('.size', { hasText: new RegExp(`^${alias}$`) }).click();
  await expect(page).toHaveURL(new RegExp(`productId=${inStock.productId}`));
});

test('a visitor adding to the cart signs in, comes back to the same choice, and the mini cart shows it', async ({ page }) => {
  const member = await newMember(page, 'pdp');
  const { product, inStock } = productWithSoldOutSize();
  await page.goto(productDetailHref(product.productCode, inStock.productId));
  await expect(page.locator('.product-detail')).toHaveAttribute('data-stock', 'ready');
  await expect(page.locator('.size[aria-pressed="true"]')).toHaveText(product.sizes.find((s) => s.sizeNo === inStock.sizeNo)!.alias);
  await page.locator('.quantity button').last().click();
  await page.locator('.product-detail__add').click();
  await expect(page).toHaveURL(/\/login\.html\?redirect_url=/);
  await signInOnPage(page, member.email);
  await expect(page).toHaveURL(new RegExp(`productId=${inStock.productId}`));
  await page.locator('.product-detail__add').click();
  await expect(page.locator('.product-detail .form-success')).toBeVisible();
  await expect(page.locator('.mini-cart .count-badge')).toHaveText('1');
});

test('the wishlist heart updates the header badge, another island, without a reload', async ({ page }) => {
  const member = await newMember(page, 'wish');
  const product = catalogue().find((p) => p.enabledFlag === 'Y')!;
  await page.goto(`/login.html?redirect_url=${encodeURIComponent(productDetailHref(product.productCode))}`);
  await signInOnPage(page, member.email);
  await expect(page).toHaveURL(/product-detail\.html/);
  const heart = page.locator('.product-detail__wish');
  const badge = page.locator('.wishlist-badge .count-badge');
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await expect(badge).toHaveCount(0);
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(badge).toHaveText('1');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await expect(badge).toHaveCount(0);
  // Each change sent its recommendation event.
  await expect(async () => {
    const events = (await (await page.request.get('/api/_test/analytics')).json()) as Array<{ path: string; body: Record<string, string> }>;
    const names = events.filter((e) => e.path === '/datarcvr/custom' && e.body.id === product.productCode).map((e) => e.body.name);
    expect(names).toEqual(['addtowishlist', 'wishlistremove']);
  }).toPass();
});

test("a product with a CMS product page shows the editors' content under it", async ({ page }) => {
  const product = catalogue().find((p) => p.enabledFlag === 'Y' && p.productPageCode)!;
  await page.goto(`/en-gb${productDetailHref(product.productCode)}`);
  const content = page.locator(`.product-detail__cms[data-product-page="${product.productPageCode}"]`);
  await expect(content.locator('[data-component]').first()).toBeVisible();
});

test('an unknown product says so and offers the way home', async ({ page }) => {
  await page.goto('/product-detail.html?productCode=L000000');
  await expect(page.locator('.product-detail__status')).toContainText(/找不到/);
  await expect(page.locator('.product-detail__status a')).toHaveAttribute('href', '/');
});

test('category cards get live prices through one batched call for the cards in view', async ({ page }) => {
  const calls: string[][] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/product/by-codes')) calls.push((request.postDataJSON() as { codes: string[] }).codes);
  });
  await page.goto('/c/W0101.html');
  const tiles = page.locator('main [data-product-code]');
  await expect(tiles.first()).toHaveAttribute('data-stock', /^[YN]$/);
  expect(calls.length).toBe(1);
  expect(new Set(calls[0]).size).toBe(calls[0]!.length);
  const code = (await tiles.first().getAttribute('data-product-code'))!;
  expect(calls[0]).toContain(code);
});

test('hemming and gift wrapping chosen on the product reach the cart and the order', async ({ page }) => {
  const member = await newMember(page, 'hem');
  const sellable = catalogue().filter((p) => p.enabledFlag === 'Y' && p.approval === 'LIST' && p.skus.some((s) => s.stock > 3));
  const trousers = sellable.find((p) => p.makePantsLengthFlag === 'Y')!;
  const gift = sellable.find((p) => p.caseFlag === 'Y' && p.makePantsLengthFlag === 'N')!;
  const skuOf = (p: typeof trousers) => p.skus.find((s) => s.stock > 3)!;
  await page.goto(`/login.html?redirect_url=${encodeURIComponent(productDetailHref(trousers.productCode, skuOf(trousers).productId))}`);
  await signInOnPage(page, member.email);
  await expect(page.locator('.product-detail')).toHaveAttribute('data-stock', 'ready');
  await page.getByLabel(/修改至指定褲長/).check();
  await page.locator('.product-detail__add').click();
  await expect(page.locator('.product-detail .form-field__error')).toBeVisible(); // the inseam is required
  await page.locator('#inseam').fill('76.5');
  await page.locator('.product-detail__add').click();
  await expect(page.locator('.product-detail .form-success')).toBeVisible();

  await page.goto(productDetailHref(gift.productCode, skuOf(gift).productId));
  await expect(page.locator('.product-detail')).toHaveAttribute('data-stock', 'ready');
  await page.getByLabel(/以禮品包裝寄送/).check();
  await page.locator('.product-detail__add').click();
  await expect(page.locator('.product-detail .form-success')).toBeVisible();

  await page.goto('/cart.html');
  await expect(page.locator(`[data-cart-line] [data-hem]`)).toContainText('76.5');
  await expect(page.locator('.cart-line__wrap input:checked')).toHaveCount(1);
  // The sample switches allow both services for express and pickup: the order goes through.
  // (Which delivery allows which service is the rule of lib/product/rules.ts, unit-tested.)
  await page.goto('/payment/payment.html');
  await page.locator('input[name="deliveryType"][value="STORE_PICKUP"]').check();
  await page.locator('#field-storeCode').fill('TP001');
  await expect(page.locator('.checkout__summary .form-error')).toHaveCount(0);
  await page.locator('.checkout button[type="submit"]').click();
  await expect(page).toHaveURL(/\/payment\/success\.html\?orderCode=/);
});

test('product images load lazily with their states, and a broken one is marked', async ({ page }) => {
  const product = catalogue().find((p) => p.enabledFlag === 'Y' && p.colours.some((c) => c.images.length > 0))!;
  await page.route(/\/media\/products\/.+-02/, (route) => route.abort());
  await page.goto(productDetailHref(product.productCode));
  const first = page.locator('.product-detail__picture .product-image').first();
  await expect(first).toHaveAttribute('data-state', 'loaded');
  // A colour whose picture fails shows the error state instead of a broken image.
  const second = page.locator('.swatch').nth(1);
  if ((await second.count()) === 0) return;
  await second.click();
  await expect(first).toHaveAttribute('data-state', 'error');
  await expect(first.locator('img')).toHaveCount(0);
});

test('a made-to-order item asks for each of its choices, and the cart shows them', async ({ page }) => {
  const member = await newMember(page, 'semi');
  const shirt = catalogue().find(
    (p) => p.enabledFlag === 'Y' && p.customMadeFlag === 'Y' && p.semiOptions.length > 0 && p.skus.some((s) => s.stock > 0),
  )!;
  const sku = shirt.skus.find((s) => s.stock > 0)!;
  await page.goto(`/en-gb/login.html?redirect_url=${encodeURIComponent(`/en-gb${productDetailHref(shirt.productCode, sku.productId)}`)}`);
  await signInOnPage(page, member.email);
  await expect(page.locator('.product-detail')).toHaveAttribute('data-stock', 'ready');
  await expect(page.locator('.product-detail__flag')).toContainText('Made to order');
  await page.locator('.product-detail__add').click();
  await expect(page.locator('[data-semi] .form-field__error')).toHaveCount(shirt.semiOptions.length);
  for (const option of shirt.semiOptions) await page.locator(`[data-semi="${option.key}"] .size`).last().click();
  await page.locator('.product-detail__add').click();
  await expect(page.locator('.product-detail .form-success')).toBeVisible();
  await page.goto('/en-gb/cart.html');
  const expected = shirt.semiOptions.map((o) => `${o.names['en-GB']}: ${o.values.at(-1)!.names['en-GB']}`).join(', ');
  await expect(page.locator('[data-cart-line] [data-semi]')).toHaveText(expected);
});
