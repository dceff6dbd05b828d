/**
 * The browser parts stores depend on, injected so stores are tested without a browser:
 * navigation, the current location, the page's language, cookies, fetch, storage and the
 * root element's classes.
 *
 * The page's language at run time has this one source: stores, scripts and the API client
 * read it here, never from the document or from an island's props. (Islands still render
 * their text with the translator the build handed them, since the server render has no page.)
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageDefinition } from '../lib/i18n/languages.ts';

export interface Platform {
  navigate: (url: string) => void;
  /** Path + query + hash of the current page. */
  currentUrl: () => string;
  /** The page's language: its code (BCP 47), region, currency and URL segment. */
  language: () => LanguageDefinition;
  cookie: () => string;
  fetch: typeof fetch;
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

/** The layout writes the page's language into `<html lang>`; a page without one is in the default language. */
function browserLanguage(): LanguageDefinition {
  const code = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return LANGUAGES.find((l) => l.code === code) ?? DEFAULT_LANGUAGE;
}

let platform: Platform | null = null;

export function getPlatform(): Platform {
  platform ??= {
    navigate: (url) => location.assign(url),
    currentUrl: () => `${location.pathname}${location.search}${location.hash}`,
    language: browserLanguage,
    cookie: () => document.cookie,
    fetch: (...args) => globalThis.fetch(...args),
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
export function languagePrefix(language: LanguageDefinition = getPlatform().language()): string {
  return language.pathSegment ? `/${language.pathSegment}` : '';
}
