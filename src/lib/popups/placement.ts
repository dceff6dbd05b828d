/**
 * Keeping a pop-up in view: after the page scrolls or the visible area changes (a
 * phone's keyboard opening), the dialog is placed again in the middle of the visual viewport,
 * POPUP_REPOSITION_DELAY_MS later. Shared by the React pop-ups and the home page's script.
 */
import { POPUP_REPOSITION_DELAY_MS } from '../constants.ts';

function placeInView(dialog: HTMLElement): void {
  const view = window.visualViewport;
  if (!view) return;
  const top = view.offsetTop + Math.max(8, (view.height - dialog.offsetHeight) / 2);
  dialog.style.setProperty('--popup-top', `${Math.round(top)}px`);
}

/** Starts following scrolls and resizes for `dialog`; answers the function that stops. */
export function keepInView(dialog: HTMLElement): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(() => placeInView(dialog), POPUP_REPOSITION_DELAY_MS);
  };
  const targets: Array<Window | VisualViewport> = [window, ...(window.visualViewport ? [window.visualViewport] : [])];
  for (const target of targets) {
    target.addEventListener('scroll', later, { passive: true });
    target.addEventListener('resize', later, { passive: true });
  }
  return () => {
    clearTimeout(timer);
    for (const target of targets) {
      target.removeEventListener('scroll', later);
      target.removeEventListener('resize', later);
    }
  };
}

/**
 * Whether a click on a modal dialog fell outside its box: the backdrop belongs to the dialog
 * element, so such a click targets the dialog itself.
 */
export function clickedOutside(dialog: HTMLElement, event: MouseEvent): boolean {
  if (event.target !== dialog) return false;
  const box = dialog.getBoundingClientRect();
  return event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
}
