/**
 * The pop-up registry (tests/unit/popups-store.test.ts): every pop-up on the page is an entry here, whoever shows it
 * (an island, or the home page's promotion script). Opening an id that is already open is
 * ignored; update replaces an entry's content; close removes it; clear removes them all. While
 * any entry is registered the root element carries the cover class.
 */
import { atom } from 'nanostores';
import { POPUP_COVER_CLASS } from '../lib/constants.ts';
import { getPlatform } from './platform.ts';

export interface PopupEntry<C = unknown> {
  id: string;
  content: C;
  /** The pop-up container's class. */
  className?: string;
}

export const $popups = atom<readonly PopupEntry[]>([]);

$popups.listen((entries) => getPlatform().rootClass(POPUP_COVER_CLASS, entries.length > 0));

/** Registers a pop-up; false (and nothing changes) when its id is already open. */
export function openPopup(entry: PopupEntry): boolean {
  if ($popups.get().some((e) => e.id === entry.id)) return false;
  $popups.set([...$popups.get(), entry]);
  return true;
}

export function updatePopup(id: string, content: unknown): void {
  $popups.set($popups.get().map((e) => (e.id === id ? { ...e, content } : e)));
}

export function closePopup(id: string): void {
  if ($popups.get().some((e) => e.id === id)) $popups.set($popups.get().filter((e) => e.id !== id));
}

export function clearPopups(): void {
  if ($popups.get().length > 0) $popups.set([]);
}

export function popupEntry<C>(id: string): PopupEntry<C> | undefined {
  return $popups.get().find((e) => e.id === id) as PopupEntry<C> | undefined;
}
