import { useState } from 'react';
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
export function CommentDialog({ open, title, label = 'Comment', submitLabel = 'Submit', busy = false, onSubmit, onCancel }: CommentDialogProps) {
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
            Cancel
          </Button>
          <Button onClick={submit} loading={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <CommentField id="comment-text" label={label} value={comment} onChange={setComment} error={error} />
    </Modal>
  );
}
