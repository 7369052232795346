import { MESSAGES } from '../../../shared/validation/messages';
import { KIT_MESSAGES } from '../../../shared/validation/kit-messages';
import { Button } from '../button';
import { Modal } from './modal';

interface DefaultDialogProps {
  open: boolean;
  onClose: () => void;
  /** Spec section 8: 'Oops!!' unless told otherwise. */
  title?: string;
  /** Spec section 8: 'Something went wrong' unless told otherwise. */
  message?: string;
}

/** The default dialog of spec section 8: an alert dialog with one OK button. */
export function DefaultDialog({ open, onClose, title = KIT_MESSAGES.oopsTitle, message = MESSAGES.somethingWrong }: DefaultDialogProps) {
  return <Modal open={open} alert onClose={onClose} title={title} description={message} footer={<Button onClick={onClose}>OK</Button>} />;
}
