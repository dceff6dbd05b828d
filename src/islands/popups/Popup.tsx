/**
 * A registered pop-up (stores/popups.ts) as an accessible dialog: shown while its id is
 * registered, focus in and back out (Modal), Escape, its close control and a click outside
 * close it. After the page scrolls or the visible area changes (a phone's keyboard opening),
 * it is placed again in the middle of what is visible, POPUP_REPOSITION_DELAY_MS later.
 */
import { useEffect, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { POPUP_REPOSITION_DELAY_MS } from '../../lib/constants.ts';
import { $popups, closePopup } from '../../stores/popups.ts';
import { Modal, type ModalButton } from '../forms/Modal.tsx';

interface Props {
  id: string;
  title: string;
  closeLabel: string;
  buttons?: ModalButton[];
  /** The shopper closed it without a choice (close control, Escape, outside). */
  onClose?: () => void;
  children: ReactNode;
}

/** Places the dialog in the middle of the visual viewport (which a phone's keyboard shrinks). */
function placeInView(dialog: HTMLElement): void {
  const view = window.visualViewport;
  if (!view) return;
  const top = view.offsetTop + Math.max(8, (view.height - dialog.offsetHeight) / 2);
  dialog.style.setProperty('--popup-top', `${Math.round(top)}px`);
}

export function Popup({ id, title, closeLabel, buttons, onClose, children }: Props) {
  const entry = useStore($popups).find((e) => e.id === id);
  const selector = `dialog[data-popup="${id}"]`;

  useEffect(() => {
    if (!entry) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const dialog = document.querySelector<HTMLElement>(selector);
        if (dialog) placeInView(dialog);
      }, POPUP_REPOSITION_DELAY_MS);
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
  }, [entry, selector]);

  return (
    <Modal
      open={entry !== undefined}
      title={title}
      closeLabel={closeLabel}
      className={['popup', entry?.className].filter(Boolean).join(' ')}
      popupId={id}
      closeOnOutsideClick
      buttons={buttons}
      onClose={() => {
        closePopup(id);
        onClose?.();
      }}
    >
      {children}
    </Modal>
  );
}
