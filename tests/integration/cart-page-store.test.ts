/**
 * The cart page's store (stores/cart-page.ts) as the island uses it, without a browser: over
 * the real local API, with the page's navigation injected. A visitor is sent to sign in; a
 * member's lines as the page shows them (quantities offered, gift wrapping offered, the
 * product's address, what cannot be ordered), the API's totals, quantity changes, removal,
 * services, and what a refused or failed change says.
 */
import { describe, expect, it } from 'vitest';
import { MAX_QUANTITY_PER_LINE } from '../../src/lib/api/contract-values.ts';
import { getLanguage } from '../../src/lib/i18n/languages.ts';
import { languagePrefix } from '../../src/stores/platform.ts';
import type { CaseSwitches } from '../../src/lib/product/rules.ts';
import { miniCatalogue } from '../fixtures/mini-catalogue.ts';
import { storeFixture } from './store-fixture.ts';

const WRAPPING: CaseSwitches = { caseServiceSwitch: 'Y', caseDeliveryType: ['EXPRESS'] };
const NO_WRAPPING: CaseSwitches = { caseServiceSwitch: 'N', caseDeliveryType: [] };

const fixture = storeFixture({ catalogue: miniCatalogue() });

async function newPage(language = 'zh-TW') {
  await fixture.openPage({ url: () => `${languagePrefix(getLanguage(language))}/cart.html`, language, visitor: true });
  return {
    session: await import('../../src/stores/session.ts'),
    cart: await import('../../src/stores/cart.ts'),
    page: await import('../../src/stores/cart-page.ts'),
  };
}
type Page = Awaited<ReturnType<typeof newPage>>;

let signedUp = 0;
/** Signs the page in as a member registered just now, with `items` (SKU code → quantity) in the cart. */
async function memberWith(page: Page, items: Record<string, number>): Promise<void> {
  await fixture.signUp(page.session, `cart${++signedUp}@linea.example`);
  for (const [skuCode, quantity] of Object.entries(items))
    expect((await page.cart.addToCart({ productCode: skuCode.slice(0, 7), skuCode, quantity }))?.ok).toBe(true);
}

function readyView(page: Page) {
  const view = page.page.$cartPageView.get();
  if (view.status !== 'ready') throw new Error(`the cart page is ${view.status}`);
  return view;
}

const setStock = (skuCode: string, stock: number) =>
  fixture.api.db.prepare('UPDATE skus SET stock = ? WHERE sku_code = ?').run(stock, skuCode);

describe('opening the cart page', () => {
  it('a visitor is sent to sign in, and the page stays on its loading line', async () => {
    const page = await newPage('en-GB');
    await page.page.openCartPage(WRAPPING);
    expect(fixture.navigations).toEqual([`/en-gb/login.html?redirect_url=${encodeURIComponent('/en-gb/cart.html')}`]);
    expect(page.page.$cartPageView.get()).toEqual({ status: 'loading' });
  });

  it('an empty cart is empty; a failed load is an error to retry', async () => {
    const page = await newPage();
    await memberWith(page, {});
    await fixture.offline(() => page.page.openCartPage(WRAPPING));
    expect(page.page.$cartPageView.get()).toEqual({ status: 'error' });
    await page.page.retryCartPage();
    expect(page.page.$cartPageView.get()).toEqual({ status: 'empty' });
  });

  it("shows each line with the quantities it may take, its product's address and wrapping where offered, and the API's totals", async () => {
    const page = await newPage('en-GB');
    await memberWith(page, { L00000101002: 2, L00000201003: 1 });
    setStock('L00000201003', 3);
    await page.page.openCartPage(WRAPPING);
    const view = readyView(page);
    expect(view.currency).toBe('HKD');
    const [second, first] = view.lines; // newest first
    expect(first).toMatchObject({ skuCode: 'L00000101002', quantity: 2, busy: false, wrapShown: true, problem: null });
    // Up to the per-line cap where the stock (100) is more; up to the stock where it is less.
    expect(first!.quantities).toEqual(Array.from({ length: MAX_QUANTITY_PER_LINE }, (_, i) => i + 1));
    expect(first!.href).toBe(`/en-gb/product/L000001.html?productId=${first!.productId}`);
    expect(second!.quantities).toEqual([1, 2, 3]);
    // The API's totals, as it reckons them (a member's best coupon comes off).
    expect(view.summary).toMatchObject({ itemCount: 3, subtotal: 3 * 119 });
    expect(view.summary.total).toBe(3 * 119 - view.summary.discount);
    expect(view.orderable).toBe(true);
    // Without the store's gift wrapping, only a line already wrapped shows it (to be taken off).
    const unwrapped = await newPage('en-GB');
    await unwrapped.session.signIn(`cart${signedUp}@linea.example`, 'Fresh2026');
    await unwrapped.page.openCartPage(NO_WRAPPING);
    expect(readyView(unwrapped).lines.map((l) => l.wrapShown)).toEqual([false, false]);
    await unwrapped.page.setLineGiftWrap(first!.cartId, true);
    expect(readyView(unwrapped).lines.map((l) => l.wrapShown)).toEqual([false, true]);
  });

  it('a line that cannot be ordered is marked, offers no wrapping, and leaves nothing to order when it is alone', async () => {
    const page = await newPage();
    await memberWith(page, { L00000301002: 3 });
    setStock('L00000301002', 1);
    try {
      await page.page.openCartPage(WRAPPING);
      const view = readyView(page);
      expect(view.lines[0]).toMatchObject({ problem: 'STOCK_SHORT', wrapShown: false });
      expect(view.orderable).toBe(false);
      // A line keeps the quantity it has in its menu, however little is left.
      expect(view.lines[0]!.quantities).toEqual([1, 2, 3]);
    } finally {
      setStock('L00000301002', 100);
    }
  });
});

describe('changes', () => {
  it('a quantity change answers the new totals, the line waiting meanwhile; the mini cart and badge follow', async () => {
    const page = await newPage();
    await memberWith(page, { L00000401002: 1 });
    await page.page.openCartPage(WRAPPING);
    const [line] = readyView(page).lines;
    const changed = page.page.changeLineQuantity(line!.cartId, 3);
    expect(readyView(page).lines[0]!.busy).toBe(true);
    await changed;
    const view = readyView(page);
    expect(view.lines[0]).toMatchObject({ quantity: 3, lineTotal: 3 * 490, busy: false });
    expect(view.summary).toMatchObject({ itemCount: 3, subtotal: 3 * 490 });
    expect(page.cart.$cartCount.get()).toBe(3);
    expect(page.page.$cartPageError.get()).toBeNull();
  });

  it("a refused change says the API's message and leaves the cart as it was; a network failure says so", async () => {
    const page = await newPage();
    await memberWith(page, { L00000401003: 1 });
    setStock('L00000401003', 2);
    await page.page.openCartPage(WRAPPING);
    const [line] = readyView(page).lines;
    await page.page.changeLineQuantity(line!.cartId, 5);
    expect(page.page.$cartPageError.get()).toEqual({ msgCode: 'CART_STOCK_NOT_ENOUGH', msg: expect.any(String) });
    expect(readyView(page).lines[0]).toMatchObject({ quantity: 1, busy: false });
    await fixture.offline(() => page.page.removeLine(line!.cartId));
    expect(page.page.$cartPageError.get()).toEqual({ msgCode: null, msg: null });
    expect(readyView(page).lines).toHaveLength(1);
    // The next change starts without the last one's message.
    await page.page.changeLineQuantity(line!.cartId, 2);
    expect(page.page.$cartPageError.get()).toBeNull();
  });

  it('removing lines leaves the others and their totals; the last one leaves the cart empty', async () => {
    const page = await newPage();
    await memberWith(page, { L00000501002: 1, L00000501003: 2 });
    await page.page.openCartPage(WRAPPING);
    const [newest, oldest] = readyView(page).lines;
    await page.page.removeLine(newest!.cartId);
    expect(readyView(page).lines.map((l) => l.cartId)).toEqual([oldest!.cartId]);
    expect(readyView(page).summary).toMatchObject({ itemCount: 1, subtotal: 490 });
    await page.page.removeLine(oldest!.cartId);
    expect(page.page.$cartPageView.get()).toEqual({ status: 'empty' });
    expect(page.cart.$cartCount.get()).toBe(0);
  });

  it('gift wrapping goes on and off a line; a hem is taken off', async () => {
    const page = await newPage();
    await memberWith(page, {});
    fixture.api.db.prepare("UPDATE products SET json = json_set(json, '$.makePantsLengthFlag', 'Y') WHERE product_code = ?").run('L000002');
    expect(
      (await page.cart.addToCart({ productCode: 'L000002', skuCode: 'L00000201002', quantity: 1, alterMode: 'HEM', finalInseam: 80 }))?.ok,
    ).toBe(true);
    await page.page.openCartPage(WRAPPING);
    const [line] = readyView(page).lines;
    expect(line!.hem).toEqual({ mode: 'HEM', inseam: 80 });
    await page.page.setLineGiftWrap(line!.cartId, true);
    expect(readyView(page).lines[0]!.giftWrapped).toBe(true);
    await page.page.setLineGiftWrap(line!.cartId, false);
    expect(readyView(page).lines[0]!.giftWrapped).toBe(false);
    await page.page.removeLineHem(line!.cartId);
    expect(readyView(page).lines[0]!.hem).toBeNull();
  });
});
