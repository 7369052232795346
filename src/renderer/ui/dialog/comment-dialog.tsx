import { useState } from 'react';
import { useT } from '../../i18n/screens';
import { Button } from '../button';
import { checkComment, CommentField } from './comment-field';
import { Modal } from './modal';

interface CommentDialogProps {
  open: boolean;
  title: string;
  label?: string;
  submitLabel?: string;
  busy?: boolean;
  onSubmit: (comment: string) => void;
  onCancel: () => void;
}

/** The comment dialog (spec sections 5 and 9): a required comment of 3 to 500 characters, with a live count. */
export function CommentDialog({ open, title, label, submitLabel, busy = false, onSubmit, onCancel }: CommentDialogProps) {
  const t = useT();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    setComment('');
    setError(undefined);
    onCancel();
  };
  const submit = () => {
    const checked = checkComment(comment);
    setError(checked.ok ? undefined : checked.error);
    if (checked.ok && checked.comment !== undefined) onSubmit(checked.comment);
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={busy}>
            {submitLabel ?? t('common.submit')}
          </Button>
        </>
      }
    >
      <CommentField id="comment-text" label={label ?? t('dialog.comment')} value={comment} onChange={setComment} error={error} />
    </Modal>
  );
}
