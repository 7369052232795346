import { useState, type ReactNode } from 'react';
import { CONFIRM_WORD_MAX, confirmsWord, confirmWord } from '../../../shared/validation/dialogs';
import { useT } from '../../i18n/screens';
import { Button } from '../button';
import { TextField } from '../text-field';
import { Modal } from './modal';

export interface ConfirmResult {
  /** Whether 'apply the change for all the company' was ticked (only when offered). */
  applyToCompany: boolean;
}

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message?: ReactNode;
  /** A word the user must type to confirm ('delete' asks for 'Please Type DELETE'); at most 25 characters. */
  word?: string;
  /** Offer 'apply the change for all the company' (spec section 6). */
  offerApplyToCompany?: boolean;
  confirmLabel?: string;
  /** Shows a spinner on the confirm button while the change is made. */
  busy?: boolean;
  /** More fields of the confirmation, under the word (a reason); the caller keeps and checks their values. */
  children?: ReactNode;
  onConfirm: (result: ConfirmResult) => void;
  onCancel: () => void;
}

/**
 * The shared confirm dialog (spec sections 5 and 6): optionally the user types the uppercased word, which must match
 * exactly, and optionally ticks 'apply the change for all the company'. Confirm stays disabled until the word matches.
 */
export function ConfirmDialog({ open, title, message, word, offerApplyToCompany = false, confirmLabel, busy = false, children, onConfirm, onCancel }: ConfirmDialogProps) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const [applyToCompany, setApplyToCompany] = useState(false);
  const expected = word ? confirmWord(word) : null;
  const confirmed = expected === null || confirmsWord(typed, expected);
  const close = () => {
    setTyped('');
    setApplyToCompany(false);
    onCancel();
  };

  return (
    <Modal
      open={open}
      alert
      onClose={close}
      title={title}
      description={message}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button disabled={!confirmed} loading={busy} onClick={() => onConfirm({ applyToCompany })}>
            {confirmLabel ?? t('dialog.confirm')}
          </Button>
        </>
      }
    >
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (confirmed && !busy) onConfirm({ applyToCompany });
        }}
      >
        {expected ? (
          <TextField
            id="confirm-word"
            label={t('kit.confirmType', { word: expected })}
            autoComplete="off"
            spellCheck={false}
            maxLength={CONFIRM_WORD_MAX}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        ) : null}
        {offerApplyToCompany ? (
          <div className="checkbox">
            <input id="confirm-apply-company" type="checkbox" checked={applyToCompany} onChange={(event) => setApplyToCompany(event.target.checked)} />
            <label htmlFor="confirm-apply-company">{t('kit.applyToCompany')}</label>
          </div>
        ) : null}
        {children}
      </form>
    </Modal>
  );
}
