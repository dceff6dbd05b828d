/**
 * The product page's store (stores/product-page.ts) as the island uses it, without a browser:
 * over the real local API, with the page's address, title and navigation injected. The colour
 * and size chosen and the address that keeps them, sold-out sizes, the quantity within the
 * stock, hem length and made-to-order choices, add to bag and the wishlist heart with their
 * refusals and failures, and share.
 *
 * Every "page" is a fresh module graph (vi.resetModules) over the same cookies.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Catalogue } from '../../scripts/sample-data/catalogue-schema.ts';
import type { ProductDetail } from '../../src/lib/api/contract.ts';
import { getLanguage } from '../../src/lib/i18n/languages.ts';
import { level2ProductId } from '../../src/lib/product/product-id.ts';
import type { ProductSwitches } from '../../src/stores/product-page.ts';
import { miniCatalogue } from '../fixtures/mini-catalogue.ts';
import { API_SETTLED } from '../fixtures/local-api.ts';
import { storeFixture } from './store-fixture.ts';

/**
 * The mini catalogue with what the page's rules need: L000001 hems and wraps, with 2 of size
 * S and none of M; L000002 is made to order (sleeve); L000003 comes in a second colour.
 */
function pageCatalogue(): Catalogue {
  const catalogue = miniCatalogue();
  const [first, second, third] = catalogue.products;
  first!.makePantsLengthFlag = 'Y';
  first!.skus[0]!.stock = 2;
  first!.skus[1]!.stock = 0;
  second!.customMadeFlag = 'Y';
  const names = (en: string) => ({ 'zh-TW': en, 'zh-HK': en, 'en-GB': en });
  second!.semiOptions = [
    {
      key: 'SLEEVE',
      names: names('Sleeve'),
      values: [
        { key: 'SHORT', names: names('Short') },
        { key: 'LONG', names: names('Long') },
      ],
    },
  ];
  third!.colours.push({
    ...third!.colours[0]!,
    colorNo: '02',
    code: 'RED',
    names: names('Red'),
    images: ['/media/products/L000003-02.jpg'],
  });
  third!.skus.push(
    ...third!.skus.map((sku) => {
      const omsSkuCode = sku.omsSkuCode.replace('-01', '-02');
      return {
        ...sku,
        skuCode: `L00000302${sku.sizeNo}`,
        omsSkuCode,
        colorNo: '02',
        productId: level2ProductId(omsSkuCode, '02', sku.sizeNo),
        stock: 5,
      };
    }),
  );
  return catalogue;
}

const SWITCHES: ProductSwitches = {
  RestrictPriceGroup: [],
  VaryPriceGroup: [],
  ManualPriceGroup: [],
  tailorServiceSwitch: 'Y',
  hemDeliveryType: ['EXPRESS_HEM'],
  caseServiceSwitch: 'Y',
  caseDeliveryType: ['EXPRESS'],
  collectionSwitch: 'Y',
};

const fixture = storeFixture({ catalogue: pageCatalogue() });
/** The page's address, as the platform reads it and as replaceUrl leaves it. */
let address = '/';
let replaced: string[] = [];
let titles: string[] = [];

async function newPage(at: string, language = 'zh-TW') {
  address = at;
  replaced = [];
  titles = [];
  // A visitor, until the test signs up.
  await fixture.openPage({
    url: () => address,
    language,
    visitor: true,
    platform: {
      replaceUrl: (url) => {
        replaced.push(url);
        address = url;
      },
      setTitle: (title) => titles.push(title),
      pageInfo: () => ({ href: `https://shop.example${address}`, referrer: '', title: '' }),
    },
  });
  return {
    session: await import('../../src/stores/session.ts'),
    detail: await import('../../src/stores/product-detail.ts'),
    pages: await import('../../src/stores/product-page.ts'),
    cart: await import('../../src/stores/cart.ts'),
    wishlist: await import('../../src/stores/wishlist.ts'),
  };
}
type Page = Awaited<ReturnType<typeof newPage>>;

/** A product's detail as the build pulls it, in a language. */
async function productOf(productCode: string, language = 'zh-TW'): Promise<ProductDetail> {
  const { region } = getLanguage(language);
  const answer = await fetch(`${fixture.api.apiBase}/product/detail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ productCode, region, language }),
  });
  return ((await answer.json()) as { resp: ProductDetail }).resp;
}

/** The product's page store, started as the island starts it, with its live stock in. */
async function openProduct(page: Page, product: ProductDetail, options: { prerendered?: boolean } = {}) {
  const store = page.pages.createProductPage({
    detail: product,
    switches: SWITCHES,
    prerendered: options.prerendered ?? true,
    titleTemplate: '{{name}} | LINEA',
  });
  const stop = store.start();
  await page.detail.loadStock(product.productCode);
  return { store, stop };
}

let signedUp = 0;
/** Signs the page in as a member registered just now (an empty cart and wishlist). */
async function signUp(page: Page): Promise<void> {
  await fixture.signUp(page.session, `pdp${++signedUp}@linea.example`);
}

const skuOf = (product: ProductDetail, colorNo: string, sizeNo: string) =>
  product.skus.find((s) => s.colorNo === colorNo && s.sizeNo === sizeNo)!;

describe('colour and size', () => {
  it("draws the server's first choice until started, then the address's choice, and keeps the address on the choice", async () => {
    const page = await newPage('/en-gb/product-detail.html?productCode=L000003&productId=PLACEHOLDER&utm_source=mail', 'en-GB');
    const product = await productOf('L000003', 'en-GB');
    const red = skuOf(product, '02', '003');
    address = address.replace('PLACEHOLDER', red.productId);
    // The page's early script may have the stock before the island runs (client/product-live.ts).
    await page.detail.loadStock('L000003');
    const store = page.pages.createProductPage({ detail: product, switches: SWITCHES, prerendered: true, titleTemplate: '' });
    // Until the island runs, it draws the server's HTML (first colour, no size, stock unknown), which hydration must find.
    expect(store.$view.get()).toMatchObject({ colour: { colorNo: '01' }, chosen: null, sku: null, stockStatus: 'loading' });
    expect(store.$view.get().sizes.map((s) => s.stock)).toEqual([null, null]);
    store.start();
    expect(store.$started.get()).toBe(true);
    await page.detail.loadStock('L000003');
    expect(store.$view.get()).toMatchObject({
      colour: { colorNo: '02' },
      chosen: { sizeNo: '003', stock: 5 },
      sku: { skuCode: red.skuCode },
      stockStatus: 'ready',
    });
    // The shell's query address becomes the product's own, its campaign parameters kept.
    expect(address).toBe(`/en-gb/product/L000003.html?productId=${red.productId}&utm_source=mail`);

    store.choose({ colorNo: '01' });
    expect(store.$view.get().sku?.skuCode).toBe(skuOf(product, '01', '003').skuCode);
    expect(address).toBe(`/en-gb/product/L000003.html?productId=${skuOf(product, '01', '003').productId}&utm_source=mail`);
    store.choose({ sizeNo: '002' });
    expect(address).toBe(`/en-gb/product/L000003.html?productId=${skuOf(product, '01', '002').productId}&utm_source=mail`);
    // The address is written only when it changes.
    const writes = replaced.length;
    store.choose({ sizeNo: '002' });
    expect(replaced).toHaveLength(writes);
  });

  it('a sold-out size is marked and is no choice; the whole product sold out is marked', async () => {
    const page = await newPage('/product/L000001.html');
    const product = await productOf('L000001');
    const { store } = await openProduct(page, product);
    const { sizes } = store.$view.get();
    expect(sizes.map((s) => [s.sizeNo, s.stock, s.soldOut])).toEqual([
      ['002', 2, false],
      ['003', 0, true],
    ]);
    store.choose({ sizeNo: '003' });
    expect(store.$view.get()).toMatchObject({ chosen: null, sku: null, soldOut: false });
    expect(address).toBe('/product/L000001.html');
    await store.addToCart();
    expect(store.$notice.get()).toEqual({ kind: 'error', fallback: 'product.chooseSize' });
    store.choose({ sizeNo: '002' });
    expect(store.$notice.get()).toBeNull();

    const switchedOff = await productOf('L000006');
    const other = await openProduct(await newPage('/product/L000006.html'), switchedOff);
    expect(other.store.$view.get().soldOut).toBe(true);
    expect(other.store.sellable).toBe(false);
  });

  it("on the shell, loads the address's product, names the page after it and loads the editors' content", async () => {
    const page = await newPage('/product-detail.html?productCode=L000002');
    await page.pages.loadShellProduct();
    // The stand-in CDN here is the API, which has no product files: the code is what counts.
    expect(fixture.browser.requests.at(-1)).toBe('/product-data/zh-TW/L000002.json');
    const product = await productOf('L000002');
    await openProduct(page, { ...product, productPageCode: 'PP02' }, { prerendered: false });
    expect(titles).toEqual([`${product.name} | LINEA`]);
    expect(fixture.browser.requests).toContain('/product-content/zh-TW/PP02.html');
  });
});

describe('quantity', () => {
  it('stays between 1 and the stock of the size chosen, and comes down when the stock is less', async () => {
    const page = await newPage('/product/L000001.html');
    const product = await productOf('L000001');
    const store = page.pages.createProductPage({ detail: product, switches: SWITCHES, prerendered: true, titleTemplate: '' });
    store.start();
    // Before the stock is known, the per-line cap is the limit.
    store.choose({ sizeNo: '002' });
    for (let i = 0; i < 3; i++) store.changeQuantity(1);
    expect(store.$quantity.get()).toBe(4);
    await page.detail.loadStock('L000001');
    expect(store.$view.get().limit).toBe(2);
    expect(store.$quantity.get()).toBe(2);
    store.changeQuantity(1);
    expect(store.$quantity.get()).toBe(2);
    store.changeQuantity(-1);
    store.changeQuantity(-1);
    expect(store.$quantity.get()).toBe(1);
  });
});

describe('add to bag', () => {
  it('a visitor is sent to sign in, the choice in the address to come back to', async () => {
    const page = await newPage('/en-gb/product/L000003.html', 'en-GB');
    const product = await productOf('L000003', 'en-GB');
    const { store } = await openProduct(page, product);
    store.choose({ sizeNo: '002' });
    await store.addToCart();
    expect(fixture.navigations).toHaveLength(1);
    const back = new URL(fixture.navigations[0]!, 'https://shop.example').searchParams.get('redirect_url');
    expect(back).toBe(`/en-gb/product/L000003.html?productId=${skuOf(product, '01', '002').productId}`);
    expect(store.$notice.get()).toBeNull();
  });

  it('asks for a valid hem length first, then adds the SKU with its hem and wrapping in one request', async () => {
    const page = await newPage('/product/L000001.html');
    await signUp(page);
    const product = await productOf('L000001');
    const { store } = await openProduct(page, product);
    expect([store.offersHem, store.offersGiftWrap]).toEqual([true, true]);
    store.choose({ sizeNo: '002' });
    store.changeQuantity(1);
    store.setHem(true);
    const sent = fixture.browser.requests.length;
    // The wishlist loads on its own once the member is known: only the cart's calls count here.
    const cartCalls = () => fixture.browser.requests.slice(sent).filter((path) => !path.startsWith('/api/wish'));
    await store.addToCart();
    expect(store.$services.get().inseamTouched).toBe(true);
    expect(store.$inseamProblem.get()).toBe('required');
    store.setInseam('30');
    expect(store.$inseamProblem.get()).toBe('range');
    await store.addToCart();
    expect(cartCalls()).toEqual([]); // nothing asked of the API while the length is wrong
    store.setInseam('76.5');
    store.setGiftWrap(true);
    await store.addToCart();
    expect(store.$notice.get()).toEqual({ kind: 'added' });
    expect(cartCalls()).toEqual(['/api/cart/add', '/api/product/stock']); // the stock is asked anew
    const line = page.cart.$miniCart.get().lines.find((l) => l.skuCode === skuOf(product, '01', '002').skuCode);
    expect(line).toMatchObject({ quantity: 2, hem: { mode: 'HEM', inseam: 76.5 } });
    expect(page.cart.$cartCount.get()).toBe(2);
    expect(store.$busy.get()).toBe(false);
  });

  it('asks for each made-to-order choice, then sends them with the item', async () => {
    const page = await newPage('/product/L000002.html');
    await signUp(page);
    const product = await productOf('L000002');
    const { store } = await openProduct(page, product);
    store.choose({ sizeNo: '003' });
    await store.addToCart();
    expect(store.$services.get().semiTouched).toBe(true);
    expect(store.$missingSemi.get().map((o) => o.key)).toEqual(['SLEEVE']);
    expect(page.cart.$cartCount.get()).toBeNull();
    store.chooseSemi('SLEEVE', 'LONG');
    expect(store.$missingSemi.get()).toEqual([]);
    await store.addToCart();
    expect(store.$notice.get()).toEqual({ kind: 'added' });
    expect(page.cart.$miniCart.get().lines[0]?.choices).toEqual([{ name: 'Sleeve', value: 'Long' }]);
  });

  it("says the API's refusal, and a network failure, and adds nothing", async () => {
    const page = await newPage('/product/L000001.html');
    await signUp(page);
    const product = await productOf('L000001');
    const { store } = await openProduct(page, product);
    store.choose({ sizeNo: '002' });
    store.changeQuantity(1);
    await store.addToCart();
    expect(store.$notice.get()).toEqual({ kind: 'added' });
    // The 2 in stock are in the bag: one more is refused by the API.
    await store.addToCart();
    expect(store.$notice.get()).toEqual({
      kind: 'error',
      fallback: 'product.cartFailed',
      msgCode: 'CART_STOCK_NOT_ENOUGH',
      msg: expect.any(String),
    });
    await fixture.offline(() => store.addToCart());
    expect(store.$notice.get()).toEqual({ kind: 'error', fallback: 'errors.interfaceException' });
    expect(store.$busy.get()).toBe(false);
    expect(page.cart.$cartCount.get()).toBe(2);
  });
});

describe('the wishlist heart', () => {
  it("shows the member's wishlist, adds and removes, and says a failure", async () => {
    const page = await newPage('/product/L000003.html');
    await signUp(page);
    const product = await productOf('L000003');
    const { store, stop } = await openProduct(page, product);
    expect(store.offersWishlist).toBe(true);
    // The member is known: the wishlist store comes and loads the list.
    await vi.waitFor(() => expect(page.wishlist.$wishList.get().status).toBe('ready'), API_SETTLED);
    expect(store.$wished.get()).toBe(false);
    await store.toggleWish();
    expect(store.$wished.get()).toBe(true);
    expect(page.wishlist.$wishCount.get()).toBe(1);
    await fixture.offline(() => store.toggleWish());
    expect(store.$wished.get()).toBe(true);
    expect(store.$notice.get()).toEqual({ kind: 'error', fallback: 'account.deleteFailure' });
    await store.toggleWish();
    expect(store.$wished.get()).toBe(false);
    expect(page.wishlist.$wishCount.get()).toBe(0);
    await fixture.offline(() => store.toggleWish());
    expect(store.$notice.get()).toEqual({ kind: 'error', fallback: 'errors.interfaceException' });
    stop();
  });

  it('a visitor is sent to sign in', async () => {
    const page = await newPage('/product/L000003.html');
    const { store } = await openProduct(page, await productOf('L000003'));
    await store.toggleWish();
    expect(fixture.navigations[0]).toMatch(/\/login\.html\?redirect_url=/);
    expect(store.$wished.get()).toBe(false);
  });
});

describe('share', () => {
  it('copies the address of the colour and size on screen, and says when it could not', async () => {
    const page = await newPage('/en-gb/product/L000003.html?utm_source=mail', 'en-GB');
    const product = await productOf('L000003', 'en-GB');
    const { store } = await openProduct(page, product);
    store.choose({ colorNo: '02', sizeNo: '002' });
    const copied: string[] = [];
    vi.stubGlobal('navigator', { clipboard: { writeText: (text: string) => (copied.push(text), Promise.resolve()) } });
    try {
      await store.share();
      expect(copied).toEqual([`https://shop.example/en-gb/product/L000003.html?productId=${skuOf(product, '02', '002').productId}`]);
      expect(store.$shareStatus.get()).toBe('copied');
      vi.stubGlobal('navigator', { clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
      await store.share();
      expect(store.$shareStatus.get()).toBe('failed');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
