import { MESSAGES } from '../../../shared/validation/messages';
import { tEnglish, useT } from '../../i18n/screens';
import { Button } from '../button';
import { Modal } from './modal';

interface DefaultDialogProps {
  open: boolean;
  onClose: () => void;
  /** Spec section 8: 'Oops!!' unless told otherwise (an English text arriving here is shown through the catalog). */
  title?: string;
  /** Spec section 8: 'Something went wrong' unless told otherwise. */
  message?: string;
}

/** The default dialog of spec section 8: an alert dialog with one OK button. */
export function DefaultDialog({ open, onClose, title, message = MESSAGES.somethingWrong }: DefaultDialogProps) {
  const t = useT();
  return <Modal open={open} alert onClose={onClose} title={title ?? t('kit.oopsTitle')} description={tEnglish(message)} footer={<Button onClick={onClose}>{t('dialog.ok')}</Button>} />;
}
