import { Dialog, DialogDescription, DialogHeading } from '@ariakit/react/dialog';
import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { MODAL_MAX_WIDTH } from '../../../shared/limits';
import { useT } from '../../i18n/screens';
import { Button } from '../button';
import './dialog.css';

export interface CloseConfirmation {
  title?: string;
  text?: string;
}

export interface ModalProps {
  open: boolean;
  /** Called when the user closes the modal (ESC, the close button, a click outside), after any confirmation. */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons under the content. */
  footer?: ReactNode;
  /**
   * Ask before closing. `true` uses the spec's default texts, 'Something went wrong.' and 'Are you sure want to
   * close Import Employee sheet?'; an object gives other ones.
   */
  confirmClose?: boolean | CloseConfirmation;
  /** An alert dialog (role="alertdialog"): the default, confirm and close-confirmation dialogs. */
  alert?: boolean;
  /** Where the focus goes once it closes, when that is not what had it as it opened (a dialog opened by another one). */
  returnFocusTo?: RefObject<HTMLElement | null>;
  className?: string;
}

/**
 * A modal dialog (spec section 9: at most 660 px wide, ESC closes). Ariakit traps focus inside, restores it to the
 * opener on close, hides the rest of the page from assistive technology and stops the page from scrolling, all
 * without injecting a <style> element (the portal's CSP forbids them).
 */
export function Modal({ open, onClose, title, description, children, footer, confirmClose, alert = false, returnFocusTo, className }: ModalProps) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const requestClose = () => (confirmClose ? setAsking(true) : onClose());
  const confirmation = typeof confirmClose === 'object' ? confirmClose : {};
  // Focus goes back to whatever opened the modal (the element focused when it opened).
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) opener.current = document.activeElement;
  }, [open]);

  return (
    <Dialog
      open={open}
      unmountOnHide
      finalFocus={returnFocusTo ?? opener}
      onClose={onClose}
      role={alert ? 'alertdialog' : 'dialog'}
      hideOnEscape={() => {
        if (!confirmClose) return true;
        setAsking(true);
        return false;
      }}
      hideOnInteractOutside={(event) => {
        if (!confirmClose) return true;
        // Focus moved outside by script (another dialog handing it back as it closes) is not the user closing this
        // one: only a click outside asks.
        if (event.type !== 'focusin') setAsking(true);
        return false;
      }}
      backdrop={<div className="modal-backdrop" />}
      className={['modal', className].filter(Boolean).join(' ')}
      style={{ maxWidth: MODAL_MAX_WIDTH }}
    >
      <header className="modal-header">
        <DialogHeading className="modal-title">{title}</DialogHeading>
        {alert ? null : (
          <button type="button" className="modal-close" aria-label={t('dialog.close')} onClick={requestClose}>
            <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </button>
        )}
      </header>
      {description ? <DialogDescription className="modal-description">{description}</DialogDescription> : null}
      {children}
      {footer ? <div className="modal-footer">{footer}</div> : null}
    {confirmClose ? (
      <Modal
        open={open && asking}
        alert
        onClose={() => setAsking(false)}
        title={confirmation.title ?? t('kit.closeConfirmTitle')}
        description={confirmation.text ?? t('kit.closeConfirmText')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              onClick={() => {
                setAsking(false);
                onClose();
              }}
            >
              {t('dialog.yesClose')}
            </Button>
          </>
        }
      />
    ) : null}
    </Dialog>
  );
}
