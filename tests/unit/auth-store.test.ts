/**
 * The auth store with injected platform parts, against the real local API over HTTP:
 * what every island sees of the member, restoring a session from the refresh cookie on a
 * new page, the login redirect, and logout clearing every member store.
 */
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommerceApp } from '../../scripts/local-commerce/app.ts';
import { openDatabase } from '../../scripts/local-commerce/db.ts';
import { DEMO_MEMBERS, seedDatabase } from '../../scripts/local-commerce/seed.ts';
import { $loggedIn, $member, clearMemberState, goToLogin, hasSessionHint, onMemberLogout, restoreSession, signIn, signOut } from '../../src/stores/auth.ts';
import { setPlatform } from '../../src/stores/platform.ts';
import { miniCatalogue } from '../fixtures/mini-catalogue.ts';

let server: ServerType;
const jar = new Map<string, string>();
const navigations: string[] = [];

beforeAll(async () => {
  const db = openDatabase(':memory:');
  seedDatabase(db, miniCatalogue());
  const app = createCommerceApp({ db });
  const origin = await new Promise<string>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(`http://127.0.0.1:${info.port}`));
  });
  setPlatform({
    // A browser-like fetch: same-origin relative URLs, and a cookie jar.
    fetch: async (input, init) => {
      const request = new Request(new URL(input instanceof Request ? input.url : String(input), origin), init);
      const headers = new Headers(request.headers);
      if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
      const response = await fetch(new Request(request, { headers }));
      for (const line of response.headers.getSetCookie()) {
        const [name, value] = line.split(';')[0]!.split('=');
        if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name!);
        else jar.set(name!, value ?? '');
      }
      return response;
    },
    navigate: (url) => navigations.push(url),
    currentUrl: () => '/cart.html?from=mini',
    languagePrefix: () => '/en-gb',
    cookie: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const demo = DEMO_MEMBERS[0];

describe('auth store', () => {
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
