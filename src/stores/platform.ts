/**
 * The browser parts stores depend on, injected so stores are tested without a browser:
 * navigation, the current location, the page's language, cookies, fetch, storage and the
 * root element's classes.
 *
 * The page's language at run time has this one source: stores, scripts and the API client
 * read it here, never from the document or from an island's props. (Islands still render
 * their text with the translator the build handed them, since the server render has no page.)
 */
import type { LanguageDefinition } from '../lib/i18n/languages.ts';
import { isRegion, REGION_CURRENCIES } from '../lib/i18n/regions.ts';

/** What the browser knows of the page's language: read from the page, so no island carries the language table. */
export type PageLanguage = Pick<LanguageDefinition, 'code' | 'pathSegment' | 'region' | 'currency'>;

export interface Platform {
  navigate: (url: string) => void;
  /** Leaves for another address in this history entry's place (location.replace): Back does not come back here. */
  redirect: (url: string) => void;
  /** Path + query + hash of the current page. */
  currentUrl: () => string;
  /**
   * Puts another address (path + query + hash) in place of the current one, without a new
   * history entry or a load; the entry keeps its state unless one is given.
   */
  replaceUrl: (url: string, state?: unknown) => void;
  /** A new history entry at another address of this page (a hash route), with its state; no load. */
  pushUrl: (url: string, state: unknown) => void;
  /** The state the current history entry was pushed or replaced with (null for a loaded page). */
  historyState: () => unknown;
  /** Calls back when the address changes without a load (Back, Forward, a link to a hash); answers the unsubscribe. */
  onAddressChange: (listener: () => void) => () => void;
  /** Sets the document's title (pages whose title is known only in the browser). */
  setTitle: (title: string) => void;
  /** The page's language: its code (BCP 47), region, currency and URL segment. */
  language: () => PageLanguage;
  cookie: () => string;
  /** Sets one cookie from its Set-Cookie text (the browser's readable cookies only). */
  setCookie: (text: string) => void;
  fetch: typeof fetch;
  /** Queues a POST that outlives the page (navigator.sendBeacon); false when the browser refused it. */
  beacon: (url: string, body: URLSearchParams) => boolean;
  /** The page's full address, the page that linked here, and its title. */
  pageInfo: () => { href: string; referrer: string; title: string };
  /** localStorage; sessionStorage for per-session state. */
  localStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  sessionStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Puts a class on the root element, or takes it off (the pop-up cover). */
  rootClass: (name: string, on: boolean) => void;
}

/** An in-memory Storage, for tests and for browsers that refuse storage (private modes). */
export function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  };
}

function browserStorage(kind: 'localStorage' | 'sessionStorage') {
  try {
    const storage = window[kind];
    storage.getItem('probe');
    return storage;
  } catch {
    return memoryStorage();
  }
}

/**
 * The layout writes the page's language into `<html lang data-language-prefix data-region>`; a
 * page without them (none of ours) reads as the default language, Taiwan's.
 */
function browserLanguage(): PageLanguage {
  const root = typeof document === 'undefined' ? null : document.documentElement;
  const region = root?.dataset.region ?? '';
  const known = isRegion(region) ? region : 'TW';
  return {
    code: root?.lang || 'zh-TW',
    pathSegment: root?.dataset.languagePrefix ?? '',
    region: known,
    currency: REGION_CURRENCIES[known],
  };
}

let platform: Platform | null = null;

export function getPlatform(): Platform {
  platform ??= {
    navigate: (url) => location.assign(url),
    redirect: (url) => location.replace(url),
    currentUrl: () => `${location.pathname}${location.search}${location.hash}`,
    replaceUrl: (url, state = history.state) => history.replaceState(state, '', url),
    pushUrl: (url, state) => history.pushState(state, '', url),
    historyState: () => history.state as unknown,
    onAddressChange: (listener) => {
      // Both: a link to a hash fires the two, Back across entries pushed in script only popstate.
      window.addEventListener('popstate', listener);
      window.addEventListener('hashchange', listener);
      return () => {
        window.removeEventListener('popstate', listener);
        window.removeEventListener('hashchange', listener);
      };
    },
    setTitle: (title) => {
      document.title = title;
    },
    language: browserLanguage,
    cookie: () => document.cookie,
    setCookie: (text) => {
      document.cookie = text;
    },
    fetch: (...args) => globalThis.fetch(...args),
    beacon: (url, body) => typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body),
    pageInfo: () => ({ href: location.href, referrer: document.referrer, title: document.title }),
    localStorage: browserStorage('localStorage'),
    sessionStorage: browserStorage('sessionStorage'),
    rootClass: (name, on) => document.documentElement.classList.toggle(name, on),
  };
  return platform;
}

export function setPlatform(parts: Partial<Platform>): void {
  platform = { ...getPlatform(), ...parts };
}

/** The page's language segment, e.g. '' or '/en-gb': links and redirects stay in the page's language. */
export function languagePrefix(language: Pick<PageLanguage, 'pathSegment'> = getPlatform().language()): string {
  return language.pathSegment ? `/${language.pathSegment}` : '';
}

/** The current page's path within its language: '/en-gb/cart.html?x=1' -> '/cart.html'. */
export function currentPathInLanguage(): string {
  const path = getPlatform().currentUrl().split(/[?#]/)[0]!;
  const prefix = languagePrefix();
  return prefix && path.startsWith(`${prefix}/`) ? path.slice(prefix.length) : path;
}

/**
 * The current address in parts, as `location` gives them: the path, the query with its `?` and
 * the hash with its `#` ('' when there is none or it is empty).
 */
export function currentLocation(): { path: string; search: string; hash: string } {
  // URL splits it as location does (encoded as location gives it), for fewer bytes than by hand.
  const { pathname, search, hash } = new URL(getPlatform().currentUrl(), 'http://page');
  return { path: pathname, search, hash };
}

/** The current page's query parameters. */
export function currentQuery(): URLSearchParams {
  return new URLSearchParams(currentLocation().search);
}
