/**
 * What the behaviour-analytics collector receives (tests/unit/analytics.test.ts): form-encoded posts of device
 * info to /datarcvr/user/web, events to /datarcvr/event and free events to /datarcvr/custom,
 * each with the same envelope, on a host chosen by the server-type setting.
 */
import { ANALYTICS_SDK_VERSION } from '../constants.ts';
import type { AnalyticsEvent, FreeEvent } from './events.ts';

export type CollectorPath = '/datarcvr/user/web' | '/datarcvr/event' | '/datarcvr/custom';

export const ANALYTICS_SERVER_TYPES = ['production', 'test', 'hk'] as const;
export type AnalyticsServerType = (typeof ANALYTICS_SERVER_TYPES)[number];

/** The store is the PC site (the others are App_ios, App_android and H5). */
export const ANALYTICS_PLATFORM = 'PC';

/**
 * The collector's origin for a server type, from the configured hosts. No server type: the
 * store's own origin (''), where `npm start` serves the local collector.
 */
export function collectorOrigin(serverType: string | undefined, hosts: Partial<Record<AnalyticsServerType, string>>): string {
  if (!serverType) return '';
  if (!(ANALYTICS_SERVER_TYPES as readonly string[]).includes(serverType))
    throw new Error(`The analytics server type must be one of ${ANALYTICS_SERVER_TYPES.join(', ')}, got "${serverType}"`);
  const host = hosts[serverType as AnalyticsServerType];
  if (!host) throw new Error(`The analytics server type is ${serverType}, but no collector host is set for it`);
  return new URL(host).origin;
}

/** Who and where, for every post. */
export interface CollectorContext {
  uuid: string;
  uuidTmp: string;
  userId: string | null;
  pageType: string;
  /** When the shopper entered the page (ms). */
  inTime: number;
  currentUrl: string;
  referrer: string;
}

export interface DeviceInfo {
  userAgent: string;
  language: string;
  screen: { width: number; height: number };
  window: { width: number; height: number };
}

export interface CollectorPost {
  path: CollectorPath;
  body: URLSearchParams;
}

function form(fields: Record<string, string | number | null>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== null) body.set(key, String(value));
  return body;
}

function envelope(context: CollectorContext, now: number) {
  return {
    sdk_version: ANALYTICS_SDK_VERSION,
    uuid: context.uuid,
    uuid_tmp: context.uuidTmp,
    user_id: context.userId,
    platform: ANALYTICS_PLATFORM,
    page_type: context.pageType,
    in_time: context.inTime,
    event_time: now,
    current_url: context.currentUrl,
    referrer: context.referrer,
  };
}

export function devicePost(device: DeviceInfo, context: CollectorContext): CollectorPost {
  return {
    path: '/datarcvr/user/web',
    body: form({
      sdk_version: ANALYTICS_SDK_VERSION,
      uuid: context.uuid,
      uuid_tmp: context.uuidTmp,
      user_id: context.userId,
      platform: ANALYTICS_PLATFORM,
      user_agent: device.userAgent,
      language: device.language,
      screen_width: device.screen.width,
      screen_height: device.screen.height,
      window_width: device.window.width,
      window_height: device.window.height,
    }),
  };
}

export function eventPost(event: AnalyticsEvent, context: CollectorContext, now: number): CollectorPost {
  return {
    path: '/datarcvr/event',
    body: form({ ...envelope({ ...context, userId: event.userId }, now), event_name: event.name, event_prop: JSON.stringify(event.prop) }),
  };
}

export function freeEventPost(event: FreeEvent, context: CollectorContext, now: number): CollectorPost {
  return {
    path: '/datarcvr/custom',
    body: form({
      ...envelope({ ...context, userId: event.userId }, now),
      id: event.id,
      name: event.name,
      event_prop: event.prop === undefined ? null : JSON.stringify(event.prop),
    }),
  };
}
