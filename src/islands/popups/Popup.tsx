/**
 * A registered pop-up (stores/popups.ts) as an accessible dialog: shown while its id is
 * registered, focus in and back out (Modal), Escape, its close control and a click outside
 * close it. After the page scrolls or the visible area changes (a phone's keyboard opening),
 * it is placed again in the middle of what is visible, POPUP_REPOSITION_DELAY_MS later.
 */
import { useEffect, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { keepInView } from '../../lib/popups/placement.ts';
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

export function Popup({ id, title, closeLabel, buttons, onClose, children }: Props) {
  const entry = useStore($popups).find((e) => e.id === id);

  useEffect(() => {
    const dialog = entry ? document.querySelector<HTMLElement>(`dialog[data-popup="${id}"]`) : null;
    return dialog ? keepInView(dialog) : undefined;
  }, [entry, id]);

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
