import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { useT } from '../i18n/screens';
import './dialog.css';

interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Where focus goes when it closes (the control that opened it); else wherever focus was when it opened. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * A modal dialog on the native <dialog> element: the browser makes the rest of the page inert, keeps focus inside,
 * and closes it on Escape (spec section 9: modal at most 660 wide, ESC closes). Focus goes back to where it was.
 * Kept in its own file so the UI kit's dialog can replace it.
 */
export function Dialog({ open, title, onClose, returnFocusTo, children }: DialogProps) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const returnTo = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnTo.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    return () => {
      // Unmounted while open (a route change): leave nothing modal behind.
      if (dialog?.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onClose={() => {
        const target = returnFocusTo?.current ?? returnTo.current;
        if (target instanceof HTMLElement && target.isConnected) target.focus();
        onClose();
      }}
    >
      {open ? (
        <>
          <div className="dialog-header">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="dialog-close" aria-label={t('dialog.close')} onClick={() => ref.current?.close()}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <div className="dialog-body">{children}</div>
        </>
      ) : null}
    </dialog>
  );
}
