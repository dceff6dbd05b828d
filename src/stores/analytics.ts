/**
 * Behaviour analytics (tests/unit/analytics.test.ts): events wait in a queue and go to the collector in
 * one go when the page hides (sendBeacon survives the navigation and blocks nothing), or as soon
 * as a batch is full. Nothing is queued, no id cookie is written and nothing is sent without the
 * shopper's analytics consent. An event that breaks its rule is logged and dropped.
 *
 * This module loads with the page's analytics script (client/analytics.ts), only once consent
 * is given; stores that send an event on the shopper's action go through analytics-events.ts,
 * which loads it on demand, so the header's code never carries it.
 */
import {
  devicePost,
  eventPost,
  freeEventPost,
  type CollectorContext,
  type CollectorPost,
  type DeviceInfo,
} from '../lib/analytics/collector.ts';
import { eventProblem, freeEventProblem, type AnalyticsEventName, type EventProp, type FreeEvent } from '../lib/analytics/events.ts';
import { randomId, trackingCookie, TRACKING_COOKIES, UUID_COOKIE_DAYS } from '../lib/analytics/ids.ts';
import { pageTypeOf } from '../lib/analytics/page-types.ts';
import { cookiesAllow } from '../lib/consent/consent.ts';
import { cookieValue } from '../lib/cookies.ts';
import { currentPathInLanguage, getPlatform } from './platform.ts';

/** A full batch is sent at once, so a long visit does not hold many events in memory. */
export const ANALYTICS_BATCH_SIZE = 10;

type Queued = (context: CollectorContext) => CollectorPost;

let queue: Queued[] = [];
let collectorOrigin = '';
let currentUserId: string | null = null;
let enteredAt = Date.now();

/** The signed-in member, for events whose caller does not know them (page views, searches). */
export function identify(userId: string | null): void {
  currentUserId = userId;
}

export function currentUser(): string | null {
  return currentUserId;
}

/** The collector's origin ('' for the store's own), set from the page by the analytics script. */
export function setCollectorOrigin(origin: string): void {
  collectorOrigin = origin;
}

export function analyticsAllowed(): boolean {
  return cookiesAllow(getPlatform().cookie(), 'analytics');
}

/** The browser's id (two years) and the visit's (the session), made on first use. */
function visitorIds(): { uuid: string; uuidTmp: string; newVisit: boolean } {
  const platform = getPlatform();
  const cookies = platform.cookie();
  let uuid = cookieValue(cookies, TRACKING_COOKIES.uuid);
  if (!uuid) {
    uuid = randomId();
    platform.setCookie(trackingCookie(TRACKING_COOKIES.uuid, uuid, UUID_COOKIE_DAYS));
  }
  let uuidTmp = cookieValue(cookies, TRACKING_COOKIES.uuidTmp);
  const newVisit = !uuidTmp;
  if (!uuidTmp) {
    uuidTmp = randomId();
    platform.setCookie(trackingCookie(TRACKING_COOKIES.uuidTmp, uuidTmp));
  }
  return { uuid, uuidTmp, newVisit };
}

function collectorContext(): CollectorContext {
  const platform = getPlatform();
  const { href, referrer } = platform.pageInfo();
  const { uuid, uuidTmp } = visitorIds();
  return { uuid, uuidTmp, userId: null, pageType: pageTypeOf(currentPathInLanguage()), inTime: enteredAt, currentUrl: href, referrer };
}

function enqueue(post: Queued): void {
  queue.push(post);
  if (queue.length >= ANALYTICS_BATCH_SIZE) flushAnalytics();
}

/** Sends what is queued; the number of posts sent. */
export function flushAnalytics(): number {
  if (queue.length === 0) return 0;
  const platform = getPlatform();
  const context = collectorContext();
  const posts = queue.map((build) => build(context));
  queue = [];
  for (const { path, body } of posts) {
    const url = `${collectorOrigin}${path}`;
    if (platform.beacon(url, body)) continue;
    // A browser without sendBeacon, or one whose beacon queue is full: the same post, kept alive.
    platform.fetch(url, { method: 'POST', body, keepalive: true }).catch((error: unknown) => console.warn('[analytics]', error));
  }
  return posts.length;
}

/** Queues an event; false when it was not (no consent, or its rule was broken: logged). */
export function track(name: AnalyticsEventName, prop: EventProp = {}, userId: string | null = null): boolean {
  const event = { name, userId: userId ?? currentUserId, prop };
  const problem = eventProblem(event);
  if (problem) {
    console.warn(`[analytics] ${name} not sent: ${problem}`, prop);
    return false;
  }
  if (!analyticsAllowed()) return false;
  const at = Date.now();
  enqueue((context) => eventPost(event, context, at));
  return true;
}

/** Queues a free event (/datarcvr/custom); false as for track. */
export function trackFree(free: FreeEvent): boolean {
  const event = { ...free, userId: free.userId ?? currentUserId };
  const problem = freeEventProblem(event);
  if (problem) {
    console.warn(`[analytics] free event not sent: ${problem}`, event);
    return false;
  }
  if (!analyticsAllowed()) return false;
  const at = Date.now();
  enqueue((context) => freeEventPost(event, context, at));
  return true;
}

/**
 * A page view: the device info once per visit, then firstPage (the page entered). The page
 * type and address travel in every event's envelope, so firstPage needs no properties of its own.
 */
export function startPageView(device: DeviceInfo, now = Date.now()): void {
  if (!analyticsAllowed()) return;
  enteredAt = now;
  const { newVisit } = visitorIds();
  if (newVisit) enqueue((context) => devicePost(device, context));
  track('firstPage', { title: getPlatform().pageInfo().title });
}

/** Tests only: an empty queue. */
export function resetAnalytics(): void {
  queue = [];
  collectorOrigin = '';
  currentUserId = null;
}
