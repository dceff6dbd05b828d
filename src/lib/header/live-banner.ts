/**
 * Whether the scrolling live-broadcast banner shows, by the switch config:
 * inside the liveStartTime–liveEndTime window (a missing bound is open-ended, like every
 * CMS window) and for this client, when liveDisplayClient names clients at all.
 */
import { isWithinWindow } from '../cms/schedule.ts';
import type { switchConfigSchema } from '../cms/schema.ts';
import type { z } from 'zod';

type SwitchConfig = z.infer<typeof switchConfigSchema>;

/** Clients as the analytics device info names them; the store is the PC site. */
export type LiveClient = 'PC' | 'H5' | 'App_ios' | 'App_android';

export function isLiveBannerShown(
  switchConfig: Pick<SwitchConfig, 'liveStartTime' | 'liveEndTime' | 'liveDisplayClient'> | null | undefined,
  now: number,
  client: LiveClient | (string & {}) = 'PC',
): boolean {
  if (!switchConfig) return false;
  if (!isWithinWindow(now, switchConfig.liveStartTime, switchConfig.liveEndTime)) return false;
  return displaysOn(switchConfig.liveDisplayClient, client);
}

/** liveDisplayClient is a list like "PC,H5" (commas or spaces, any case); empty means every client. */
function displaysOn(liveDisplayClient: string | null | undefined, client: string): boolean {
  const clients = (liveDisplayClient ?? '')
    .split(/[\s,;|]+/)
    .filter(Boolean)
    .map((c) => c.toUpperCase());
  return clients.length === 0 || clients.includes(client.toUpperCase());
}

/**
 * What a page built at `now` carries (the page is static, the window is not): nothing when the
 * banner is not for this client or its window ended before the build; otherwise the banner,
 * hidden until its start if that is still to come. The page's schedule script shows and hides
 * it at the boundaries, like every windowed block.
 */
export function liveBannerAtBuild(
  switchConfig: Pick<SwitchConfig, 'liveStartTime' | 'liveEndTime' | 'liveDisplayClient'> | null | undefined,
  now: number,
  client: LiveClient = 'PC',
): { hidden: boolean; start: number | null; end: number | null } | null {
  if (!switchConfig || !displaysOn(switchConfig.liveDisplayClient, client)) return null;
  const { liveStartTime: start, liveEndTime: end } = switchConfig;
  if (end != null && end <= now) return null;
  return { hidden: !isLiveBannerShown(switchConfig, now, client), start: start ?? null, end: end ?? null };
}
