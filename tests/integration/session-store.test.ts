/**
 * The session store with injected platform parts, against the real local API over HTTP:
 * what every island sees of the member, restoring a session from the refresh cookie on a
 * new page, the login redirect, and logout clearing every member store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEMBERS } from '../../scripts/local-commerce/seed.ts';
import { getLanguage } from '../../src/lib/i18n/languages.ts';
import {
  $loggedIn,
  $member,
  clearMemberState,
  goToLogin,
  hasSessionHint,
  onMemberLogout,
  restoreSession,
  signIn,
  signOut,
} from '../../src/stores/session.ts';
import { setPlatform } from '../../src/stores/platform.ts';
import { browserLikeFetch, startLocalApi, type LocalApi } from '../fixtures/local-api.ts';

let api: LocalApi;
const navigations: string[] = [];

beforeAll(async () => {
  api = await startLocalApi();
  // A browser-like fetch: same-origin relative URLs, and a cookie jar.
  const browser = browserLikeFetch(api.origin);
  setPlatform({
    fetch: browser.fetch,
    navigate: (url) => navigations.push(url),
    currentUrl: () => '/cart.html?from=mini',
    language: () => getLanguage('en-GB'),
    cookie: browser.cookieHeader,
  });
});
afterAll(() => api.close());

const demo = DEMO_MEMBERS[0];

describe('session store', () => {
  it('holds nobody until a sign-in succeeds', async () => {
    expect($loggedIn.get()).toBe(false);
    const wrong = await signIn(demo.email, 'Wrong12345');
    expect(wrong.ok).toBe(false);
    expect($member.get()).toBeNull();
    const right = await signIn(demo.email, demo.password);
    expect(right.ok).toBe(true);
    expect($member.get()).toEqual({ userId: demo.id, name: demo.name });
    expect($loggedIn.get()).toBe(true);
    expect(hasSessionHint()).toBe(true);
  });

  it('restores the session on a new page from the refresh cookie alone', async () => {
    clearMemberState(); // a new page: nothing in memory
    expect($member.get()).toBeNull();
    expect(await restoreSession()).toBe(true);
    expect($member.get()?.userId).toBe(demo.id);
  });

  it('logout clears every member store and the session hint', async () => {
    let cartCleared = 0;
    let wishlistCleared = 0;
    const offCart = onMemberLogout(() => cartCleared++);
    onMemberLogout(() => wishlistCleared++);
    await signOut();
    expect($member.get()).toBeNull();
    expect([cartCleared, wishlistCleared]).toEqual([1, 1]);
    expect(hasSessionHint()).toBe(false);
    expect(await restoreSession()).toBe(false);
    offCart();
  });

  it('sends to login with the current page as redirect_url, keeping the language', () => {
    goToLogin();
    expect(navigations.at(-1)).toBe('/en-gb/login.html?redirect_url=%2Fcart.html%3Ffrom%3Dmini');
  });

  it('reads the hint cookie among others', () => {
    expect(hasSessionHint('a=1; lin_session=1; b=2')).toBe(true);
    expect(hasSessionHint('xlin_session=1')).toBe(false);
    expect(hasSessionHint('')).toBe(false);
  });
});
