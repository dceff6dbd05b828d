/**
 * Events that stores send on the shopper's action (signing in, registering, adding to the
 * cart, collecting a product or a look, searching, placing an order). The analytics store
 * loads only when such an event is sent with the shopper's consent, so the header's and the
 * islands' bundles never carry it.
 */
import type { AnalyticsEventName, EventProp, FreeEvent } from '../lib/analytics/events.ts';
import { cookiesAllow } from '../lib/consent/consent.ts';
import { getPlatform } from './platform.ts';

type AnalyticsModule = typeof import('./analytics.ts');

/** The analytics store, once the page has it. */
let loaded: AnalyticsModule | undefined;

/**
 * The page's analytics script hands the store over as it starts: from then on an event is
 * queued in the same task as the action that sent it, so a link the shopper follows right
 * after (adding to the cart, then going to the account) cannot leave before it is queued.
 */
export const analyticsLoaded = (module: AnalyticsModule) => (loaded = module);

/**
 * Runs `run` on the analytics store when the shopper allowed analytics: at once when the page
 * has it, else loading it first. Resolves once done, so a caller that navigates next can wait
 * for its event to be queued (the queue goes out on pagehide); never rejects: a failure only
 * loses the event.
 */
async function withAnalytics(run: (analytics: AnalyticsModule) => void): Promise<void> {
  try {
    if (cookiesAllow(getPlatform().cookie(), 'analytics')) run((loaded ??= await import('./analytics.ts')));
  } catch (error) {
    console.warn('[analytics]', error);
  }
}

/** Who the page's events are about: the member once known, nobody after signing out. */
export const identifyForAnalytics = (userId: string | null) => void withAnalytics((a) => a.identify(userId));

export const sendEvent = (name: AnalyticsEventName, prop: EventProp, userId: string | null) =>
  withAnalytics((a) => a.track(name, prop, userId));

/** A free event; `now` sends the queue at once (before the page navigates away on its own). */
export const sendFreeEvent = (event: FreeEvent, options: { now?: boolean } = {}) =>
  withAnalytics((a) => {
    if (a.trackFree(event) && options.now) a.flushAnalytics();
  });
