/**
 * A modal dialog: it closes through its header's close control, Escape, or any of its buttons
 * unless that button's handler answers false. Focus moves into it, stays inside while it is
 * open (Tab wraps), and goes back where it came from.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { clickedOutside } from '../../lib/popups/placement.ts';
import { Button } from './Button.tsx';

export interface ModalButton {
  label: string;
  variant?: 'primary' | 'ghost' | 'danger';
  /** false keeps the dialog open (a check failed); a promise is waited for. */
  onClick?: () => boolean | void | Promise<boolean | void>;
  disabled?: boolean;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Modal({
  open,
  title,
  closeLabel,
  onClose,
  buttons = [],
  children,
  className,
  popupId,
  closeOnOutsideClick = false,
  describedBy,
}: {
  open: boolean;
  title: string;
  closeLabel: string;
  onClose: () => void;
  buttons?: ModalButton[];
  children: ReactNode;
  /** Added to the dialog's own class. */
  className?: string;
  /** A registered pop-up's id (islands/popups/Popup.tsx), on the dialog as data-popup. */
  popupId?: string;
  /** A click outside the dialog's box (on its backdrop) closes it: pop-ups do, confirmations do not. */
  closeOnOutsideClick?: boolean;
  /** The id of the element a screen reader reads with the title on opening: a notice's text. */
  describedBy?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>(`.modal__body ${FOCUSABLE}, .modal__actions ${FOCUSABLE}`)?.focus();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus?.();
    };
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open || !closeOnOutsideClick) return;
    const outside = (event: MouseEvent) => {
      if (clickedOutside(dialog, event)) onCloseRef.current();
    };
    dialog.addEventListener('click', outside);
    return () => dialog.removeEventListener('click', outside);
  }, [open, closeOnOutsideClick]);

  if (!open) return null;

  async function press(button: ModalButton) {
    if (button.disabled) return;
    if ((await button.onClick?.()) === false) return;
    onClose();
  }

  // Portalled to the body: a dialog holding a form may be opened from inside another form.
  return createPortal(
    <dialog
      ref={ref}
      className={className ? `modal ${className}` : 'modal'}
      data-popup={popupId}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(event) => {
        // Escape: the dialog closes through onClose, so React state and the element agree.
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Tab') return;
        const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
        if (focusable.length === 0) return;
        const first = focusable[0]!;
        const last = focusable.at(-1)!;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }}
    >
      <header className="modal__header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="modal__close" aria-label={closeLabel} onClick={onClose}>
          ×
        </button>
      </header>
      <div className="modal__body">{children}</div>
      {buttons.length > 0 && (
        <div className="modal__actions">
          {buttons.map((button) => (
            <Button key={button.label} variant={button.variant ?? 'primary'} disabled={button.disabled} onClick={() => void press(button)}>
              {button.label}
            </Button>
          ))}
        </div>
      )}
    </dialog>,
    document.body,
  );
}
