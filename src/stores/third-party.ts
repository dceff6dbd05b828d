/**
 * The third-party scripts as features use them (lib/external-scripts/sources.ts says what each must
 * define): the captcha at sign-in and registration, the map on a shop's page, the
 * convenience-store map in checkout, the risk fingerprint an order carries, and the tag
 * manager with marketing consent. Each loads on
 * first use through the one loader; a script that is not configured is a feature that is off,
 * and says so by answering 'off'.
 */
import { loadScript, pollFor } from '../lib/external-scripts/loader.ts';
import {
  parseScriptSources,
  RISK_POLL_INTERVAL_MS,
  RISK_WAIT_MS,
  SCRIPT_SOURCES_META,
  type PickedStore,
  type ScriptSources,
  type ThirdPartyScript,
} from '../lib/external-scripts/sources.ts';
import { getPlatform } from './platform.ts';

declare global {
  interface Window {
    linCaptcha?: {
      render: (
        element: HTMLElement,
        options: { language: string; onToken: (token: string) => void; onExpire: () => void },
      ) => { reset: () => void };
    };
    linMaps?: {
      show: (element: HTMLElement, place: { latitude: number; longitude: number; name: string; language: string; region: string }) => void;
    };
    linCvsMap?: { open: (options: { chain: string; language: string }) => Promise<PickedStore | null> };
    linRisk?: { blackbox: () => string | undefined };
    dataLayer?: unknown[];
  }
}

let sources: ScriptSources | null = null;

export function scriptSource(name: ThirdPartyScript): string | null {
  sources ??= parseScriptSources(document.querySelector<HTMLMetaElement>(`meta[name="${SCRIPT_SOURCES_META}"]`)?.content);
  return sources[name] ?? null;
}

export type CaptchaWidget = { kind: 'ready'; reset: () => void } | { kind: 'failed' } | { kind: 'off' };

/** Draws the captcha into `element`; `onToken` gets each token, null once it expired or was reset. */
export async function renderCaptcha(element: HTMLElement, onToken: (token: string | null) => void): Promise<CaptchaWidget> {
  const src = scriptSource('captcha');
  if (!src) return { kind: 'off' };
  try {
    await loadScript(src);
    const widget = window.linCaptcha!.render(element, {
      language: getPlatform().language().code,
      onToken,
      onExpire: () => onToken(null),
    });
    return { kind: 'ready', reset: () => widget.reset() };
  } catch (error) {
    console.warn('[captcha]', error);
    return { kind: 'failed' };
  }
}

/** Draws a map of the place into `element` with the maps service, in the page's language and region; false when it is off or failed. */
export async function showMap(element: HTMLElement, place: { latitude: number; longitude: number; name: string }): Promise<boolean> {
  const src = scriptSource('maps');
  if (!src) return false;
  try {
    await loadScript(src);
    const { code, region } = getPlatform().language();
    window.linMaps!.show(element, { ...place, language: code, region });
    return true;
  } catch (error) {
    console.warn('[maps]', error);
    return false;
  }
}

export type StorePick = { kind: 'picked'; store: PickedStore } | { kind: 'closed' } | { kind: 'failed' } | { kind: 'off' };

/** Opens the chain's store map; what the shopper picked, or why there is nothing. */
export async function pickConvenienceStore(chain: string): Promise<StorePick> {
  const src = scriptSource('cvsMap');
  if (!src) return { kind: 'off' };
  try {
    await loadScript(src);
    const store = await window.linCvsMap!.open({ chain, language: getPlatform().language().code });
    return store ? { kind: 'picked', store } : { kind: 'closed' };
  } catch (error) {
    console.warn('[store map]', error);
    return { kind: 'failed' };
  }
}

let fingerprint: Promise<string | null> | null = null;

/**
 * Starts the risk fingerprint (checkout calls it on arrival, so it is ready by the order) and
 * resolves with its blackbox: polled every 500 ms, null after 5 s, or when the script is off or
 * failed. The 5 s count from the start, loading included: a provider whose host stalls rather
 * than fails (a blocked one does) must not hold the order. An order goes without it rather
 * than not at all.
 */
export function riskBlackbox(): Promise<string | null> {
  const src = scriptSource('risk');
  if (!src) return Promise.resolve(null);
  fingerprint ??= readBlackbox(src)
    .catch((error: unknown) => {
      console.warn('[risk]', error);
      return null;
    })
    .then((blackbox) => {
      // A missing answer is asked for afresh by the next order.
      if (blackbox === null) fingerprint = null;
      return blackbox;
    });
  return fingerprint;
}

function readBlackbox(src: string): Promise<string | null> {
  const deadline = Date.now() + RISK_WAIT_MS;
  const read = loadScript(src).then(() =>
    pollFor(() => window.linRisk?.blackbox(), { intervalMs: RISK_POLL_INTERVAL_MS, timeoutMs: Math.max(0, deadline - Date.now()) }),
  );
  return Promise.race([read, new Promise<null>((resolve) => setTimeout(() => resolve(null), RISK_WAIT_MS))]);
}

/** The tag manager, once marketing is allowed: its container reads the page's dataLayer. */
export function startTagManager(): void {
  const src = scriptSource('tagManager');
  if (!src || window.dataLayer) return;
  window.dataLayer = [{ 'gtm.start': Date.now(), event: 'gtm.js' }];
  loadScript(src).catch((error: unknown) => console.warn('[tag manager]', error));
}

/** An event for the tag manager's container; nothing without marketing consent (no container, no dataLayer). */
export function tagEvent(entry: Record<string, unknown>): void {
  window.dataLayer?.push(entry);
}
