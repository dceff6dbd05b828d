/**
 * The shopper's saved styling looks, staff and official apart (lib/styling/collects.ts), in
 * localStorage; the old single list is migrated on first read and then removed. A toggle
 * sends its action, the staff flag, the look id and the product code to analytics, which counts looks kept
 * by staff and official looks apart.
 */
import { atom } from 'nanostores';
import { readStylingCollects, STYLING_STORAGE_KEYS, toggleLook, type StylingCollects } from '../lib/styling/collects.ts';
import { getPlatform } from './platform.ts';
import { $member } from './session.ts';
import { sendEvent } from './analytics-events.ts';

export { STYLING_STORAGE_KEYS };

export const $stylingCollects = atom<StylingCollects>({ staff: [], official: [] });

export function loadStylingCollects(): void {
  const storage = getPlatform().localStorage;
  const { collects, migrated } = readStylingCollects(storage);
  if (migrated) {
    save(collects);
    storage.removeItem(STYLING_STORAGE_KEYS.old);
  }
  $stylingCollects.set(collects);
}

export function toggleStylingCollect(id: string, options: { staff: boolean; productCode?: string }): 'add' | 'remove' {
  const current = $stylingCollects.get();
  const key = options.staff ? 'staff' : 'official';
  const { list, action } = toggleLook(current[key], id);
  const next = { ...current, [key]: list };
  save(next);
  $stylingCollects.set(next);
  void sendEvent(
    'collect',
    { optype: action === 'add' ? 'add' : 'del', staff: options.staff ? 'Y' : 'N', styleId: id, spu: options.productCode ?? null },
    $member.get()?.userId ?? null,
  );
  return action;
}

function save(collects: StylingCollects): void {
  const storage = getPlatform().localStorage;
  storage.setItem(STYLING_STORAGE_KEYS.staff, JSON.stringify(collects.staff));
  storage.setItem(STYLING_STORAGE_KEYS.official, JSON.stringify(collects.official));
}
