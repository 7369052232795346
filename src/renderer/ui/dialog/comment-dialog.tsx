import { useState } from 'react';
import { COMMENT_LIMITS, CommentSchema } from '../../../shared/validation/dialogs';
import { withoutLeadingSpaces } from '../../../shared/validation/patterns';
import { Button } from '../button';
import { Modal } from './modal';
import '../fields.css';

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
    const parsed = CommentSchema.safeParse(comment);
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success) onSubmit(parsed.data);
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
      <div className="field">
        <label className="field-label" htmlFor="comment-text">
          {label}
        </label>
        <textarea
          id="comment-text"
          className="field-input field-textarea"
          rows={5}
          maxLength={COMMENT_LIMITS.max}
          aria-invalid={error ? true : undefined}
          aria-describedby="comment-text-count comment-text-message"
          value={comment}
          onChange={(event) => setComment(withoutLeadingSpaces(event.target.value))}
        />
        <p id="comment-text-count" className="field-count">
          {comment.trim().length}/{COMMENT_LIMITS.max}
        </p>
        <p id="comment-text-message" className="field-message" aria-live="polite">
          {error}
        </p>
      </div>
    </Modal>
  );
}
