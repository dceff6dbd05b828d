/**
 * A look page's saved state before any island runs: the look's "save look" button shows
 * whether the shopper saved it (aria-pressed), read from the two lists in localStorage (with
 * the old single list merged in, as the store will save it). The button's island hydrates
 * only when the shopper reaches for it (islands/styling/LookCollect.tsx).
 */
import { readStylingCollects } from '../lib/styling/collects.ts';

function drawSavedLooks(): void {
  let storage: Storage;
  try {
    storage = localStorage;
  } catch {
    return; // storage switched off: nothing can be saved, the buttons stay unpressed
  }
  const { collects } = readStylingCollects(storage);
  for (const button of document.querySelectorAll<HTMLElement>('[data-look-collect]')) {
    const list = button.dataset.lookKind === 'staff' ? collects.staff : collects.official;
    button.setAttribute('aria-pressed', String(list.includes(button.dataset.lookCollect ?? '')));
  }
}

drawSavedLooks();
