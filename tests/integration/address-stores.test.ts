/**
 * What the stores do with the page's address, through the injected platform and never the
 * browser's location or history (tests/unit/island-rules.test.ts keeps islands off them):
 * where a member goes after signing in (redirect_url, against the real local API), the mailed
 * registration link's redirect, the third-party round trip's remembered one, and the category
 * layer's history entry and the gender navigation's route changes in the header store.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_MEMBERS } from '../../scripts/local-commerce/seed.ts';
import { STRING_MAX_LENGTH } from '../../src/lib/api/string-rules.ts';
import { getLanguage } from '../../src/lib/i18n/languages.ts';
import { PENDING_REDIRECT_KEY } from '../../src/lib/routing/redirect-url.ts';
import {
  $genderNav,
  $openLayer,
  closeCategoryLayer,
  followCategoryLayerEntries,
  followRouteChanges,
  naviHash,
  openCategoryTab,
  openGenderNav,
} from '../../src/stores/header.ts';
import { currentLocation, currentQuery, memoryStorage, setPlatform } from '../../src/stores/platform.ts';
import { signIn } from '../../src/stores/session.ts';
import { afterSignInTarget, goAfterSignIn, goAfterThirdPartySignIn, redirectForMailedLink } from '../../src/stores/sign-in-target.ts';
import { browserLikeFetch, startLocalApi, type LocalApi } from '../fixtures/local-api.ts';

/**
 * The browser's address and history as the platform sees them: one tab's entries, with their
 * states, and what loaded a new page (navigate) or replaced this one (redirect).
 */
function fakeAddress(start: string) {
  const entries = [{ url: start, state: null as unknown }];
  let at = 0;
  const listeners = new Set<() => void>();
  const left: { how: 'navigate' | 'redirect'; url: string }[] = [];
  const resolve = (url: string) => (url.startsWith('#') ? `${entries[at]!.url.split('#')[0]}${url}` : url);
  return {
    entries: () => entries.slice(0, at + 1),
    left,
    /** Back: the previous entry, announced as the browser does (popstate). */
    back() {
      at -= 1;
      listeners.forEach((listener) => listener());
    },
    parts: {
      currentUrl: () => entries[at]!.url,
      historyState: () => entries[at]!.state,
      replaceUrl: (url: string, state: unknown = entries[at]!.state) => void (entries[at] = { url: resolve(url), state }),
      pushUrl: (url: string, state: unknown) => {
        entries.splice(at + 1, entries.length, { url: resolve(url), state });
        at += 1;
      },
      onAddressChange: (listener: () => void) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
      navigate: (url: string) => void left.push({ how: 'navigate', url }),
      redirect: (url: string) => void left.push({ how: 'redirect', url }),
      rootClass: () => {},
    },
  };
}

describe('the current address in parts', () => {
  it('splits path, query and hash as location does (an empty ? or # reads as none)', () => {
    const cases: [string, ReturnType<typeof currentLocation>][] = [
      ['/cart.html', { path: '/cart.html', search: '', hash: '' }],
      ['/en-gb/product.html?productCode=A1&c=2#reviews', { path: '/en-gb/product.html', search: '?productCode=A1&c=2', hash: '#reviews' }],
      ['/login.html?#', { path: '/login.html', search: '', hash: '' }],
      ['/a.html#x?y', { path: '/a.html', search: '', hash: '#x?y' }],
    ];
    for (const [url, parts] of cases) {
      setPlatform({ currentUrl: () => url });
      expect(currentLocation(), url).toEqual(parts);
    }
    setPlatform({ currentUrl: () => '/payment/complete.html?orderCode=O%2012&x=1#top' });
    expect(currentQuery().get('orderCode')).toBe('O 12');
  });
});

describe('after signing in', () => {
  let api: LocalApi;
  const demo = DEMO_MEMBERS[0];
  beforeAll(async () => {
    api = await startLocalApi();
  });
  afterAll(() => api.close());

  function loginPage(url: string, language = 'zh-TW') {
    const address = fakeAddress(url);
    const browser = browserLikeFetch(api.origin);
    const session = memoryStorage();
    setPlatform({
      ...address.parts,
      fetch: browser.fetch,
      cookie: browser.cookieHeader,
      language: () => getLanguage(language),
      sessionStorage: session,
    });
    return { address, session };
  }

  it("a sign-in goes to the page's redirect_url, a same-origin path only, else the account home in the page's language", async () => {
    const { address } = loginPage('/en-gb/login.html?redirect_url=%2Fen-gb%2Fcart.html%3Ffrom%3Dmini', 'en-GB');
    expect((await signIn(demo.email, demo.password)).ok).toBe(true);
    goAfterSignIn('navigate');
    expect(address.left).toEqual([{ how: 'navigate', url: '/en-gb/cart.html?from=mini' }]);

    for (const hostile of ['https://evil.example/', '//evil.example/x', '/\\evil.example', '/login.html'])
      expect(afterSignInTarget(hostile), hostile).toBe('/en-gb/account/info.html');
    loginPage('/login.html?redirect_url=https%3A%2F%2Fevil.example%2F');
    expect(afterSignInTarget()).toBe('/account/info.html');
    loginPage('/zh-hk/login.html', 'zh-HK');
    expect(afterSignInTarget()).toBe('/zh-hk/account/info.html');
  });

  it("a mailed link's visit replaces its page, so Back does not come to a used token", () => {
    const { address } = loginPage('/register.html?registerToken=t1&redirect_url=%2Fwishlist.html');
    goAfterSignIn('replace');
    expect(address.left).toEqual([{ how: 'redirect', url: '/wishlist.html' }]);
  });

  it('registration sends the redirect_url the mailed link will follow, and none it would not or the API would refuse', () => {
    loginPage('/register.html?redirect_url=%2Fcart.html');
    expect(redirectForMailedLink()).toBe('/cart.html');
    loginPage('/register.html?redirect_url=https%3A%2F%2Fevil.example%2F');
    expect(redirectForMailedLink()).toBeUndefined();
    loginPage('/register.html');
    expect(redirectForMailedLink()).toBeUndefined();
    expect(redirectForMailedLink(`/${'a'.repeat(STRING_MAX_LENGTH)}`)).toBeUndefined();
  });

  it("the third-party callback follows the redirect_url remembered before the round trip, once, not its own address's", () => {
    const { address, session } = loginPage('/en-gb/third_party.html?provider=google&code=c&redirect_url=%2Fevil', 'en-GB');
    session.setItem(PENDING_REDIRECT_KEY, '/en-gb/account/orders.html');
    goAfterThirdPartySignIn();
    expect(address.left).toEqual([{ how: 'redirect', url: '/en-gb/account/orders.html' }]);
    expect(session.getItem(PENDING_REDIRECT_KEY)).toBeNull();
    goAfterThirdPartySignIn();
    expect(address.left.at(-1)).toEqual({ how: 'redirect', url: '/en-gb/account/info.html' });
  });
});

describe("the header's address", () => {
  let address: ReturnType<typeof fakeAddress>;
  const unfollow: (() => void)[] = [];
  beforeEach(() => {
    unfollow.splice(0).forEach((off) => off());
    address = fakeAddress('/women.html?sort=new');
    setPlatform(address.parts);
    $openLayer.set('none');
    $genderNav.set('closed');
  });

  it('opening the category layer pushes one history entry whichever tabs it crosses; closing takes the hash off it', () => {
    openCategoryTab(0, 'Women');
    expect($openLayer.get()).toBe('category');
    openCategoryTab(1, 'Men & Boys');
    openCategoryTab(1, 'Men & Boys');
    expect(address.entries()).toEqual([
      { url: '/women.html?sort=new', state: null },
      { url: `/women.html?sort=new${naviHash('Men & Boys')}`, state: { categoryLayer: 1 } },
    ]);
    closeCategoryLayer();
    expect($openLayer.get()).toBe('none');
    expect(address.entries().at(-1)).toEqual({ url: '/women.html?sort=new', state: null });
    // Reopened from a plain entry: a new one again.
    openCategoryTab(2, 'Kids');
    expect(address.entries()).toHaveLength(3);
  });

  it("Back away from the layer's entry closes it; the gender navigation stays open across the layer's own route", () => {
    unfollow.push(followCategoryLayerEntries(), followRouteChanges());
    openGenderNav('browse');
    openCategoryTab(0, 'Women');
    expect($genderNav.get()).toBe('browse');
    address.back();
    expect($openLayer.get()).toBe('none');
    expect($genderNav.get()).toBe('closed');
  });

  it('without a follower, an address change touches nothing (the islands unsubscribe when they go)', () => {
    const off = followRouteChanges();
    off();
    openGenderNav('browse');
    address.parts.pushUrl('#elsewhere', null);
    address.back();
    expect($genderNav.get()).toBe('browse');
  });
});
