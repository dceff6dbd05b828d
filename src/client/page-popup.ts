/**
 * A server-rendered pop-up dialog opened by a page script (home's promotion, the member-privacy
 * notice): registered like every pop-up (stores/popups.ts), kept in view, and closed every way
 * (controls marked data-popup-close, Escape, a click outside), each calling `onClose` first.
 * False when a pop-up of that id is open already.
 */
import { clickedOutside, keepInView } from '../lib/popups/placement.ts';
import { closePopup, openPopup } from '../stores/popups.ts';

export function openPagePopup(dialog: HTMLDialogElement, entry: { id: string; content: unknown; className: string }, onClose: () => void) {
  if (!openPopup(entry)) return false;
  const stopFollowing = keepInView(dialog);
  const close = () => {
    onClose();
    stopFollowing();
    closePopup(entry.id);
    if (dialog.open) dialog.close();
  };
  for (const control of dialog.querySelectorAll('[data-popup-close]')) control.addEventListener('click', close);
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    close();
  });
  dialog.addEventListener('click', (event) => {
    if (clickedOutside(dialog, event)) close();
  });
  dialog.showModal();
  return true;
}
