/**
 * The behaviour-analytics events and the rule each must meet before it is sent
 * (tests/unit/analytics.test.ts). An event that breaks its rule is not sent: the caller's code has a bug, and a
 * half-filled event would only skew the figures, so the reason goes to the console instead.
 */
export const ANALYTICS_EVENT_NAMES = [
  'firstPage',
  'redirect',
  'search',
  'addcart',
  'collect',
  'share',
  'register',
  'member',
  'login',
  'watchVideo',
] as const;

export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

export type EventProp = Record<string, unknown>;

export interface AnalyticsEvent {
  name: AnalyticsEventName;
  /** The signed-in member's id; null for a visitor. */
  userId: string | null;
  prop: EventProp;
}

/** A free event (/datarcvr/custom): the recommendation feed's and the order's. */
export interface FreeEvent {
  id: string;
  name: string;
  userId: string | null;
  prop?: EventProp;
}

const filled = (value: unknown) => (typeof value === 'string' ? value.trim() !== '' : typeof value === 'number' && Number.isFinite(value));

function cartItemProblem(item: unknown, index: number): string | null {
  const fields = (item ?? {}) as Record<string, unknown>;
  for (const key of ['spu', 'num', 'price']) if (!filled(fields[key])) return `items[${index}].${key} is missing`;
  return null;
}

/** Why the event may not be sent, or null when it meets its rule. */
export function eventProblem(event: AnalyticsEvent): string | null {
  const { prop } = event;
  const needsUser = () => (filled(event.userId) ? null : 'a user id is missing');
  switch (event.name) {
    case 'search':
      return filled(prop.keywords) ? null : 'keywords are missing';
    case 'addcart': {
      const items = prop.items;
      if (!Array.isArray(items) || items.length === 0) return needsUser() ?? 'items are missing';
      return needsUser() ?? items.map(cartItemProblem).find((p) => p !== null) ?? null;
    }
    case 'collect': {
      if (prop.optype !== 'add' && prop.optype !== 'del') return needsUser() ?? 'optype must be add or del';
      const spu = prop.spu;
      const spuOk = Array.isArray(spu) ? spu.length > 0 && spu.every(filled) : filled(spu);
      return needsUser() ?? (spuOk ? null : 'spu is missing');
    }
    case 'member':
      return needsUser() ?? (filled(prop.region) ? (filled(prop.target) ? null : 'target is missing') : 'region is missing');
    case 'login':
      return filled(event.userId) ? null : 'userid is missing';
    default:
      return null;
  }
}

export function freeEventProblem(event: FreeEvent): string | null {
  if (!filled(event.id)) return 'id is missing';
  return filled(event.name) ? null : 'name is missing';
}
