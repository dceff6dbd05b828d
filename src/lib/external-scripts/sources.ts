/**
 * The third-party scripts the store can load, each at an address of the deployment's
 * configuration (README: CAPTCHA_SCRIPT_URL, CVS_MAP_SCRIPT_URL, MAPS_SCRIPT_URL,
 * RISK_SCRIPT_URL, TAG_MANAGER_SCRIPT_URL). One
 * without an address is a feature turned off. The build writes the configured ones into each
 * page (`<meta name="script-sources">`); `npm start` points them at the local stand-ins.
 *
 * What each script must define once loaded (a small adapter over the provider's own API):
 * - captcha: `window.linCaptcha.render(element, { language, onToken, onExpire })`, drawing the
 *   check into `element` and answering `{ reset() }`; onToken gets the token the API verifies;
 * - maps: `window.linMaps.show(element, { latitude, longitude, name, language, region })`, a map
 *   of that place drawn into `element`, in the page's language and for its region;
 * - cvsMap: `window.linCvsMap.open({ chain, language })`, a promise of the store the shopper
 *   picked on the chain's map ({ storeCode, storeName, address }), or null when they closed it;
 * - risk: `window.linRisk.blackbox()`, the device fingerprint once ready, undefined before;
 * - tagManager: a tag-manager container reading `window.dataLayer`.
 */
export const SCRIPT_SOURCES_META = 'script-sources';
export const THIRD_PARTY_SCRIPTS = ['captcha', 'cvsMap', 'maps', 'risk', 'tagManager'] as const;
export type ThirdPartyScript = (typeof THIRD_PARTY_SCRIPTS)[number];
export type ScriptSources = Partial<Record<ThirdPartyScript, string>>;

/** The fingerprint is asked for every 500 ms (tests/unit/third-party-scripts.test.ts), for at most 5 s: an order never waits longer for it. */
export const RISK_POLL_INTERVAL_MS = 500;
export const RISK_WAIT_MS = 5000;
/** Providers' blackboxes run to a few kilobytes (captcha tokens: contract-values.ts); anything longer is not one. */
export const RISK_BLACKBOX_MAX_LENGTH = 8192;

/** The configured sources from the page's meta content; anything unreadable counts as not configured. */
export function parseScriptSources(content: string | null | undefined): ScriptSources {
  if (!content) return {};
  try {
    const parsed = JSON.parse(content) as Record<string, unknown>;
    return Object.fromEntries(THIRD_PARTY_SCRIPTS.flatMap((name) => (typeof parsed[name] === 'string' ? [[name, parsed[name]]] : [])));
  } catch {
    return {};
  }
}

export interface PickedStore {
  storeCode: string;
  storeName: string;
  address: string;
}
