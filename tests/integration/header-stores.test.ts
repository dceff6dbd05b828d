/**
 * The header stores (cart, wishlist, ticker) with injected platform parts, against the real
 * local API over HTTP: the count cache keyed by member, the mini cart statuses, add/remove
 * changing the total before the list, the wishlist gate and its failure fallback, logout.
 *
 * Stores are module singletons, so every "page" is a fresh module graph (vi.resetModules)
 * sharing what a browser keeps between pages: cookies, localStorage, sessionStorage.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_MEMBERS } from '../../scripts/local-commerce/seed.ts';
import { MINI_CART_MAX_LINES, WISH_LIST_MAX_FETCHES } from '../../src/lib/constants.ts';
import { memoryStorage } from '../../src/stores/platform.ts';
import { browserLikeFetch, startLocalApi, type LocalApi, unreachableOrigin } from '../fixtures/local-api.ts';
import { sampleCatalogue } from '../fixtures/commerce-app.ts';

let api: LocalApi;
let origin: string;
/** A port nobody listens on: the API is unreachable. */
let closedOrigin: string;
/** Where the platform fetch goes now. */
let target: string;

/** A browser-like fetch: same-origin relative URLs (against `target`) and a cookie jar. */
const browser = browserLikeFetch(() => target);
/** API paths requested, in order. */
const requests = browser.requests;
const local = memoryStorage();
const sessionStore = memoryStorage();

const [demo, other] = DEMO_MEMBERS;
const CART_COUNT = '/api/cart/count';
const MINI_CART = '/api/cart/mini';
const CART_ADD = '/api/cart/add';
const WISH_COUNT = '/api/wish/count';
const WISH_LIST = '/api/wish/list';

/** A new page: fresh store modules over the browser's cookies and storage. */
async function newPage() {
  vi.resetModules();
  const platform = await import('../../src/stores/platform.ts');
  platform.setPlatform({
    fetch: browser.fetch,
    navigate: () => {},
    currentUrl: () => '/',
    cookie: browser.cookieHeader,
    localStorage: local,
    sessionStorage: sessionStore,
  });
  return {
    session: await import('../../src/stores/session.ts'),
    cart: await import('../../src/stores/cart.ts'),
    wishlist: await import('../../src/stores/wishlist.ts'),
  };
}

async function signedInPage(member: (typeof DEMO_MEMBERS)[number] = demo) {
  const page = await newPage();
  const result = await page.session.signIn(member.email, member.password);
  expect(result.ok).toBe(true);
  return page;
}

const requested = (path: string, since: number) => requests.slice(since).filter((p) => p === path).length;

beforeAll(async () => {
  api = await startLocalApi();
  origin = api.origin;
  closedOrigin = await unreachableOrigin();
  target = origin;
});
afterAll(() => api.close());

describe('cart count', () => {
  it('does nothing for a visitor', async () => {
    const { cart } = await newPage();
    const since = requests.length;
    await cart.loadCartCount();
    expect(cart.$cartCount.get()).toBeNull();
    expect(requests.length).toBe(since);
  });

  it('fetches for a member and caches the count with the user id', async () => {
    const { cart } = await signedInPage();
    const since = requests.length;
    await cart.loadCartCount();
    expect(requested(CART_COUNT, since)).toBe(1);
    expect(cart.$cartCount.get()).toBe(3); // the seed: quantities 1 and 2
    expect(JSON.parse(local.getItem(cart.CART_COUNT_STORAGE_KEY)!)).toEqual({ userId: demo.id, count: 3 });
  });

  it('reuses the cached count on the next page of the same member', async () => {
    const { session, cart } = await newPage();
    expect(await session.restoreSession()).toBe(true);
    local.setItem(cart.CART_COUNT_STORAGE_KEY, JSON.stringify({ userId: demo.id, count: 42 }));
    const since = requests.length;
    await cart.loadCartCount();
    expect(cart.$cartCount.get()).toBe(42);
    expect(requested(CART_COUNT, since)).toBe(0);
    // force skips the cache and corrects it
    await cart.loadCartCount({ force: true });
    expect(requested(CART_COUNT, since)).toBe(1);
    expect(cart.$cartCount.get()).toBe(3);
    expect(JSON.parse(local.getItem(cart.CART_COUNT_STORAGE_KEY)!)).toEqual({ userId: demo.id, count: 3 });
  });

  it('refetches for a different member, and caches for that one', async () => {
    expect(JSON.parse(local.getItem('linea:cart:count')!).userId).toBe(demo.id);
    const { cart } = await signedInPage(other);
    const since = requests.length;
    await cart.loadCartCount();
    expect(requested(CART_COUNT, since)).toBe(1);
    expect(cart.$cartCount.get()).toBe(0); // the other demo member has an empty cart
    expect(JSON.parse(local.getItem(cart.CART_COUNT_STORAGE_KEY)!)).toEqual({ userId: other.id, count: 0 });
  });

  it('refetches when the cache is unreadable', async () => {
    const { cart } = await signedInPage();
    local.setItem(cart.CART_COUNT_STORAGE_KEY, '{not json');
    await cart.loadCartCount();
    expect(cart.$cartCount.get()).toBe(3);
  });

  it('a failure goes to the shared error handler and leaves the count unknown', async () => {
    const { cart, session } = await signedInPage();
    local.removeItem(cart.CART_COUNT_STORAGE_KEY);
    target = closedOrigin;
    try {
      await cart.loadCartCount();
    } finally {
      target = origin;
    }
    expect(cart.$cartCount.get()).toBeNull();
    expect(session.$httpError.get()).toBeTruthy();
  });
});

describe('mini cart', () => {
  it('does nothing for a visitor', async () => {
    const { cart } = await newPage();
    const since = requests.length;
    await cart.loadMiniCart();
    expect(await cart.addToCart({ productCode: 'L000003', skuCode: 'L00000301002', quantity: 1 })).toBeNull();
    expect(await cart.removeFromCart('1')).toBeNull();
    expect(cart.$miniCart.get().status).toBe('uninit');
    expect(requests.length).toBe(since);
  });

  it('is uninit, then init with the lines and the total', async () => {
    const { cart } = await signedInPage();
    expect(cart.$miniCart.get()).toEqual({ status: 'uninit', loading: false, lines: [], shownLines: [], total: 0, currency: null });
    const loading = cart.loadMiniCart();
    expect(cart.$miniCart.get().loading).toBe(true);
    await loading;
    const mini = cart.$miniCart.get();
    expect(mini.status).toBe('init');
    expect(mini.loading).toBe(false);
    expect(mini.lines.map((l) => [l.productCode, l.quantity])).toEqual([
      ['L000001', 1],
      ['L000002', 2],
    ]);
    expect(mini.shownLines).toEqual(mini.lines);
    expect(mini.total).toBe(3);
    expect(mini.currency).toBe('TWD');
    expect(cart.$cartCount.get()).toBe(3);
  });

  it('is error when the fetch fails, and a retry loads it', async () => {
    const { cart } = await signedInPage();
    target = closedOrigin;
    try {
      await cart.loadMiniCart();
    } finally {
      target = origin;
    }
    expect(cart.$miniCart.get()).toMatchObject({ status: 'error', loading: false, lines: [] });
    await cart.retryMiniCart();
    expect(cart.$miniCart.get()).toMatchObject({ status: 'init', total: 3 });
    expect(cart.$miniCart.get().lines).toHaveLength(2);
  });

  it('adding is one request, whose answer sets the count, the mini cart and the cart page; at most 3 lines are shown', async () => {
    const { cart } = await signedInPage();
    await cart.loadMiniCart();
    const seen: Array<{ total: number; lines: number }> = [];
    const unlisten = cart.$miniCart.listen((mini) => seen.push({ total: mini.total, lines: mini.lines.length }));
    const since = requests.length;
    const result = await cart.addToCart({ productCode: 'L000003', skuCode: 'L00000301002', quantity: 1 });
    unlisten();
    expect(requests.slice(since)).toEqual([CART_ADD]);
    expect(result?.ok && result.data.lines.map((l) => l.productCode)).toEqual(['L000003', 'L000001', 'L000002']); // newest first
    expect(seen).toEqual([{ total: 4, lines: 3 }]); // the count and the lines together
    expect(cart.$miniCart.get().lines[0]!.productCode).toBe('L000003');
    expect(cart.$cartCount.get()).toBe(4);
    expect(cart.$cartPage.get()).toEqual({ status: 'ready', cart: result?.ok && result.data });
    expect(JSON.parse(local.getItem(cart.CART_COUNT_STORAGE_KEY)!)).toEqual({ userId: demo.id, count: 4 });

    await cart.addToCart({ productCode: 'L000004', skuCode: 'L00000401002', quantity: 1 });
    await cart.addToCart({ productCode: 'L000005', skuCode: 'L00000501002', quantity: 2 });
    const mini = cart.$miniCart.get();
    expect(mini.lines).toHaveLength(5); // all lines are kept…
    expect(mini.shownLines).toHaveLength(MINI_CART_MAX_LINES); // …the popup shows 3
    expect(mini.shownLines).toEqual(mini.lines.slice(0, MINI_CART_MAX_LINES));
    expect(mini.total).toBe(7);
  });

  it('adding with gift wrapping (and a hem) is still one request; a service the product does not offer adds nothing', async () => {
    const { cart } = await signedInPage(other);
    const since = requests.length;
    const wrapped = await cart.addToCart({ productCode: 'L000003', skuCode: 'L00000301002', quantity: 1, caseFlag: 'Y' });
    expect(requests.slice(since)).toEqual([CART_ADD]);
    expect(wrapped?.ok && wrapped.data.lines.map((l) => [l.productCode, l.giftWrapped])).toEqual([['L000003', true]]);
    // The mini catalogue's products cannot be hemmed: the whole add is refused, the cart unchanged.
    const hemmed = await cart.addToCart({
      productCode: 'L000004',
      skuCode: 'L00000401002',
      quantity: 1,
      alterMode: 'HEM',
      finalInseam: 80,
    });
    expect(hemmed).toMatchObject({ ok: false, kind: 'failure', msgCode: 'CART_HEM_NOT_AVAILABLE' });
    expect(cart.$miniCart.get().lines.map((l) => l.productCode)).toEqual(['L000003']);
    expect(requests.slice(since)).toEqual([CART_ADD, CART_ADD]);
    await cart.removeFromCart(cart.$miniCart.get().lines[0]!.cartId); // the other member's cart is empty again
  });

  it("a quantity change or a gift wrap sets the cart from the write's answer: no other request", async () => {
    const { cart } = await signedInPage();
    await cart.loadCartPage();
    const page = cart.$cartPage.get();
    expect(page.status).toBe('ready');
    if (page.status !== 'ready') return;
    const line = page.cart.lines[0]!;
    const since = requests.length;
    const changed = await cart.changeQuantity(line.cartId, line.quantity + 1);
    const wrapped = await cart.setGiftWrap(line.cartId, 'Y');
    expect(requests.slice(since)).toEqual(['/api/cart/update', '/api/cart/options']);
    expect(changed?.ok && changed.data.lines.find((l) => l.cartId === line.cartId)?.quantity).toBe(line.quantity + 1);
    const after = cart.$cartPage.get();
    expect(after.status === 'ready' && after.cart.lines.find((l) => l.cartId === line.cartId)).toMatchObject({
      quantity: line.quantity + 1,
      giftWrapped: true,
    });
    expect(wrapped?.ok).toBe(true);
    expect(cart.$cartCount.get()).toBe(page.cart.lines.reduce((n, l) => n + l.quantity, 0) + 1);
    expect(cart.$miniCart.get().total).toBe(cart.$cartCount.get());
    await cart.changeQuantity(line.cartId, line.quantity);
  });

  it('a failed cart page load is an error state, and a retry loads it', async () => {
    const { cart } = await signedInPage();
    target = closedOrigin;
    try {
      await cart.loadCartPage();
    } finally {
      target = origin;
    }
    expect(cart.$cartPage.get()).toEqual({ status: 'error' });
    await cart.loadCartPage();
    expect(cart.$cartPage.get().status).toBe('ready');
  });

  it('a refused add changes nothing and is returned for the caller to show', async () => {
    const { cart } = await signedInPage();
    await cart.loadMiniCart();
    const before = cart.$miniCart.get();
    const since = requests.length;
    const result = await cart.addToCart({ productCode: 'L000006', skuCode: 'L00000601002', quantity: 1 }); // switched off
    expect(result).toMatchObject({ ok: false, kind: 'failure', msgCode: 'CART_SKU_NOT_FOUND' });
    expect(cart.$miniCart.get()).toBe(before);
    expect(requested(MINI_CART, since)).toBe(0);
  });

  it('removing is one request, whose answer sets the count and the lines together', async () => {
    const { cart } = await signedInPage();
    await cart.loadMiniCart();
    const before = cart.$miniCart.get();
    const line = before.lines.find((l) => l.quantity === 2)!;
    const seen: Array<{ total: number; lines: number }> = [];
    const unlisten = cart.$miniCart.listen((mini) => seen.push({ total: mini.total, lines: mini.lines.length }));
    const since = requests.length;
    await cart.removeFromCart(line.cartId);
    unlisten();
    expect(requests.slice(since)).toEqual(['/api/cart/remove']);
    expect(seen).toEqual([{ total: before.total - 2, lines: before.lines.length - 1 }]);
    expect(cart.$miniCart.get().lines.some((l) => l.cartId === line.cartId)).toBe(false);
    expect(cart.$cartCount.get()).toBe(before.total - 2);
  });

  it('shows an empty cart as init with no lines', async () => {
    const { cart } = await signedInPage(other);
    await cart.loadMiniCart();
    expect(cart.$miniCart.get()).toMatchObject({ status: 'init', lines: [], shownLines: [], total: 0 });
  });
});

describe('wishlist', () => {
  it('does nothing for a visitor, nor while collectionSwitch is N', async () => {
    const visitor = await newPage();
    visitor.wishlist.setCollectionSwitch('Y');
    const since = requests.length;
    await visitor.wishlist.loadWishCount();
    expect(await visitor.wishlist.addWish('L000001')).toBeNull();

    const member = await signedInPage();
    expect(member.wishlist.$wishlistEnabled.get()).toBe(false); // the switch starts off
    const afterSignIn = requests.length;
    await member.wishlist.loadWishCount();
    expect(await member.wishlist.removeWish('L000003')).toBeNull();
    expect(member.wishlist.$wishCount.get()).toBe(0);
    expect(requested(WISH_COUNT, since)).toBe(0);
    expect(requests.slice(afterSignIn)).toEqual([]);
  });

  it('loads the count, and add/remove follow the API total and tell the change listeners', async () => {
    const { wishlist } = await signedInPage();
    wishlist.setCollectionSwitch('Y');
    expect(wishlist.$wishlistEnabled.get()).toBe(true);
    await wishlist.loadWishCount();
    expect(wishlist.$wishCount.get()).toBe(4); // the seed: three products and a switched-off one
    const changes: unknown[] = [];
    const off = wishlist.onWishChange((change) => changes.push(change));
    const added = await wishlist.addWish('L000001', 'L00000101002');
    expect(added).toEqual({ ok: true, data: { total: 5 } });
    expect(wishlist.$wishCount.get()).toBe(5);
    await wishlist.removeWish('L000001');
    expect(wishlist.$wishCount.get()).toBe(4);
    off();
    expect(changes).toEqual([
      { action: 'add', productCode: 'L000001', skuCode: 'L00000101002', total: 5 },
      { action: 'remove', productCode: 'L000001', skuCode: '', total: 4 },
    ]);
  });

  it('a refused add is returned for the toast and changes nothing', async () => {
    const { wishlist } = await signedInPage();
    wishlist.setCollectionSwitch('Y');
    await wishlist.loadWishCount();
    const result = await wishlist.addWish('NO_SUCH_PRODUCT');
    expect(result).toMatchObject({ ok: false, kind: 'failure', msgCode: 'WISH_PRODUCT_NOT_FOUND' });
    expect(wishlist.$wishCount.get()).toBe(4);
  });

  it('the list is fetched at most WISH_LIST_MAX_FETCHES times a page, unless invalidated', async () => {
    expect(WISH_LIST_MAX_FETCHES).toBe(5); // the wish list is fetched at most 5 times
    const { wishlist } = await signedInPage();
    wishlist.setCollectionSwitch('Y');
    const since = requests.length;
    for (let i = 0; i < WISH_LIST_MAX_FETCHES + 2; i++) await wishlist.loadWishList();
    expect(requested(WISH_LIST, since)).toBe(WISH_LIST_MAX_FETCHES);
    wishlist.invalidateWishList();
    await wishlist.loadWishList();
    expect(requested(WISH_LIST, since)).toBe(WISH_LIST_MAX_FETCHES + 1);
  });

  it('loads the whole list, 20 entries a page, as one load: the 21st wish and older are listed, and their hearts full', async () => {
    // An API over the sample catalogue: enough products for three pages.
    const catalogue = sampleCatalogue();
    const big = await startLocalApi({ catalogue });
    target = big.origin;
    try {
      const { wishlist } = await signedInPage(DEMO_MEMBERS[2]!);
      wishlist.setCollectionSwitch('Y');
      const codes = catalogue.products.slice(0, 45).map((p) => p.productCode);
      for (const code of codes) expect((await wishlist.addWish(code))?.ok, code).toBe(true);
      wishlist.invalidateWishList();
      const since = requests.length;
      await wishlist.loadWishList();
      const list = wishlist.$wishList.get();
      expect(list.total).toBe(45);
      expect([...list.codes].sort()).toEqual([...codes].sort());
      // The oldest wish (the first added) is there: the last page's.
      expect(list.codes).toContain(codes[0]);
      expect(requested(WISH_LIST, since)).toBe(3);
    } finally {
      target = origin;
      await big.close();
    }
  });

  it('keeps the code list, the entries, the valid entries and the total, and a removal updates them all', async () => {
    const { wishlist } = await signedInPage();
    wishlist.setCollectionSwitch('Y');
    await wishlist.loadWishList();
    const list = wishlist.$wishList.get();
    expect(list.status).toBe('ready');
    expect(list.total).toBe(4);
    expect(list.codes).toHaveLength(4);
    // The seed's switched-off product is in the list but not among the valid ones.
    expect(list.valid).toHaveLength(3);
    expect(list.valid.every((e) => e.valid)).toBe(true);
    expect(Object.keys(list.entries[0]!).sort()).toEqual(['imageUrl', 'name', 'price', 'productCode', 'valid']);
    const invalid = list.entries.find((e) => !list.valid.includes(e))!;
    await wishlist.removeWish(invalid.productCode);
    const after = wishlist.$wishList.get();
    expect(after.codes).not.toContain(invalid.productCode);
    expect([after.entries.length, after.valid.length, after.total, wishlist.$wishCount.get()]).toEqual([3, 3, 3, 3]);
    // An addition is known by its code at once (the heart), and the next load fetches the entry.
    await wishlist.addWish('L000001');
    expect(wishlist.$wishList.get().codes[0]).toBe('L000001');
    expect(wishlist.$wishList.get().total).toBe(4);
  });

  it('a failed count gives 0', async () => {
    const { wishlist } = await signedInPage();
    wishlist.setCollectionSwitch('Y');
    await wishlist.loadWishCount();
    expect(wishlist.$wishCount.get()).toBe(4);
    target = closedOrigin;
    try {
      await wishlist.loadWishCount();
    } finally {
      target = origin;
    }
    expect(wishlist.$wishCount.get()).toBe(0);
  });
});

describe('logout', () => {
  it('resets the cart and wishlist stores and forgets the cached count', async () => {
    const { session, cart, wishlist } = await signedInPage();
    wishlist.setCollectionSwitch('Y');
    await Promise.all([cart.loadCartCount(), cart.loadMiniCart(), wishlist.loadWishCount()]);
    expect(cart.$cartCount.get()).not.toBeNull();
    expect(cart.$miniCart.get().status).toBe('init');
    expect(wishlist.$wishCount.get()).toBeGreaterThan(0);

    await session.signOut();
    expect(cart.$cartCount.get()).toBeNull();
    expect(cart.$miniCart.get()).toEqual({ status: 'uninit', loading: false, lines: [], shownLines: [], total: 0, currency: null });
    expect(wishlist.$wishCount.get()).toBe(0);
    expect(local.getItem(cart.CART_COUNT_STORAGE_KEY)).toBeNull();
  });

  it('an answer that arrives after logout is dropped', async () => {
    const { cart, session, wishlist } = await signedInPage();
    wishlist.setCollectionSwitch('Y');
    const pending = Promise.all([cart.loadMiniCart(), cart.loadCartCount({ force: true }), wishlist.loadWishCount()]);
    session.clearMemberState(); // e.g. the refresh failed on another call: the login flow starts
    await pending;
    expect(cart.$miniCart.get().status).toBe('uninit');
    expect(cart.$cartCount.get()).toBeNull();
    expect(wishlist.$wishCount.get()).toBe(0);
    expect(local.getItem(cart.CART_COUNT_STORAGE_KEY)).toBeNull();
  });
});
