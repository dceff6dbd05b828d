/**
 * What the store tests share: the local commerce API over real HTTP (started before the
 * file's tests, stopped after them), a browser-like fetch pointed at it that a test can cut off
 * (`offline`), and "pages": each a fresh module graph of the stores (vi.resetModules) with the
 * browser's parts injected into the platform, over the same cookie jar unless a page starts
 * as a visitor.
 *
 * Call `storeFixture()` once at the top of a test file; read `api` inside tests (it exists
 * once the file's beforeAll has run).
 */
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { Catalogue } from '../../scripts/sample-data/catalogue-schema.ts';
import { getLanguage } from '../../src/lib/i18n/languages.ts';
import { memoryStorage, type Platform } from '../../src/stores/platform.ts';
import { registrationTokenOf } from '../fixtures/commerce-app.ts';
import { browserLikeFetch, startLocalApi, unreachableOrigin, type BrowserLikeFetch, type LocalApi } from '../fixtures/local-api.ts';

type PlatformModule = typeof import('../../src/stores/platform.ts');
type SessionModule = typeof import('../../src/stores/session.ts');

export interface PageOptions {
  /** The page's address (path + query + hash), or where to read it on every call. */
  url: string | (() => string);
  /** The page's language code; zh-TW unless given. */
  language?: string;
  /** Clears the cookie jar first: the page is a visitor's until the test signs in. */
  visitor?: boolean;
  /** Further browser parts (replaceUrl, setTitle, pageInfo…) over the defaults. */
  platform?: Partial<Platform>;
}

export interface StoreFixture {
  /** The running local API and its database. */
  readonly api: LocalApi;
  /** The pages' fetch, cookie jar and request log. */
  readonly browser: BrowserLikeFetch;
  /** Where the current page navigated to (platform.navigate), from its start. */
  readonly navigations: string[];
  /**
   * Starts a page: a fresh module graph with the platform set (the fixture's fetch and cookies,
   * navigation recorded, in-memory storage), answering the new graph's platform module. Import
   * the stores after it, so they share that graph.
   */
  openPage(options: PageOptions): Promise<PlatformModule>;
  /** Runs `action` with the API unreachable (a network failure), then points back at it. */
  offline<T>(action: () => Promise<T>): Promise<T>;
  /** Registers `email` through the session store and opens the account by the mailed link's token: the page is then signed in. */
  signUp(session: SessionModule, email: string, password?: string, name?: string): Promise<void>;
  /** The store acts on a record (the admin page's action, on this machine): approves, refuses… */
  actAsStore(machine: string, code: string, action: string): Promise<void>;
}

export function storeFixture(options: { catalogue?: Catalogue } = {}): StoreFixture {
  let api: LocalApi | undefined;
  let closedOrigin = '';
  let target = '';
  let navigations: string[] = [];
  const browser = browserLikeFetch(() => target);

  beforeAll(async () => {
    api = await startLocalApi(options);
    target = api.origin;
    closedOrigin = await unreachableOrigin();
  });
  afterAll(() => api?.close());

  const running = (): LocalApi => {
    if (!api) throw new Error('the local API starts in beforeAll: read it inside a test');
    return api;
  };

  return {
    get api() {
      return running();
    },
    browser,
    get navigations() {
      return navigations;
    },
    async openPage({ url, language = 'zh-TW', visitor = false, platform: parts = {} }) {
      vi.resetModules();
      if (visitor) browser.jar.clear();
      navigations = [];
      const platform = await import('../../src/stores/platform.ts');
      platform.setPlatform({
        fetch: browser.fetch,
        navigate: (to) => navigations.push(to),
        currentUrl: typeof url === 'function' ? url : () => url,
        language: () => getLanguage(language),
        cookie: browser.cookieHeader,
        localStorage: memoryStorage(),
        sessionStorage: memoryStorage(),
        ...parts,
      });
      return platform;
    },
    async offline(action) {
      target = closedOrigin;
      try {
        return await action();
      } finally {
        target = running().origin;
      }
    },
    async signUp(session, email, password = 'Fresh2026', name = '新會員') {
      expect((await session.register({ name, email, password, agreeTerms: true })).ok).toBe(true);
      expect((await session.confirmRegistration(registrationTokenOf(running().db, email)!)).ok).toBe(true);
    },
    async actAsStore(machine, code, action) {
      const answer = (await (
        await fetch(`${running().origin}/api/_admin/act`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ machine, code, action }),
        })
      ).json()) as { success?: boolean };
      expect(answer.success, JSON.stringify(answer)).toBe(true);
    },
  };
}
