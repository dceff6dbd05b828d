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
  cookie: () => string;
  fetch: typeof fetch;
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
    cookie: () => document.cookie,
    fetch: (...args) => globalThis.fetch(...args),
  };
  return platform;
}

export function setPlatform(parts: Partial<Platform>): void {
  platform = { ...getPlatform(), ...parts };
}
