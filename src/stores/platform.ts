/**
 * The browser parts stores depend on, injected so stores are tested without a browser:
 * navigation, the current location, cookies and fetch.
 */
export interface Platform {
  navigate: (url: string) => void;
  /** Path + query + hash of the current page. */
  currentUrl: () => string;
  /** The page's language segment, e.g. '' or '/en-gb'. */
  languagePrefix: () => string;
  /** The page's language code, e.g. 'zh-TW' ('' when unknown). */
  languageCode: () => string;
  cookie: () => string;
  fetch: typeof fetch;
  /** localStorage; sessionStorage for per-session state. */
  localStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  sessionStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
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

function browserLanguagePrefix(): string {
  const segment = document.documentElement.dataset.languagePrefix;
  return segment ? `/${segment}` : '';
}

let platform: Platform | null = null;

export function getPlatform(): Platform {
  platform ??= {
    navigate: (url) => location.assign(url),
    currentUrl: () => `${location.pathname}${location.search}${location.hash}`,
    languagePrefix: browserLanguagePrefix,
    languageCode: () => (typeof document === 'undefined' ? '' : document.documentElement.lang),
    cookie: () => document.cookie,
    fetch: (...args) => globalThis.fetch(...args),
    localStorage: browserStorage('localStorage'),
    sessionStorage: browserStorage('sessionStorage'),
  };
  return platform;
}

export function setPlatform(parts: Partial<Platform>): void {
  platform = { ...getPlatform(), ...parts };
}
