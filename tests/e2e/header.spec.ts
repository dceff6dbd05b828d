/** The header islands as a shopper meets them: the category layer, the account pop-up, the language chooser. */
import { readFileSync } from 'node:fs';
import { hydrateIsland } from './islands.ts';
import { expect, test } from './test.ts';
import { DEMO_MEMBERS } from '../../scripts/local-commerce/seed.ts';
import { pausedClock } from './clock.ts';
import { catalogue, signInOnPage, signInThroughApi } from './shopper.ts';
import { pageDocument, pageWhere } from './content.ts';
import { getLanguage } from '../../src/lib/i18n/languages.ts';
import {
  ACCOUNT_POPUP_CLOSE_DELAY_MS,
  BALLOON_TIP_DURATION_MS,
  CATEGORY_LAYER_HOVER_DELAY_MS,
  SEARCH_SUGGESTION_DEBOUNCE_MS,
} from '../../src/lib/constants.ts';
import { watchRequests } from './page-time.ts';
import { SEARCH_HISTORY_KEY } from '../../src/lib/search/history.ts';

const demo = DEMO_MEMBERS[0];

test('category layer: a 300 ms hover opens the tab, drill-down and back, and the back button closes it', async ({ page }) => {
  const clock = await pausedClock(page);
  await page.goto('/women.html');
  await clock.hydrate('CategoryLayer');
  const layer = page.locator('[data-category-layer]');
  await page.locator('.site-header__genders a[data-tab]').nth(1).hover();
  await page.clock.runFor(CATEGORY_LAYER_HOVER_DELAY_MS - 50);
  await expect(layer).toBeHidden();
  await page.clock.runFor(100);
  await expect(layer).toBeVisible();
  await expect(page).toHaveURL(/#.+_navi$/);
  // The tab's page content: the men's page's campaign slides, in its order, each a
  // link named by its caption.
  const zhTW = getLanguage('zh-TW');
  const carousel = pageDocument(
    zhTW,
    pageWhere(zhTW, (p) => p.code === 'MEN'),
  ).components.find((c) => c.type === 'carousel')!;
  const slides = [...carousel.items].sort((a, b) => a.indexFlag - b.indexFlag).slice(0, 2);
  const promos = layer.locator('a.category-layer__feature');
  await expect(promos).toHaveText(slides.map((s) => s.title));
  expect(await promos.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(slides.map((s) => s.props.link));
  await expect(promos.first().locator('img')).toHaveAttribute('src', /^\/media\/campaigns\/men-1\.jpg_r-640-266$/);
  const heading = layer.locator('.category-layer__heading h2');
  const tabTitle = await heading.innerText();
  const drill = layer.locator('[data-drill]').first();
  const groupTitle = (await drill.innerText()).replace('›', '').trim();
  await drill.click();
  await expect(heading).toHaveText(groupTitle);
  await layer.locator('.category-layer__back').click();
  await expect(heading).toHaveText(tabTitle);
  await page.goBack();
  await expect(layer).toBeHidden();
  await expect(page).toHaveURL(/\/women\.html$/);
});

test('category layer: crossing several tabs leaves one history entry, and Escape closes it at once', async ({ page }) => {
  const clock = await pausedClock(page);
  await page.goto('/c/W01.html');
  await page.goto('/women.html');
  await clock.hydrate('CategoryLayer');
  const layer = page.locator('[data-category-layer]');
  const tabs = page.locator('.site-header__genders a[data-tab]');
  const length = await page.evaluate(() => history.length);
  for (const index of [0, 1, 2]) {
    await tabs.nth(index).hover();
    await page.clock.runFor(CATEGORY_LAYER_HOVER_DELAY_MS + 50);
    await expect(tabs.nth(index)).toHaveAttribute('aria-expanded', 'true');
  }
  expect(await page.evaluate(() => history.length)).toBe(length + 1);
  // One Back closes the layer, on the page; the next leaves it.
  await page.goBack();
  await expect(layer).toBeHidden();
  await expect(page).toHaveURL(/\/women\.html$/);
  // Escape closes it and takes the hash off its entry, at once: reopening it right away stays open.
  await page.mouse.move(10, 600); // off the tab the pointer rests on, so coming back is a new hover
  await tabs.nth(1).hover();
  await page.clock.runFor(CATEGORY_LAYER_HOVER_DELAY_MS + 50);
  await expect(layer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(layer).toBeHidden();
  await expect(page).toHaveURL(/\/women\.html$/);
  await page.locator('.category-nav__icon').click();
  await expect(layer).toBeVisible();
  await page.clock.runFor(300);
  await expect(layer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(layer).toBeHidden();
  await expect(page).toHaveURL(/\/women\.html$/);
});

test('category layer opens on a click too, and its links lead to category pages', async ({ page }) => {
  // Hold the account entry's code back: the layer opens before that island hydrates, and it
  // must still show mode D once it does (React keeps mismatched server attributes otherwise).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/AccountMenu*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/c/W01.html');
  await hydrateIsland(page, 'CategoryLayer');
  await page.locator('.category-nav__icon').click();
  await expect(page.locator('astro-island[component-url*="AccountMenu"]')).toHaveAttribute('ssr', '');
  release();
  await hydrateIsland(page, 'AccountMenu');
  const layer = page.locator('[data-category-layer]');
  await expect(layer).toBeVisible();
  await expect(page.locator('[data-account-state]')).toHaveAttribute('data-display-mode', 'D');
  await layer.locator('[data-drill]').first().click();
  await layer.locator('.category-layer__grid a').first().click();
  await expect(page).toHaveURL(/\/c\/[A-Z0-9]+\.html$/);
  await expect(page.locator('.category-header__title')).toBeVisible();
});

test('the balloon tip shows once per session for 6 s on home, without waiting for any island', async ({ page }) => {
  await pausedClock(page);
  await page.goto('/');
  const tip = page.locator('.balloon-tip');
  await expect(tip).toBeVisible();
  await expect(page.locator('astro-island[component-url*="CategoryLayer"][ssr]')).toHaveCount(1);
  await page.clock.runFor(BALLOON_TIP_DURATION_MS + 50);
  await expect(tip).toBeHidden();
  await page.reload();
  await expect(tip).toBeHidden();
});

test('account pop-up: hover shows My Account and Exit, which close 100 ms after leaving', async ({ page }) => {
  await page.goto('/login.html');
  await signInOnPage(page, demo.email, demo.password);
  await expect(page).toHaveURL(/\/account\/info\.html$/);
  // In the account area the entry shows its label (mode B); elsewhere the icon alone (A).
  const accountArea = page.locator('[data-account-state="member"]');
  await expect(accountArea).toHaveAttribute('data-display-mode', 'B');
  await expect(accountArea.locator('.header-tool__label')).toContainText(demo.name);
  const clock = await pausedClock(page);
  await page.goto('/women.html');
  await clock.hydrate('AccountMenu');
  const account = page.locator('[data-account-state="member"]');
  await expect(account).toHaveAttribute('data-display-mode', 'A');
  await account.hover();
  const popup = page.locator('.account-menu__popup');
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('menuitem')).toHaveCount(2);
  await page.mouse.move(10, 400);
  await page.clock.runFor(ACCOUNT_POPUP_CLOSE_DELAY_MS - 40);
  await expect(popup).toBeVisible();
  await page.clock.runFor(80);
  await expect(popup).toBeHidden();
});

test('switching language keeps the page and saves a member preference', async ({ page }) => {
  const preferences: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/member/prefer-lang')) preferences.push(request.postData() ?? '');
  });
  await page.goto('/login.html');
  await signInOnPage(page, demo.email, demo.password);
  await expect(page).toHaveURL(/\/account\/info\.html$/);
  await page.goto('/c/W01.html');
  await expect(page.locator('[data-account-state="member"]')).toBeVisible();
  await page.locator('.language-menu summary').click();
  await page.locator('.language-menu [aria-current]').click(); // the current language: ignored
  await expect(page).toHaveURL(/\/c\/W01\.html$/);
  await page.locator('.language-menu a[hreflang="zh-HK"]').click();
  // The demo member's bag has the seeded items: moving to Hong Kong's region is explained first.
  await page.getByRole('dialog', { name: '購物袋會跟著您' }).getByRole('button', { name: '繼續' }).click();
  await expect(page).toHaveURL(/\/zh-hk\/c\/W01\.html$/);
  expect(preferences).toEqual([JSON.stringify({ preferLang: 'zh-HK' })]);
});

test("switching language on a product keeps the product (the query address shows the product's own)", async ({ page }) => {
  const product = catalogue().find((p) => p.enabledFlag === 'Y') ?? catalogue()[0];
  await page.goto(`/product-detail.html?productCode=${product!.productCode}&utm_source=ad`);
  await expect(page).toHaveURL(new RegExp(`/product/${product!.productCode}\\.html\\?utm_source=ad$`));
  await hydrateIsland(page, 'LanguageChooser');
  await page.locator('.language-menu summary').click();
  await page.locator('.language-menu a[hreflang="en-GB"]').click();
  await expect(page).toHaveURL(new RegExp(`/en-gb/product/${product!.productCode}\\.html\\?utm_source=ad$`));
  await expect(page.locator('h1')).toHaveText(product!.names['en-GB']!);
});

test('a page the back button brings back across languages reloads, though its language chooser never hydrated', async ({ page }) => {
  await page.goto('/en-gb/women.html');
  await page.goto('/women.html');
  // Each page notes its language as it loads (no touch of the header, so no chooser island).
  await expect(page.locator('astro-island[component-url*="LanguageChooser"]:not([ssr])')).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('linea:language'))).toBe('zh-TW');
  // Restored from the back-forward cache after the en-GB page noted its own: it reloads.
  // (Playwright's Chromium keeps no such cache, so the restore's event is dispatched here.)
  await page.evaluate(() => sessionStorage.setItem('linea:language', 'en-GB'));
  const reloaded = page.waitForEvent('framenavigated');
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
  await reloaded;
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('linea:language'))).toBe('zh-TW');
  // The same language restored: nothing happens.
  let navigations = 0;
  page.on('framenavigated', () => navigations++);
  const watch = watchRequests(page);
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
  await watch.quiet(page);
  watch.stop();
  expect(navigations).toBe(0);
});

test.describe('signed in', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/login.html');
    await signInOnPage(page, demo.email, demo.password);
    await expect(page).toHaveURL(/\/account\/info\.html$/);
  });

  test('hovering the cart shows the mini cart after 500 ms, 812 px wide, at most 3 lines; leaving it closes it after 100 ms', async ({
    page,
  }) => {
    // Give the member more lines than the mini cart shows: in-stock SKUs of the sample catalogue.
    const catalogue = JSON.parse(readFileSync('.data/cms/catalogue.json', 'utf8')) as {
      products: Array<{ productCode: string; enabledFlag: string; skus: Array<{ skuCode: string; stock: number }> }>;
    };
    const skus = catalogue.products
      .filter((p) => p.enabledFlag === 'Y')
      .flatMap((p) =>
        p.skus
          .filter((s) => s.stock > 5)
          .slice(0, 1)
          .map((s) => ({ productCode: p.productCode, skuCode: s.skuCode })),
      )
      .slice(10, 14);
    // A token of its own (a refresh here would race the page's own refresh and its rotation).
    const { accessToken } = await signInThroughApi(page, demo.email, demo.password);
    const auth = { authorization: `Bearer ${accessToken}` };
    for (const sku of skus)
      expect((await (await page.request.post('/api/cart/add', { headers: auth, data: { ...sku, quantity: 1 } })).json()).success).toBe(
        true,
      );
    const mini = await (await page.request.get('/api/cart/mini', { headers: auth })).json();
    expect(mini.resp[0].cartList.length).toBeGreaterThan(3);
    const clock = await pausedClock(page);
    await page.goto('/women.html');
    await clock.hydrate('MiniCart');
    await expect(page.locator('.mini-cart .count-badge')).toBeVisible();
    await page.locator('.mini-cart').hover();
    const popup = page.locator('.mini-cart__popup');
    await page.clock.runFor(450);
    await expect(popup).toBeHidden();
    await page.clock.runFor(100);
    await expect(popup).toBeVisible();
    const lines = popup.locator('[data-cart-line]');
    await expect(lines.first()).toBeVisible();
    await expect(lines).toHaveCount(3);
    await expect(popup.locator('.mini-cart__more')).toBeVisible();
    // 812 px wide (where the window has room).
    expect((await popup.boundingBox())!.width).toBe(812);
    // Leaving it: still there 90 ms on, gone at 100.
    await page.locator('main').hover({ position: { x: 10, y: 400 } });
    await page.clock.runFor(90);
    await expect(popup).toBeVisible();
    await page.clock.runFor(15);
    await expect(popup).toBeHidden();
  });
});

// The list's rules (newest first, no duplicates, at most 10) are the store's and are pinned
// without a browser (tests/integration/search-store.test.ts); here, searches made in the panel
// join nine earlier ones and the eleventh word falls off, across page loads.
test('after 11 searches, the recent searches keep the newest 10', async ({ page }) => {
  await page.goto('/women.html');
  const earlier = Array.from({ length: 9 }, (_, i) => `word${9 - i}`); // word9 … word1, newest first
  await page.evaluate(([key, words]) => localStorage.setItem(key, JSON.stringify(words)), [SEARCH_HISTORY_KEY, earlier] as const);
  for (const n of [10, 11]) {
    await page.goto('/women.html');
    await hydrateIsland(page, 'SearchPanel');
    const input = page.locator('.search-panel__input');
    await input.fill(`word${n}`);
    // The request is what counts here, not the results page.
    const search = page.waitForRequest((request) => request.url().endsWith(`/search.html?description=word${n}`));
    await input.press('Enter');
    await search;
  }
  await page.goto('/women.html');
  await hydrateIsland(page, 'SearchPanel');
  await page.locator('.search-panel__input').click();
  const recent = page.locator('.search-panel__recent .search-panel__words li');
  await expect(recent).toHaveCount(10);
  const words = await recent.locator('button:first-child').allTextContents();
  expect(words).toEqual(Array.from({ length: 10 }, (_, i) => `word${11 - i}`)); // newest first; word1 dropped
});

test('suggestions are fetched once per word', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/search/suggest')) asked.push(JSON.parse(request.postData() ?? '{}').word);
  });
  // The page's clock, so the wait for a second request is the debounce run through, not slept.
  await page.clock.install();
  await page.goto('/men.html');
  await hydrateIsland(page, 'SearchPanel');
  const input = page.locator('.search-panel__input');
  await input.fill('羽絨');
  await page.clock.runFor(SEARCH_SUGGESTION_DEBOUNCE_MS + 50);
  await expect(page.locator('.search-panel__suggestion').first()).toBeVisible();
  await input.fill('');
  await input.fill('羽絨');
  await expect(page.locator('.search-panel__suggestion mark').first()).toHaveText('羽絨');
  const watch = watchRequests(page);
  await page.clock.runFor(SEARCH_SUGGESTION_DEBOUNCE_MS + 50);
  await watch.quiet(page);
  watch.stop();
  expect(asked).toEqual(['羽絨']);
});

test('Enter on a specified search word goes to its link', async ({ page }) => {
  const words = JSON.parse(readFileSync('content-cache/zh_TW/search-words.json', 'utf8')) as Record<string, { pcLink: string }>;
  const [word, { pcLink }] = Object.entries(words)[0]!;
  await page.goto('/kids.html');
  await hydrateIsland(page, 'SearchPanel');
  await page.locator('.search-panel__input').fill(word);
  await page.locator('.search-panel__input').press('Enter');
  await expect(page).toHaveURL(new RegExp(`${pcLink.replace(/[.?]/g, '\\$&')}$`));
});

test('closing the ticker hides it for the rest of the session; a ticker without a close button stays', async ({ page }) => {
  // The sample's group A ticker (content pages) can be closed; group B (home, categories) cannot.
  await page.goto('/feature/lookbook.html');
  const ticker = page.locator('.ticker-bar');
  await expect(ticker).toHaveAttribute('data-closable', '');
  await page.locator('.ticker-bar__close').click();
  await expect(ticker).toBeHidden();
  await page.goto('/feature/care-guide.html');
  await expect(page.locator('.ticker-bar')).toBeHidden(); // hidden from first paint
  await page.goto('/women.html');
  await expect(page.locator('.ticker-bar')).toBeVisible();
  await expect(page.locator('.ticker-bar__close')).toHaveCount(0);
});

test('the ticker inviting visitors to register is not shown to a signed-in member, not even before any script file runs', async ({
  page,
}) => {
  // The sample's group B ticker (home, categories, the account) offers a first-purchase coupon for registering.
  const { web } = JSON.parse(readFileSync('content-cache/zh_TW/ticker.json', 'utf8')) as { web: Record<string, { pcText: string }> };
  const ticker = page.locator('.ticker-bar');
  await page.goto('/women.html');
  await expect(ticker).toBeVisible();
  await expect(ticker).toContainText(web.B!.pcText);
  await signInThroughApi(page, demo.email, demo.password);
  // With every script file refused, only the header's pre-paint line can hide it: no flash.
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/women.html');
  await expect(ticker).toBeHidden();
  await page.unroute('**/*.js');
  await page.goto('/c/W01.html');
  await expect(ticker).toBeHidden();
  // A ticker for everyone still shows to the member.
  await page.goto('/feature/lookbook.html');
  await expect(ticker).toBeVisible();
  await expect(ticker).toContainText(web.A!.pcText);
});

test('React ids in the server markup carry their island prefix, so no two islands share one', async ({ page }) => {
  // The build renders islands with renderToString (not streaming, for its speed), patched to
  // pass the island's prefix (patches/@astrojs+react*.patch); without it every island's first
  // id would be _R_0_, and the search box's aria-controls would name another island's element.
  await page.goto('/c/W01.html');
  const ids = await page.evaluate(() =>
    [...document.querySelectorAll('astro-island[prefix]')].flatMap((island) =>
      [...island.querySelectorAll('[id]')]
        .filter((element) => element.closest('astro-island') === island && /^_.*R.*_$/.test(element.id))
        .map((element) => ({ prefix: island.getAttribute('prefix')!, id: element.id })),
    ),
  );
  expect(ids.length).toBeGreaterThan(0);
  for (const { prefix, id } of ids) expect(id.startsWith(`_${prefix}R`), `${id} in island ${prefix}`).toBe(true);
  expect(new Set(ids.map(({ id }) => id)).size).toBe(ids.length);
});

test('closing one ticker hides that ticker only: page after page in the session, until a reload', async ({ page }) => {
  // The sample's group A (content pages) and group C (sign-in pages) tickers can both be closed.
  const { web } = JSON.parse(readFileSync('content-cache/zh_TW/ticker.json', 'utf8')) as { web: Record<string, { pcText: string }> };
  const ticker = page.locator('.ticker-bar');
  await page.goto('/feature/lookbook.html');
  await expect(ticker).toContainText(web.A!.pcText);
  await page.locator('.ticker-bar__close').click();
  await expect(ticker).toBeHidden();
  await page.goto('/register.html');
  await expect(ticker).toBeVisible();
  await expect(ticker).toContainText(web.C!.pcText);
  await page.goto('/feature/care-guide.html');
  await expect(ticker).toBeHidden(); // group A's close holds on the next A page
  await page.reload();
  await expect(ticker).toBeVisible();
  await expect(ticker).toContainText(web.A!.pcText);
});

test('the account entry is in mode D while the category layer is open, for a visitor who never touched it', async ({ page }) => {
  await page.goto('/c/W01.html');
  const account = page.locator('[data-account-state]');
  await expect(account).toHaveAttribute('data-display-mode', 'A');
  await page.locator('.category-nav__icon').click();
  const layer = page.locator('[data-category-layer]');
  await expect(layer).toBeVisible();
  await expect(account).toHaveAttribute('data-display-mode', 'D');
  await page.keyboard.press('Escape');
  await expect(layer).toBeHidden();
  await expect(account).toHaveAttribute('data-display-mode', 'A');
});
