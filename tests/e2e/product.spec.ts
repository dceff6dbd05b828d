/**
 * The product page as a shopper meets it: the product's own page complete without JavaScript,
 * live stock drawn before the island runs, the island hydrating on the first touch without
 * losing it, sold-out sizes, add to cart through sign-in, the wishlist heart updating the
 * header badge; the older query address served by the product's page, and its shell where a
 * host cannot route by query; and live prices on category cards.
 */
import { expect, test } from './test.ts';
import { productDetailHref } from '../../src/lib/product/product-id.ts';
import { catalogue, newMember, productWithSoldOutSize, signInOnPage } from './shopper.ts';
import { analyticsConsentCookie } from './promo-cookie.ts';
import { analyticsPosts } from './received.ts';

test('the page shows the product in its language, and a sold-out size cannot be chosen or added', async ({ page }) => {
  // React reports a hydration that did not find the server's HTML (the live script's drawing) as an error.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const { product, soldOut, inStock } = productWithSoldOutSize();
  await page.goto(`/en-gb${productDetailHref(product.productCode)}`);
  await expect(page.locator('h1.product-detail__name')).toHaveText(product.names['en-GB']!);
  await expect(page).toHaveTitle(new RegExp(`^${product.names['en-GB']!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  await expect(page.locator('.product-detail')).toHaveAttribute('data-stock', 'ready');
  // The live stock is drawn by the page's small script: the island has not hydrated yet.
  await expect(page.locator('astro-island[ssr]:has(.product-detail)')).toHaveCount(1);
  const soldOutAlias = product.sizes.find((s) => s.sizeNo === soldOut.sizeNo)!.alias;
  const soldOutButton = page.locator('.size', { hasText: new RegExp(`^${soldOutAlias}$`) });
  await expect(soldOutButton).toBeDisabled();
  await expect(soldOutButton).toHaveAttribute('data-sold-out', 'true');
  await expect(soldOutButton).toHaveAttribute('aria-label', `${soldOutAlias} (sold out)`);
  // The add button asks for a size until one in stock is chosen: the first click hydrates the
  // island and is not lost.
  await page.locator('.product-detail__add').click();
  await expect(page.locator('.product-detail')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.locator('.product-detail .form-error')).toBeVisible();
  const alias = product.sizes.find((s) => s.sizeNo === inStock.sizeNo)!.alias;
  await page.locator('.size', { hasText: new RegExp(`^${alias}$`) }).click();
  await expect(page).toHaveURL(new RegExp(`productId=${inStock.productId}`));
  await expect(soldOutButton).toHaveAttribute('data-sold-out', 'true');
  expect(errors).toEqual([]);
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
  await page.context().addCookies([analyticsConsentCookie()]);
  const product = catalogue().find((p) => p.enabledFlag === 'Y')!;
  await page.goto(`/login.html?redirect_url=${encodeURIComponent(productDetailHref(product.productCode))}`);
  await signInOnPage(page, member.email);
  await expect(page).toHaveURL(new RegExp(`/product/${product.productCode}\\.html`));
  // A signed-in member's page hydrates at idle, without a touch.
  await expect(page.locator('.product-detail')).toHaveAttribute('data-hydrated', 'true');
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
  // Each change sent its recommendation event and its collect event, once the page hid.
  await page.goto('/');
  await expect(async () => {
    const events = await analyticsPosts(page);
    const names = events.filter((e) => e.path === '/datarcvr/custom' && e.body.id === product.productCode).map((e) => e.body.name);
    expect(names).toEqual(['addtowishlist', 'wishlistremove']);
    const collects = events.filter((e) => e.body.event_name === 'collect' && e.body.user_id === member.userId);
    // Both leave together when the page hides, each its own keepalive post: they may arrive
    // in either order.
    const props = collects.map((e) => JSON.parse(e.body.event_prop!) as { optype: string; spu: string });
    expect(props.sort((a, b) => a.optype.localeCompare(b.optype))).toEqual([
      { optype: 'add', spu: product.productCode },
      { optype: 'del', spu: product.productCode },
    ]);
  }).toPass();
});

test("a product with a CMS product page shows the editors' content under it", async ({ page }) => {
  const product = catalogue().find((p) => p.enabledFlag === 'Y' && p.productPageCode)!;
  await page.goto(`/en-gb${productDetailHref(product.productCode)}`);
  const content = page.locator(`.product-detail__cms[data-product-page="${product.productPageCode}"]`);
  await expect(content.locator('[data-component]').first()).toBeVisible();
});

test("the spec's query address serves the product's page with the chosen colour and size; an unknown code is not found", async ({
  page,
}) => {
  const { product, inStock } = productWithSoldOutSize();
  const answer = await page.goto(`/en-gb/product-detail.html?productCode=${product.productCode}&productId=${inStock.productId}`);
  expect(answer?.status()).toBe(200);
  await expect(page.locator('h1.product-detail__name')).toHaveText(product.names['en-GB']!);
  // A link's choice is the island's to show: it hydrates at once.
  await expect(page.locator('.size[aria-pressed="true"]')).toHaveText(product.sizes.find((s) => s.sizeNo === inStock.sizeNo)!.alias);
  await expect(page).toHaveURL(new RegExp(`/en-gb/product/${product.productCode}\\.html\\?productId=${inStock.productId}$`));

  for (const address of ['/product-detail.html?productCode=L000000', '/product/L000000.html']) {
    const unknown = await page.goto(address);
    expect(unknown?.status(), address).toBe(404);
    await expect(page.locator('[data-component="not-found"] h1')).toBeVisible();
  }
});

test('where a host cannot route by query, the shell loads the product; without a code it offers the way home', async ({ page }) => {
  const { product } = productWithSoldOutSize();
  // Stand in for such a host: the query address answers with the shell page.
  await page.route(/\/product-detail\.html\?/, async (route) => {
    const shell = await route.fetch({ url: new URL('/product-detail.html', route.request().url()).href });
    await route.fulfill({ response: shell });
  });
  await page.goto(`/product-detail.html?productCode=${product.productCode}`);
  await expect(page.locator('h1.product-detail__name')).toHaveText(product.names['zh-TW']!);
  await expect(page.locator('.product-detail')).toHaveAttribute('data-stock', 'ready');
  await expect(page).toHaveTitle(new RegExp(`^${product.names['zh-TW']!}`));
  await page.unrouteAll();
  await page.goto('/product-detail.html');
  await expect(page.locator('.product-detail__status')).toContainText(/找不到/);
  await expect(page.locator('.product-detail__status a')).toHaveAttribute('href', '/');
});

test('without JavaScript the page has the product: name, main image, price, sizes, description, return notice', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const product = catalogue().find((p) => p.enabledFlag === 'Y')!;
  await page.goto(productDetailHref(product.productCode));
  await expect(page.locator('h1.product-detail__name')).toHaveText(product.names['zh-TW']!);
  const main = page.locator('.product-detail__picture img').first();
  await expect(main).toHaveAttribute('fetchpriority', 'high');
  await expect(main).toHaveAttribute('srcset', /_r-800-1000 800w/);
  await expect(main).not.toHaveAttribute('loading', 'lazy');
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.locator('.product-detail [data-price]')).toHaveText(/^NT\$[\d,]+( - NT\$[\d,]+)?$/);
  await expect(page.locator('.product-detail .size')).toHaveCount(product.sizes.length);
  await expect(page.locator('.product-detail__description')).not.toBeEmpty();
  await expect(page.locator('[data-return-notice]')).not.toBeEmpty();
  // Home, gender, group, category (every level of its category page's), then the product.
  await expect(page.locator('nav.breadcrumb li')).toHaveCount(5);
  await context.close();
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
  await expect(page.locator('.product-detail')).toHaveAttribute('data-hydrated', 'true');
  await page.getByLabel(/修改至指定褲長/).check();
  await page.locator('.product-detail__add').click();
  await expect(page.locator('.product-detail .form-field__error')).toBeVisible(); // the inseam is required
  await page.locator('#inseam').fill('76.5');
  await page.locator('.product-detail__add').click();
  await expect(page.locator('.product-detail .form-success')).toBeVisible();

  await page.goto(productDetailHref(gift.productCode, skuOf(gift).productId));
  await expect(page.locator('.product-detail')).toHaveAttribute('data-hydrated', 'true');
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
  await page.locator('#field-storeCode').selectOption('TPE01');
  await expect(page.locator('.checkout__summary .form-error')).toHaveCount(0);
  await page.locator('.checkout button[type="submit"]').click();
  await expect(page).toHaveURL(/\/payment\/success\.html\?orderCode=/);
  // The order keeps them: its page says what to do to each line.
  const orderCode = new URL(page.url()).searchParams.get('orderCode')!;
  await page.goto(`/account/detail.html?orderCode=${orderCode}`);
  await expect(page.locator(`.order-line[data-product-id="${skuOf(trousers).productId}"] [data-hem]`)).toHaveText(
    '褲長修改：完成褲長 76.5 公分',
  );
  await expect(page.locator(`.order-line[data-product-id="${skuOf(gift).productId}"] [data-gift-wrap]`)).toHaveText('禮品包裝');
  await expect(page.locator('.order-line [data-gift-wrap]')).toHaveCount(1);
});

test('product images load lazily with their states, and a broken one is marked', async ({ page }) => {
  const product = catalogue().find((p) => p.enabledFlag === 'Y' && p.colours.some((c) => c.images.length > 0))!;
  await page.route(/\/media\/products\/.+-02/, (route) => route.abort());
  await page.goto(productDetailHref(product.productCode));
  // The image states are the island's: it hydrates when the shopper reaches for the product.
  await page.locator('.product-detail__gallery').hover();
  const first = page.locator('.product-detail__picture .product-image').first();
  await expect(first).toHaveAttribute('data-state', 'loaded');
  // A colour whose picture fails shows the error state instead of a broken image.
  const second = page.locator('.swatch').nth(1);
  if ((await second.count()) === 0) return;
  await second.click();
  await expect(first).toHaveAttribute('data-state', 'error');
  await expect(first.locator('img')).toHaveCount(0);
});

test('a made-to-order item asks for each of its choices, and the cart and the order show them', async ({ page }) => {
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
  // Ordered, the choices stay with the line: they are what the workshop makes.
  await page.goto('/en-gb/payment/payment.html');
  await page.locator('input[name="deliveryType"][value="STORE_PICKUP"]').check();
  // Hong Kong's pages offer Hong Kong's shops.
  await page.locator('#field-storeCode').selectOption('HKG01');
  await page.locator('.checkout button[type="submit"]').click();
  // Paid online in this region: placed, and on to the provider's page, whose address names the order.
  await expect(page).toHaveURL(/\/api\/pay\/provider\/O\d+\?/);
  await page.goto(`/en-gb/account/detail.html?orderCode=${new URL(page.url()).pathname.split('/').at(-1)}`);
  await expect(page.locator('.order-line [data-semi]')).toHaveText(expected);
});

test('"you may also like" never offers the product itself, nor one product twice, on its page or on the shell', async ({ page }) => {
  // L450011 and L450024 are in their own product page's list of the sample CMS.
  const recommended = (root: string) =>
    page
      .locator(`${root} .product-detail__cms [data-component="productList"] [data-product-code]`)
      .evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('data-product-code')));
  for (const code of ['L450011', 'L450024']) {
    await page.goto(`/product/${code}.html`);
    await expect(page.locator('.product-detail__cms [data-component="productList"]')).toBeVisible();
    const codes = await recommended('main');
    expect(codes.length, code).toBeGreaterThan(0);
    expect(codes, code).not.toContain(code);
    expect(new Set(codes).size, code).toBe(codes.length);
  }
  // Where a host cannot route by query, the shell draws the shared content fragment in.
  await page.route(/\/product-detail\.html\?/, async (route) => {
    const shell = await route.fetch({ url: new URL('/product-detail.html', route.request().url()).href });
    await route.fulfill({ response: shell });
  });
  await page.goto('/product-detail.html?productCode=L450011');
  await expect(page.locator('.product-detail__cms [data-component="productList"]')).toBeVisible();
  const codes = await recommended('main');
  expect(codes.length).toBeGreaterThan(0);
  expect(codes).not.toContain('L450011');
});
